"""The schedule (bot/scheduler.py) and the service's loading and closing, without Discord.

A small stand-in for ``bot.app.Parlor`` gives the Scheduler what it reaches through its app:
the repository, the service, the settings and the servers' configs.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot.guild_config import GuildConfig
from bot.scheduler import Scheduler
from storage import MatchStatus
from storage.rows import to_db_time
from storage.sqlite import SqliteRepository
from tables.service import SNAPSHOT_EVERY, LiveMatch, MatchChange, MatchService, Refusal

HOST = 1000


class App:
    def __init__(self, repo: SqliteRepository, *, bot_move_delay: float = 0.0,
                 turn_seconds: int = 0) -> None:
        self.repo = repo
        self.settings = SimpleNamespace(bot_move_delay=bot_move_delay,
                                        default_turn_seconds=turn_seconds, shard_ids=None)
        self.service = MatchService(repo)
        self.timers = Scheduler(self)  # type: ignore[arg-type]
        self.service.set_planner(self.timers)
        self.client = None

    async def config_for(self, guild_id: int) -> GuildConfig:
        return GuildConfig()

    def owns_guild(self, guild_id: int) -> bool:
        return True


@pytest.fixture
async def repo(tmp_path: Path) -> AsyncIterator[SqliteRepository]:
    repository = SqliteRepository(tmp_path / "parlor.db")
    await repository.open()
    yield repository
    await repository.close()


async def bot_table(service: MatchService, channel: int, *, seats: int = 4,
                    host_plays: bool = False, game: str = "lifeboat") -> LiveMatch:
    """A started table (Lifeboat unless ``game``) whose every seat but the host's is a bot (the
    host's too unless ``host_plays``)."""
    live = await service.create_lobby(game=game, guild_id=1, channel_id=channel,
                                      host_id=HOST + channel, host_name="host",
                                      host_locale=None, options={})
    for _ in range(seats - 1):
        await service.add_bot(live.id, HOST + channel, "Bot")
    live = await service.start(live.id, HOST + channel)
    if not host_plays:
        live = await service.hand_to_bot(live.id, 0, reason="left")
    return live


async def wanted_seats(live: LiveMatch) -> set[int]:
    return {p.seat for p in live.pending() if p.blocking and live.seats[p.seat].is_bot}


async def test_the_stored_schedule_is_exactly_what_the_stored_state_waits_for(
        repo: SqliteRepository) -> None:
    """Every change writes its match's timer rows in the same transaction: after any save,
    the rows name exactly the seats the game waits for — never a seat too few (a stall after a
    kill) nor one too many."""
    app = App(repo)
    checked: list[int] = []

    async def compare(change: MatchChange) -> None:
        stored = {timer.seat for timer in await repo.timers(change.live.id)}
        if change.live.record.status != MatchStatus.ACTIVE:
            assert stored == set()
        else:
            assert stored == await wanted_seats(change.live), change.kind
        checked.append(change.live.version)

    app.service.subscribe(compare)
    await app.timers.start()
    try:
        live = await bot_table(app.service, channel=1)
        for _ in range(2000):
            if live.record.status == MatchStatus.FINISHED:
                break
            await asyncio.sleep(0.01)
        assert live.record.status == MatchStatus.FINISHED
        assert await repo.timers(live.id) == []
        assert app.timers.pending() == 0
        assert len(checked) > 20
    finally:
        await app.timers.stop()



async def test_a_change_that_leaves_every_clock_as_stored_writes_no_timer_rows(
        repo: SqliteRepository) -> None:
    """Zombie's fights ask every seat the same question while the others answer: those moves
    leave the match waiting for the entries already stored, and write no rows (``timers``
    None), yet after every change the stored rows are still exactly the schedule in memory."""
    app = App(repo, bot_move_delay=3600)
    sent: list[bool] = []
    append = repo.append_action

    async def spied(*args: Any, **kwargs: Any) -> int:
        sent.append(kwargs["timers"] is not None)
        return await append(*args, **kwargs)

    repo.append_action = spied  # type: ignore[method-assign]
    mismatches: list[str] = []

    async def compare(change: MatchChange) -> None:
        stored = {(t.seat, t.version, t.deadline) for t in await repo.timers(change.live.id)}
        armed = {(e.seat, e.version, datetime.fromtimestamp(e.deadline, UTC))
                 for e in app.timers._by_match.get(change.live.id, {}).values()}
        if stored != armed:
            mismatches.append(f"{change.kind} at {change.live.version}: {stored} != {armed}")

    app.service.subscribe(compare)
    rng = random.Random(5)
    for channel in range(50, 60):
        live = await bot_table(app.service, channel=channel, game="zombie")
        while live.record.status == MatchStatus.ACTIVE and len(sent) < 150:
            prompt = rng.choice([p for p in live.pending() if p.blocking])
            await app.service.play_for_seat(
                live.id, prompt.seat, lambda _live, asked: (rng.choice(asked.actions), "bot"))
    await app.service.close()  # the finished tables' ratings done
    assert mismatches == []
    assert len(sent) == 150 and sent.count(False) >= 10 and sent.count(True) >= 10


