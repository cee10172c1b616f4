"""What the Discord and web adapters both use: the match service, the words (catalogs), the
pictures, replays and standings. Imports neither `discord` nor `bot` nor `web`."""
