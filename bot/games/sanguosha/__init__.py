"""The presentation of sanguosha: renderer, picture and cog."""