async def test_a_save_that_may_not_have_landed_makes_the_next_change_write_its_rows(
        repo: SqliteRepository) -> None:
    """The schedule skips the write only when it knows what is stored: after a planned save
    that did not report back (a write cut off as it committed may have landed), or an entry
    retried without a write, the next change writes its rows even if they look unchanged."""
    app = App(repo, bot_move_delay=3600, turn_seconds=120)
    live = await bot_table(app.service, channel=6, host_plays=True)
    scheduler = app.timers
    assert await scheduler.plan(live, live) is None  # as stored at the start
    scheduler.saved(live)

    # A waited-for seat changing hands (a person's to a bot, a bot's to a person), planned
    # and never saved: the stored rows are unknown.
    seat = next(p.seat for p in live.pending() if p.blocking)
    seats = [s.model_copy(update={"is_bot": not s.is_bot}) if s.seat == seat else s
             for s in live.seats]
    changed = LiveMatch(live.record, seats, live.state, live.recent)
    assert await scheduler.plan(live, changed) is not None
    rows = await scheduler.plan(live, live)
    assert rows is not None
    assert {t[0] for t in json.loads(rows.json)} == {p.seat for p in live.pending() if p.blocking}
    scheduler.saved(live)
    assert await scheduler.plan(live, live) is None
    scheduler.saved(live)

    # An entry tried again later holds a deadline its row does not have.
    entry = next(iter(scheduler._by_match[live.id].values()))
    scheduler._retry(entry)
    retried = await scheduler.plan(live, live)
    assert retried is not None
    assert {t[2] for t in json.loads(retried.json)} == {
        to_db_time(datetime.fromtimestamp(e.deadline, UTC))
        for e in scheduler._by_match[live.id].values()}
    scheduler.saved(live)
    assert await scheduler.plan(live, live) is None

async def test_a_timer_store_and_the_move_it_plays_share_one_statement(
        repo: SqliteRepository) -> None:
    """A bot move costs one write: the append carries the schedule (no separate timer
    commits, which used to cost 1.6–1.8 extra commits per move)."""
    app = App(repo)
    live = await bot_table(app.service, channel=2)
    calls: list[str] = []
    for name in ("set_timer", "clear_timers", "append_action"):
        original = getattr(repo, name)

        def counted(*args: Any, _name: str = name, _original: Any = original,
                    **kwargs: Any) -> Any:
            calls.append(_name)
            return _original(*args, **kwargs)

        setattr(repo, name, counted)
    await app.timers.start()
    try:
        for _ in range(500):
            if live.version >= 10:
                break
            await asyncio.sleep(0.01)
        assert live.version >= 10
        assert set(calls) == {"append_action"}
    finally:
        await app.timers.stop()


async def test_timers_due_at_once_run_a_few_at_a_time_and_all_get_played(
        repo: SqliteRepository) -> None:
    """After a stop, every timer that ran out falls due together: only a few expiries run at
    once (clicks get the loop between them), and every table still moves."""
    app = App(repo, bot_move_delay=3600)
    tables = [await bot_table(app.service, channel=10 + i) for i in range(12)]
    stored = await repo.timers()
    assert {t.match_id for t in stored} == {t.id for t in tables}

    # A restarted process over the same database, where every stored timer is overdue.
    later = App(repo)
    later.timers._max_running = 3
    at_once = 0
    most = 0
    play = later.service.play_for_seat

    async def counting(*args: Any, **kwargs: Any) -> Any:
        nonlocal at_once, most
        at_once += 1
        most = max(most, at_once)
        try:
            await asyncio.sleep(0.01)
            return await play(*args, **kwargs)
        finally:
            at_once -= 1

    later.service.play_for_seat = counting  # type: ignore[method-assign]
    for record in stored:
        await repo.set_timer(record.model_copy(update={"deadline": record.deadline.replace(
            year=2000)}))
    await later.timers.start()
    try:
        for _ in range(500):
            versions = [(await later.service.get(t.id)).version for t in tables]
            if all(v >= t.version + 3 for v, t in zip(versions, tables, strict=True)):
                break
            await asyncio.sleep(0.01)
        assert all(v >= t.version + 3 for v, t in zip(versions, tables, strict=True))
        assert most == 3
    finally:
        await later.timers.stop()


