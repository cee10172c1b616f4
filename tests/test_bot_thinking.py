"""A bot's move is chosen off the event loop (bot/scheduler.py): a bot that searches for
seconds holds no other table's clicks, and its move is still the one it would have made."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from games import registry
from storage.sqlite import SqliteRepository
from tests.test_schedule import HOST, App, bot_table

THINK_SECONDS = 1.5


@pytest.fixture
async def repo(tmp_path: Path) -> AsyncIterator[SqliteRepository]:
    repository = SqliteRepository(tmp_path / "parlor.db")
    await repository.open()
    yield repository
    await repository.close()


async def test_a_bot_thinking_for_seconds_does_not_hold_another_tables_commands(
        repo: SqliteRepository, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first bot choice spins the CPU for 1.5 s (as a searching bot does, holding the
    interpreter between switches); meanwhile a host opens a lobby and seats a bot at another
    table, and the loop keeps turning through the think. The bound is half the think, not a
    latency target: a loop held by the bot would wait the whole 1.5 s, and a machine busy with
    other tests may delay one turn by a few hundred ms."""
    game = registry.get("lifeboat")
    original = game.choose
    thinking, thought = threading.Event(), threading.Event()

    def slow_choose(view: Any, prompt: Any, rng: Any) -> Any:
        if not thinking.is_set():
            thinking.set()
            until = time.perf_counter() + THINK_SECONDS
            while time.perf_counter() < until:
                pass
            thought.set()
        return original(view, prompt, rng)

    monkeypatch.setattr(game, "choose", slow_choose)
    app = App(repo)
    table = await bot_table(app.service, channel=10)
    started = table.version
    await app.timers.start()
    try:
        while not thinking.is_set():
            await asyncio.sleep(0.005)

        gaps: list[float] = []
        last = time.perf_counter()
        answered_while_thinking = False
        other = await app.service.create_lobby(
            game="lifeboat", guild_id=1, channel_id=99, host_id=HOST, host_name="host",
            host_locale=None, options={})
        other = await app.service.add_bot(other.id, HOST, "Bot")
        answered_while_thinking = not thought.is_set()
        while not thought.is_set():
            await asyncio.sleep(0.01)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now
        assert answered_while_thinking, "the lobby was answered only after the bot's think"
        assert len(other.seats) == 2
        assert len(gaps) >= 10, f"the loop turned only {len(gaps)} times while the bot thought"
        assert max(gaps) < THINK_SECONDS / 2, (
            f"the loop waited {max(gaps):.2f} s for the thinking bot")

        for _ in range(500):  # and the bot's move is played once it is chosen
            if (await app.service.get(table.id)).version > started:
                break
            await asyncio.sleep(0.01)
        assert (await app.service.get(table.id)).version > started
    finally:
        await app.timers.stop()
