"""Work nobody awaits any more still has its failure read: asyncio never logs "Task exception
was never retrieved" for a move whose interaction expired, nor for a Desk's background work
that failed (logged once, the project's way: a storage outage as one line)."""

from __future__ import annotations

import asyncio
import gc
import logging
from types import SimpleNamespace
from typing import Any, cast

import pytest

import bot.cogs.game_cog
import bot.interactions
from bot.cogs.game_cog import GameCog
from bot.interactions import InteractionHandler
from bot.table import Desk
from storage import StorageUnavailable
from tables.service import Refusal


class Expired(Exception):
    """What answering an interaction after Discord's deadline raises (10062)."""


async def _collected(told: list[dict[str, Any]]) -> list[dict[str, Any]]:
    gc.collect()  # an unread task's failure is logged when the task is collected
    await asyncio.sleep(0)
    return told


@pytest.mark.usefixtures("own_heap")
async def test_a_refused_move_whose_defer_fails_is_not_logged_as_never_retrieved(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.interactions, "RESPONSE_BUDGET", 0.01)
    told: list[dict[str, Any]] = []
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(lambda _loop, context: told.append(context))

    async def defer() -> None:
        raise Expired

    interaction = SimpleNamespace(response=SimpleNamespace(is_done=lambda: False, defer=defer))

    async def stale_move() -> None:
        await asyncio.sleep(0.05)
        raise Refusal("act.stale")

    handler = cast(InteractionHandler, SimpleNamespace())
    try:
        with pytest.raises(Expired):
            await InteractionHandler._within_budget(handler, cast(Any, interaction),
                                                    stale_move())
        await asyncio.sleep(0.1)  # the move finishes, refused, with nobody awaiting it
        assert not await _collected(told), told
    finally:
        loop.set_exception_handler(None)


@pytest.mark.usefixtures("own_heap")
async def test_a_lobby_that_fails_after_its_defer_failed_is_not_logged_as_never_retrieved(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`/<game> start` while the database stops answering, on a machine so slow that the
    command's defer comes after Discord's deadline: the lobby's failure, which nobody awaits
    any more, is read (the outage is the repository's to log, once)."""
    monkeypatch.setattr(bot.cogs.game_cog, "RESPONSE_BUDGET", 0.01)
    told: list[dict[str, Any]] = []
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(lambda _loop, context: told.append(context))

    async def defer(**_: Any) -> None:
        raise Expired

    async def open_lobby(*_: Any) -> None:
        await asyncio.sleep(0.05)
        raise StorageUnavailable("the database is not answering")

    interaction = SimpleNamespace(response=SimpleNamespace(is_done=lambda: False, defer=defer))
    cog = cast(GameCog, SimpleNamespace(_open_lobby=open_lobby))
    try:
        with pytest.raises(Expired):
            await GameCog.start_table(cog, cast(Any, interaction), {})
        await asyncio.sleep(0.1)  # the lobby fails, with nobody awaiting it
        assert not await _collected(told), told
    finally:
        loop.set_exception_handler(None)


@pytest.mark.usefixtures("own_heap")
async def test_board_work_that_fails_with_the_storage_down_is_logged_as_one_line(
        caplog: pytest.LogCaptureFixture) -> None:
    """A reveal being saved when the database stops answering: one warning line (the outage
    itself is logged once by the repository), no traceback, nothing never retrieved."""
    told: list[dict[str, Any]] = []
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(lambda _loop, context: told.append(context))

    async def post_reveal() -> None:
        await asyncio.sleep(0.01)
        raise StorageUnavailable("the database is not answering")

    desk = Desk(cast(Any, SimpleNamespace()))
    try:
        with caplog.at_level(logging.WARNING, logger="bot.table"):
            desk._spawn(post_reveal())
            await asyncio.sleep(0.05)
        assert not await _collected(told), told
        [line] = [r for r in caplog.records if r.name == "bot.table"]
        assert line.levelno == logging.WARNING and line.exc_info is None
        assert "post_reveal" in line.getMessage()
    finally:
        loop.set_exception_handler(None)
