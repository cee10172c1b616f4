"""The presentation of haunt: renderer, picture and cog."""