# A Lifeboat table of four whose eighth move asks every seat at once whom to throw overboard,
# and keeps asking the person (seat 0) after a bot has answered.
EVERYONE_ASKED_SEED = 0


async def asked_with_a_bot(service: MatchService, live: LiveMatch) -> LiveMatch:
    """``live`` played on (each move the first asked seat's first action) until the person at
    seat 0 and a bot are asked at once."""
    for _ in range(40):
        asked = [p for p in live.pending() if p.blocking]
        if any(p.seat == 0 for p in asked) and any(live.seats[p.seat].is_bot for p in asked):
            return live
        played = await service.play_for_seat(live.id, asked[0].seat,
                                             lambda lv, prompt: (prompt.actions[0], "bot"))
        assert played is not None
        live = played[0]
    raise AssertionError("the person and a bot were never asked at once")


async def test_a_persons_clock_keeps_running_while_others_move(
        repo: SqliteRepository) -> None:
    """A seat asked the same question across other seats' moves keeps its deadline (re-armed
    from the database too): the turn timer is per decision, not per move."""
    app = App(repo, bot_move_delay=3600, turn_seconds=120)
    app.service.new_seed = lambda: EVERYONE_ASKED_SEED
    live = await asked_with_a_bot(app.service,
                                  await bot_table(app.service, channel=3, host_plays=True))
    blocking = [p for p in live.pending() if p.blocking]
    before = {t.seat: t.deadline for t in await repo.timers(live.id)}
    assert set(before) == {p.seat for p in blocking}

    restarted = App(repo, bot_move_delay=3600, turn_seconds=120)
    await restarted.timers.start()
    try:
        live = await restarted.service.get(live.id)
        seat = next(p.seat for p in live.pending() if p.blocking and live.seats[p.seat].is_bot)

        def bot_move(lv: LiveMatch, prompt: Any) -> Any:
            return prompt.actions[0], "bot"

        played = await restarted.service.play_for_seat(live.id, seat, bot_move)
        assert played is not None
        live = played[0]
        after = {t.seat: t.deadline for t in await repo.timers(live.id)}
        asked = {p.kind for p in blocking if p.seat == 0}
        still = [p for p in live.pending() if p.blocking and p.seat == 0 and p.kind in asked]
        assert still, "the person is still asked the same question"
        assert after[0] == before[0]
    finally:
        await restarted.timers.stop()


async def test_a_match_is_loaded_from_its_snapshot_and_its_log_checked_behind(
        repo: SqliteRepository) -> None:
    """Loading parses the snapshot; the log is replayed in the background and wins when they
    disagree (the log is the truth). The board's recent events come back with the replay."""
    first = App(repo)
    live = await bot_table(first.service, channel=4)
    for _ in range(5):
        prompt = next(p for p in live.pending() if p.blocking)
        await first.service.play_for_seat(live.id, prompt.seat,
                                          lambda lv, pr: (pr.actions[0], "bot"))
    truth = live.state

    again = App(repo)
    loaded = await again.service.get(live.id)
    assert loaded.state == truth
    assert again.service.log_checks.waiting() + 1 >= 1
    await again.service.log_checks.drain()
    assert loaded.recent.public(), "the replay restores the recent events"

    # A snapshot that lies: the log's state replaces it once checked.
    wrong = live.game.setup(len(live.seats), live.record.options, seed=live.record.seed + 1)

    third = App(repo)
    loaded = await load_with_snapshot(third, live.id, (live.record.version,
                                                       wrong.model_dump_json()))
    assert loaded.state != truth
    await third.service.log_checks.drain()
    assert loaded.state == truth


