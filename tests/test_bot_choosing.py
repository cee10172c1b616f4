"""Where bots choose (bot/choosing.py): a game whose bot searches (Renju) chooses in a worker
process, the same move it chooses in this one, while this process's interpreter stays free;
a cheap bot, or a stand-in put on a game, chooses in a thread."""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.choosing import CHOOSING, WORKER_NICENESS, Choosers, worker_pids
from games import registry
from games.core import Game
from games.renju import RenjuGame
from games.renju.bot_strength import QUICK
from storage.sqlite import SqliteRepository
from tests.test_schedule import HOST, App, bot_table


@pytest.fixture
async def choosers() -> AsyncIterator[Choosers]:
    chooser = Choosers(processes=1)
    yield chooser
    chooser.close()


def positions(game: Game[Any, Any], moves: int, seed: int) -> list[tuple[Any, Any, str]]:
    """(view, prompt, rng seed) of the seat asked at each of a played game's first moves."""
    state = game.setup(2, None, seed=seed)
    found = []
    for step in range(moves):
        pending = game.pending(state)
        if not pending:
            break
        prompt = pending[0]
        view = game.view(state, prompt.seat)
        found.append((view, prompt, f"{seed}:{step}:{prompt.seat}"))
        state = game.apply(state, game.choose(view, prompt, random.Random(found[-1][2]))).state
    return found


def test_only_a_searching_games_own_bot_chooses_in_a_process() -> None:
    """The flag is the game's (``Game.bot_searches``), and it is about its own
    ``choose``: a stand-in on the instance is not the search it declared."""
    assert Choosers.in_process(registry.get("renju"))
    assert not Choosers.in_process(registry.get("lifeboat"))
    stand_in = RenjuGame(bot=QUICK)
    stand_in.choose = lambda view, prompt, rng: prompt.actions[0]  # type: ignore[method-assign]
    assert not Choosers.in_process(stand_in)
    # A stand-in taken off again (monkeypatch's undo puts the bound method on the instance)
    stand_in.choose = RenjuGame.choose.__get__(stand_in)  # type: ignore[method-assign]
    assert Choosers.in_process(stand_in)


async def test_a_bot_choosing_in_a_process_plays_the_move_it_plays_here(
        choosers: Choosers) -> None:
    """Determinism: the game (with its instance's strength), the view, the prompt and the
    seeded generator reach the worker as they are, so every move matches the in-process one
    (the openings, the swap and the searched stones of a quick bot's game)."""
    game = RenjuGame(bot=QUICK)
    chosen = 0
    for view, prompt, seed in positions(game, 14, seed=5):
        here = game.choose(view, prompt, random.Random(seed))
        there = await choosers.choose(game, view, prompt, random.Random(seed), seat=(1, 0))
        assert there == here, f"at {seed}: {there} in the worker, {here} here"
        chosen += 1
    assert chosen == 14


async def test_a_search_in_a_process_leaves_the_loop_free(choosers: Choosers) -> None:
    """While the real (strong) bot searches, this process spends a small part of the
    search's CPU and its loop keeps turning every few ms. In a thread, the search's CPU
    would be this process's, and the loop would share the interpreter with it."""
    game = registry.get("renju")
    asked = positions(RenjuGame(bot=QUICK), 15, seed=11)[12:15]
    view, prompt, seed = asked[0]
    await choosers.choose(game, view, prompt, random.Random(seed), seat=(2, 0))  # warm
    started = time.process_time()
    for view, prompt, seed in asked[1:]:
        game.choose(view, prompt, random.Random(seed))
    search = time.process_time() - started
    gaps: list[float] = []
    done = asyncio.Event()

    async def tick() -> None:
        last = time.perf_counter()
        while not done.is_set():
            await asyncio.sleep(0.002)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    ticker = asyncio.create_task(tick())
    here_before = time.process_time()
    for view, prompt, seed in asked[1:]:
        assert await choosers.choose(game, view, prompt, random.Random(seed), seat=(2, 0))
    here = time.process_time() - here_before
    done.set()
    await ticker
    assert search > 0.03, f"the searches take only {search * 1000:.0f} ms: nothing to prove"
    assert here < search / 2, (
        f"this process spent {here * 1000:.0f} ms of CPU on searches of "
        f"{search * 1000:.0f} ms made elsewhere")
    # Not a latency target (other tests share the machine): a loop held by the search would
    # not turn at all until it ended.
    assert len(gaps) >= 10
    # And where cores are short, the search gets what the loop leaves: its worker runs at a
    # lower priority than this process.
    ours = os.getpriority(os.PRIO_PROCESS, 0)
    assert worker_pids()
    for pid in worker_pids():
        assert os.getpriority(os.PRIO_PROCESS, pid) == min(19, ours + WORKER_NICENESS)


