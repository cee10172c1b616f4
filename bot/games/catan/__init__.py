"""The presentation of catan: renderer and cog."""
