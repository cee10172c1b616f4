"""Reaching Discord at start-up.

A network that is not there yet (no route, a name that does not resolve, a refused connection,
a timeout, Discord's own 5xx) is said in one line and tried again after a growing pause; a
token Discord rejects ends the process (``bot.app.main`` says so in one line). Tracebacks are
for ``LOG_LEVEL=DEBUG``. Once connected, discord.py reconnects on its own.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import aiohttp
import discord

log = logging.getLogger("parlor")

# Errors a later attempt may not meet (aiohttp's connection errors are OSErrors too).
TRANSIENT: tuple[type[BaseException], ...] = (
    aiohttp.ClientConnectionError, OSError, TimeoutError, discord.DiscordServerError,
    discord.GatewayNotFound,
)
FIRST_RETRY = 1.0
MAX_RETRY = 60.0


def reason(problem: BaseException) -> str:
    """What went wrong, in a few words: aiohttp's own sentence, or the error's name."""
    text = " ".join(str(problem).split())
    return text or type(problem).__name__


async def _forget_session(client: discord.Client) -> None:
    """A failed login leaves its HTTP session open; the next login makes a new one, on a new
    connector (closing the session closed the old one)."""
    await client.http.close()
    client.http.connector = discord.utils.MISSING


async def start(client: discord.Client, token: str, *,
                sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
    """``client.start(token)``, trying transient network errors again until Discord can be
    reached; returns when the client closes."""
    delay = FIRST_RETRY
    logged_in = False
    while True:
        try:
            if not logged_in:
                await client.login(token)
                logged_in = True
            await client.connect()
            return
        except TRANSIENT as problem:
            if client.is_closed():
                return
            log.warning("cannot reach Discord at %s: %s; trying again in %.0f s",
                        discord.http.Route.BASE, reason(problem), delay)
            log.debug("the attempt to reach Discord failed", exc_info=problem)
            if not logged_in:
                await _forget_session(client)
            await sleep(delay)
            delay = min(MAX_RETRY, delay * 2)
