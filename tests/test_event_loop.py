"""The bot's event loop (``bot/event_loop.py``): uvloop's by default, asyncio's own when
``PARLOR_EVENT_LOOP=asyncio`` asks; the async tests run on the bot's."""

from __future__ import annotations

import asyncio

import pytest
import uvloop

from bot import event_loop


async def _running_loop() -> type[asyncio.AbstractEventLoop]:
    return type(asyncio.get_running_loop())


def test_the_bot_runs_on_uvloop_unless_asked_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PARLOR_EVENT_LOOP", raising=False)
    assert event_loop.name() == "uvloop"
    assert event_loop.run(_running_loop()) is uvloop.Loop
    monkeypatch.setenv("PARLOR_EVENT_LOOP", "asyncio")
    assert event_loop.name() == "asyncio"
    assert not issubclass(event_loop.run(_running_loop()), uvloop.Loop)


async def test_async_tests_run_on_the_bots_loop() -> None:
    assert isinstance(asyncio.get_running_loop(), uvloop.Loop) == (event_loop.name() == "uvloop")