async def load_with_snapshot(app: App, match_id: int, snapshot: tuple[int, str]) -> LiveMatch:
    """The match as ``app`` loads it when the repository hands it ``snapshot``."""
    repo = app.repo
    repo_snapshot = repo.snapshot

    async def given_snapshot(_match_id: int) -> tuple[int, str]:
        return snapshot

    repo.snapshot = given_snapshot  # type: ignore[method-assign]
    try:
        return await app.service.get(match_id)
    finally:
        repo.snapshot = repo_snapshot  # type: ignore[method-assign]


async def play_bot_moves(service: MatchService, live: LiveMatch, moves: int) -> None:
    for _ in range(moves):
        prompt = next(p for p in live.pending() if p.blocking)
        await service.play_for_seat(live.id, prompt.seat,
                                    lambda lv, pr: (pr.actions[0], "bot"))


async def test_the_snapshot_is_written_now_and_then_and_with_the_last_action(
        repo: SqliteRepository) -> None:
    """A snapshot with every ``SNAPSHOT_EVERY``-th action; a load between two applies the
    actions logged since the last one, events included, and gets the state in memory."""
    app = App(repo)
    live = await bot_table(app.service, channel=7)
    await play_bot_moves(app.service, live, SNAPSHOT_EVERY - 1)
    assert await repo.snapshot(live.id) == (0, live.game.setup(
        len(live.seats), live.record.options, seed=live.record.seed).model_dump_json())
    await play_bot_moves(app.service, live, 1)
    assert live.state is not None
    assert await repo.snapshot(live.id) == (SNAPSHOT_EVERY, live.state.model_dump_json())
    await play_bot_moves(app.service, live, 3)

    again = App(repo)
    loaded = await again.service.get(live.id)
    assert loaded.record.version == SNAPSHOT_EVERY + 3
    assert loaded.state == live.state
    assert loaded.recent.public(), "the actions applied again give back their events"
    await again.service.log_checks.drain()
    assert loaded.state == live.state

    # Played to the end: the last action's state is the snapshot, whatever its version.
    while live.outcome() is None:
        await play_bot_moves(app.service, live, 1)
    assert live.state is not None
    assert await repo.snapshot(live.id) == (live.record.version, live.state.model_dump_json())


async def test_a_snapshot_the_log_does_not_follow_from_is_replaced_by_the_whole_log(
        repo: SqliteRepository) -> None:
    app = App(repo)
    live = await bot_table(app.service, channel=8)
    await play_bot_moves(app.service, live, 3)
    wrong = live.game.setup(len(live.seats), live.record.options, seed=live.record.seed + 1)
    loaded = await load_with_snapshot(App(repo), live.id, (0, wrong.model_dump_json()))
    assert loaded.state == live.state


async def test_concurrent_loads_of_one_match_share_one_copy(repo: SqliteRepository) -> None:
    app = App(repo)
    live = await bot_table(app.service, channel=5)
    fresh = App(repo)
    copies = await asyncio.gather(*(fresh.service.get(live.id) for _ in range(10)))
    assert all(copy is copies[0] for copy in copies)


async def test_closing_waits_for_a_move_being_saved_and_refuses_new_ones(
        repo: SqliteRepository) -> None:
    """A shutdown never closes the repository under a save in flight (which used to log "the
    repository is not open" for scheduled moves), and later requests get a clear refusal."""
    app = App(repo)
    live = await bot_table(app.service, channel=6)
    append = repo.append_action
    saved = asyncio.Event()

    async def slow_append(*args: Any, **kwargs: Any) -> int:
        await asyncio.sleep(0.2)
        version = await append(*args, **kwargs)
        saved.set()
        return version

    repo.append_action = slow_append  # type: ignore[method-assign]
    prompt = next(p for p in live.pending() if p.blocking)
    move = asyncio.create_task(app.service.play_for_seat(
        live.id, prompt.seat, lambda lv, pr: (pr.actions[0], "bot")))
    await asyncio.sleep(0.05)
    started = time.monotonic()
    await app.service.close()
    assert saved.is_set() and time.monotonic() - started >= 0.1
    assert (await move) is not None
    with pytest.raises(Refusal) as refused:
        await app.service.play_for_seat(live.id, prompt.seat,
                                        lambda lv, pr: (pr.actions[0], "bot"))
    assert refused.value.key == "bot.restarting"


