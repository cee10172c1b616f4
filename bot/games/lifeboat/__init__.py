"""The presentation of lifeboat: renderer, picture and cog."""