async def test_a_newer_question_for_a_seat_replaces_the_one_waiting(
        choosers: Choosers) -> None:
    """The newest wins: while the worker is busy, a second question for the same seat is
    replaced by a third before it starts; its asker gets None and it is never asked."""
    game = registry.get("renju")
    asked = positions(RenjuGame(bot=QUICK), 16, seed=3)[8:16]
    busy = asyncio.create_task(choosers.choose(game, *asked[0][:2],
                                               random.Random(asked[0][2]), seat="busy"))
    await asyncio.sleep(0)
    skipped, choices = CHOOSING.skipped, CHOOSING.choices
    view, prompt, seed = asked[1]
    answered: list[str] = []

    def ask(seat: str, at: tuple[Any, Any, str] = asked[1]) -> asyncio.Task[Any]:
        task = asyncio.create_task(choosers.choose(game, at[0], at[1], random.Random(at[2]),
                                                   seat=seat))
        task.add_done_callback(lambda _: answered.append(seat))
        return task

    replaced = ask("seat")
    await asyncio.sleep(0)
    other = ask("other seat", asked[2])
    await asyncio.sleep(0)
    newest = ask("seat")
    assert await replaced is None
    assert await newest == game.choose(view, prompt, random.Random(seed))
    assert await other is not None
    assert await busy is not None
    assert CHOOSING.skipped == skipped + 1
    assert CHOOSING.choices == choices + 3
    # The replacement kept the seat's place in the queue, before the other seat's question.
    assert answered == ["seat", "seat", "other seat"]


async def test_a_cheap_bot_chooses_in_a_thread(choosers: Choosers) -> None:
    game = registry.get("lifeboat")
    state = game.setup(4, None, seed=2)
    prompt = game.pending(state)[0]
    view = game.view(state, prompt.seat)
    choices = CHOOSING.choices
    action = await choosers.choose(game, view, prompt, random.Random("x"), seat=(3, 0))
    assert action == game.choose(view, prompt, random.Random("x"))
    assert CHOOSING.choices == choices


@pytest.fixture
async def repo(tmp_path: Path) -> AsyncIterator[SqliteRepository]:
    repository = SqliteRepository(tmp_path / "parlor.db")
    await repository.open()
    yield repository
    await repository.close()


async def test_the_scheduler_plays_the_moves_a_renju_bot_chooses_in_its_worker(
        repo: SqliteRepository) -> None:
    """Two Renju bots at a table scheduled as in the bot: the stored moves are the ones the
    bot chooses in this process for the same view, prompt and seeded generator."""
    app = App(repo)
    service = app.service
    live = await service.create_lobby(game="renju", guild_id=1, channel_id=7, host_id=HOST,
                                      host_name="host", host_locale=None, options={})
    live = await service.add_bot(live.id, HOST, "Bot")
    live = await service.start(live.id, HOST)
    live = await service.hand_to_bot(live.id, 0, reason="left")
    played = live.version + 4
    choices = CHOOSING.choices
    await app.timers.start()
    try:
        for _ in range(6000):  # a busy machine leaves the worker little CPU
            if (await service.get(live.id)).version >= played:
                break
            await asyncio.sleep(0.01)
    finally:
        await app.timers.stop()
    records = await repo.actions(live.id)
    game = registry.get("renju")
    state = game.setup(2, live.record.options, seed=live.record.seed)
    bots = 0
    for record in records:
        action = game.parse_action(record.action)
        if record.source == "bot":
            prompt = game.prompt_for(state, record.seat)
            expected = game.choose(game.view(state, record.seat), prompt,
                                   random.Random(f"{live.id}:{record.version}:{record.seat}"))
            assert action == expected, f"move {record.version}"
            bots += 1
        state = game.apply(state, action).state
    assert bots >= 4
    assert CHOOSING.choices - choices >= bots, "the moves were not chosen in the worker"


