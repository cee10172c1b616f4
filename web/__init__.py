"""Parlor on the web: replays of finished tables, a server's history and leaderboards, and the
operator's /healthz and /metrics, served by the bot's own process (aiohttp).

A second adapter beside the Discord one (``bot``): it imports nothing of ``discord``. What both
need sits below both: the engines (``games``), the repository (``storage``), the catalogs
(``bot.i18n``), the pictures (``bot.pictures.picture``), the standings (``bot.standings``), the
replay (``bot.replaying``). The words of a game's events and panels live in the Discord
adapter's renderers; they reach the web through ``web.narration.Narrator``, which the process
fills at start-up (``bot.narrator``).
"""
