"""The presentation of citadels: renderer, picture and cog."""
