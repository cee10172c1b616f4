"""A move that outlives its interaction (the defer fails: the interaction expired on a slow
machine) still has its outcome read: asyncio never logs it as "never retrieved"."""

from __future__ import annotations

import asyncio
import gc
from types import SimpleNamespace
from typing import Any, cast

import pytest

import bot.interactions
from bot.interactions import InteractionHandler
from tables.service import Refusal


class Expired(Exception):
    """What answering an interaction after Discord's deadline raises (10062)."""


async def test_a_refused_move_whose_defer_fails_is_not_logged_as_never_retrieved(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.interactions, "RESPONSE_BUDGET", 0.01)
    loop = asyncio.get_running_loop()
    unread: list[dict[str, Any]] = []
    loop.set_exception_handler(lambda _loop, context: unread.append(context))

    async def defer() -> None:
        raise Expired

    interaction = SimpleNamespace(response=SimpleNamespace(is_done=lambda: False, defer=defer))

    async def stale_move() -> None:
        await asyncio.sleep(0.05)
        raise Refusal("act.stale")

    handler = cast(InteractionHandler, SimpleNamespace())
    with pytest.raises(Expired):
        await InteractionHandler._within_budget(handler, cast(Any, interaction), stale_move())
    await asyncio.sleep(0.1)  # the move finishes, refused, with nobody awaiting it
    gc.collect()  # an unread task's outcome is logged when the task is collected
    await asyncio.sleep(0)
    loop.set_exception_handler(None)
    assert not unread, unread
