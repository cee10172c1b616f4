"""Parlor on the web: replays of finished tables, a server's history and leaderboards, and the
operator's /healthz and /metrics, served by the bot's own process (aiohttp).

A second adapter beside the Discord one (``bot``): it imports nothing of ``discord`` nor of
``bot``. What both need sits below both: the engines (``games``), the repository (``storage``)
and ``tables`` (the match service, the catalogs, the pictures, the standings, the replay). The
words of a game's events and panels live in the Discord adapter's renderers; they reach the web
through ``web.narration.Narrator``, which the process fills at start-up (``bot.narrator``).
"""
