"""The presentation of zombie: renderer, picture and cog."""
