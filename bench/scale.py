"""Scale benchmark: a restart over 10,000 matches, memory per active match, 1,000 tables at once.

Three parts, each printing its own tables (``--part`` picks; ``all`` runs the database parts
and the tables part each in a fresh interpreter):

Every part plays one game at a time (``--game``; by default each registered game in turn, in a
fresh interpreter each).

* restore: a SQLite file with ``--matches`` active matches at every stage of play, with
  the turn timers and bot moves the scheduler would have left in it, then the real
  ``ParlorClient`` started on it against the fake Discord of ``tests/fakediscord``, twice: on a
  copy where nothing is due, and on the file as a stop of ``--downtime`` seconds leaves it (the
  bot moves and the turns that ran out meanwhile fire at once). Measures start to ready, the
  first click on a board posted before the restart (that match is loaded on demand, by
  replaying its log), cold and warm clicks, the matches loaded, RSS, and where the CPU went.
* memory: ``--sample`` matches of that file loaded into a ``MatchService`` cache, measured with
  tracemalloc (and as RSS in a fresh interpreter); one live match is split into its state, the
  prompts cached on it, its recent events and the rest by dropping each part in turn.
* tables: ``--tables`` tables opened through slash commands and clicks in one
  ``ParlorClient``; each host leaves right after the start, so a bot plays every seat. Two
  measured windows: bots at the production pace (a move 1.5 s after the prompt), then bots with
  no delay. Reports applied actions/s, ``service.act`` latency, REST requests/s by kind, garbage
  collector time, event-loop lag, the answer time of "My hand" clicks made meanwhile, and the
  CPU per action split between the bot, the fake and the meters.

The fake Discord, the bot and SQLite's worker thread share one process (and the machine's
cores); every figure includes the fake's own work. Board pictures are drawn in worker
processes (``tables.pictures.drawing``): their CPU is read from /proc and reported apart from
this process's. The tables part ends with the issue's target: ``act`` p99 <= 20 ms in every
window and no interaction answered late. Run from the repository root:

    .venv/bin/python -m bench.scale                     # everything, about 5 minutes a game
    .venv/bin/python -m bench.scale --game citadels     # one game
    .venv/bin/python bench/scale.py --quick             # small sizes, under a minute
    .venv/bin/python -m bench.scale --part restore+memory --matches 10000
    .venv/bin/python -m bench.scale --part tables --tables 1000 --seconds 20
    .venv/bin/python -m bench.scale --part tables --gc-freeze --gc-threshold 50000
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):
    # Run as a script, this file's directory would come first on sys.path, where its siblings
    # could shadow real modules; the repository root belongs there instead.
    _ROOT = Path(__file__).resolve().parent.parent
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _ROOT / "bench"]
    sys.path.insert(0, str(_ROOT))

import argparse
import asyncio
import contextlib
import cProfile
import datetime as dt
import gc
import io
import json
import logging
import math
import os
import platform
import pstats
import random
import shutil
import signal
import statistics
import subprocess
import tempfile
import threading
import time
import tracemalloc
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, cast

from bot.app import ParlorClient
from bot.choosing import CHOOSING, worker_pids
from bot.table import Desk
from games import registry
from games.core import Game
from storage import SeatRecord, TimerRecord
from storage.sqlite import SqliteRepository, to_db_time
from tables.pictures.picture import DRAWING
from tables.service import LiveMatch, MatchService, Refusal
from tests.e2e.parlor import make_client, make_settings
from tests.fakediscord import (
    FAST_GUILD_READY_TIMEOUT,
    FakeChannel,
    FakeDiscord,
    FakeMessage,
    FakeUser,
    RateLimitPolicy,
    point_discord_py_at,
    running,
)
from tests.fakediscord.model import FakeGuild

# The game under measurement: set once from ``--game`` before any part runs.
GAME = "lifeboat"


def seats_for(wanted: int) -> int:
    """``wanted`` seats, or the nearest count the game under measurement seats."""
    spec = registry.get(GAME).spec
    return max(spec.min_players, min(spec.max_players, wanted))
# Production settings (bot/settings.py).
BOT_MOVE_DELAY = 1.5
BOARD_EDIT_DELAY = 1.2
TURN_SECONDS = 120
# Targets from the issue.
TARGET_RESTORE_SECONDS = 5.0
TARGET_BYTES_PER_MATCH = 50 * 1024
TARGET_ACT_P99 = 0.020  # seconds, at 1,000 tables with pictures on (issue #23)
# Discord allows a bot 50 requests/s on bot-token routes (interaction answers are exempt).
DISCORD_GLOBAL_PER_SECOND = 50
CHANNELS_PER_GUILD = 50
# Seconds one click may wait for its answer before it counts as failed (Discord allows 3).
CLICK_TIMEOUT = 15.0
# Turn timers not due at the restart fall due this long after it, once the run is over.
AFTER_THE_RUN = 3600.0
# User ids of the players the benchmark never clicks for (not in the fake's world).
SYNTHETIC_USERS = 10**17
# Share of the seats after the host that a person plays (the others are bots).
HUMAN_SEAT_SHARE = 0.4
# The statement ``SqliteRepository.append_action`` runs; its trigger does the whole append.
APPEND_SQL = (
    "INSERT INTO action_appends (match_id, expected_version, seat, user_id, source, action, "
    "state, created_at, finished, outcome) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


# ==============================================================================================
# Shared helpers
# ==============================================================================================
def rss_bytes() -> int:
    """Resident set size of this process (Linux)."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def settled_rss() -> int:
    gc.collect()
    return rss_bytes()


def children_cpu_seconds() -> dict[int, float]:
    """CPU seconds (user + system) of each live child process by pid: the picture workers
    (``tables.pictures.drawing``) and the workers where searching bots choose
    (``bot.choosing``), on the machine's other cores."""
    import multiprocessing

    ticks = os.sysconf("SC_CLK_TCK")
    found: dict[int, float] = {}
    for child in multiprocessing.active_children():
        with contextlib.suppress(OSError, ValueError, IndexError, TypeError), \
                open(f"/proc/{child.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
            found[int(child.pid)] = (int(fields[11]) + int(fields[12])) / ticks
    return found


def cpu_wait_seconds() -> float:
    """Seconds this process's threads were ready to run but waited for a CPU that other
    processes held (Linux schedstat): the share of a window the machine took away."""
    total = 0
    with contextlib.suppress(OSError):
        for task in os.listdir("/proc/self/task"):
            with contextlib.suppress(OSError, ValueError, IndexError), \
                    open(f"/proc/self/task/{task}/schedstat") as stat:
                total += int(stat.read().split()[1])
    return total / 1e9


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f}"


def mib(size: float) -> str:
    return f"{size / 2**20:.1f}"


def kib(size: float) -> str:
    return f"{size / 1024:.1f}"


def print_table(headers: list[str], rows: list[list[str]]) -> None:
    widths = [max([len(h), *(len(r[i]) for r in rows)]) for i, h in enumerate(headers)]

    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True)))

    print(line(headers))
    print("  ".join("-" * w for w in widths))
    for row in rows:
        print(line(row))


def machine_line() -> str:
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return (f"{platform.python_implementation()} {platform.python_version()}, "
            f"{os.cpu_count()} cores ({platform.processor() or platform.machine()}), "
            f"load average {load} at start, {dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC")


class LogCounter(logging.Handler):
    """Counts warnings and errors by message instead of printing each one."""

    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.counts: Counter[tuple[str, str]] = Counter()
        self.first_errors: dict[str, str] = {}  # message -> the exception's last line

    def emit(self, record: logging.LogRecord) -> None:
        text = f"{record.name}: {record.getMessage()}"[:150]
        self.counts[(record.levelname, text)] += 1
        if record.exc_info and text not in self.first_errors:
            lines = logging.Formatter().formatException(record.exc_info).strip().splitlines()
            where = [line.strip() for line in lines if line.strip().startswith("File ")]
            self.first_errors[text] = f"{lines[-1]} (at {where[-1] if where else '?'})"

    def report(self, limit: int = 8) -> None:
        if not self.counts:
            print("Warnings/errors logged: none")
            return
        total = sum(self.counts.values())
        print(f"Warnings/errors logged: {total} ({len(self.counts)} distinct), most frequent:")
        for (level, text), count in self.counts.most_common(limit):
            print(f"  {level} x{count}: {text}")
            if text in self.first_errors:
                print(f"      {self.first_errors[text][:300]}")


@contextlib.contextmanager
def counted_logs() -> Iterator[LogCounter]:
    counter = LogCounter()
    root = logging.getLogger()
    root.addHandler(counter)
    try:
        yield counter
    finally:
        root.removeHandler(counter)


class LoopLag:
    """How late the event loop runs a callback that asked for a fixed tick: every coroutine
    waits at least this long for its turn (a click's answer included)."""

    def __init__(self, tick: float = 0.05) -> None:
        self.tick = tick
        self.samples: list[tuple[float, float]] = []  # (when, lateness)
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        while True:
            asked = time.perf_counter()
            await asyncio.sleep(self.tick)
            now = time.perf_counter()
            self.samples.append((now, now - asked - self.tick))

    def between(self, start: float, end: float) -> list[float]:
        return [lag for when, lag in self.samples if start <= when <= end]


