"""Running a real discord.py client against the fake inside a test."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TypeVar

import discord

from .server import FakeDiscord

ClientT = TypeVar("ClientT", bound=discord.Client)

# on_ready waits this long after the last GUILD_CREATE; discord.py's default (2 s) slows tests.
FAST_GUILD_READY_TIMEOUT = 0.05


@asynccontextmanager
async def running(
    client: ClientT, fake: FakeDiscord, *, timeout: float = 10.0
) -> AsyncIterator[ClientT]:
    """Start `client` with the fake's token, yield once it is ready, close it afterwards.

    A client that fails to log in raises here instead of hanging. Construct clients with
    `guild_ready_timeout=FAST_GUILD_READY_TIMEOUT` to keep start-up in the tens of milliseconds."""
    task = asyncio.create_task(client.start(fake.token), name="fake-discord-client")
    try:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not client.is_ready():
            if task.done():
                task.result()
                raise AssertionError("the client stopped before it was ready")
            if loop.time() > deadline:
                raise AssertionError(f"the client was not ready after {timeout}s")
            await asyncio.sleep(0.005)
        yield client
    finally:
        await client.close()
        if not task.done():
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(asyncio.shield(task), 5.0)
        if task.done() and not task.cancelled():
            error = task.exception()
            if error is not None:
                raise error
