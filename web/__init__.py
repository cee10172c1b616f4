"""Parlor on the web: replays of finished tables, a server's history and leaderboards, and the
operator's /healthz and /metrics, served by the bot's own process (aiohttp).

A second adapter beside the Discord one (``bot``): it imports nothing of ``discord`` nor of
``bot``. What both need sits below both: the engines (``games``), the repository (``storage``)
and ``tables`` (the match service, the catalogs, the pictures, the standings, the replay, and each
game's words: its event lines and its board, panels and reveal as cards, found by the game's
name through ``tables.words.words_for``), all as structured text (``tables.text``). The pages
put that text in as runs of characters in their styles (``web.text``), never parsed, where
Discord shows it as embeds.
"""