async def test_closing_waits_for_a_match_being_loaded(repo: SqliteRepository) -> None:
    """A load in flight at shutdown finishes before the repository may close under it."""
    live = await bot_table(App(repo).service, channel=7)
    fresh = App(repo)
    seats = repo.seats
    loaded = asyncio.Event()

    async def slow_seats(match_id: int) -> Any:
        await asyncio.sleep(0.2)
        found = await seats(match_id)
        loaded.set()
        return found

    repo.seats = slow_seats  # type: ignore[method-assign]
    load = asyncio.create_task(fresh.service.get(live.id))
    await asyncio.sleep(0.05)
    await fresh.service.close()
    assert loaded.is_set()
    assert (await load).id == live.id


async def test_the_collector_is_tuned_while_running_and_restored_after() -> None:
    import gc

    from bot.collector import Collector

    before = gc.get_threshold()
    # No full collection first (the last test's): in a worker of a whole run it walks
    # everything earlier tests left, for nothing this test reads.
    collector = Collector(thresholds=(12_345, 10, 1_000_000), collect_before_freezing=False)
    collector.start()
    try:
        assert gc.get_threshold() == (12_345, 10, 1_000_000)
        assert gc.get_freeze_count() > 0
    finally:
        collector.stop()
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


@pytest.mark.usefixtures("own_heap")
async def test_the_collector_walks_only_the_young_generation_by_itself() -> None:
    """What survives a young collection (a live match's new state) is never walked again
    until the slow full collection: walking it at CPython's pace paused the loop 30-40 ms at
    1,000 moves a second (docs/benchmarks.md, "Service")."""
    import gc

    from bot.collector import Collector

    seen: list[int] = []

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            seen.append(info["generation"])

    collector = Collector()
    collector.start()
    gc.callbacks.append(watch)
    try:
        survivors = [[i] for i in range(200_000)]  # about 285 young collections' worth
    finally:
        gc.callbacks.remove(watch)
        collector.stop()
    assert len(survivors) == 200_000
    assert seen.count(0) > 100
    assert set(seen) == {0}


@pytest.mark.usefixtures("own_heap")
async def test_the_collector_walks_the_young_generation_on_a_timer_too() -> None:
    """Freed old objects count against CPython's young trigger, so a process that replaces
    its states goes long without a young collection and then walks them all at once; the
    collector runs one every few milliseconds whatever the count says."""
    import gc

    from bot.collector import Collector

    seen: list[int] = []

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            seen.append(info["generation"])

    collector = Collector(young_every=0.01)
    collector.start()
    gc.callbacks.append(watch)
    try:
        await asyncio.sleep(0.2)  # no allocations to speak of: only the timer collects
    finally:
        gc.callbacks.remove(watch)
        collector.stop()
    assert seen.count(0) >= 5 and set(seen) == {0}


def test_replaced_entries_do_not_pile_up_in_the_heap() -> None:
    """Each move replaces its match's entries. A replacement due later pushes nothing (the
    seat's wake-up looks again when it surfaces), so the heap keeps one item per seat; one due
    sooner pushes an earlier wake-up, and the skipped ones are dropped in bulk once they
    outnumber the seats."""
    from bot.scheduler import COMPACT_FACTOR, COMPACT_MINIMUM, Entry

    scheduler = Scheduler(SimpleNamespace())  # type: ignore[arg-type]
    now = time.time()
    for move in range(20_000):
        match_id, seat = move % 50, move % 3
        scheduler._put(Entry(match_id, seat, move, now + 600 + move, now + 300 + move,
                             "turn", bot=False))
    live = {(match_id, seat) for match_id, seats in scheduler._by_match.items()
            for seat in seats}
    assert len(live) == scheduler.pending() == 150
    assert len(scheduler._heap) == 150
    assert {item[2] for item in scheduler._heap} == live

    for move in range(20_000):  # each due sooner than the one before: a push each
        match_id, seat = move % 50, move % 3
        scheduler._put(Entry(match_id, seat, move, now + 200 - move / 1000, None, "turn",
                             bot=True))
    assert len(scheduler._heap) <= 2 * (COMPACT_FACTOR * len(live) + COMPACT_MINIMUM)
    current = {key: scheduler._wakes[key] for key in live}
    for (match_id, seat), (when, _) in current.items():
        assert when == scheduler._by_match[match_id][seat].deadline
    assert {(item[0], item[1]) for item in scheduler._heap} >= set(current.values())
    assert scheduler._heap[0] == min(scheduler._heap)