def thread_cpu_seconds() -> dict[int, float]:
    """CPU seconds (user + system) of every thread of this process, by native id (Linux)."""
    ticks = os.sysconf("SC_CLK_TCK")
    found: dict[int, float] = {}
    with contextlib.suppress(OSError):
        for entry in os.listdir("/proc/self/task"):
            with contextlib.suppress(OSError, ValueError, IndexError), \
                    open(f"/proc/self/task/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
                found[int(entry)] = (int(fields[11]) + int(fields[12])) / ticks
    return found


REPOSITORY = Path(__file__).resolve().parent.parent


class GcClock:
    """Seconds the cyclic garbage collector ran (the loop stands still meanwhile)."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.longest = 0.0
        self.full = 0  # collections of the oldest generation
        self._started = 0.0

    def start(self) -> None:
        gc.callbacks.append(self._callback)

    def stop(self) -> None:
        if self._callback in gc.callbacks:
            gc.callbacks.remove(self._callback)

    def __enter__(self) -> GcClock:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            took = time.perf_counter() - self._started
            self.seconds += took
            self.longest = max(self.longest, took)
            self.full += info.get("generation") == 2

    CALLBACK = _callback.__code__


class CpuSampler:
    """Where the process's CPU time goes. ``setitimer(ITIMER_PROF)`` sends SIGPROF after every
    ``every`` seconds of CPU used by any of the process's threads; Python runs the handler in
    the main thread, which runs the event loop, with the frame it was executing, and the
    sample is filed under the innermost frame that can be placed (the fake Discord,
    discord.py, the bot, ...). A sample that finds the loop waiting in epoll is CPU another
    thread used: SQLite's. (A sampling thread would be no good here: it can only look when the
    loop thread lets go of the GIL, which it does mostly while waiting in epoll.)"""

    PLACES = (
        (str(REPOSITORY / "tests" / "fakediscord"), "fake Discord"),
        ("/aiohttp/web", "fake Discord"),  # the fake is an aiohttp server
        ("/aiohttp/client", "discord.py's HTTP client (aiohttp)"),
        ("/aiohttp/connector", "discord.py's HTTP client (aiohttp)"),
        ("/discord/", "discord.py"),
        (str(REPOSITORY / "bench"), "the benchmark's own probes"),
        (str(REPOSITORY / "games"), "game engine"),
        (str(REPOSITORY / "storage"), "storage (loop side)"),
        ("/aiosqlite/", "storage (loop side)"),
        (str(REPOSITORY / "bot"), "bot: service, scheduler, boards, renderers"),
        (str(REPOSITORY / "tables"), "bot: service, scheduler, boards, renderers"),
    )
    OTHER_THREADS = "other threads (SQLite, the picture pool's hand-off)"

    def __init__(self, every: float = 0.002) -> None:
        self.every = every
        self.counts: Counter[str] = Counter()
        self._previous: Any = None

    def start(self) -> None:
        self._previous = signal.signal(signal.SIGPROF, self._handler)
        signal.setitimer(signal.ITIMER_PROF, self.every, self.every)

    def stop(self) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        signal.signal(signal.SIGPROF, self._previous or signal.SIG_DFL)

    def _handler(self, signum: int, frame: Any) -> None:
        self.counts[self.place(frame)] += 1

    @classmethod
    def place(cls, frame: Any) -> str:
        if frame is not None and frame.f_code.co_filename.endswith("selectors.py"):
            return cls.OTHER_THREADS
        if frame is not None and frame.f_code is GcClock.CALLBACK:
            # A collection runs without stopping for signals; the handler runs right after it,
            # in the clock's "stop" callback, with the collection's samples.
            return "garbage collector"
        while frame is not None:
            name = frame.f_code.co_filename
            for needle, place in cls.PLACES:
                if needle in name:
                    return place
            frame = frame.f_back
        return "asyncio and the rest"


@dataclass
class ActSample:
    finished_at: float  # perf_counter
    seconds: float
    source: str
    # With ``--explain-acts``: what the loop's thread did while the act ran (seconds): its CPU
    # (this act's and every other coroutine's run between the act's awaits), its wait for a
    # core that other processes held, and the garbage collector's share of that time.
    parts: tuple[float, float, float] | None = None


def loop_core_wait() -> float:
    """Seconds the calling thread was ready to run but waited for a core (Linux schedstat)."""
    try:
        with open("/proc/thread-self/schedstat") as stat:
            return int(stat.read().split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return 0.0


class ActMeter:
    """Times every ``service.act`` and ``service.play_for_seat`` (a bot's or a timer's move):
    the engine, the match lock, the append with its timer rows, and the listeners it awaits
    (the board edit being queued)."""

    def __init__(self, service: MatchService, explain: bool = False) -> None:
        self.samples: list[ActSample] = []
        self.gc_clock: GcClock | None = GcClock() if explain else None
        if self.gc_clock is not None:
            self.gc_clock.start()
        self.refused: Counter[str] = Counter()
        self.refusals: list[float] = []  # when each refusal happened
        # Closed, it holds back the moves of bots and timers (clicks go through).
        self.machines_may_move = asyncio.Event()
        self.machines_may_move.set()
        original = service.act

        async def timed(match_id: int, **kwargs: Any) -> Any:
            if kwargs.get("source") != "player":
                await self.machines_may_move.wait()
            started, before = time.perf_counter(), self._parts()
            try:
                result = await original(match_id, **kwargs)
            except Refusal as refusal:
                self.refused[refusal.key] += 1
                self.refusals.append(time.perf_counter())
                raise
            now = time.perf_counter()
            self.samples.append(ActSample(now, now - started, str(kwargs.get("source")),
                                          self._since(before)))
            return result

        scheduled = service.play_for_seat

        async def timed_scheduled(match_id: int, seat: int, decide: Any) -> Any:
            await self.machines_may_move.wait()
            started, before = time.perf_counter(), self._parts()
            try:
                result = await scheduled(match_id, seat, decide)
            except Refusal as refusal:
                self.refused[refusal.key] += 1
                self.refusals.append(time.perf_counter())
                raise
            if result is not None:
                now = time.perf_counter()
                self.samples.append(ActSample(now, now - started, "scheduled",
                                              self._since(before)))
            return result

        # Instance attributes: the scheduler and the click handler call through them.
        service.act = timed  # type: ignore[method-assign]
        service.play_for_seat = timed_scheduled  # type: ignore[method-assign]

    def _parts(self) -> tuple[float, float, float] | None:
        if self.gc_clock is None:
            return None
        return time.thread_time(), loop_core_wait(), self.gc_clock.seconds

    def _since(self, before: tuple[float, float, float] | None
               ) -> tuple[float, float, float] | None:
        now = self._parts()
        if before is None or now is None:
            return None
        return now[0] - before[0], now[1] - before[1], now[2] - before[2]

    def between(self, start: float, end: float) -> list[ActSample]:
        return [s for s in self.samples if start <= s.finished_at <= end]

    def refused_between(self, start: float, end: float) -> int:
        return sum(1 for at in self.refusals if start <= at <= end)


BOT_ALONE = "the bot alone"


def cpu_split(w: WindowResult) -> dict[str, float]:
    """CPU seconds of the fake, the meters and the bot alone. A collection runs without letting
    signals in, so samples undercount it: GC comes from the clock, and the samples split the
    rest."""
    others = {place: n for place, n in w.places.items() if place != "garbage collector"}
    total = max(1, sum(others.values()))
    rest = max(0.0, w.cpu_seconds - w.gc_seconds)
    split = {place: rest * others.get(place, 0) / total
             for place in ("fake Discord", "the benchmark's own probes")}
    split[BOT_ALONE] = w.cpu_seconds - sum(split.values())
    return split


def shares(samples: Counter[str]) -> str:
    total = max(1, sum(samples.values()))
    ranked = samples.most_common()
    return ", ".join(f"{place} {100 * n / total:.0f}%" for place, n in ranked)


def start_profile() -> cProfile.Profile:
    profiler = cProfile.Profile()
    profiler.enable()
    return profiler


def print_profile(profiler: cProfile.Profile, what: str) -> None:
    """The loop thread's 25 costliest functions (own time; cProfile slows everything down)."""
    profiler.disable()
    text = io.StringIO()
    pstats.Stats(profiler, stream=text).sort_stats("tottime").print_stats(25)
    print(f"\nProfile of {what} (by own time):\n{text.getvalue()}")


def custom_ids_in(components: Any) -> list[str]:
    """Every ``custom_id`` in a message payload's components, nested rows included."""
    found: list[str] = []
    if isinstance(components, dict):
        if "custom_id" in components:
            found.append(str(components["custom_id"]))
        for child in components.get("components", []):
            found.extend(custom_ids_in(child))
    elif isinstance(components, list):
        for child in components:
            found.extend(custom_ids_in(child))
    return found


def quiet_identify(client: ParlorClient) -> None:
    async def no_identify_wait(shard_id: int | None, *, initial: bool = False) -> None:
        return None  # discord.py waits 5 s between shard IDENTIFYs; one shard needs none

    client.before_identify_hook = no_identify_wait  # type: ignore[method-assign]


# ==============================================================================================
# Building a database of active matches
# ==============================================================================================
class BulkRepository(SqliteRepository):
    """The real repository, plus one bulk write so that a database of 10,000 matches builds in
    seconds: many appends in one trip to aiosqlite's thread. Each row is the statement
    ``append_action`` runs, so its trigger checks and bumps the version and writes the snapshot
    exactly as a one-by-one append would; the resulting file is the same."""

    async def append_many(self, rows: list[tuple[Any, ...]]) -> None:
        async with self._db.transaction() as session:
            await session.executemany(APPEND_SQL, rows)


