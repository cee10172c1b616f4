"""The presentation of renju: renderer, picture and cog."""