async def test_a_seat_acts_at_its_current_entry_s_times_once() -> None:
    """A seat's entry replaced by one due later fires at the later time, once; one replaced
    by an entry due sooner fires at the sooner time, and the older wake-up fires nothing; a
    person's entry warns at half time, then expires at its deadline."""
    from bot.scheduler import Entry

    scheduler = Scheduler(SimpleNamespace())  # type: ignore[arg-type]
    acted: list[tuple[str, int, float]] = []

    async def expire(entry: Entry) -> None:
        acted.append(("due", entry.version, time.time()))

    async def warn(entry: Entry) -> None:
        acted.append(("warn", entry.version, time.time()))

    scheduler._expire = expire  # type: ignore[method-assign]
    scheduler._warn = warn  # type: ignore[method-assign]
    now = time.time()
    scheduler._put(Entry(1, 0, 0, now + 0.05, None, "q", bot=True))
    scheduler._put(Entry(1, 0, 1, now + 0.25, None, "q", bot=True))  # later
    scheduler._put(Entry(2, 0, 2, now + 0.30, None, "q", bot=True))
    scheduler._put(Entry(2, 0, 3, now + 0.10, None, "q", bot=True))  # sooner
    scheduler._put(Entry(3, 0, 4, now + 0.20, now + 0.05, "q", bot=False))
    runner = asyncio.create_task(scheduler._run())
    try:
        await asyncio.sleep(0.45)
    finally:
        runner.cancel()
        await asyncio.gather(runner, return_exceptions=True)
    assert [(kind, version) for kind, version, _ in acted] == [
        ("warn", 4), ("due", 3), ("due", 4), ("due", 1)]
    at = {(kind, version): when - now for kind, version, when in acted}
    assert at["warn", 4] >= 0.05 and at["due", 3] >= 0.10
    assert at["due", 4] >= 0.20 and at["due", 1] >= 0.25
    assert scheduler.due() == 4 - len(acted)  # every entry fired: none left waiting


class CountedWake(asyncio.Event):
    """The run loop's event, counting the loop's turns (it clears the event once a turn)."""

    turns = 0

    def clear(self) -> None:
        self.turns += 1
        super().clear()


async def test_a_save_wakes_the_run_loop_only_for_an_entry_due_before_its_alarm(
        repo: SqliteRepository) -> None:
    """The run loop sleeps until its soonest entry. Saves whose new entries fall after that
    leave it asleep (at a thousand moves a second, a wake per save was a loop turn per move);
    one due sooner wakes it, and the move is played on time."""
    app = App(repo, bot_move_delay=3600)
    wake = app.timers._wake = CountedWake()
    slow = await bot_table(app.service, channel=40)
    await app.timers.start()
    try:
        await asyncio.sleep(0.05)  # asleep until ``slow``'s bot is due, an hour from now
        turns = wake.turns
        later = await bot_table(app.service, channel=41)  # two saves, due after the alarm
        await asyncio.sleep(0.05)
        assert wake.turns == turns

        app.settings.bot_move_delay = 0.0
        soon = await bot_table(app.service, channel=42)  # due now: the loop must wake
        for _ in range(300):
            if soon.version > 0:
                break
            await asyncio.sleep(0.01)
        assert soon.version > 0 and wake.turns > turns
        assert slow.version == later.version == 0  # still waiting for their hour
    finally:
        await app.timers.stop()


async def test_a_collector_told_not_to_collect_first_freezes_without_a_full_walk() -> None:
    """A test process starts a bot hundreds of times over a heap far larger than the bot's:
    there the start freezes what is loaded without walking it all first."""
    import gc

    from bot.collector import Collector

    walked: list[int] = []

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            walked.append(info["generation"])

    for collect_first, full_walks in ((False, 0), (True, 1)):
        walked.clear()
        # What the process held before is left out of the walk (as the own_heap fixture
        # does; the collector's stop unfreezes it): the walk is counted, not what it costs.
        gc.freeze()
        collector = Collector(collect_before_freezing=collect_first)
        gc.callbacks.append(watch)
        try:
            collector.start()
        finally:
            gc.callbacks.remove(watch)
            collector.stop()
        assert walked.count(2) == full_walks
    assert gc.get_freeze_count() == 0