class CountingRepository(SqliteRepository):
    """The real repository, counting the reads that mean "a match was loaded": the service
    reads a match's snapshot exactly when it loads it, and its whole log (``actions``) when it
    checks the log against that snapshot in the background."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.loads = 0
        self.loaded: set[int] = set()
        self.replayed_actions = 0
        self.load_seconds: list[float] = []

    async def snapshot(self, match_id: int) -> Any:
        self.loads += 1
        self.loaded.add(match_id)
        return await super().snapshot(match_id)

    async def actions(self, match_id: int) -> Any:
        started = time.perf_counter()
        found = await super().actions(match_id)
        self.load_seconds.append(time.perf_counter() - started)
        self.replayed_actions += len(found)
        return found


@dataclass
class History:
    """One complete bot game; many matches share it, each stopped at its own step."""

    seats: int
    seed: int
    actions: list[str]  # each action's JSON
    seats_of: list[int]  # the acting seat of each action
    start_json: str


@dataclass
class PlannedMatch:
    index: int
    history: int
    step: int  # actions already played
    state_json: str
    waiting: list[int]  # seats with a blocking prompt at that step
    waiting_on_bot: bool
    humans: list[bool]  # by seat
    guild_id: int = 0
    channel_id: int = 0
    match_id: int = 0
    clicker: FakeUser | None = None  # the person the game waits for, for the click samples


@dataclass
class BuiltDatabase:
    path: Path
    matches: list[PlannedMatch]
    quiet_samples: list[PlannedMatch]  # clicked in the restart with nothing due
    busy_samples: list[PlannedMatch]  # clicked in the restart with the due timers
    board_ids: dict[int, int]  # match id -> board message id (samples only)
    timers: Counter[str]
    due: list[tuple[int, int]]  # (match, seat) of the timers due when the bot starts again
    actions: int
    seconds: dict[str, float]
    file_bytes: int


def play_history(game: Game[Any, Any], seats: int, seed: int) -> tuple[History, list[Any]]:
    """A whole game with the built-in bot in every seat, and its state after every action."""
    rng = random.Random(seed)
    state = game.setup(seats, {}, seed=seed)
    states = [state]
    actions: list[str] = []
    seats_of: list[int] = []
    while game.outcome(state) is None:
        prompt = rng.choice([p for p in game.pending(state) if p.blocking])
        action = game.choose(game.view(state, prompt.seat), prompt, rng)
        state = game.apply(state, action).state
        actions.append(json.dumps(action.model_dump(mode="json"), separators=(",", ":")))
        seats_of.append(action.seat)
        states.append(state)
    return History(seats, seed, actions, seats_of, states[0].model_dump_json()), states


def plan_matches(count: int, histories: int, seed: int, bot_wait: float
                 ) -> tuple[list[History], list[PlannedMatch]]:
    """Each match takes a history and a step drawn uniformly over that game's length (a live
    match is equally likely to be anywhere in its game). Seat 0 is the host; each later seat is
    a person with probability ``HUMAN_SEAT_SHARE``. A share ``bot_wait`` of the matches wait for
    a bot (their next move is a bot's); in the others a person holds every waiting seat."""
    game = registry.get(GAME)
    rng = random.Random(seed)
    made: list[History] = []
    planned: list[PlannedMatch] = []
    for h in range(histories):
        history, states = play_history(game, seats_for(4 + h % 3), seed * 1_000_003 + h)
        made.append(history)
        for index in range(h, count, histories):
            step = rng.randrange(len(history.actions))
            state = states[step]
            waiting = [p.seat for p in game.pending(state) if p.blocking]
            humans = [True] + [rng.random() < HUMAN_SEAT_SHARE for _ in range(1, history.seats)]
            on_bot = rng.random() < bot_wait
            if on_bot:
                humans[rng.choice(waiting)] = False
            else:
                for seat in waiting:
                    humans[seat] = True
            planned.append(PlannedMatch(index, h, step, state.model_dump_json(), waiting,
                                        on_bot, humans))
    planned.sort(key=lambda m: m.index)
    return made, planned


def pick_samples(planned: list[PlannedMatch], count: int, parity: int
                 ) -> list[PlannedMatch]:
    """Matches waiting for one person, spread from the shortest log to the longest (a cold
    click replays the whole log); the median one first. ``parity`` keeps the two restarts'
    samples apart."""
    candidates = sorted((m for m in planned if not m.waiting_on_bot and len(m.waiting) == 1
                         and m.index % 2 == parity), key=lambda m: m.step)
    if count <= 0 or not candidates:
        return []
    if count >= len(candidates):
        return candidates
    span = len(candidates) - 1
    picked = [candidates[round(i * span / max(1, count - 1))] for i in range(count)]
    # The first click (the "restored and working" moment) goes to a typical, median-length log.
    middle = picked.pop(len(picked) // 2)
    return [middle, *picked]


def build_world(fake: FakeDiscord, count: int) -> list[tuple[FakeGuild, FakeChannel]]:
    """Guilds of ``CHANNELS_PER_GUILD`` text channels, one table per channel."""
    places: list[tuple[FakeGuild, FakeChannel]] = []
    for g in range((count + CHANNELS_PER_GUILD - 1) // CHANNELS_PER_GUILD):
        names = tuple(f"table-{i}" for i in range(min(CHANNELS_PER_GUILD,
                                                      count - g * CHANNELS_PER_GUILD)))
        guild = fake.create_guild(f"Server {g}", channels=names)
        places.extend((guild, fake.world.channels[cid]) for cid in guild.channel_ids)
    return places


def seat_records(match: PlannedMatch, match_id: int, host_id: int) -> list[SeatRecord]:
    seats = []
    bots = 0
    for seat, human in enumerate(match.humans):
        if human:
            user_id = host_id if seat == 0 else SYNTHETIC_USERS + match.index * 10 + seat
            seats.append(SeatRecord(match_id=match_id, seat=seat, user_id=user_id,
                                    display_name=f"player {match.index}.{seat}",
                                    locale="en-US"))
        elif seat == 0:  # the host left or went quiet: a bot holds the seat for them (托管)
            seats.append(SeatRecord(match_id=match_id, seat=0, user_id=host_id,
                                    display_name=f"player {match.index}.0", is_bot=True,
                                    locale="en-US"))
        else:
            bots += 1
            seats.append(SeatRecord(match_id=match_id, seat=seat, user_id=None,
                                    display_name=f"Bot {bots}", is_bot=True))
    return seats


async def build_database(path: Path, fake: FakeDiscord, args: argparse.Namespace
                         ) -> BuiltDatabase:
    """The file as the bot would have left it: every match started, its log, its snapshot, the
    timers of every seat its game waits for (a bot's move due ``BOT_MOVE_DELAY`` after the
    previous move, a person's turn ``TURN_SECONDS`` long), and a board message in the fake
    Discord for the matches the clicks will use. The process stopped ``--downtime`` seconds ago:
    the bot moves and the turns that ran out meanwhile are due when it starts again.
    """
    seconds: dict[str, float] = {}
    started = time.perf_counter()
    histories, planned = plan_matches(args.matches, args.histories, args.seed, args.bot_wait)
    quiet_samples = pick_samples(planned, args.clicks, 0)
    busy_samples = pick_samples(planned, args.clicks, 1)
    samples = quiet_samples + busy_samples
    seconds["play histories"] = time.perf_counter() - started

    places = build_world(fake, len(planned))
    for match in samples:
        guild = places[match.index][0]
        match.clicker = fake.create_user(f"player {match.index}")
        fake.add_member(guild, match.clicker)

    started = time.perf_counter()
    repo = BulkRepository(path)
    await repo.open()
    now_text = to_db_time(dt.datetime.now(dt.UTC))
    rows: list[tuple[Any, ...]] = []
    actions = 0
    log_seconds = 0.0
    for match in planned:
        guild, channel = places[match.index]
        history = histories[match.history]
        host_id = (match.clicker.id if match.clicker is not None and match.waiting == [0]
                   else SYNTHETIC_USERS + match.index * 10)
        record = await repo.create_match(game=GAME, guild_id=guild.id, channel_id=channel.id,
                                         host_id=host_id, seed=history.seed, options={},
                                         locale=None)
        match.match_id, match.guild_id, match.channel_id = record.id, guild.id, channel.id
        seats = seat_records(match, record.id, host_id)
        if match.clicker is not None and match.waiting != [0]:
            waiting = match.waiting[0]
            seats[waiting] = seats[waiting].model_copy(update={"user_id": match.clicker.id})
        await repo.start_match(record.id, seats, history.start_json)
        for version in range(match.step):
            seat = history.seats_of[version]
            person = not seats[seat].is_bot
            last = version == match.step - 1
            rows.append((record.id, version, seat, seats[seat].user_id if person else None,
                         "player" if person else "bot", history.actions[version],
                         match.state_json if last else "", now_text, 0, None))
        actions += match.step
        if len(rows) >= 20_000:
            log_seconds -= time.perf_counter()
            await repo.append_many(rows)
            log_seconds += time.perf_counter()
            rows = []
        match.humans = [not s.is_bot for s in seats]
    if rows:
        log_seconds -= time.perf_counter()
        await repo.append_many(rows)
        log_seconds += time.perf_counter()
    seconds["create and start matches"] = time.perf_counter() - started - log_seconds
    seconds["append their logs"] = log_seconds

    started = time.perf_counter()
    timers: Counter[str] = Counter()
    due: list[tuple[int, int]] = []
    wall = time.time()
    clock_rng = random.Random(args.seed + 7)
    sampled = {m.match_id for m in samples}
    for match in planned:
        for seat in match.waiting:
            if not match.humans[seat]:
                # Armed BOT_MOVE_DELAY before its move; the process stopped in between.
                deadline = wall - args.downtime + clock_rng.uniform(0, BOT_MOVE_DELAY)
                timers["bot move"] += 1
            else:
                remaining = clock_rng.uniform(0, TURN_SECONDS)
                if remaining <= args.downtime and match.match_id not in sampled:
                    deadline = wall - args.downtime + remaining  # ran out while the bot was down
                else:
                    # Nobody clicks in this benchmark but the samples: left as they are, every
                    # open turn would time out within two minutes, as if all 10,000 tables had
                    # gone quiet at once. People answer their turns; these timers wait until
                    # after the run.
                    deadline = wall + AFTER_THE_RUN + remaining
                timers["turn"] += 1
            if deadline <= wall:
                timers["due at start"] += 1
                due.append((match.match_id, seat))
            await repo.set_timer(TimerRecord(
                match_id=match.match_id, seat=seat, version=match.step,
                deadline=dt.datetime.fromtimestamp(deadline, dt.UTC),
                warned=deadline - wall < TURN_SECONDS / 2))
    seconds["write timers"] = time.perf_counter() - started

    started = time.perf_counter()
    board_ids = await post_old_boards(repo, fake, samples)
    seconds["boards for the clicks"] = time.perf_counter() - started
    await repo.close()
    size = sum(p.stat().st_size for p in path.parent.glob(path.name + "*"))
    return BuiltDatabase(path, planned, quiet_samples, busy_samples, board_ids, timers, due,
                         actions, seconds, size)


async def post_old_boards(repo: SqliteRepository, fake: FakeDiscord,
                          samples: list[PlannedMatch]) -> dict[int, int]:
    """The board each sample match showed before the restart, rendered by the bot's own
    ``Desk`` and put straight into the fake's world, and remembered in the database as the bot
    remembers its boards."""
    service = MatchService(repo)
    # Desk only asks its app for the turn deadlines it prints.
    app = SimpleNamespace(timers=SimpleNamespace(deadline=lambda match_id, seat: None))
    desk = Desk(cast(Any, app))
    board_ids: dict[int, int] = {}
    for match in samples:
        live = await service.get(match.match_id)
        content, embeds, view = desk.board(live, live.record.locale)
        message = fake.world.add_message(FakeMessage(
            id=fake.ids.next(), channel_id=match.channel_id, author_id=fake.bot_user.id,
            content=content, embeds=[cast(dict[str, Any], e.to_dict()) for e in embeds],
            components=cast(Any, view.to_components()) if view is not None else [],
        ))
        await repo.save_message(match.match_id, "board", match.channel_id, message.id)
        board_ids[match.match_id] = message.id
        service.forget(match.match_id)
    return board_ids


def report_build(built: BuiltDatabase, args: argparse.Namespace) -> None:
    steps = [m.step for m in built.matches]
    print(f"\nDatabase: {len(built.matches):,} active matches from {args.histories} distinct "
          f"bot games (4-6 seats), {built.actions:,} logged actions "
          f"(per match: median {statistics.median(steps):.0f}, max {max(steps)}), "
          f"{mib(built.file_bytes)} MiB on disk")
    waiting_on_bot = sum(1 for m in built.matches if m.waiting_on_bot)
    print(f"Timers: {built.timers['turn']:,} turn timers, {built.timers['bot move']:,} bot moves "
          f"({waiting_on_bot:,} matches wait for a bot); the process stopped {args.downtime:g} s "
          f"before the start, so {built.timers['due at start']:,} are due at start")
    print("Build: " + ", ".join(f"{name} {secs:.1f} s" for name, secs in built.seconds.items()))


# ==============================================================================================
# Part 1: restore
# ==============================================================================================
@dataclass
class Click:
    match: PlannedMatch
    kind: str  # "move" (a button on the board) or "My hand"
    seconds: float  # from the click to the bot's first answer
    works: bool
    warm_seconds: float = float("nan")
    warm_works: bool = False


@dataclass
class RestoreResult:
    hook_seconds: float = 0.0  # setup_hook: database, migrations, cogs, command sync, timers
    ready_seconds: float = 0.0
    first_click_seconds: float = 0.0
    first_click_works: bool = False
    clicks: list[Click] = field(default_factory=list)
    rss: dict[str, int] = field(default_factory=dict)
    loads: dict[str, int] = field(default_factory=dict)
    distinct: dict[str, int] = field(default_factory=dict)  # matches loaded at least once
    replayed: dict[str, int] = field(default_factory=dict)
    acts: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)
    lag: list[float] = field(default_factory=list)
    burst_seconds: float = 0.0  # from ready until every match with a due timer was loaded
    untried: int = 0  # sample clicks left out when the time budget ran out
    timeline: list[tuple[float, int, int]] = field(default_factory=list)
    places: Counter[str] = field(default_factory=Counter)
    gc_seconds: float = 0.0
    gc_longest: float = 0.0
    wall_seconds: float = 0.0
    cpu_seconds: float = 0.0
    cpu_wait: float = 0.0
    problems: list[str] = field(default_factory=list)


async def hand_answer_works(result: Any, match_id: int) -> bool:
    """The private panel came back: an ephemeral answer carrying the panel's own buttons,
    either at once or, for a match that was not in memory, as a private follow-up to a click
    acknowledged first."""
    callback = result.callback
    if callback is None or not callback.accepted:
        return False
    if callback.type == 4:
        return callback.ephemeral and f"pl:h:{match_id}" in custom_ids_in(
            (callback.data or {}).get("components"))
    if callback.type not in (5, 6):
        return False
    try:
        if callback.type == 5:
            panel = await result.wait_original(timeout=10)
        else:
            [panel] = await result.wait_followups(1, timeout=10)
    except (AssertionError, ValueError):
        return False
    return bool(panel.ephemeral) and f"pl:h:{match_id}" in panel.custom_ids()


async def click_old_board(fake: FakeDiscord, client: ParlorClient, match: PlannedMatch,
                          board_id: int, timeout: float) -> Click:
    """The person the match waits for clicks its board: a move when the board offers one
    (answered by editing the board), else "My hand" (answered with the private panel). A click
    the bot does not answer within ``timeout`` counts as not working."""
    assert match.clicker is not None
    board = fake.message(board_id)
    seat = match.waiting[0]
    moves = [c for c in board.custom_ids()
             if c.startswith(f"pl:a:{match.match_id}:") and c.split(":")[4] == str(seat)]
    kind = "move" if moves else "My hand"
    custom_id = moves[0] if moves else f"pl:h:{match.match_id}"
    try:
        result = await fake.click(match.clicker, board, custom_id, timeout=timeout)
    except AssertionError:  # the fake's wait for the answer timed out
        return Click(match, kind, float("inf"), False)
    callback = result.callback
    assert callback is not None
    if moves:
        version = (await client.parlor.repo.get_match(match.match_id)).version
        works = callback.accepted and callback.type in (6, 7) and version == match.step + 1
    else:
        works = await hand_answer_works(result, match.match_id)
    return Click(match, kind, callback.elapsed, works)


async def click_hand_again(fake: FakeDiscord, click: Click, board_id: int) -> None:
    """A second click on the same match, now in the cache: the warm twin of the first."""
    assert click.match.clicker is not None
    try:
        result = await fake.click(click.match.clicker, fake.message(board_id),
                                  f"pl:h:{click.match.match_id}", timeout=60)
    except AssertionError:
        return
    assert result.callback is not None
    click.warm_seconds = result.callback.elapsed
    click.warm_works = await hand_answer_works(result, click.match.match_id)


async def watch_loads(repo: CountingRepository, meter: ActMeter, since: float,
                      timeline: list[tuple[float, int, int]]) -> None:
    """Every half second: (seconds since ready, matches loaded, moves made)."""
    while True:
        timeline.append((time.perf_counter() - since, repo.loads, len(meter.samples)))
        await asyncio.sleep(0.5)


async def burst_over(repo: CountingRepository, due: set[int], since: float, limit: float
                     ) -> float:
    """Seconds from ``since`` until every match with a timer due at start has been loaded (at
    most ``limit`` seconds from now; NaN when that was not enough)."""
    deadline = time.perf_counter() + limit
    while not due <= repo.loaded:
        if time.perf_counter() > deadline:
            return float("nan")
        await asyncio.sleep(0.05)
    return time.perf_counter() - since


def import_seconds() -> float:
    """Seconds a fresh interpreter takes to import the bot (a real restart pays this first)."""
    code = ("import time, importlib; t = time.perf_counter(); import bot.app; "
            "[importlib.import_module(cog) for cog in bot.app.COGS]; "
            "print(time.perf_counter() - t)")
    try:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=120, check=True, cwd=Path(__file__).resolve().parent.parent)
        return float(done.stdout.strip().splitlines()[-1])
    except (subprocess.SubprocessError, ValueError, IndexError):
        return float("nan")


async def measure_restore(built: BuiltDatabase, fake: FakeDiscord, args: argparse.Namespace,
                          tmp: Path, path: Path, samples: list[PlannedMatch],
                          due_matches: set[int]) -> RestoreResult:
    """One restart of the real client on the database at ``path``; ``samples`` are clicked."""
    result = RestoreResult()
    settings = make_settings(tmp, fake, database_path=path,
                             bot_move_delay=BOT_MOVE_DELAY, board_edit_delay=BOARD_EDIT_DELAY,
                             default_turn_seconds=TURN_SECONDS)
    repo = CountingRepository(path)
    client = ParlorClient(settings, repo, guild_ready_timeout=FAST_GUILD_READY_TIMEOUT)
    quiet_identify(client)
    meter = ActMeter(client.parlor.service)
    marks: dict[str, float] = {}
    original_hook = client.setup_hook

    async def timed_hook() -> None:
        await original_hook()
        marks["hook"] = time.perf_counter()

    client.setup_hook = timed_hook  # type: ignore[method-assign]
    lag = LoopLag()
    gc_clock: GcClock | None = None

    def note(moment: str) -> None:
        result.rss[moment] = rss_bytes()
        result.loads[moment] = repo.loads
        result.distinct[moment] = len(repo.loaded)
        result.replayed[moment] = repo.replayed_actions

    result.rss["before start"] = settled_rss()
    result.loads["before start"] = result.replayed["before start"] = 0
    result.distinct["before start"] = 0
    lag.start()
    cpu, waited = time.process_time(), cpu_wait_seconds()
    started = time.perf_counter()
    task = asyncio.create_task(client.start(fake.token), name="parlor")
    try:
        while not client.is_ready():
            if task.done():
                task.result()
                raise RuntimeError("the client stopped before it was ready")
            await asyncio.sleep(0.001)
        result.ready_seconds = time.perf_counter() - started
        result.hook_seconds = marks.get("hook", started) - started
        note("at ready")
        ready_at = time.perf_counter()
        gc_clock = GcClock()
        gc_clock.start()
        sampler = CpuSampler()
        sampler.start()
        profiler = start_profile() if args.profile else None
        watch = asyncio.create_task(watch_loads(repo, meter, ready_at, result.timeline))
        # The clicks, and the wait for the due matches, share one time budget: on a saturated
        # process each would wait its full timeout, and the run would never end.
        budget_ends = ready_at + args.click_timeout

        def left() -> float:
            return max(0.5, budget_ends - time.perf_counter())

        if samples:
            first = await click_old_board(fake, client, samples[0],
                                          built.board_ids[samples[0].match_id], left())
            result.clicks.append(first)
            result.first_click_works = first.works
            result.first_click_seconds = (time.perf_counter() - started
                                          if first.seconds < float("inf") else float("inf"))
            note("after the first click")
        # Matches whose timers fell due while the bot was down load and move now; the other
        # clicks wait until that burst is over, so they measure a match loaded on demand.
        result.burst_seconds = await burst_over(repo, due_matches, ready_at, left())
        note("due matches loaded")
        for match in samples[1:]:
            if time.perf_counter() > budget_ends:
                result.untried += 1
                continue
            result.clicks.append(await click_old_board(
                fake, client, match, built.board_ids[match.match_id],
                min(CLICK_TIMEOUT, left())))
        for click in result.clicks:
            if time.perf_counter() < budget_ends:
                await click_hand_again(fake, click, built.board_ids[click.match.match_id])
        note("after the clicks")
        await asyncio.sleep(args.observe)
        note(f"{args.observe:g} s later")
        watch.cancel()
        sampler.stop()
        gc_clock.stop()
        result.places = sampler.counts
        result.gc_seconds, result.gc_longest = gc_clock.seconds, gc_clock.longest
        if profiler is not None:
            print_profile(profiler, "the restart, from ready to the end")
        result.wall_seconds = time.perf_counter() - started
        result.cpu_seconds = time.process_time() - cpu
        result.cpu_wait = cpu_wait_seconds() - waited
    finally:
        if gc_clock is not None:
            gc_clock.stop()
        await client.close()
        try:
            await asyncio.wait_for(task, 10.0)
        except (TimeoutError, asyncio.CancelledError):
            pass
        except Exception as failure:  # the figures are taken; the bot's shutdown is reported
            result.problems.append(f"client shutdown: {failure!r}")
        await lag.stop()
    result.acts = Counter(s.source for s in meter.samples)
    result.refused = meter.refused
    result.lag = [lag for _, lag in lag.samples]
    result.problems += fake.problems()
    # The next restart reports its own problems only.
    fake.take_violations()
    fake.take_invalid_payloads()
    fake.take_unanswered()
    return result


def report_restore(title: str, due_matches: int, result: RestoreResult,
                   args: argparse.Namespace) -> None:
    print(f"\n{title}:")
    first = result.clicks[0] if result.clicks else None
    rows = [
        ["start -> setup done (db, cogs, sync, timers)", f"{result.hook_seconds:.2f}", ""],
        ["start -> ready", f"{result.ready_seconds:.2f}",
         f"target < {TARGET_RESTORE_SECONDS:g} s"],
    ]
    if first is not None:
        rows.append([f"start -> first old-board click answered ({first.kind}, "
                     f"{first.match.step} actions replayed)",
                     f"{result.first_click_seconds:.2f}",
                     "works" if result.first_click_works else
                     f"FAILED (answer after {first.seconds:.1f} s)" if first.seconds < 1e9 else
                     "NOT ANSWERED in the time budget"])
    if due_matches:
        rows.append([f"ready -> the {due_matches:,} matches with a timer due at start loaded",
                     f"{result.burst_seconds:.2f}", ""])
    print_table(["step", "seconds", "note"], rows)
    points = []
    for mark in (1, 2, 5, 10, 20, 30, 60, 120):
        before = [entry for entry in result.timeline if entry[0] <= mark]
        if before and result.timeline[-1][0] >= mark:
            points.append(f"{mark} s: {before[-1][1]:,} loaded, {before[-1][2]:,} moves")
    if points:
        print("After ready — " + "; ".join(points))

    print("\nMatches in memory (loaded = snapshot parsed; logs replayed in the background) "
          "and process RSS:")
    rows = []
    for moment, rss in result.rss.items():
        rows.append([moment, f"{result.distinct.get(moment, 0):,}",
                     f"{result.loads.get(moment, 0):,}", f"{result.replayed.get(moment, 0):,}",
                     mib(rss), f"{(rss - result.rss['before start']) / 2**20:+.1f}"])
    print_table(["moment", "matches loaded", "loads", "actions replayed (log checks)", "RSS MiB",
                 "vs before"], rows)
    print("  (a match loaded twice was asked for by two callers at once, or reloaded after a "
          "stale append)")
    print(f"  Moves made after the start: {dict(result.acts)}; refused: {dict(result.refused)}. "
          f"Loop lag p99 {ms(percentile(result.lag, 0.99))} ms, "
          f"max {ms(max(result.lag, default=0.0))} ms. From start to the end: "
          f"{result.wall_seconds:.1f} s, CPU {100 * result.cpu_seconds / result.wall_seconds:.0f}%"
          f" of one core, waiting for a core {100 * result.cpu_wait / result.wall_seconds:.0f}%.")

    print(f"  Garbage collector from ready to the end: {result.gc_seconds:.1f} s, the longest "
          f"pause {ms(result.gc_longest)} ms. The other CPU, by SIGPROF samples: "
          + shares(Counter({p: n for p, n in result.places.items()
                            if p != "garbage collector"})))
    if result.clicks:
        print(f"\nClicks on boards posted before the restart ({len(result.clicks)} matches, "
              "one after the other; cold = the click loads the match, warm = a second click):")
        rows = []
        for kind in ("move", "My hand"):
            group = [c for c in result.clicks if c.kind == kind]
            if not group:
                continue
            cold = [c.seconds for c in group]
            rows.append([f"cold, {kind}", str(len(group)),
                         f"{sum(c.works for c in group)}/{len(group)}",
                         ms(percentile(cold, 0.5)), ms(max(cold)),
                         f"{statistics.fmean(c.match.step for c in group):.0f}"])
        warm = [c.warm_seconds for c in result.clicks if not math.isnan(c.warm_seconds)]
        if warm:
            rows.append(["warm, My hand", str(len(warm)),
                         f"{sum(c.warm_works for c in result.clicks)}/{len(warm)}",
                         ms(percentile(warm, 0.5)), ms(max(warm)), "-"])
        print_table(["click", "n", "answered right", "p50 ms", "max ms", "mean log length"],
                    rows)
        if result.untried:
            print(f"  {result.untried} more clicks were not tried: the {args.click_timeout:g} s "
                  "budget ran out")
    print(f"Fake Discord problems: {len(result.problems)}")
    for problem in result.problems[:5]:
        print(f"  ! {problem}")


# ==============================================================================================
# Part 2: memory per active match
# ==============================================================================================
@dataclass
class MemoryResult:
    count: int
    load_seconds: float
    rss_per_match: float
    parts: dict[str, float]  # bytes per match, traced
    leftover: float  # per match: traced bytes still held once every match was dropped
    parsed_state: float  # per match: a state parsed from its snapshot instead of replayed
    parsed_prompts: float
    events_kept: float  # mean events in a match's recent buffer
    mean_step: float
    sites: list[tuple[str, float]]  # allocation site -> bytes per match
    parse_seconds: float  # a state parsed from its snapshot JSON, and its prompts


RSS_PROBE_LINE = "rss-per-match:"


async def rss_probe(path: Path, count: int, seed: int) -> float:
    """RSS growth per match loaded (and asked for its prompts), in a fresh interpreter: in the
    benchmark's own process, memory freed by the earlier parts would be reused and hide it."""
    repo = SqliteRepository(path)
    await repo.open()
    try:
        ids = [record.id async for record in repo.iter_open_matches()]
        random.Random(seed + 5).shuffle(ids)
        service = MatchService(repo, max_cached=count + 100)
        for match_id in ids[:20]:  # one-time caches (validators, catalogs) are not a match's
            (await service.get(match_id)).pending()
            service.forget(match_id)
        before = settled_rss()
        for match_id in ids[20:20 + count]:
            (await service.get(match_id)).pending()
        return (settled_rss() - before) / max(1, min(count, len(ids) - 20))
    finally:
        await repo.close()


def rss_in_fresh_interpreter(path: Path, count: int, seed: int) -> float:
    done = subprocess.run(
        [sys.executable, "-m", "bench.scale", "--rss-probe", str(path), "--sample", str(count),
         "--seed", str(seed)], capture_output=True, text=True, cwd=REPOSITORY, timeout=600,
        check=False)
    for line in done.stdout.splitlines():
        if line.startswith(RSS_PROBE_LINE):
            return float(line.split()[1])
    return float("nan")


def traced() -> int:
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


async def measure_memory(path: Path, args: argparse.Namespace) -> MemoryResult:
    """Matches loaded as the bot loads them (``service.get``: the log replayed) and then asked
    for their prompts, as a table in play always has been (the board and the timers ask)."""
    repo = SqliteRepository(path)
    await repo.open()
    try:
        ids = [record.id async for record in repo.iter_open_matches()]
        rng = random.Random(args.seed + 3)
        rng.shuffle(ids)
        count = min(args.sample, len(ids) // 2)
        warm_up, timed_loads, by_trace = ids[:20], ids[:count], ids[count:2 * count]
        service = MatchService(repo, max_cached=4 * count + 100)
        game = registry.get(GAME)
        for match_id in warm_up:  # one-time caches (validators, catalogs) are not a match's
            (await service.get(match_id)).pending()
        await service.log_checks.drain()
        for match_id in warm_up:
            service.forget(match_id)

        started = time.perf_counter()
        for match_id in timed_loads:
            (await service.get(match_id)).pending()
        load_seconds = (time.perf_counter() - started) / max(1, count)
        await service.log_checks.drain()  # the background replays, timed apart
        for match_id in timed_loads:
            service.forget(match_id)

        gc.collect()
        tracemalloc.start(1)
        try:
            base = traced()
            first = tracemalloc.take_snapshot()
            lives: list[LiveMatch] = [await service.get(match_id) for match_id in by_trace]
            await service.log_checks.drain()  # as a table in play has: its recent events back
            cold = traced()
            for live in lives:
                live.pending()
            warm = traced()
            loaded = tracemalloc.take_snapshot()
            events_kept = statistics.fmean(len(live.recent) for live in lives)
            mean_step = statistics.fmean(live.version for live in lives)
            for live in lives:
                live.recent.clear()
            without_events = traced()
            for live in lives:
                live.state = None
            without_state = traced()
            for match_id in by_trace:
                service.forget(match_id)
            lives.clear()
            gone = traced()

            snapshots = [await repo.snapshot(match_id) for match_id in by_trace]
            parsed_before = traced()
            states = [game.parse_state(s[1]) for s in snapshots if s is not None]
            parsed = traced()
            for state in states:
                game.pending(state)
            parsed_with_prompts = traced()
        finally:
            tracemalloc.stop()
        started = time.perf_counter()
        for snapshot in snapshots:
            if snapshot is not None:
                game.pending(game.parse_state(snapshot[1]))
        parse_seconds = (time.perf_counter() - started) / max(1, len(snapshots))
    finally:
        await repo.close()

    rss_per_match = rss_in_fresh_interpreter(path, count, args.seed)
    n = max(1, count)
    prompts = warm - cold
    parts = {
        "state": (without_events - without_state - prompts) / n,
        "prompts cached on the state": prompts / n,
        "recent events": (warm - without_events) / n,
        "record, seats, LiveMatch, cache entry": (without_state - gone) / n,
    }
    parts["total"] = (warm - base) / n
    sites = [(str(stat.traceback[0].filename).split("site-packages/")[-1]
              .replace(str(Path.cwd()) + "/", ""), stat.size_diff / n)
             for stat in loaded.compare_to(first, "filename")[:8]]
    return MemoryResult(count, load_seconds, rss_per_match, parts, (gone - base) / n,
                        (parsed - parsed_before) / n, (parsed_with_prompts - parsed) / n,
                        events_kept, mean_step, sites,
                        parse_seconds)


def report_memory(result: MemoryResult) -> None:
    total = result.parts["total"]
    print(f"\nMemory of one active match: {result.count:,} matches loaded into a MatchService "
          f"(mean log {result.mean_step:.0f} actions; {ms(result.load_seconds)} ms per load, "
          f"the replay included)")
    rows = [[name, kib(size), f"{100 * size / total:.0f}%" if name != "total" else "100%"]
            for name, size in result.parts.items()]
    rows.append(["RSS growth (fresh interpreter, no tracemalloc)", kib(result.rss_per_match),
                 ""])
    print_table(["part (tracemalloc)", "KiB per match", "share"], rows)
    verdict = "met" if total <= TARGET_BYTES_PER_MATCH else "MISSED"
    print(f"Target <= {TARGET_BYTES_PER_MATCH // 1024} KiB per match: {verdict}. "
          f"Recent events: {result.events_kept:.1f} kept per match, "
          f"{result.parts['recent events'] / max(1.0, result.events_kept):.0f} bytes each.")
    print(f"What-if: a state parsed from its snapshot JSON instead of replayed: "
          f"{result.parse_seconds * 1e6:.0f} µs (with its prompts) instead of "
          f"{ms(result.load_seconds)} ms; {kib(result.parsed_state)} KiB, its prompts "
          f"{kib(result.parsed_prompts)} KiB. "
          f"Still held after every match was dropped (engine caches): "
          f"{kib(result.leftover)} KiB per match.")
    print("Where the loaded matches' bytes were allocated (by file, per match):")
    print_table(["file", "KiB per match"], [[name, kib(size)] for name, size in result.sites])


# ==============================================================================================
# Part 3: many tables at once over the fake Discord
# ==============================================================================================
@dataclass
class Table:
    host: FakeUser
    channel: FakeChannel
    seats: int
    match_id: int = 0
    board_id: int = 0
    failure: str | None = None


@dataclass
class WindowResult:
    name: str
    seconds: float
    acts: list[ActSample]
    requests: Counter[str]  # by "METHOD route"
    interaction_requests: int
    bot_token_requests: int
    failed_requests: Counter[str]  # by status
    lag: list[float]
    probes: list[float]
    probe_failures: int
    cpu_seconds: float
    cpu_wait: float  # seconds the process was ready to run but other processes had the CPUs
    finished: int
    rss: int
    refused: int  # act calls refused (a bot or timer acting on a version that moved on)
    loop_cpu: float  # CPU seconds of the event loop's thread
    drawing_cpu: float  # CPU seconds the picture workers spent drawing, as they report it
    worker_cpu: float  # CPU seconds of the picture worker processes, from /proc (all of it)
    choosing_cpu: float  # CPU seconds of the bots' choosing processes, from /proc
    choices: int  # bot moves chosen in those processes
    gc_seconds: float
    gc_longest: float
    gc_full: int
    places: Counter[str]  # CPU samples, by who was running


class RequestLog:
    """Keeps the fake's request records light: once answered, a record loses its bodies (the
    counts need only method, route, time and status), so a long run does not fill memory."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self._cursor = 0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self.lighten()

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(0.5)
            self.lighten()

    def lighten(self) -> None:
        records = self.fake.requests
        index = self._cursor
        complete_prefix = True
        # A request the client gave up on is never answered; after a minute it is passed over
        # so that each pass stays short.
        stale = asyncio.get_running_loop().time() - 60.0
        while index < len(records):
            record = records[index]
            if record.status:
                record.json = record.response = None
            elif complete_prefix and record.time > stale:
                self._cursor = index
                complete_prefix = False
            index += 1
        if complete_prefix:
            self._cursor = index

    def between(self, start: float, end: float) -> list[Any]:
        return [r for r in self.fake.requests if start <= r.time <= end]


async def open_table(fake: FakeDiscord, client: ParlorClient, table: Table) -> None:
    """/<game> start, bots in every other seat, start; then the host leaves from the private
    panel and a bot takes the seat, so the whole table plays by itself."""
    host, timeout = table.host, 60.0

    async def clicked(message: FakeMessage, custom_id: str) -> Any:
        result = await fake.click(host, message, custom_id, timeout=timeout)
        if result.callback is None or not result.callback.accepted:
            raise RuntimeError(f"{custom_id}: {result.callback}")
        return result

    opened = await fake.run_slash(host, table.channel, f"{GAME} start", {}, timeout=timeout)
    lobby = await opened.wait_original(timeout=timeout)
    join = next(c for c in lobby.custom_ids() if c.endswith(":join"))
    table.match_id = int(join.split(":")[2])
    for _ in range(table.seats - 1):
        await clicked(lobby, f"pl:l:{table.match_id}:addbot")
    await clicked(lobby, f"pl:l:{table.match_id}:start")
    # A slow start is answered with a defer first; the board follows.
    give_up = time.perf_counter() + timeout
    while not table.board_id:
        boards = [m for m in await client.parlor.repo.messages(table.match_id)
                  if m.kind == "board"]
        if boards:
            table.board_id = boards[0].message_id
        elif time.perf_counter() > give_up:
            raise RuntimeError("no board after the start")
        else:
            await asyncio.sleep(0.1)
    shown = await clicked(fake.message(table.board_id), f"pl:h:{table.match_id}")
    panel = await shown.wait_original(timeout=timeout)
    await clicked(panel, f"pl:seat:{table.match_id}:leave")
    await clicked(panel, f"pl:seat:{table.match_id}:leaveyes")


class Prober:
    """A host clicks "My hand" on their board now and then: how long a person waits for an
    answer while the tables play (Discord gives the bot 3 s)."""

    def __init__(self, fake: FakeDiscord, tables: list[Table], every: float, seed: int) -> None:
        self.fake = fake
        self.tables = [t for t in tables if t.failure is None]
        self.every = every
        self.rng = random.Random(seed)
        self.samples: list[tuple[float, float]] = []  # (when, seconds to the first answer)
        self.failures: list[float] = []
        self._task: asyncio.Task[None] | None = None
        self._clicks: set[asyncio.Task[None]] = set()

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await asyncio.gather(*self._clicks, return_exceptions=True)

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            task = asyncio.create_task(self._probe(self.rng.choice(self.tables)))
            self._clicks.add(task)
            task.add_done_callback(self._clicks.discard)

    async def _probe(self, table: Table) -> None:
        board = self.fake.message(table.board_id)
        custom_id = f"pl:h:{table.match_id}"
        if custom_id not in board.custom_ids():
            return  # the game is over: the board has no buttons left
        try:
            result = await self.fake.click(table.host, board, custom_id, timeout=30)
        except Exception:  # a timeout (AssertionError) or a refused request
            self.failures.append(time.perf_counter())
            return
        callback = result.callback
        if callback is None or not callback.accepted:
            self.failures.append(time.perf_counter())
        else:
            self.samples.append((time.perf_counter(), callback.elapsed))


class Finishes:
    def __init__(self) -> None:
        self.at: list[float] = []

    async def on_change(self, change: Any) -> None:
        if change.kind == "finished":
            self.at.append(time.perf_counter())


async def measure_window(name: str, seconds: float, *, fake: FakeDiscord, meter: ActMeter,
                         requests: RequestLog, lag: LoopLag, prober: Prober,
                         finishes: Finishes, profile: bool) -> WindowResult:
    loop = asyncio.get_running_loop()
    offset = time.perf_counter() - loop.time()  # request records carry loop time
    loop_thread = threading.get_native_id()
    threads = thread_cpu_seconds()
    workers = children_cpu_seconds()
    drawn, chosen = DRAWING.seconds, CHOOSING.choices
    with GcClock() as gc_clock:
        sampler = CpuSampler()
        sampler.start()
        start, cpu, waited = time.perf_counter(), time.process_time(), cpu_wait_seconds()
        profiler = start_profile() if profile else None
        await asyncio.sleep(seconds)
        if profiler is not None:
            print_profile(profiler, f"the {name} window")
        end, cpu_used = time.perf_counter(), time.process_time() - cpu
        waited = cpu_wait_seconds() - waited
        sampler.stop()
    loop_cpu = thread_cpu_seconds().get(loop_thread, 0.0) - threads.get(loop_thread, 0.0)
    drawing_cpu = DRAWING.seconds - drawn
    choosers = worker_pids()
    spent = {pid: cpu - workers.get(pid, 0.0) for pid, cpu in children_cpu_seconds().items()}
    worker_cpu = sum(cpu for pid, cpu in spent.items() if pid not in choosers)
    choosing_cpu = sum(cpu for pid, cpu in spent.items() if pid in choosers)
    requests.lighten()
    records = requests.between(start - offset, end - offset)
    by_route: Counter[str] = Counter(f"{r.method} {r.route}" for r in records)
    failed: Counter[str] = Counter(str(r.status) for r in records
                                   if r.status and not 200 <= r.status < 300)
    interaction = sum(1 for r in records if r.interaction_route)
    probes = [s for when, s in prober.samples if start <= when <= end]
    probe_failures = sum(1 for when in prober.failures if start <= when <= end)
    return WindowResult(
        name, end - start, meter.between(start, end), by_route, interaction,
        len(records) - interaction, failed, lag.between(start, end), probes, probe_failures,
        cpu_used, waited, sum(1 for at in finishes.at if start <= at <= end),
        rss_bytes(), meter.refused_between(start, end),
        loop_cpu, drawing_cpu, worker_cpu, choosing_cpu, CHOOSING.choices - chosen,
        gc_clock.seconds, gc_clock.longest, gc_clock.full,
        sampler.counts)


@dataclass
class TablesResult:
    tables: list[Table]
    setup_seconds: float
    windows: list[WindowResult]
    late_acks: int
    late_while_opening: int  # of them, answered late before the tables were all open
    problems: list[str]
    rss_before: int


async def measure_tables(args: argparse.Namespace) -> TablesResult:
    with tempfile.TemporaryDirectory(prefix="parlor-scale-tables-") as tmp:
        async with FakeDiscord(rate_limits=RateLimitPolicy.unlimited()) as fake:
            places = build_world(fake, args.tables)
            tables = []
            for index, (guild, channel) in enumerate(places):
                host = fake.create_user(f"host {index}")
                fake.add_member(guild, host)
                tables.append(Table(host, channel, seats_for(4 + index % 3)))
            settings = make_settings(Path(tmp), fake, bot_move_delay=BOT_MOVE_DELAY,
                                     board_edit_delay=args.board_edit_delay,
                                     default_turn_seconds=0)
            rss_before = settled_rss()
            with point_discord_py_at(fake):
                client = make_client(settings)
                meter = ActMeter(client.parlor.service, explain=args.explain_acts)
                finishes = Finishes()
                client.parlor.service.subscribe(finishes.on_change)
                requests, lag = RequestLog(fake), LoopLag()
                requests.start()
                lag.start()
                windows: list[WindowResult] = []
                measured = False
                shutdown: list[str] = []
                try:
                    async with running(client, fake, timeout=60):
                        # Opening 1,000 tables takes a while; the first ones must not play
                        # meanwhile, or the last ones open on a saturated process.
                        meter.machines_may_move.clear()
                        started = time.perf_counter()
                        gate = asyncio.Semaphore(args.setup_concurrency)

                        async def one(table: Table) -> None:
                            async with gate:
                                try:
                                    await open_table(fake, client, table)
                                except Exception as failure:  # reported; the rest go on
                                    table.failure = repr(failure)[:200]

                        await asyncio.gather(*(one(t) for t in tables))
                        setup_seconds = time.perf_counter() - started
                        late_while_opening = sum(1 for v in fake.violations
                                                 if v.kind == "late_ack")
                        if args.gc_freeze:
                            gc.collect()
                            gc.freeze()  # what-if: what exists now is never scanned again
                        meter.machines_may_move.set()
                        prober = Prober(fake, tables, args.probe_every, args.seed)
                        prober.start()
                        common: dict[str, Any] = {
                            "fake": fake, "meter": meter, "requests": requests, "lag": lag,
                            "prober": prober, "finishes": finishes}
                        # Every table's first bot moves were held back; let that wave pass.
                        await asyncio.sleep(args.settle)
                        windows.append(await measure_window(
                            f"production pace (bots move {BOT_MOVE_DELAY:g} s after "
                            "their prompt)", args.seconds, profile=args.profile, **common))
                        settings.bot_move_delay = args.bot_delay
                        await asyncio.sleep(2.0 + BOT_MOVE_DELAY)  # entries armed before
                        windows.append(await measure_window(
                            f"saturated (bots move {args.bot_delay:g} s after their prompt)",
                            args.seconds, profile=args.profile, **common))
                        await prober.stop()
                        measured = True
                except Exception as failure:
                    if not measured:
                        raise
                    shutdown.append(f"client shutdown: {failure!r}")
                finally:
                    await requests.stop()
                    await lag.stop()
                late = [v for v in fake.violations if v.kind == "late_ack"]
                return TablesResult(tables, setup_seconds, windows, len(late),
                                    late_while_opening, shutdown + fake.problems(), rss_before)


def explain_acts(windows: list[WindowResult]) -> None:
    """With ``--explain-acts``: where the time of the acts over the target went."""
    rows = []
    for w in windows:
        explained = [s for s in w.acts if s.parts is not None]
        slow = [s for s in explained if s.seconds > TARGET_ACT_P99]
        if not slow:
            continue
        wall = sum(s.seconds for s in slow)
        cpu, wait, collecting = (sum(s.parts[i] for s in slow if s.parts is not None)
                                 for i in range(3))
        rest = wall - cpu - wait
        unwaited = [s.seconds - s.parts[1] for s in explained if s.parts is not None]
        parts = (cpu - collecting, collecting, wait, rest)
        rows.append([w.name, f"{len(slow)}", f"{wall / len(slow) * 1000:.1f}",
                     *(f"{100 * part / wall:.0f}%" for part in parts),
                     ms(percentile(unwaited, 0.99))])
    if rows:
        print(f"\nThe acts over {TARGET_ACT_P99 * 1000:.0f} ms, where their time went:")
        print_table(["window", "acts", "mean ms", "the loop's CPU", "GC",
                     "the loop waiting for a core", "the rest",
                     "act p99 less the waits for a core, ms"], rows)
        print("  The loop's CPU: the act's own work and every other coroutine that ran "
              "between its awaits (boards, clicks, the fake, other moves), the collector "
              "apart. The rest: waiting for SQLite's thread, for the interpreter (GIL) held "
              "by another thread, or idle. The last column takes each act's wait for a core "
              "away: a loaded machine's figure, nearer what the loop itself costs.")


def describe_route(route: str) -> str:
    names = {
        "PATCH /channels/{channel_id}/messages/{message_id}": "board edit",
        "POST /channels/{channel_id}/messages": "channel message (boards, reveals, notices)",
        "POST /interactions/{interaction_id}/{interaction_token}/callback":
            "interaction answer",
        "POST /users/@me/channels": "open a DM",
    }
    return names.get(route, route)


def report_tables(result: TablesResult, args: argparse.Namespace) -> None:
    failed = [t for t in result.tables if t.failure is not None]
    opened = len(result.tables) - len(failed)
    print(f"\n{len(result.tables):,} tables (4-6 seats, the host left at once so bots play "
          f"every seat) opened in {result.setup_seconds:.1f} s through "
          f"{sum(t.seats + 5 for t in result.tables):,} slash commands and clicks; "
          f"{opened:,} opened, {len(failed)} failed. Boards edited at most every "
          f"{args.board_edit_delay:g} s; the fake enforces no rate limit.")
    for table in failed[:3]:
        print(f"  ! table in #{table.channel.name}: {table.failure}")
    rows = []
    for w in result.windows:
        acts = [s.seconds for s in w.acts]
        bot_token = w.bot_token_requests / w.seconds
        rows.append([
            w.name, f"{w.seconds:.0f}", f"{len(acts) / w.seconds:.0f}",
            ms(percentile(acts, 0.5)), ms(percentile(acts, 0.99)),
            f"{(w.interaction_requests + w.bot_token_requests) / w.seconds:.0f}",
            f"{bot_token:.0f}", f"{100 * w.cpu_seconds / w.seconds:.0f}%",
            f"{100 * w.cpu_wait / w.seconds:.0f}%", f"{w.refused / w.seconds:.0f}",
            f"{100 * w.gc_seconds / w.seconds:.0f}% / {ms(w.gc_longest)}",
            ms(percentile(w.lag, 0.99)),
            f"{ms(percentile(w.probes, 0.5))} / {ms(percentile(w.probes, 0.99))}",
            f"{w.finished}", mib(w.rss),
        ])
    print_table(["window", "s", "actions/s", "act p50 ms", "act p99 ms", "REST/s",
                 "bot-token REST/s", "CPU", "CPU wait", "refused/s", "GC / longest ms",
                 "loop lag p99 ms",
                 "My hand p50/p99 ms", "games ended", "RSS MiB"], rows)
    print("  act: service.act end to end (match lock, engine, append, and the listeners it "
          "awaits: the next timers are written before it returns). CPU: this process's CPU "
          "time in % of one core; CPU wait: time its threads were ready but other processes "
          "held the cores. refused/s: bot moves refused because the match moved on first "
          "(act.stale). GC: wall time in the cyclic garbage collector, the whole process stands "
          f"still meanwhile. Discord allows {DISCORD_GLOBAL_PER_SECOND} bot-token requests/s per "
          "bot; interaction answers are exempt.")
    explain_acts(result.windows)
    print("\nWhere the CPU went (per action; threads from /proc; the fake's share from SIGPROF "
          "samples of the process's CPU time):")
    rows = []
    for w in result.windows:
        applied = max(1, len(w.acts))
        split = cpu_split(w)

        def per_action(seconds: float, n: int = applied) -> str:
            return f"{seconds / n * 1000:.2f}"

        rows.append([w.name, per_action(w.cpu_seconds),
                     per_action(w.cpu_seconds - w.loop_cpu),
                     per_action(w.gc_seconds),
                     per_action(split["fake Discord"]),
                     per_action(split["the benchmark's own probes"]),
                     per_action(split[BOT_ALONE]),
                     f"{applied / max(1e-9, split[BOT_ALONE]):.0f}",
                     per_action(w.worker_cpu), per_action(w.drawing_cpu),
                     per_action(w.choosing_cpu), f"{w.choices}"])
    print_table(["window", "CPU ms/action", "other threads", "GC", "the fake",
                 "the meters", "the bot alone", "actions per bot CPU-second",
                 "+ picture workers", "of it drawing", "+ choosing workers",
                 "moves chosen there"], rows)
    print("  This process: other threads are all but the event loop's (SQLite's worker, the WAL "
          "checkpointer, the picture pool's hand-off); GC measured; the fake and the meters: "
          "their share of SIGPROF samples of the rest; the bot alone: all but the fake and the "
          "meters, GC included. Picture workers: the CPU of the drawing processes (on the "
          "other cores, outside this process's figures), and of it the drawing itself as the "
          "workers time it. Choosing workers: the CPU of the processes where the bots of a "
          "game whose bot searches choose (bot/choosing.py; the other games' bots choose in "
          "this process's threads), and the moves they chose.")
    for w in result.windows:
        print(f"  {w.name}, by samples: {shares(w.places)}")
    for w in result.windows:
        print(f"\nRequests in the {w.name} window, per second:")
        rows = [[describe_route(route), route, f"{count / w.seconds:.1f}"]
                for route, count in w.requests.most_common(6)]
        print_table(["what", "route", "per s"], rows)
        if w.failed_requests or w.probe_failures:
            print(f"  non-2xx answers: {dict(w.failed_requests)}; failed My hand clicks: "
                  f"{w.probe_failures}")
    print(f"\nRSS: {mib(result.rss_before)} MiB before the client started. Interactions "
          f"answered after Discord's 3 s: {result.late_acks} ({result.late_while_opening} "
          "while the tables were being opened, "
          f"{result.late_acks - result.late_while_opening} after). Fake Discord problems: "
          f"{len(result.problems)}.")
    for problem in result.problems[:5]:
        print(f"  ! {problem}")
    worst = max((percentile([s.seconds for s in w.acts], 0.99) for w in result.windows),
                default=float("nan"))
    met = worst <= TARGET_ACT_P99 and result.late_acks == 0 and opened == len(result.tables)
    print(f"Target ({len(result.tables):,} tables, pictures on: act p99 <= "
          f"{TARGET_ACT_P99 * 1000:.0f} ms in every window, no interaction answered late): "
          f"{'met' if met else 'MISSED'} (worst window's act p99 {ms(worst)} ms, "
          f"{result.late_acks} late answers)")


# ==============================================================================================
# Running it
# ==============================================================================================
async def run_restore_and_memory(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="parlor-scale-") as tmp:
        path = Path(tmp) / "parlor.db"
        fake = FakeDiscord(rate_limits=RateLimitPolicy.unlimited())
        built = await build_database(path, fake, args)
        report_build(built, args)
        if args.part in ("restore", "restore+memory"):
            print(f"\nImporting the bot in a fresh interpreter: {import_seconds():.2f} s. Both "
                  f"restarts below run the production settings (bot moves {BOT_MOVE_DELAY:g} s, "
                  f"board edits {BOARD_EDIT_DELAY:g} s, turns {TURN_SECONDS} s).")
            # A copy without the due timers: a restart where nothing was waiting to happen.
            quiet = Path(tmp) / "quiet.db"
            shutil.copyfile(path, quiet)
            async with SqliteRepository(quiet) as repo:
                for match_id, seat in built.due:
                    await repo.clear_timers(match_id, seat)
            due = {match_id for match_id, _ in built.due}
            async with fake, asyncio.timeout(900):
                with point_discord_py_at(fake):
                    for title, where, samples, waiting in (
                        ("Restart with nothing due (the due timers removed from a copy)", quiet,
                         built.quiet_samples, set[int]()),
                        (f"Restart {args.downtime:g} s after the stop, {len(built.due):,} "
                         "timers due", path, built.busy_samples, due),
                    ):
                        with counted_logs() as logged:
                            restored = await measure_restore(built, fake, args, Path(tmp), where,
                                                             samples, waiting)
                        report_restore(title, len(waiting), restored, args)
                        logged.report()
        if args.part in ("memory", "restore+memory"):
            report_memory(await measure_memory(path, args))


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--part", default="all",
                        choices=["restore", "memory", "restore+memory", "tables", "all"])
    parser.add_argument("--rss-probe", type=Path, default=None, metavar="DB",
                        help=argparse.SUPPRESS)  # the memory part's fresh-interpreter RSS pass
    parser.add_argument("--matches", type=int, default=10_000,
                        help="active matches in the database (restore, memory)")
    parser.add_argument("--histories", type=int, default=100,
                        help="distinct bot games the matches are cut from")
    parser.add_argument("--bot-wait", type=float, default=0.02,
                        help="share of the matches whose next move is a bot's (due at start)")
    parser.add_argument("--downtime", type=float, default=5.0,
                        help="seconds the bot was down before the restart")
    parser.add_argument("--clicks", type=int, default=20,
                        help="old boards clicked after the restart")
    parser.add_argument("--click-timeout", type=float, default=60.0,
                        help="seconds after ready for the clicks and the due matches' loads "
                             "together")
    parser.add_argument("--observe", type=float, default=5.0,
                        help="seconds watched after the clicks")
    parser.add_argument("--sample", type=int, default=1_000,
                        help="matches loaded for the memory measurement")
    parser.add_argument("--tables", type=int, default=1_000,
                        help="tables playing at once (tables part)")
    parser.add_argument("--seconds", type=float, default=20.0,
                        help="length of each measured window of the tables part")
    parser.add_argument("--settle", type=float, default=5.0,
                        help="seconds between the tables' start and the first window")
    parser.add_argument("--bot-delay", type=float, default=0.0,
                        help="seconds a bot waits in the saturated window")
    parser.add_argument("--board-edit-delay", type=float, default=BOARD_EDIT_DELAY)
    parser.add_argument("--setup-concurrency", type=int, default=25,
                        help="tables being opened at the same time")
    parser.add_argument("--probe-every", type=float, default=0.5,
                        help="seconds between two 'My hand' clicks during the windows")
    parser.add_argument("--gc-freeze", action="store_true",
                        help="tables what-if: gc.freeze() once the tables are open")
    parser.add_argument("--gc-threshold", type=int, default=None, metavar="N",
                        help="tables what-if: the garbage collector's first threshold (700)")
    parser.add_argument("--explain-acts", action="store_true",
                        help="tables: split the slow acts' time (the loop's CPU, its wait "
                             "for a core, GC, the rest)")
    parser.add_argument("--profile", action="store_true",
                        help="cProfile the restart (from ready) and both windows")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", default="all", choices=["all", *registry.names()],
                        help="the game played (all: each registered game in turn)")
    parser.add_argument("--quick", action="store_true", help="small sizes, a smoke run")
    args = parser.parse_args(argv)
    if args.quick:
        args.matches = min(args.matches, 400)
        args.histories = min(args.histories, 30)
        args.clicks = min(args.clicks, 5)
        args.observe = min(args.observe, 2.0)
        args.sample = min(args.sample, 100)
        args.tables = min(args.tables, 20)
        args.seconds = min(args.seconds, 3.0)
        args.settle = min(args.settle, 2.0)
    return args


def without_option(argv: list[str], name: str) -> list[str]:
    """``argv`` without ``name VALUE`` / ``name=VALUE``."""
    rest: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == name:
            skip = True
        elif not arg.startswith(f"{name}="):
            rest.append(arg)
    return rest


def in_child_processes(argv: list[str], option: str, values: list[str]) -> int:
    """Each value of ``option`` in a fresh interpreter (``--game all``: one game after another;
    ``--part all``: the database parts and the tables part, so that neither inherits the
    other's memory (RSS) or garbage)."""
    rest = without_option(argv, option)
    for value in values:
        sys.stdout.flush()
        done = subprocess.run([sys.executable, "-m", "bench.scale", option, value, *rest],
                              cwd=REPOSITORY, check=False)
        if done.returncode != 0:
            return done.returncode
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = parse_args(argv)
    if args.rss_probe is not None:
        per_match = asyncio.run(rss_probe(args.rss_probe, args.sample, args.seed))
        print(f"{RSS_PROBE_LINE} {per_match:.0f}")
        return 0
    if args.game == "all":
        return in_child_processes(argv, "--game", registry.names())
    if args.part == "all":
        return in_child_processes(argv, "--part", ["restore+memory", "tables"])
    global GAME
    GAME = args.game
    title = registry.get(GAME).spec.title
    # Warnings and errors are counted and summed up in the report, not printed one by one.
    logging.basicConfig(level=logging.WARNING, handlers=[logging.NullHandler()])
    print(f"Machine: {machine_line()}")
    if args.part in ("restore", "memory", "restore+memory"):
        print(f"\n== Restart and memory: {args.matches:,} active {title} matches ==")
        asyncio.run(run_restore_and_memory(args))
    if args.part == "tables":
        if args.gc_threshold is not None:
            gc.set_threshold(args.gc_threshold, *gc.get_threshold()[1:])
        print(f"\n== {args.tables:,} {title} tables at once in one ParlorClient, over the fake "
              "Discord in the same process ==")
        if args.gc_freeze or args.gc_threshold is not None:
            print(f"What-if: garbage collector thresholds {gc.get_threshold()}"
                  + (", gc.freeze() once the tables are open" if args.gc_freeze else ""))
        with counted_logs() as logged:
            result = asyncio.run(measure_tables(args))
        report_tables(result, args)
        logged.report()
    return 0


if __name__ == "__main__":
    sys.exit(main())