class HeldSearch(Choosers):
    """Renju's bots search until the test lets them go; other bots choose as usual."""

    def __init__(self) -> None:
        super().__init__(processes=1)
        self.release = asyncio.Event()
        self.asked = 0

    @staticmethod
    def in_process(game: Game[Any, Any]) -> bool:
        return game.spec.name == "renju"

    async def choose(self, game: Game[Any, Any], view: Any, prompt: Any, rng: random.Random,
                     seat: Any) -> Any:
        if not self.in_process(game):
            return await super().choose(game, view, prompt, rng, seat)
        self.asked += 1
        await self.release.wait()
        return prompt.actions[0]


async def test_a_search_in_a_worker_holds_no_slot_of_the_schedule(
        repo: SqliteRepository) -> None:
    """The Scheduler runs a few expiries at once (a slot bounds loads and saves); one waiting
    for a bot's search in a worker gives its slot back, so another table's bots keep moving
    however long the search takes. Here one slot: held by the search, the Lifeboat table
    would stand still."""
    app = App(repo)
    held = HeldSearch()
    app.timers._choosers = held
    app.timers._max_running = 1
    service = app.service
    renju = await service.create_lobby(game="renju", guild_id=1, channel_id=8, host_id=HOST,
                                       host_name="host", host_locale=None, options={})
    renju = await service.add_bot(renju.id, HOST, "Bot")
    renju = await service.start(renju.id, HOST)
    renju = await service.hand_to_bot(renju.id, 0, reason="left")
    lifeboat = await bot_table(service, channel=9)
    await app.timers.start()
    try:
        for _ in range(500):
            if held.asked:
                break
            await asyncio.sleep(0.01)
        assert held.asked, "the Renju bot was never asked"
        before = (await service.get(lifeboat.id)).version
        for _ in range(500):
            if (await service.get(lifeboat.id)).version >= before + 3:
                break
            await asyncio.sleep(0.01)
        assert (await service.get(lifeboat.id)).version >= before + 3, (
            "the Lifeboat table stood still while the Renju bot searched")
        assert (await service.get(renju.id)).version == renju.version
    finally:
        held.release.set()
        await app.timers.stop()
        held.close()


async def test_thousands_of_askers_giving_up_while_the_worker_searches(
        choosers: Choosers) -> None:
    """Tables closed or moved on while their questions waited (1,000 Renju tables at once):
    the worker passes over every question given up, and the next one is still answered."""
    game = registry.get("renju")
    asked = positions(RenjuGame(bot=QUICK), 4, seed=5)
    busy = asyncio.create_task(choosers.choose(game, *asked[0][:2],
                                               random.Random(asked[0][2]), seat="busy"))
    await asyncio.sleep(0)
    view, prompt, seed = asked[1]
    given_up = [asyncio.create_task(choosers.choose(game, view, prompt, random.Random(seed),
                                                    seat=n)) for n in range(3000)]
    await asyncio.sleep(0)
    for task in given_up:
        task.cancel()
    await asyncio.gather(*given_up, return_exceptions=True)
    assert await busy is not None
    assert await choosers.choose(game, view, prompt, random.Random(seed), seat="next") \
        == game.choose(view, prompt, random.Random(seed))
