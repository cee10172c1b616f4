"""Service benchmark: game actions through ``MatchService`` on real SQLite, and REST per action.

Both parts play one game at a time (``--game``; by default each registered game in turn, each in
a fresh interpreter).

Part 1 (throughput and latency) opens ``--matches`` matches of 4 to 6 seats in a SQLite
file in a temporary directory, through the service's own lobby calls (create_lobby, join,
add_bot, start), and plays them with the built-in bot, one coroutine per match. Each move is
``game.choose`` from the acting seat's own view, then ``service.act(..., source="bot")``
(a game in ``RANDOM_MOVES``, whose bot searches for milliseconds, plays legal moves drawn at
random from its prompt instead). The choice is timed apart from the action: the figures for
``act`` are the engine, the match lock and the append, end to end. The process is pinned to
``--cpus`` CPUs (1 by default: the target is for one core; aiosqlite's worker thread shares
it). ``--runs 3`` plays part 1 three times in a row, each in a fresh interpreter, and ends with
a line per run against the target (>= 1,000 actions/s; paced at 1,000/s, ``act`` p99 <= 20 ms
and <= 800 µs of CPU per action). Two phases:

* saturation: every match acts back-to-back for ``--seconds``. Gives the ceiling in actions/s;
  the latency of one call is then mostly time spent queueing behind the other 999 matches.
* paced: the matches act at ``--rate`` actions/s in total (each on its own clock, as the
  scheduler's bot moves do), for ``--seconds``. The latency of ``act`` at the target load, and the
  lag behind each move's due time (it grows without bound when the process cannot keep up).

Where the time goes is measured, not guessed: CPU per thread (from /proc), the engine's
``apply``, the bot's choice and the state's JSON (wrapped for the run and timed on one call in
``--time-every``, 8 by default: each reading of a thread's CPU clock is a system call that the
CPU per action would otherwise pay on every move), the garbage collector's pauses
(``gc.callbacks``) and SQLite's own time per call on aiosqlite's thread (a group of appends
committed together is one call, see ``storage.appends``). Other processes'
use of the same CPUs is reported too: on a shared machine it explains bad runs. Each paced act
slower than the target is matched against what overlapped it (a collector pause, a slow SQLite
call, a held checkpoint pass, or none of these: a backlog or the process not running); with
``--time-every 1`` each paced act also records the CPU the loop's thread spent during it (the
loop busy all along is a backlog; idle, it waited) with its prompt and move, and the slow ones
are set against all of them (a move that costs much in one act would stand out); each call over
20 ms on SQLite's thread is split into its own CPU, its wait for a core (Linux schedstat) and
its wait off the CPU (a sync, a lock), with what it ran; and at the end one full
collection is timed, as the bot's collector runs one every ten minutes. The ``--gc-*``,
``--no-autocheckpoint``, ``--python-gc``, ``--python-switch-interval``, ``--asyncio-loop`` and
``--without-timers`` flags are what-ifs; by default the Scheduler is wired in, the collector and
the GIL's switch interval set as ``bot.app.ParlorClient`` does, and the event loop is the bot's
(``bot/event_loop.py``).

Part 2 (REST requests per action) runs the real ``ParlorClient`` against the fake Discord of
``tests/fakediscord`` and plays whole tables through the users' clicks: humans with bots, tables
that are all bots but the host (Discord seats the host), all-human tables. People click on the
board when it offers their move and otherwise in their private panel. Every REST request the
bot made for a table is counted (interaction callbacks and webhooks apart from bot-token routes)
and divided by the actions applied at that table; the bot-token figure is the one Discord's
global limit counts (target <= 0.6 per action), and the board's bot-token writes are broken down by
the changes each showed (``Desk.writes``: a move in a panel, a bot's move, a picture drawn too
late for the edit before, ...). The bot's delays, the people's thinking time and the fake's
rate-limit windows are all multiplied by ``--time-scale`` (0.1 by default, which gives the same
ratios as production pace within run-to-run noise); 1 is production pace. The turn clock is
squeezed no shorter than 10 s. What is not squeezed is the machine: a bot's search (Renju's)
and a loaded machine's lag take their real time, so at small scales (``--quick``'s 0.02) fewer
moves fold into one board edit than at production pace.

Run it from the repository root, either way:

    .venv/bin/python -m bench.service                  # both parts, about 2 minutes
    .venv/bin/python bench/service.py --quick          # a smoke run
    .venv/bin/python -m bench.service --part service --without-timers
    .venv/bin/python -m bench.service --part service --gc-thresholds 700 10 1000000
    .venv/bin/python -m bench.service --part rest --time-scale 1 --tables 1   # ~8 minutes
    .venv/bin/python -m bench.service --part service --runs 3   # the target's 3 runs, judged
    .venv/bin/python -m bench.service --part service --profile                # cProfile
    .venv/bin/python -m bench.service --part service --profile paced --profile-sort cumulative
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
import functools
import gc
import io
import json
import logging
import os
import platform
import pstats
import random
import sqlite3
import statistics
import subprocess
import tempfile
import threading
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

import aiosqlite

from bench.service_timeline import Timeline
from bot import collector, event_loop, switching
from games import registry
from games.core import Action, Game, Prompt
from storage.sqlite import SqliteRepository
from tables.service import LiveMatch, MatchService, Refusal

TARGET_RATE = 1_000.0
TARGET_P99_MS = 20.0
TARGET_CPU_US = 800.0  # CPU per action at the paced load, both threads (issue #23)
TARGET_REQUESTS_PER_ACTION = 1.5
# What Discord's global limit counts: requests on bot-token routes (issue #23).
TARGET_BOT_TOKEN_PER_ACTION = 0.6
# The paced phase's first move is due this long after its players are made (see ``paced``).
PACED_LEAD_IN = 0.05
SLOW_STATEMENT = 0.005  # seconds on SQLite's thread worth naming as a cause of a slow act
# The game under measurement: set once from ``--game`` before any part runs.
GAME = "lifeboat"
# Games whose part-1 moves are legal moves drawn at random from the prompt rather than their
# built-in bot's, and why: part 1 measures the service, and these bots think far longer than a
# move of the service costs (the bot's time is measured by the game's own bench).
RANDOM_MOVES = {
    "renju": "its bot searches for about 13 ms a move even at its QUICK strength "
             "(bench/renju_bench.py), 13 cores' worth at 1,000 moves a second",
}


def seats_for(wanted: int) -> int:
    """``wanted`` seats, or the nearest count the game under measurement seats."""
    spec = registry.get(GAME).spec
    return max(spec.min_players, min(spec.max_players, wanted))


# ==============================================================================================
# Shared helpers
# ==============================================================================================
def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f}"


def print_table(headers: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h)
              for i, h in enumerate(headers)]
    print("  ".join(h.rjust(w) if i else h.ljust(w) for i, (h, w) in
                    enumerate(zip(headers, widths, strict=True))))
    for row in rows:
        print("  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in
                        enumerate(zip(row, widths, strict=True))))


def pin_to_cpus(count: int) -> list[int]:
    """Confine the process to ``count`` CPUs, before any thread exists so that aiosqlite's worker
    thread inherits it; the last CPUs are taken (the first ones get most of the system's work)."""
    allowed = sorted(os.sched_getaffinity(0))
    if count <= 0 or count >= len(allowed):
        return allowed
    chosen = allowed[-count:]
    os.sched_setaffinity(0, chosen)
    return chosen


def thread_cpu_seconds() -> dict[int, float]:
    """CPU seconds (user + system) of every thread of this process, by native id (Linux)."""
    ticks = os.sysconf("SC_CLK_TCK")
    found: dict[int, float] = {}
    with contextlib.suppress(OSError):
        for entry in os.listdir("/proc/self/task"):
            with contextlib.suppress(OSError), open(f"/proc/self/task/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
                found[int(entry)] = (int(fields[11]) + int(fields[12])) / ticks
    return found


def cpu_seconds(cpus: list[int]) -> tuple[float, float]:
    """Seconds the given CPUs spent busy with the guest's work, and stolen by the hypervisor
    (a virtual machine's CPU given to something else while it had work), from /proc/stat."""
    ticks = os.sysconf("SC_CLK_TCK")
    busy = steal = 0
    with contextlib.suppress(OSError), open("/proc/stat") as stat:
        for line in stat:
            name, *values = line.split()
            if name.startswith("cpu") and name[3:].isdigit() and int(name[3:]) in cpus:
                numbers = [int(v) for v in values]
                # All but idle, iowait and steal (the 8th).
                busy += sum(numbers[:7]) - numbers[3] - numbers[4]
                steal += numbers[7] if len(numbers) > 7 else 0
    return busy / ticks, steal / ticks


class GcWatch:
    """Pauses of the cyclic garbage collector, from ``gc.callbacks``."""

    def __init__(self) -> None:
        self.pauses: list[tuple[int, float]] = []  # (generation, wall seconds)
        self.spans: list[tuple[float, float]] = []  # (perf_counter start, end) of each pause
        self.cpu_seconds = 0.0  # of the loop's thread, where collections run
        self.collected = 0
        self._started = self._started_cpu = 0.0

    def __enter__(self) -> GcWatch:
        gc.callbacks.append(self._callback)
        return self

    def __exit__(self, *exc_info: object) -> None:
        gc.callbacks.remove(self._callback)

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started, self._started_cpu = time.perf_counter(), time.thread_time()
        else:
            ended = time.perf_counter()
            self.pauses.append((info["generation"], ended - self._started))
            self.spans.append((self._started, ended))
            self.cpu_seconds += time.thread_time() - self._started_cpu
            self.collected += info["collected"]

    def total(self) -> float:
        return sum(p for _, p in self.pauses)

    def longest(self, generation: int | None = None) -> float:
        return max((p for g, p in self.pauses if generation in (None, g)), default=0.0)

    def count(self, generation: int) -> int:
        return sum(1 for g, _ in self.pauses if g == generation)


def machine_line(cpus: list[int]) -> str:
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return (f"{platform.python_implementation()} {platform.python_version()}, "
            f"{os.cpu_count()} cores ({platform.processor() or platform.machine()}), "
            f"pinned to CPUs {cpus}, load average {load}, "
            f"{dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC")


# ==============================================================================================
# Part 1: MatchService + SQLite
# ==============================================================================================
class TimedRepository(SqliteRepository):
    """The real repository, with the wall time of every append (waiting for the connection's
    lock and aiosqlite's thread included) written down."""

    def __init__(self, path: Path, statements: StatementClock) -> None:
        super().__init__(path, connect=functools.partial(aiosqlite.connect,
                                                         factory=statements.factory()))
        self.append_seconds: list[float] = []
        self.timer_writes = 0

    async def set_timer(self, timer: Any) -> None:
        self.timer_writes += 1
        await super().set_timer(timer)

    async def clear_timers(self, match_id: int, seat: int | None = None) -> None:
        self.timer_writes += 1
        await super().clear_timers(match_id, seat)

    async def append_action(self, match_id: int, **kwargs: Any) -> int:
        started = time.perf_counter()
        try:
            return await super().append_action(match_id, **kwargs)
        finally:
            self.append_seconds.append(time.perf_counter() - started)


@dataclass(frozen=True)
class SlowCall:
    """A call on aiosqlite's thread over ``SLOW_CALL`` of wall time, and where that time went:
    the thread's own CPU, waiting for a core (the kernel's run queue: other threads and
    processes had it), and the rest, waiting off the CPU (disk: a sync or a read; a lock)."""

    started: float
    wall: float
    cpu: float
    runnable: float  # waiting for a core, from /proc/thread-self/schedstat
    what: str

    @property
    def blocked(self) -> float:
        return max(0.0, self.wall - self.cpu - self.runnable)

    @property
    def cause(self) -> str:
        parts = {"its own CPU": self.cpu, "waiting for a core": self.runnable,
                 "waiting off the CPU (disk, a lock)": self.blocked}
        return max(parts, key=lambda k: parts[k])


SLOW_CALL = 0.020  # seconds: a call on SQLite's thread this long is looked into


def _call_name(function: Callable[..., Any], args: tuple[Any, ...]) -> str:
    """What a timed call runs: the function and, for a statement, its SQL."""
    name = getattr(function, "__qualname__", type(function).__name__)
    if args and isinstance(args[0], str):
        return f"{name}: {' '.join(args[0].split())[:60]}"
    return name


class _RunQueueClock:
    """The calling thread's time spent runnable but not running (Linux schedstat), read
    through a file kept open per thread: about 2 µs a read."""

    def __init__(self) -> None:
        self._fd: int | None = None
        self._broken = False

    def seconds(self) -> float:
        if self._broken:
            return 0.0
        try:
            if self._fd is None:
                self._fd = os.open("/proc/thread-self/schedstat", os.O_RDONLY)
            return int(os.pread(self._fd, 100, 0).split()[1]) / 1e9
        except (OSError, IndexError, ValueError):
            self._broken = True
            return 0.0


class StatementClock:
    """Times every statement the repository's connection runs on aiosqlite's worker thread
    (the SQLite work itself, without the queueing; a query's rows read after it are not
    counted), through the ``sqlite3.Connection`` subclass it makes (``factory``), which
    ``aiosqlite.connect`` passes to ``sqlite3.connect``. It counts from ``start()`` on. A call
    over ``SLOW_CALL`` is kept with its CPU and its wait for a core (``SlowCall``)."""

    def __init__(self) -> None:
        self.seconds: list[float] = []
        self.slow: list[tuple[float, float]] = []  # (start, end) of statements over 5 ms
        self.slow_calls: list[SlowCall] = []
        # Told of every statement when set (``--timeline``): (start, end, what it ran).
        self.on_statement: Callable[[float, float, str], None] | None = None
        self._run_queue = _RunQueueClock()  # read on the worker thread only
        self.on = False

    def start(self) -> None:
        self.on = True

    def factory(self) -> type[sqlite3.Connection]:
        clock = self

        class TimedConnection(sqlite3.Connection):
            def execute(self, *args: Any) -> sqlite3.Cursor:
                return clock.timed(super().execute, args)

            def executemany(self, *args: Any) -> sqlite3.Cursor:
                return clock.timed(super().executemany, args)

            def executescript(self, *args: Any) -> sqlite3.Cursor:
                return clock.timed(super().executescript, args)

        return TimedConnection

    def timed(self, function: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        if not self.on:
            return function(*args)
        run_queue = self._run_queue
        started, cpu, waited = time.perf_counter(), time.thread_time(), run_queue.seconds()
        try:
            return function(*args)
        finally:
            ended = time.perf_counter()
            self.seconds.append(ended - started)
            if self.on_statement is not None:
                self.on_statement(started, ended, _call_name(function, args).split(": ")[-1])
            if ended - started > SLOW_STATEMENT:
                self.slow.append((started, ended))
            if ended - started > SLOW_CALL:
                self.slow_calls.append(SlowCall(
                    started, ended - started, time.thread_time() - cpu,
                    run_queue.seconds() - waited, _call_name(function, args)))


# The breakdown of the loop thread's CPU (the bot's choice, ``apply``, the state's JSON) is
# timed on one call in this many, drawn at random: each reading of a thread's CPU clock is a
# system call, about 3 µs in the middle of a move, and timing every call added 15-20 µs to the
# very CPU per action the target judges. The totals per thread are read from /proc, whole, at
# the phase's ends.
TIME_EVERY = 8


@dataclass
class EngineClock:
    """CPU time of the loop's thread spent in the engine's ``apply`` and in serializing states
    (both run inside ``act``), timed on one call in ``every`` and scaled to all of them."""

    apply_seconds: float = 0.0
    json_seconds: float = 0.0
    every: int = TIME_EVERY
    apply_calls: int = 0
    apply_timed: int = 0
    json_calls: int = 0
    json_timed: int = 0
    # Collections that run inside a timed call are the collector's time, not the call's.
    gc: GcWatch = field(default_factory=lambda: GcWatch())
    # Which calls are timed is drawn at random: every ``every``-th call by a counter would
    # time the same few matches' moves run after run (the coroutines take turns in order).
    draw: random.Random = field(default_factory=lambda: random.Random(0))

    def times_this_one(self) -> bool:
        return self.every == 1 or self.draw.random() * self.every < 1.0

    def apply_estimate(self) -> float:
        """Seconds in ``apply``, all calls, from the ones timed."""
        return self.apply_seconds * self.apply_calls / max(1, self.apply_timed)

    def json_estimate(self) -> float:
        return self.json_seconds * self.json_calls / max(1, self.json_timed)

    def instrument(self, game: Game[Any, Any]) -> Callable[[], None]:
        """Wrap ``game.apply`` and the state class's ``model_dump_json``; returns the undo."""
        clock = self
        apply = game.apply
        state_cls = game.State
        dump = state_cls.model_dump_json
        own_dump = "model_dump_json" in vars(state_cls)

        def timed_apply(state: Any, action: Action) -> Any:
            clock.apply_calls += 1
            if not clock.times_this_one():
                return apply(state, action)
            clock.apply_timed += 1
            started, collected = time.thread_time(), clock.gc.cpu_seconds
            try:
                return apply(state, action)
            finally:
                clock.apply_seconds += (time.thread_time() - started
                                        - (clock.gc.cpu_seconds - collected))

        def timed_dump(self: Any, **kwargs: Any) -> str:
            clock.json_calls += 1
            if not clock.times_this_one():
                return dump(self, **kwargs)
            clock.json_timed += 1
            started, collected = time.thread_time(), clock.gc.cpu_seconds
            try:
                return dump(self, **kwargs)
            finally:
                clock.json_seconds += (time.thread_time() - started
                                       - (clock.gc.cpu_seconds - collected))

        # Instance and class attributes set for the benchmark's lifetime, then taken back.
        setattr(game, "apply", timed_apply)  # noqa: B010
        setattr(state_cls, "model_dump_json", timed_dump)  # noqa: B010

        def undo() -> None:
            delattr(game, "apply")
            if own_dump:
                setattr(state_cls, "model_dump_json", dump)  # noqa: B010
            else:
                delattr(state_cls, "model_dump_json")

        return undo

    def reset(self) -> None:
        self.apply_seconds = self.json_seconds = 0.0
        self.apply_calls = self.apply_timed = self.json_calls = self.json_timed = 0


@dataclass
class PhaseResult:
    name: str
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    loop_thread_cpu: float = 0.0  # the event loop's thread: the engine, the service, asyncio
    other_threads_cpu: float = 0.0  # aiosqlite's worker thread: SQLite itself
    foreign_cpu: float = 0.0  # other processes' work on the CPUs this process may use
    steal: float = 0.0  # seconds the hypervisor took those CPUs (in ``foreign_cpu`` too)
    # How busy the machine's other CPUs were (0-1 of their time): work there slows this core
    # (docs/benchmarks.md, "A burst up close").
    neighbours: float = 0.0
    act: list[float] = field(default_factory=list)
    choose: list[float] = field(default_factory=list)  # CPU seconds of the choices timed
    chosen: int = 0  # bot choices made, timed or not
    lag: list[float] = field(default_factory=list)  # paced only: start minus due time
    apply_seconds: float = 0.0
    json_seconds: float = 0.0
    append: list[float] = field(default_factory=list)
    gc: GcWatch = field(default_factory=GcWatch)
    timer_writes: int = 0  # set_timer / clear_timers calls (with --with-timers)
    statements: list[float] = field(default_factory=list)  # SQLite work per call, worker thread
    finished: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    slow_acts: list[tuple[float, float]] = field(default_factory=list)  # over the p99 target
    # With every call timed (``--time-every 1``): each act as ``TimedAct``.
    timed_acts: list[TimedAct] = field(default_factory=list)
    slow_statements: list[tuple[float, float]] = field(default_factory=list)
    slow_calls: list[SlowCall] = field(default_factory=list)  # over SLOW_CALL, looked into
    # The checkpointer's held passes (storage/checkpoints.py): every append waited for each.
    holds: list[tuple[float, float]] = field(default_factory=list)
    offered_rate: float | None = None
    started: float = 0.0  # perf_counter at the paced phase's first move

    @property
    def actions(self) -> int:
        return len(self.act)

    @property
    def rate(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    def per_action_us(self, seconds: float) -> float:
        return seconds / max(1, self.actions) * 1e6

    def choose_seconds(self) -> float:
        """Seconds in the bot's choices, all of them, from the ones timed."""
        return statistics.fmean(self.choose) * self.chosen if self.choose else 0.0


@dataclass(frozen=True, slots=True)
class TimedAct:
    """One act, timed with every call (``--time-every 1``): its wall time, the CPU the loop's
    thread spent meanwhile (on this act and on whatever else the loop ran while it waited for
    its append), the prompt and move, and the match's version before it."""

    wall: float
    loop_cpu: float
    loop_waited: float  # the loop's thread waiting for a core meanwhile (Linux schedstat)
    prompt: str
    move: str
    version: int

    @property
    def loop_share(self) -> float:
        """Of the act's wall time, the share the loop's thread was running: near 1 the loop
        was busy all along (a backlog of other matches' moves ahead of this one's end); far
        below, the loop waited (for SQLite's thread, or the process did not run)."""
        return self.loop_cpu / self.wall if self.wall > 0 else 0.0


@dataclass
class _PhaseStart:
    wall: float
    cpu: float
    threads: dict[int, float]
    appends: int
    cpus_busy: float  # anyone's work on the process's CPUs, the hypervisor's steal included
    timer_writes: int
    statements: int
    steal: float
    neighbours_busy: float  # the other CPUs' work, the hypervisor's steal included


class TimerHost:
    """What ``bot.scheduler.Scheduler`` reaches through its app, without Discord: the
    repository, the settings and the servers' configs. Its loop is never started, so nothing
    fires; the benchmark only pays for planning (the timer rows written with each action)."""

    def __init__(self, repo: SqliteRepository, service: MatchService) -> None:
        from bot.guild_config import load_config
        from bot.settings import Settings

        self.repo = repo
        self.service = service
        self.settings = Settings(_env_file=None)
        self._configs: dict[int, Any] = {}
        # Imported once here, as the bot imports it once: an import run on every call (two
        # moves in three ask for a server's clocks) cost 2.6 µs a call the bot never pays.
        self._load_config = load_config

    async def config_for(self, guild_id: int) -> Any:
        config = self._configs.get(guild_id)
        if config is None:
            config = self._configs[guild_id] = await self._load_config(self.repo, guild_id)
        return config


class ServiceBench:
    """1,000 matches in one SQLite file, played by bots through ``MatchService``."""

    def __init__(self, path: Path, matches: int, seed: int, *, with_timers: bool = False,
                 autocheckpoint: bool = True) -> None:
        self.autocheckpoint = autocheckpoint
        self.statements = StatementClock()  # counting from setup() on
        self.repo = TimedRepository(path, self.statements)
        self._seeds = iter(range(seed * 1_000_003, 2**62))
        self.service = MatchService(self.repo, new_seed=lambda: next(self._seeds),
                                      today=lambda: dt.date(2026, 1, 1))
        self.with_timers = with_timers
        if with_timers:
            from bot.scheduler import Scheduler

            # Wired as bot.app.Parlor wires it: the schedule is planned under the match's lock
            # and its rows written by the same statement as the move.
            host: Any = TimerHost(self.repo, self.service)
            self.service.set_planner(Scheduler(host))
        self.game: Game[Any, Any] = registry.get(GAME)
        self.matches = matches
        self.match_ids: list[int] = []
        self.rng = random.Random(seed)
        self._channels = iter(range(10_000_000, 2**40))
        self.lobby_ops = 0
        self.clock = EngineClock()
        self.run_queue = _RunQueueClock()  # the loop's thread's, read with every act timed
        self.timeline: Timeline | None = None  # ``--timeline``

    def record_timeline(self) -> Timeline:
        self.timeline = timeline = Timeline()
        self.repo.appends.on_trip = timeline.on_trip
        self.statements.on_statement = timeline.on_statement
        return timeline

    async def open_match(self, index: int) -> int:
        """A started match of 4-6 seats: a host, one player who joins, and bots."""
        seats = seats_for(4 + index % 3)
        host = 1_000_000 + index * 10
        live = await self.service.create_lobby(
            game=GAME, guild_id=1 + index % 50, channel_id=next(self._channels), host_id=host,
            host_name=f"host {index}", host_locale="en-US", options={})
        await self.service.join(live.id, host + 1, f"guest {index}", "en-US")
        for _ in range(seats - 2):
            await self.service.add_bot(live.id, host, "Bot")
        await self.service.start(live.id, host)
        self.lobby_ops += seats + 1
        return live.id

    async def setup(self) -> float:
        await self.repo.open()
        if not self.autocheckpoint:
            # What-if: no checkpoint inside a commit (the WAL just grows during the run).
            await self.repo.connection.execute("PRAGMA wal_autocheckpoint = 0")
        self.statements.start()
        started = time.perf_counter()
        gate = asyncio.Semaphore(64)

        async def one(index: int) -> int:
            async with gate:
                return await self.open_match(index)

        self.match_ids = list(await asyncio.gather(*(one(i) for i in range(self.matches))))
        return time.perf_counter() - started

    def choose(self, live: LiveMatch, rng: random.Random) -> tuple[Prompt, Action]:
        prompts = [p for p in self.game.pending(live.state) if p.blocking]
        prompt: Prompt = rng.choice(prompts)
        if GAME in RANDOM_MOVES:
            return prompt, rng.choice(prompt.actions)
        action = self.game.choose(self.game.view(live.state, prompt.seat), prompt, rng)
        return prompt, action

    async def one_move(self, slot: int, rng: random.Random, result: PhaseResult) -> None:
        """One bot move in the match of ``slot``; a finished match is replaced by a new one."""
        match_id = self.match_ids[slot]
        live = await self.service.get(match_id)
        if live.outcome() is not None:
            result.finished += 1
            self.match_ids[slot] = await self.open_match(slot)
            live = await self.service.get(self.match_ids[slot])
        result.chosen += 1
        if not self.clock.times_this_one():
            prompt, action = self.choose(live, rng)
        else:
            started, collected = time.thread_time(), result.gc.cpu_seconds
            prompt, action = self.choose(live, rng)
            result.choose.append(time.thread_time() - started
                                 - (result.gc.cpu_seconds - collected))
        every_call = self.clock.every == 1
        version = live.version
        loop_cpu = time.thread_time() if every_call else 0.0
        waited = self.run_queue.seconds() if every_call else 0.0
        chosen = time.perf_counter()
        try:
            await self.service.act(live.id, version=version, seat=prompt.seat, action=action,
                                   user_id=None, source="bot")
        except Refusal as refusal:
            result.refused[refusal.key] += 1
            return
        ended = time.perf_counter()
        result.act.append(ended - chosen)
        if self.timeline is not None:
            self.timeline.on_act(chosen, ended)
        if every_call:
            result.timed_acts.append(TimedAct(
                ended - chosen, time.thread_time() - loop_cpu,
                self.run_queue.seconds() - waited, prompt.kind, action.kind, version))
        if ended - chosen > TARGET_P99_MS / 1000:
            result.slow_acts.append((chosen, ended))

    @contextlib.asynccontextmanager
    async def _phase(self, result: PhaseResult) -> AsyncIterator[None]:
        """Measures what ``result`` reports around the phase's body."""
        self.clock.reset()
        self.clock.gc = result.gc
        cpus = sorted(os.sched_getaffinity(0))
        neighbours = [cpu for cpu in range(os.cpu_count() or 1) if cpu not in cpus]
        busy, steal = cpu_seconds(cpus)
        start = _PhaseStart(time.perf_counter(), time.process_time(), thread_cpu_seconds(),
                            len(self.repo.append_seconds), busy + steal,
                            self.repo.timer_writes, len(self.statements.seconds), steal,
                            sum(cpu_seconds(neighbours)))
        with result.gc:
            yield
        result.seconds = time.perf_counter() - start.wall
        result.cpu_seconds = time.process_time() - start.cpu
        busy, steal = cpu_seconds(cpus)  # anyone's work on these CPUs, the hypervisor's steal
        result.foreign_cpu = max(0.0, busy + steal - start.cpus_busy - result.cpu_seconds)
        result.steal = max(0.0, steal - start.steal)
        if neighbours:
            result.neighbours = (sum(cpu_seconds(neighbours)) - start.neighbours_busy) \
                / max(result.seconds * len(neighbours), 1e-9)
        loop_thread = threading.get_native_id()
        for tid, cpu in thread_cpu_seconds().items():
            used = cpu - start.threads.get(tid, 0.0)
            if tid == loop_thread:
                result.loop_thread_cpu += used
            else:
                result.other_threads_cpu += used
        result.apply_seconds = self.clock.apply_estimate()
        result.json_seconds = self.clock.json_estimate()
        result.append = self.repo.append_seconds[start.appends:]
        result.timer_writes = self.repo.timer_writes - start.timer_writes
        result.statements = self.statements.seconds[start.statements:]
        result.slow_statements = [(a, b) for a, b in self.statements.slow if b > start.wall]
        result.slow_calls = [c for c in self.statements.slow_calls if c.started >= start.wall]
        checkpointer = self.repo.checkpointer
        result.holds = [] if checkpointer is None else \
            [(a, b) for a, b in checkpointer.holds if b > start.wall]

    async def saturate(self, seconds: float) -> PhaseResult:
        result = PhaseResult("saturation")
        async with self._phase(result):
            deadline = time.perf_counter() + seconds

            async def player(slot: int) -> None:
                rng = random.Random(f"sat:{slot}")
                while time.perf_counter() < deadline:
                    await self.one_move(slot, rng, result)

            await asyncio.gather(*(player(slot) for slot in range(len(self.match_ids))))
        return result

    async def paced(self, seconds: float, rate: float) -> PhaseResult:
        """Each match moves once per ``matches / rate`` seconds, staggered so that the moves
        arrive evenly. A move that starts late does not push the next one back: the schedule is
        the offered load, and lateness is reported as lag."""
        result = PhaseResult("paced", offered_rate=rate)
        loop = asyncio.get_running_loop()
        slots = len(self.match_ids)
        period = slots / rate
        # Seeded before the clock starts, and the first move due only once every player is
        # asleep: a thousand string seeds and tasks made at once are tens of milliseconds of
        # the benchmark's own work, which the first moves' acts would otherwise queue behind
        # (a backlog of a hundred acts over 20 ms at every phase's start, none of them the
        # service's).
        rngs = [random.Random(f"paced:{slot}") for slot in range(slots)]
        async with self._phase(result):
            start = loop.time() + PACED_LEAD_IN
            result.started = time.perf_counter() + PACED_LEAD_IN
            end = start + seconds

            async def player(slot: int) -> None:
                rng = rngs[slot]
                due = start + period * slot / slots
                # A process that cannot keep up is stopped after twice the phase's length;
                # the moves it never made show as a rate below the offered one.
                while due < end and loop.time() < end + seconds:
                    await asyncio.sleep(max(0.0, due - loop.time()))
                    result.lag.append(loop.time() - due)
                    await self.one_move(slot, rng, result)
                    due += period

            await asyncio.gather(*(player(slot) for slot in range(slots)))
        return result


def report_service(results: list[PhaseResult], bench: ServiceBench, setup_seconds: float
                   ) -> None:
    print(f"\nSetup: {bench.matches} matches opened through the service "
          f"({bench.lobby_ops} lobby calls) in {setup_seconds:.1f} s "
          f"({bench.lobby_ops / setup_seconds:.0f} lobby calls/s)")
    print("\nThroughput and latency of service.act (bot choice outside the latency):")
    rows = []
    for r in results:
        rows.append([
            r.name + (f" @{r.offered_rate:.0f}/s" if r.offered_rate else ""),
            str(r.actions), f"{r.rate:.0f}",
            ms(percentile(r.act, 0.5)), ms(percentile(r.act, 0.99)), ms(max(r.act, default=0)),
            ms(percentile(r.lag, 0.99)) if r.lag else "-",
            f"{statistics.fmean(r.choose) * 1e6:.0f}" if r.choose else "-",
            str(r.finished),
            f"{100 * r.foreign_cpu / max(r.seconds, 1e-9):.0f}%",
        ])
    print_table(["phase", "actions", "actions/s", "act p50 ms", "act p99 ms", "act max ms",
                 "lag p99 ms", "choose CPU µs", "games ended", "others' CPU"], rows)
    print("  (others' CPU: other processes' work on this process's CPUs, in % of one CPU; of it "
          "the hypervisor's steal: "
          + ", ".join(f"{r.name} {100 * r.steal / max(r.seconds, 1e-9):.1f}%" for r in results)
          + ")")

    print("\nCPU per action (µs; both threads, the bot's choice included; the choice, apply "
          f"and the JSON timed on one call in {bench.clock.every}):")
    rows = []
    for r in results:
        loop_known = r.apply_seconds + r.json_seconds + r.choose_seconds() + r.gc.cpu_seconds
        rows.append([
            r.name, f"{r.per_action_us(r.cpu_seconds):.0f}",
            f"{r.per_action_us(r.other_threads_cpu):.0f}",
            f"{r.per_action_us(r.loop_thread_cpu):.0f}",
            f"{r.per_action_us(r.choose_seconds()):.0f}",
            f"{r.per_action_us(r.apply_seconds):.0f}",
            f"{r.per_action_us(r.json_seconds):.0f}", f"{r.per_action_us(r.gc.cpu_seconds):.0f}",
            f"{r.per_action_us(r.loop_thread_cpu - loop_known):.0f}",
            f"{1e6 / max(1.0, r.per_action_us(r.cpu_seconds)):.0f}",
        ])
    print_table(["phase", "total", "SQLite thread", "loop thread", "= bot choice",
                 "+ engine apply", "+ state JSON", "+ GC", "+ service/asyncio",
                 "actions per CPU-s"], rows)

    print("\nWall time inside act (mean µs; 'append' is the awaited append_action, queueing "
          "for the connection included):")
    rows = []
    for r in results:
        n = max(1, r.actions)
        act, append = sum(r.act) / n, sum(r.append) / n
        rows.append([r.name, f"{act * 1e6:.0f}", f"{(act - append) * 1e6:.0f}",
                     f"{append * 1e6:.0f}", ms(percentile(r.append, 0.5)),
                     ms(percentile(r.append, 0.99))])
    print_table(["phase", "act", "act outside append", "append", "append p50 ms",
                 "append p99 ms"], rows)

    print("\nSQLite's own work per call on aiosqlite's thread (no queueing; appends waiting "
          "together share one call):")
    rows = []
    for r in results:
        slow = sum(1 for x in r.statements if x > 0.020)
        rows.append([r.name, str(len(r.statements)),
                     f"{len(r.statements) / max(1, r.actions):.2f}",
                     f"{statistics.fmean(r.statements) * 1e6:.0f}" if r.statements else "-",
                     ms(percentile(r.statements, 0.99)), ms(max(r.statements, default=0)),
                     str(slow), f"{sum(r.statements) / max(r.seconds, 1e-9) * 100:.0f}%"])
    print_table(["phase", "calls", "per action", "mean µs", "p99 ms", "max ms",
                 "over 20 ms", "thread busy"], rows)
    for r in results:
        report_slow_calls(r)

    print("\nGarbage collector pauses (the loop stands still during each):")
    rows = []
    for r in results:
        rows.append([r.name, f"{r.gc.count(0)}/{r.gc.count(1)}/{r.gc.count(2)}",
                     f"{r.gc.total():.2f}", f"{100 * r.gc.total() / max(r.seconds, 1e-9):.0f}%",
                     ms(r.gc.longest(0)), ms(r.gc.longest(1)), ms(r.gc.longest(2)),
                     str(r.gc.collected)])
    print_table(["phase", "collections gen0/1/2", "paused s", "of wall", "max gen0 ms",
                 "max gen1 ms", "max gen2 ms", "objects freed"], rows)
    for r in results:
        if r.timed_acts and r.offered_rate:
            report_timed_acts(r)
    for r in results:
        if bench.with_timers:
            print(f"  {r.name}: {r.timer_writes / max(1, r.actions):.2f} separate timer writes "
                  "per action (the rows ride on the append)")
        if r.holds:
            longest = max(b - a for a, b in r.holds)
            print(f"  {r.name}: {len(r.holds)} held checkpoint passes (every append waits for "
                  f"each), the longest {ms(longest)} ms")
        if r.slow_acts and r.offered_rate:  # at saturation every act queues: no news
            print(f"  {r.name}: {blame(r)}")
            print(f"  {r.name}: {slow_acts_by_time(r)}")
        if r.refused:
            print(f"  {r.name}: refused {dict(r.refused)}")


SLOWEST_SHOWN = 10


def report_timed_acts(result: PhaseResult) -> None:
    """With every call timed: the acts over the p99 target, how busy the loop's thread was
    during them, and which moves they were, against all acts; then the slowest few."""
    acts = result.timed_acts
    slow = [a for a in acts if a.wall > TARGET_P99_MS / 1000]
    print(f"\n{result.name}, every act timed: {len(slow)} of {len(acts)} over "
          f"{TARGET_P99_MS:.0f} ms")
    if not slow:
        return
    wall = sum(a.wall for a in slow)
    busy = sum(a.loop_cpu for a in slow)
    queued = sum(a.loop_waited for a in slow)
    print(f"  of their summed wall time the loop's thread ran {100 * busy / wall:.0f}% (the loop "
          "busy with other matches' moves: a backlog), waited for a core "
          f"{100 * queued / wall:.0f}% (another thread or process had it) and neither "
          f"{100 * max(0.0, wall - busy - queued) / wall:.0f}% (waiting for the interpreter "
          "while SQLite's thread held it, for SQLite's answer with nothing to run, or the "
          "hypervisor running something else on the CPU: its steal time)")
    everyone = Counter(f"{a.prompt} / {a.move}" for a in acts)
    among_slow = Counter(f"{a.prompt} / {a.move}" for a in slow)
    print("  moves among the slow acts against all acts (a move far more common among the "
          "slow ones would be a move that costs much in one act):")
    print_table(["prompt / move", "slow", "of slow", "all", "of all"],
                [[kind, str(n), f"{100 * n / len(slow):.1f}%", str(everyone[kind]),
                  f"{100 * everyone[kind] / len(acts):.1f}%"]
                 for kind, n in among_slow.most_common(8)])
    print(f"  the {SLOWEST_SHOWN} slowest:")
    print_table(["act ms", "loop CPU ms", "loop ran", "waited for a core ms", "prompt / move",
                  "version"],
                [[ms(a.wall), ms(a.loop_cpu), f"{100 * a.loop_share:.0f}%", ms(a.loop_waited),
                  f"{a.prompt} / {a.move}", str(a.version)]
                 for a in sorted(acts, key=lambda a: -a.wall)[:SLOWEST_SHOWN]])


def report_slow_calls(result: PhaseResult) -> None:
    """Where the wall time of the calls over ``SLOW_CALL`` on SQLite's thread went, and what
    they ran (a checkpoint runs on a connection of its own, so it shows here only as the lock
    its held pass takes, or as a core it keeps busy)."""
    calls = result.slow_calls
    if not calls:
        return
    wall = sum(c.wall for c in calls)
    cpu, runnable, blocked = (sum(c.cpu for c in calls), sum(c.runnable for c in calls),
                              sum(c.blocked for c in calls))
    print(f"  {result.name}: {len(calls)} calls over {SLOW_CALL * 1000:.0f} ms "
          f"({ms(wall)} ms in all): own CPU {100 * cpu / wall:.0f}%, waiting for a core "
          f"{100 * runnable / wall:.0f}%, waiting off the CPU (disk, a lock) "
          f"{100 * blocked / wall:.0f}%")
    causes = Counter(c.cause for c in calls)
    print("    mostly: " + ", ".join(f"{k} {n}" for k, n in causes.most_common()))
    for c in sorted(calls, key=lambda c: -c.wall)[:3]:
        print(f"    {ms(c.wall)} ms: CPU {ms(c.cpu)}, waiting for a core {ms(c.runnable)}, "
              f"off the CPU {ms(c.blocked)} — {c.what}")


def slow_acts_by_time(result: PhaseResult, shown: int = 6) -> str:
    """When in the phase the acts over the target began, by tenth of a second, the busiest
    tenths first: a few crowded tenths are stalls (one thing held the loop, and every act in
    flight waited), a thin spread is the queueing of a busy loop."""
    tenths = Counter(int((began - result.started) * 10) for began, _ in result.slow_acts)
    busiest = ", ".join(f"{tenth / 10:.1f}-{(tenth + 1) / 10:.1f} s: {count}"
                        for tenth, count in sorted(tenths.most_common(shown)))
    return (f"acts over {TARGET_P99_MS:.0f} ms began in {len(tenths)} tenths of a second; "
            f"the busiest: {busiest}")


def blame(result: PhaseResult) -> str:
    """What was going on during the acts slower than the p99 target: a collector pause
    (over 2 ms), a call over 5 ms on SQLite's thread (wall time: the worker's waits for the
    GIL count), a held checkpoint pass (over 2 ms: the appends wait for it), several of these,
    or none (a backlog left by one of those, or the process not running)."""
    def overlaps(span: tuple[float, float], others: list[tuple[float, float]]) -> bool:
        return any(start < span[1] and end > span[0] for start, end in others)

    causes = {
        "a collector pause": [(a, b) for a, b in result.gc.spans if b - a > 0.002],
        "a slow SQLite call": result.slow_statements,
        "a held checkpoint": [(a, b) for a, b in result.holds if b - a > 0.002],
    }
    counts: Counter[str] = Counter()
    for act in result.slow_acts:
        found = [cause for cause, spans in causes.items() if overlaps(act, spans)]
        counts[" and ".join(found) or "none of these"] += 1
    return (f"{len(result.slow_acts)} acts over {TARGET_P99_MS:.0f} ms; during them: "
            + ", ".join(f"{k} {v}" for k, v in counts.most_common()))


async def run_service_part(args: argparse.Namespace) -> list[PhaseResult]:
    with tempfile.TemporaryDirectory(prefix="parlor-bench-") as tmp:
        bench = ServiceBench(Path(tmp) / "service.db", args.matches, args.seed,
                             with_timers=args.with_timers,
                             autocheckpoint=not args.no_autocheckpoint)
        bench.clock.every = args.time_every
        setup_seconds = await bench.setup()
        timeline = bench.record_timeline() if args.timeline else None
        # As bot.collector.Collector runs it, with the bot's collector settings.
        young = asyncio.create_task(collector.young_collections()) if uses_bot_gc(args) \
            else None
        undo = bench.clock.instrument(bench.game)
        results = []
        try:
            for phase in args.phases:
                profiler = cProfile.Profile() if args.profile == phase else None
                if profiler is not None:
                    profiler.enable()
                if timeline is not None:
                    timeline.begin(phase)
                results.append(await (bench.saturate(args.seconds) if phase == "saturation"
                                      else bench.paced(args.seconds, args.rate)))
                if timeline is not None:
                    await timeline.end(results[-1].started, results[-1].gc.spans,
                                       results[-1].holds)
                if profiler is not None:
                    profiler.disable()
                    text = io.StringIO()
                    pstats.Stats(profiler, stream=text).sort_stats(args.profile_sort) \
                        .print_stats(args.profile_lines)
                    print(text.getvalue())
            full = full_collection()
        finally:
            undo()
            if young is not None:
                young.cancel()
            await bench.repo.close()
        report_service(results, bench, setup_seconds)
        print(f"\nThe bot's periodic full collection (bot/collector.py, every "
              f"{collector.FULL_COLLECTION_EVERY:.0f} s), timed once now with "
              f"{args.matches} matches live: {full}")
    if args.result_file:
        Path(args.result_file).write_text(json.dumps([run_figures(r) for r in results]))
    if timeline is not None:
        timeline.write(Path(args.timeline))
    return results


def run_figures(result: PhaseResult) -> dict[str, Any]:
    """What the target names, for the summary of several runs (``--runs``)."""
    return {
        "phase": result.name, "rate": result.rate, "offered": result.offered_rate,
        "p99_ms": percentile(result.act, 0.99) * 1000,
        "cpu_us": result.per_action_us(result.cpu_seconds),
        "sqlite_us": result.per_action_us(result.other_threads_cpu),
        "others_cpu": result.foreign_cpu / max(result.seconds, 1e-9),
        "steal": result.steal / max(result.seconds, 1e-9),
        "neighbours": result.neighbours,
        "load": os.getloadavg()[0],
        "gc_counts": [result.gc.count(g) for g in range(3)],
        "gc_longest_ms": result.gc.longest() * 1000,
        "slow_acts": len(result.slow_acts),
        "blame": blame(result) if result.slow_acts and result.offered_rate else "",
    }


def run_misses(run: list[dict[str, Any]]) -> list[str]:
    """Which parts of the target one run missed (empty: met), as ``run_meets`` judges."""
    missed: list[str] = []
    for phase in run:
        if phase["offered"] is None:
            if phase["rate"] < TARGET_RATE:
                missed.append("saturation rate")
            continue
        if phase["offered"] < TARGET_RATE or phase["rate"] < 0.98 * phase["offered"]:
            missed.append("rate")
        if phase["p99_ms"] > TARGET_P99_MS:
            missed.append("p99")
        if phase["cpu_us"] > TARGET_CPU_US:
            missed.append("CPU")
    return missed


def run_meets(run: list[dict[str, Any]]) -> bool:
    """The service target, for one run: the saturation phase (when run) at >= 1,000
    actions/s; the paced phase keeping up with the 1,000 actions/s offered (98% of them done
    within the phase), ``act`` p99 <= 20 ms and <= 800 µs of CPU per action."""
    return not run_misses(run)


def consecutive_runs(argv: list[str], runs: int) -> int:
    """Part 1 ``runs`` times in a row, each in a fresh interpreter (a fresh database and 1,000
    new matches), then one line per run against the target."""
    rest = strip_option(strip_option(strip_option(argv, "--runs"), "--part"), "--result-file")
    figures: list[list[dict[str, Any]]] = []
    with tempfile.TemporaryDirectory(prefix="parlor-bench-runs-") as tmp:
        for number in range(1, runs + 1):
            print(f"\n######## {GAME}: run {number} of {runs} ########")
            sys.stdout.flush()
            path = Path(tmp) / f"run{number}.json"
            timeline = option_value(argv, "--timeline")
            each = rest if timeline is None else \
                [*strip_option(rest, "--timeline"), "--timeline", f"{timeline}.run{number}"]
            done = subprocess.run(
                [sys.executable, "-m", "bench.service", "--game", GAME, *each, "--part",
                 "service", "--result-file", str(path)],
                cwd=Path(__file__).resolve().parent.parent, check=False)
            if done.returncode != 0:
                return done.returncode
            figures.append(json.loads(path.read_text()))
    title = registry.get(GAME).spec.title
    print(f"\n== {title}: {runs} consecutive runs of part 1 against the target (>= "
          f"{TARGET_RATE:,.0f} actions/s on one core; paced at {TARGET_RATE:,.0f}/s: act p99 <= "
          f"{TARGET_P99_MS:.0f} ms, CPU per action <= {TARGET_CPU_US:.0f} µs) ==")
    rows = []
    for number, run in enumerate(figures, 1):
        saturation = next((p for p in run if p["offered"] is None), None)
        for phase in (p for p in run if p["offered"] is not None):
            rows.append([
                str(number), f"{saturation['rate']:.0f}" if saturation else "-",
                f"{phase['rate']:.0f} of {phase['offered']:.0f}", f"{phase['p99_ms']:.1f}",
                f"{phase['cpu_us']:.0f}", f"{phase['sqlite_us']:.0f}",
                f"{100 * phase['others_cpu']:.0f}% ({100 * phase.get('steal', 0.0):.1f}%)",
                f"{phase['load']:.1f}",
                "/".join(str(n) for n in phase.get("gc_counts", ())) or "-",
                f"{phase['gc_longest_ms']:.1f}" if "gc_longest_ms" in phase else "-",
                "yes" if run_meets(run) else "no (" + ", ".join(run_misses(run)) + ")",
            ])
    print_table(["run", "saturation/s", "paced/s", "act p99 ms", "CPU µs/action",
                 "of it SQLite", "others' CPU (steal)", "load", "paced GC gen0/1/2",
                 "longest GC ms", "met"], rows)
    for number, run in enumerate(figures, 1):
        for phase in run:
            if phase.get("blame"):
                print(f"  run {number}: {phase['blame']}")
    busy = [f"run {number} {100 * phase.get('neighbours', 0.0):.0f}%"
            for number, run in enumerate(figures, 1) for phase in run
            if phase["offered"] is not None]
    print("  the machine's other CPUs busy during the paced phase (their work slows this "
          "core): " + ", ".join(busy))
    met = sum(run_meets(run) for run in figures)
    print(f"Target met in {met} of {runs} consecutive runs")
    return 0


def strip_option(argv: list[str], name: str) -> list[str]:
    """``argv`` without ``name`` and its value (``name VALUE`` or ``name=VALUE``)."""
    out: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == name:
            skip = True
        elif not arg.startswith(name + "="):
            out.append(arg)
    return out


def option_value(argv: list[str], name: str) -> str | None:
    """The value ``argv`` gives ``name`` (``name VALUE`` or ``name=VALUE``), if any."""
    for i, arg in enumerate(argv):
        if arg == name and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith(name + "="):
            return arg.split("=", 1)[1]
    return None


def full_collection() -> str:
    """One full collection as the bot's collector runs it: the loop's pause, what it walked
    (every container not frozen at start-up) and what it freed."""
    walked = len(gc.get_objects())
    started = time.perf_counter()
    freed = gc.collect()
    paused = time.perf_counter() - started
    return f"{ms(paused)} ms, {walked:,} objects walked, {freed:,} freed"



# ==============================================================================================
# Part 2: REST requests per action, the real client against the fake Discord
# ==============================================================================================
# Production settings (bot/settings.py): a bot moves 1.5 s after its prompt appears, a board is
# edited at most once per 1.2 s, a human's turn lasts 120 s.
BOT_MOVE_DELAY = 1.5
BOARD_EDIT_DELAY = 1.2
TURN_SECONDS = 120
# The turn clock is squeezed no shorter than this (seconds): the bench's people answer within a
# twentieth of their turn, and a clock of a second or two would run out (and remind them by
# DM) on a loaded machine's lag rather than on their thinking.
LEAST_TURN_SECONDS = 10
# How long a person waits for a table's first board (it waits for its picture, drawn in a
# worker process that a loaded machine starts slowly).
BOARD_WAIT = 60.0
# How long a person takes to click, once the bot waits for them (seconds, uniform).
HUMAN_THINK = (1.0, 5.0)


@dataclass(frozen=True)
class TableKind:
    name: str
    humans: int
    bots: int


TABLE_KINDS = (
    TableKind("2 humans + 2 bots", 2, 2),
    TableKind("host + 4 bots", 1, 4),
    TableKind("host + 5 bots", 1, 5),
    TableKind("4 humans", 4, 0),
    TableKind("6 humans", 6, 0),
)
# For a game that seats fewer than four (Renju's two), in place of the kinds above.
SMALL_TABLE_KINDS = (
    TableKind("host + 1 bot", 1, 1),
    TableKind("2 humans", 2, 0),
)


def table_kinds(names: list[str] | None) -> list[TableKind]:
    """The kinds of table the game under measurement seats (only ``names`` if given)."""
    spec = registry.get(GAME).spec
    fitting = [k for k in TABLE_KINDS if spec.min_players <= k.humans + k.bots
               <= spec.max_players]
    if not fitting:
        fitting = [k for k in SMALL_TABLE_KINDS if spec.min_players <= k.humans + k.bots
                   <= spec.max_players]
    return [k for k in fitting if names is None or k.name in names]


@dataclass
class TableRun:
    kind: TableKind
    number: int
    channel_id: int
    user_ids: set[int]
    match_id: int | None = None
    started_at: float = 0.0  # loop time when the start click was answered
    ended_at: float = 0.0  # loop time when the last action was applied
    actions: Counter[str] = field(default_factory=Counter)  # by source
    requests: Counter[tuple[str, str]] = field(default_factory=Counter)  # (phase, kind)
    human_clicks: Counter[str] = field(default_factory=Counter)
    panel_moves: Counter[str] = field(default_factory=Counter)  # why the board would not do
    # The board's bot-token writes by what they showed (``Desk.writes``).
    board_writes: Counter[str] = field(default_factory=Counter)
    unchanged_edits: int = 0  # edits left out: the board showed what they would write
    wall_seconds: float = 0.0

    @property
    def applied(self) -> int:
        return sum(self.actions.values())


class MatchSignals:
    """Wakes the simulated people when their match changes (a listener on the service)."""

    def __init__(self) -> None:
        self._events: dict[int, asyncio.Event] = {}

    def event(self, match_id: int) -> asyncio.Event:
        return self._events.setdefault(match_id, asyncio.Event())

    async def on_change(self, change: Any) -> None:
        event = self._events.pop(change.live.id, None)
        if event is not None:
            event.set()


class Person:
    """One human seat, clicking as a person does: on the board when the board offers the move,
    otherwise in their private panel (kept open between moves, refreshed when it is stale)."""

    def __init__(self, table: Any, user: Any, seat: int, signals: MatchSignals,
                 rng: random.Random, think: tuple[float, float], run: TableRun) -> None:
        self.table = table
        self.user = user
        self.seat = seat
        self.signals = signals
        self.rng = rng
        self.think = think
        self.run = run
        self.panel: Any | None = None

    async def play(self) -> None:
        assert self.table.match_id is not None
        while True:
            # Taken before the match is read, so that a change while reading still wakes us.
            changed = self.signals.event(self.table.match_id)
            live = await self.table.live()
            if live.record.status.value != "active":
                return
            if live.seats[self.seat].is_bot:
                # The turn clock ran out on this person often enough for a bot to take the
                # seat (a loaded machine at a squeezed time scale): they take it back.
                await self.take_seat_back(live)
                continue
            prompt = live.game.prompt_for(live.state, self.seat)
            if prompt is None or not prompt.blocking:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(changed.wait(), 1.0)
                continue
            await asyncio.sleep(self.rng.uniform(*self.think))
            if not await self.move():
                # Answered already (a question it may answer again): wait for the others.
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(changed.wait(), 1.0)

    async def take_seat_back(self, live: LiveMatch) -> None:
        self.run.human_clicks["seat taken back from the bot"] += 1
        board = await self.table.board(BOARD_WAIT)
        opened = await self.table.fake.click(self.user, board, f"pl:h:{live.id}")
        self.panel = await opened.wait_original()
        back = f"pl:seat:{live.id}:back"
        if back in self.panel.custom_ids():
            await self.table.fake.click(self.user, self.panel, back)

    async def move(self) -> bool:
        """One move; False when the person's sensible choice is the answer it already gave
        (the panel shows it chosen, disabled), so there is nothing to click."""
        live = await self.table.live()
        game = live.game
        prompt = game.prompt_for(live.state, self.seat) if live.state is not None else None
        if prompt is None or not prompt.blocking:
            return True
        version, state = live.version, live.state
        # In a thread, as a person thinks apart from the bot: a game whose built-in choice
        # searches (Renju's) would otherwise hold the bot's event loop while it thinks.
        action = await asyncio.to_thread(game.choose, game.view(state, self.seat), prompt,
                                         self.rng)
        if live.version != version:
            return True  # the game moved on while the person thought: look again
        if game.repeats(state, action):
            return False
        if prompt.pick is not None and prompt.pick.accepts(action):
            # A choice of several items: the panel's select makes it (listed or not).
            self.run.panel_moves["a choice of several items"] += 1
            if await self._open_panel(live.id, version):
                self.run.human_clicks["panel"] += 1
                await self._attempt(version, self.table.choose_pick(
                    self.user, self.panel, self.seat, version, prompt, action))
            return True
        index = prompt.actions.index(action)
        board = await self.table.board(BOARD_WAIT)
        # The board offers this seat's public moves once it shows this version: the seat's own
        # buttons, or a question put to several people at once (whose ids name no seat).
        if self.table.board_offers(board, live, self.seat, index):
            self.run.human_clicks["board"] += 1
            await self._attempt(version, self.table.choose_on_board(
                self.user, board, self.seat, index))
            return True
        self.run.panel_moves[self._why_panel(live, prompt, index)] += 1
        if await self._open_panel(live.id, version):
            self.run.human_clicks["panel"] += 1
            assert self.panel is not None
            await self._attempt(version, self.table.choose_in_panel(
                self.user, self.panel, self.seat, version, index))
        return True

    async def _open_panel(self, match_id: int, version: int) -> bool:
        """The private panel open and current at ``version`` (opened, or refreshed when
        stale); False when the game moved on meanwhile (the person looks again)."""
        if self.panel is not None and self._panel_current(match_id, version):
            return True
        self.run.human_clicks["open or refresh panel"] += 1
        if self.panel is None:
            board = await self.table.board(BOARD_WAIT)
            opened = await self.table.fake.click(self.user, board, f"pl:h:{match_id}")
            self.panel = await opened.wait_original()
        else:
            await self.table.fake.click(self.user, self.panel, f"pl:h:{match_id}")
        return (await self.table.live()).version == version

    async def _attempt(self, version: int, click: Any) -> None:
        """Make a click; a game that moved on or ended meanwhile is no error (the person
        looks again)."""
        try:
            await click
        except (AssertionError, ValueError):
            live = await self.table.live()
            if live.version == version and live.record.status.value == "active" \
                    and live.outcome() is None:
                raise

    @staticmethod
    def _why_panel(live: LiveMatch, prompt: Prompt, index: int) -> str:
        """Why this move could not be made on the board."""
        from bot.renderers import renderer_for

        renderer = renderer_for(live.record.game)
        if index not in renderer.board_actions(live, live.game.view(live.state, None), prompt):
            return "a private choice"
        if sum(1 for p in live.pending() if p.blocking) > 1:
            return "public, but several seats were asked at once"
        return "public, the board not yet edited"

    def _panel_current(self, match_id: int, version: int) -> bool:
        assert self.panel is not None
        prefix = tuple(f"pl:{scope}:{match_id}:{version}:{self.seat}:"
                       for scope in ("a", "s", "k"))
        return any(c.startswith(prefix) for c in self.panel.custom_ids())


def request_kind(request: Any, fake: Any) -> str:
    """What a recorded REST request was, in the words of the report."""
    route = request.route
    if route.startswith("/interactions/"):
        body = request.json if isinstance(request.json, dict) else {}
        names = {4: "reply", 5: "defer (thinking)", 6: "defer (update)", 7: "edit clicked msg",
                 9: "modal"}
        return f"interaction callback: {names.get(body.get('type') or 0, body.get('type'))}"
    if route.startswith("/webhooks/"):
        return f"interaction webhook: {request.method} {route.split('{webhook_token}')[-1] or '/'}"
    if route == "/users/@me/channels":
        return "bot token: open DM channel"
    if route.startswith("/channels/{channel_id}/messages"):
        channel = fake.world.channels.get(int(request.path.split("/")[2]))
        where = "DM" if channel is not None and channel.is_dm else "table channel"
        if where == "DM" and request.method == "POST":
            body = request.json if isinstance(request.json, dict) else {}
            # The opening secrets come with an embed; a turn clock's reminder is text alone.
            where = "DM, opening secrets" if body.get("embeds") else "DM, text"
        what = {"POST": "send", "PATCH": "edit", "DELETE": "delete"}.get(request.method,
                                                                          request.method)
        return f"bot token: {what} message ({where})"
    return f"bot token: {request.method} {route}"


def request_channel(request: Any, fake: Any, dm_owner: dict[int, int]) -> int | None:
    """The table channel a request belongs to (DMs through their recipient), if any."""
    parts = request.path.split("/")
    if request.route.startswith("/interactions/"):
        interaction = fake.interactions.get(int(parts[2]))
        return None if interaction is None else int(interaction.channel.id)
    if request.route.startswith("/webhooks/"):
        for interaction in fake.interactions.values():
            if interaction.token == parts[3]:
                return int(interaction.channel.id)
        return None
    if request.route == "/users/@me/channels" and isinstance(request.json, dict):
        return dm_owner.get(int(request.json.get("recipient_id", 0)))
    if request.route.startswith("/channels/{channel_id}"):
        channel = fake.world.channels.get(int(parts[2]))
        if channel is not None and channel.is_dm:
            return dm_owner.get(int(channel.recipient_id or 0))
        return int(parts[2])
    return None


async def play_table(fake: Any, client: Any, run: TableRun, guild_users: list[Any],
                     channel: Any, signals: MatchSignals, think: tuple[float, float],
                     seed: int, timeout: float, stagger: float,
                     stop_after: int | None = None) -> None:
    """One table played by its people (and bots) to its end, or, given ``stop_after``, until
    it has applied that many actions (a smoke run's table)."""
    from tests.e2e.parlor import Table

    loop = asyncio.get_running_loop()
    # Tables open at different moments, as they do on a real bot (and a burst of DM opens at
    # one instant would meet Discord's DM bucket before discord.py has read its headers).
    await asyncio.sleep(random.Random(f"{seed}:{run.number}:open").uniform(0, stagger))
    started = loop.time()
    table = Table(fake, client, channel)
    host, *others = guild_users
    await table.open(host, GAME)
    for user in others:
        await table.lobby_click(user, "join")
    for _ in range(run.kind.bots):
        await table.lobby_click(host, "addbot")
    result = await table.lobby_click(host, "start")
    assert result.callback is not None and result.callback.accepted, result.callback
    run.started_at = loop.time()
    live = await table.live()
    run.match_id = live.id
    people = [
        Person(table, user, seat.seat, signals, random.Random(f"{seed}:{run.number}:{seat.seat}"),
               think, run)
        for seat in live.seats if not seat.is_bot
        for user in guild_users if user.id == seat.user_id
    ]
    tasks = [asyncio.create_task(p.play()) for p in people]
    try:
        while (now := await table.live()).outcome() is None:
            if stop_after is not None and now.version >= stop_after:
                break
            if loop.time() - started > timeout:
                raise TimeoutError(f"table {run.kind.name} #{run.number} did not finish")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(signals.event(live.id).wait(), 1.0)
    finally:
        # Cancelled again until done: Python 3.11's wait_for can swallow a cancellation that
        # meets the end of what it waited for, and the person would play on to the game's end.
        while pending := [task for task in tasks if not task.done()]:
            for task in pending:
                task.cancel()
            await asyncio.wait(pending, timeout=0.1)
        for task in tasks:
            if not task.cancelled() and task.exception() is not None:
                raise task.exception()  # type: ignore[misc]
    run.ended_at = loop.time()
    for entry in await client.parlor.repo.actions(live.id):
        run.actions[entry.source] += 1
    run.wall_seconds = run.ended_at - started


class LogCounter(logging.Handler):
    """Counts warnings and errors by message instead of printing each one."""

    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.counts: Counter[tuple[str, str]] = Counter()

    def emit(self, record: logging.LogRecord) -> None:
        self.counts[(record.levelname, f"{record.name}: {record.getMessage()}"[:160])] += 1

    def lines(self) -> list[str]:
        return [f"{level} x{count}: {text}" for (level, text), count in self.counts.most_common()]


def game_timeout(args: argparse.Namespace) -> float:
    """Wall seconds a table may take: a long game (1,500 moves: Sanguosha's run long) at the
    slowest pace, squeezed."""
    slowest = max(args.think[1], args.bot_move_delay) + args.board_edit_delay
    return 60.0 + 1_500 * slowest * args.time_scale


def squeezed_rate_limits(scale: float) -> Any:
    """Discord's per-route windows, squeezed like every other delay. The global 50/s is left
    out: squeezed time multiplies requests per second by 1/scale (the report gives the rate at
    production pace instead)."""
    from tests.fakediscord import RateLimitPolicy
    from tests.fakediscord.ratelimits import BucketLimit

    like = RateLimitPolicy.discord_like()
    return RateLimitPolicy(
        default=BucketLimit(like.default.limit, like.default.window * scale),
        routes={k: BucketLimit(v.limit, v.window * scale) for k, v in like.routes.items()},
        global_per_second=None,
    )


def attribute_requests(fake: Any, runs: list[TableRun], dm_owner: dict[int, int]
                       ) -> Counter[str]:
    """Files every recorded request under its table and phase; returns the rest (start-up)."""
    by_channel = {run.channel_id: run for run in runs}
    unattributed: Counter[str] = Counter()
    for request in fake.requests:
        label = request_kind(request, fake)
        run = by_channel.get(request_channel(request, fake, dm_owner) or 0)
        if run is None:
            unattributed[label] += 1
            continue
        phase = "setup" if request.time <= run.started_at else "game"
        run.requests[(phase, label)] += 1
    return unattributed


@dataclass
class RestOutcome:
    runs: list[TableRun]
    startup: Counter[str]
    problems: list[str]
    rate_limited: int
    client_errors: int
    logged: list[str]


async def run_rest_part(args: argparse.Namespace) -> RestOutcome:
    from tests.e2e.parlor import make_client, make_settings
    from tests.fakediscord import FakeDiscord, point_discord_py_at, running

    scale = args.time_scale
    think = (args.think[0] * scale, args.think[1] * scale)
    logged = LogCounter()
    logging.getLogger().addHandler(logged)
    runs: list[TableRun] = []
    tables: list[tuple[TableRun, list[Any], Any]] = []
    dm_owner: dict[int, int] = {}  # user id -> the channel of their table
    try:
        with tempfile.TemporaryDirectory(prefix="parlor-rest-") as tmp:
            async with FakeDiscord(rate_limits=squeezed_rate_limits(scale)) as fake:
                for kind in table_kinds(args.kinds):
                    for _ in range(args.tables):
                        number = len(runs) + 1
                        users = [fake.create_user(f"t{number}p{i}") for i in range(kind.humans)]
                        guild = fake.create_guild(f"Table {number}", members=users)
                        channel = fake.text_channel(guild)
                        run = TableRun(kind, number, channel.id, {u.id for u in users})
                        dm_owner.update({user.id: channel.id for user in users})
                        tables.append((run, users, channel))
                        runs.append(run)
                settings = make_settings(
                    Path(tmp), fake,
                    bot_move_delay=args.bot_move_delay * scale,
                    board_edit_delay=args.board_edit_delay * scale,
                    default_turn_seconds=max(LEAST_TURN_SECONDS, round(TURN_SECONDS * scale)),
                )
                with point_discord_py_at(fake):
                    client = make_client(settings)
                    signals = MatchSignals()
                    client.parlor.service.subscribe(signals.on_change)
                    async with running(client, fake):
                        await asyncio.gather(*(
                            play_table(fake, client, run, users, channel, signals, think,
                                       args.seed, timeout=game_timeout(args),
                                       stagger=10 * scale, stop_after=args.actions)
                            for run, users, channel in tables))
                        # Let trailing board edits land before counting.
                        await asyncio.sleep(args.board_edit_delay * scale * 2 + 0.2)
                        by_match = {run.match_id: run for run in runs}
                        for (match_id, why), n in client.parlor.desk.writes.items():
                            if match_id in by_match:
                                by_match[match_id].board_writes[why] += n
                        for match_id, n in client.parlor.desk.unchanged.items():
                            if match_id in by_match:
                                by_match[match_id].unchanged_edits += n
                return RestOutcome(
                    runs=runs,
                    startup=attribute_requests(fake, runs, dm_owner),
                    problems=fake.problems(),
                    rate_limited=sum(1 for r in fake.requests if r.cause == "rate"),
                    client_errors=len(fake.client_errors),
                    logged=logged.lines(),
                )
    finally:
        logging.getLogger().removeHandler(logged)


def report_rest(outcome: RestOutcome, args: argparse.Namespace) -> None:
    runs = outcome.runs
    scale = args.time_scale
    print(f"\nSettings (production-equivalent seconds): bot_move_delay {args.bot_move_delay:g}, "
          f"board_edit_delay {args.board_edit_delay:g}, people think {args.think[0]:g}-"
          f"{args.think[1]:g} s. Time scale {scale:g} (every delay times this); "
          f"{len(runs)} tables played at once.")
    if args.actions is not None:
        print(f"Smoke run: each table left once it had applied {args.actions} actions, not "
              "played to its end (the figures are for openings, not whole games).")
    print(f"\nPer kind of table (requests the bot made for the table, from /{GAME} start to "
          "the reveal, divided by the actions applied):")
    rows = []
    kinds: dict[str, list[TableRun]] = {}
    for run in runs:
        kinds.setdefault(run.kind.name, []).append(run)
    grand: Counter[tuple[str, str]] = Counter()
    grand_actions = 0
    kind_ratios: list[float] = []
    kind_bot_ratios: list[float] = []
    for name, group in kinds.items():
        requests: Counter[tuple[str, str]] = Counter()
        sources: Counter[str] = Counter()
        for run in group:
            requests.update(run.requests)
            sources.update(run.actions)
        grand.update(requests)
        actions = sum(sources.values())
        grand_actions += actions
        total = sum(requests.values())
        kind_ratios.append(total / max(1, actions))
        interaction = sum(n for (_, k), n in requests.items() if k.startswith("interaction"))
        game_only = sum(n for (phase, _), n in requests.items() if phase == "game")
        per_game_min = statistics.fmean(run.wall_seconds / scale / 60 for run in group)
        bot_token = total - interaction
        kind_bot_ratios.append(bot_token / max(1, actions))
        rows.append([
            name, str(len(group)), str(actions),
            "/".join(str(sources[s]) for s in ("player", "bot", "timer")),
            str(total), f"{total / max(1, actions):.2f}",
            f"{interaction / max(1, actions):.2f}", f"{bot_token / max(1, actions):.2f}",
            f"{game_only / max(1, actions):.2f}",
            f"{per_game_min:.1f}",
            f"{bot_token / max(1e-9, sum(r.wall_seconds for r in group) / scale):.2f}",
        ])
    print_table(["tables", "n", "actions", "player/bot/timer", "requests", "per action",
                 "interaction", "bot token", "in game only", "minutes/game",
                 "bot-token req/s/table"], rows)
    total = sum(grand.values())
    print(f"\nAll tables: {total} requests for {grand_actions} actions = "
          f"{total / max(1, grand_actions):.2f} requests per action "
          f"(target <= {TARGET_REQUESTS_PER_ACTION}); each kind of table weighted alike "
          f"(long games no longer count more): {statistics.fmean(kind_ratios):.2f}")
    bot_total = sum(n for (_, k), n in grand.items() if not k.startswith("interaction"))
    print(f"Bot token (what Discord's global limit counts): {bot_total} requests = "
          f"{bot_total / max(1, grand_actions):.2f} per action "
          f"(target <= {TARGET_BOT_TOKEN_PER_ACTION}); each kind of table weighted alike: "
          f"{statistics.fmean(kind_bot_ratios):.2f}")
    print(f"\nBreakdown, all tables (setup = /{GAME} start, joins, bots and the start click, "
          "whose answer waits for the first board and the opening DMs; game = every move, "
          "board edit and the reveal):")
    kinds_seen = sorted({k for _, k in grand})
    rows = []
    for kind in kinds_seen:
        counts = [grand[(phase, kind)] for phase in ("setup", "game")]
        rows.append([kind, *(str(c) for c in counts), str(sum(counts)),
                     f"{sum(counts) / max(1, grand_actions):.3f}"])
    print_table(["request", "setup", "game", "total", "per action"], rows)
    writes: Counter[str] = Counter()
    for run in runs:
        writes.update(run.board_writes)
    print("\nBoard writes with the bot token, by the changes each showed (moves clicked on a "
          "board are answered with the board itself, at no bot-token cost):")
    print_table(["write: what it showed", "count", "per action"],
                [[why, str(n), f"{n / max(1, grand_actions):.3f}"]
                 for why, n in writes.most_common()])
    print(f"Edits left out because the board already showed what they would write: "
          f"{sum(run.unchanged_edits for run in runs)}")
    clicks: Counter[str] = Counter()
    for run in runs:
        clicks.update(run.human_clicks)
    player_actions = sum(run.actions["player"] for run in runs)
    action_clicks = clicks["board"] + clicks["panel"]
    print(f"\nPeople's clicks: {clicks['board']} moves on the board, {clicks['panel']} in the "
          f"panel, {clicks['open or refresh panel']} panel opens or refreshes; "
          f"{action_clicks - player_actions} move clicks were refused (the game had moved on); "
          f"{clicks['seat taken back from the bot']} seats taken back from the bot after the "
          "turn clock ran out")
    reasons: Counter[str] = Counter()
    for run in runs:
        reasons.update(run.panel_moves)
    print("Why moves went through the panel: "
          + "; ".join(f"{why}: {n}" for why, n in reasons.most_common()))
    if outcome.startup:
        print(f"Start-up requests (once per process, not counted): {dict(outcome.startup)}")
    print(f"429 answers: {outcome.rate_limited}; avoidable 4xx: {outcome.client_errors}; "
          f"fake Discord problems: {len(outcome.problems)}; distinct warnings/errors logged: "
          f"{len(outcome.logged)}")
    for line in [*outcome.problems, *outcome.logged][:10]:
        print(f"  ! {line}")


def uses_bot_gc(args: argparse.Namespace) -> bool:
    return not args.python_gc and args.gc_thresholds is None and not args.gc_off


def configure_gc(args: argparse.Namespace) -> str:
    registry.get(GAME)  # start-up: the game and its models are loaded before any match
    if uses_bot_gc(args):
        # As ParlorClient.setup_hook does through bot.collector.Collector.start (its slow
        # full collection every ten minutes never comes within a run; its young collections
        # every 20 ms run in part 1 as in the bot).
        gc.collect()
        gc.freeze()
        gc.set_threshold(*collector.THRESHOLDS)
        return (f"the bot's: thresholds {gc.get_threshold()}, {gc.get_freeze_count()} "
                f"start-up objects frozen, young collections every "
                f"{collector.YOUNG_COLLECTION_EVERY * 1000:g} ms")
    if args.gc_thresholds is not None:
        gc.set_threshold(*args.gc_thresholds)
    if args.gc_freeze:
        gc.collect()
        gc.freeze()
    if args.gc_off:
        gc.disable()
        return "disabled"
    frozen = f", {gc.get_freeze_count()} start-up objects frozen" if args.gc_freeze else ""
    return f"thresholds {gc.get_threshold()}{frozen}"


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=["service", "rest", "both"], default="both")
    parser.add_argument("--matches", type=int, default=1_000)
    parser.add_argument("--seconds", type=float, default=20.0,
                        help="length of each part-1 phase")
    parser.add_argument("--rate", type=float, default=TARGET_RATE,
                        help="offered actions/s in the paced phase")
    parser.add_argument("--cpus", type=int, default=1,
                        help="CPUs the process may use (1: the 'one core' target)")
    parser.add_argument("--profile", nargs="?", const="saturation",
                        choices=["saturation", "paced"],
                        help="cProfile one phase (slows it down; saturation by default)")
    parser.add_argument("--profile-sort", default="tottime",
                        help="pstats order: tottime, cumulative, ...")
    parser.add_argument("--profile-lines", type=int, default=25)
    parser.add_argument("--gc-thresholds", type=int, nargs=3, default=None,
                        metavar=("GEN0", "GEN1", "GEN2"),
                        help="try other collector thresholds (CPython's are 700 10 10)")
    parser.add_argument("--gc-freeze", action="store_true",
                        help="try gc.freeze() after start-up (before the matches exist)")
    parser.add_argument("--gc-off", action="store_true",
                        help="try without the cyclic garbage collector (an upper bound only)")
    parser.add_argument("--without-timers", dest="with_timers", action="store_false",
                        help="leave the real Scheduler out (the bot plans every move's turn "
                             "timers and bot moves with it; Discord's board listener stays out)")
    parser.add_argument("--python-gc", action="store_true",
                        help="CPython's collector settings instead of the bot's (bot/collector.py)")
    parser.add_argument("--phases", nargs="+", choices=("saturation", "paced"),
                        default=["saturation", "paced"],
                        help="part 1's phases, in this order (paced alone: the target load on "
                             "a database the saturation phase has not just filled)")
    parser.add_argument("--python-switch-interval", action="store_true",
                        help="CPython's GIL switch interval (5 ms) instead of the bot's "
                             "(bot/switching.py)")
    parser.add_argument("--asyncio-loop", action="store_true",
                        help="asyncio's own event loop instead of the bot's (uvloop: "
                             "bot/event_loop.py)")
    parser.add_argument("--no-autocheckpoint", action="store_true",
                        help="try SQLite without its automatic WAL checkpoints (what-if)")
    parser.add_argument("--tables", type=int, default=2,
                        help="tables of each kind in part 2 (all played at once)")
    parser.add_argument("--kinds", nargs="+", default=None, metavar="KIND",
                        help="part 2: only these kinds of table (their names in the report, "
                             "e.g. '2 humans + 2 bots')")
    parser.add_argument("--actions", type=int, default=None, metavar="N",
                        help="part 2: leave each table once it has applied N actions (a smoke "
                             "run: its figures are for the tables' openings, not whole games)")
    parser.add_argument("--time-scale", type=float, default=0.1,
                        help="part 2's delays times this (1 = production pace)")
    parser.add_argument("--bot-move-delay", type=float, default=BOT_MOVE_DELAY,
                        help="part 2, production-equivalent seconds (setting bot_move_delay)")
    parser.add_argument("--board-edit-delay", type=float, default=BOARD_EDIT_DELAY,
                        help="part 2, production-equivalent seconds (setting board_edit_delay)")
    parser.add_argument("--think", type=float, nargs=2, default=list(HUMAN_THINK),
                        metavar=("MIN", "MAX"), help="part 2: seconds a person takes to click")
    parser.add_argument("--time-every", type=int, default=TIME_EVERY, metavar="N",
                        help="part 1: time the bot's choice, apply and the state's JSON on one "
                             "call in N (1: every call, at about 3 µs a reading, and every "
                             "paced act with the loop's CPU during it and its move)")
    parser.add_argument("--runs", type=int, default=1,
                        help="part 1 this many times in a row, each in a fresh interpreter, "
                             "then a line per run against the target (the target asks for 3)")
    parser.add_argument("--result-file", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--timeline", default=None, metavar="FILE",
                        help="part 1: write every act, trip, statement, collector pause and "
                             "held checkpoint, and the threads' CPU, to FILE (FILE.runN with "
                             "--runs), for bench/service_timeline.py")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", default="all", choices=["all", *registry.names()],
                        help="the game played (all: each registered game in turn)")
    parser.add_argument("--quick", action="store_true", help="small sizes, a smoke run")
    parser.add_argument("--same-process", action="store_true",
                        help="with --game all: every game in this interpreter, one after the "
                             "other (a smoke run's saving of a start a game; a measurement "
                             "wants each game in a fresh interpreter, the default)")
    args = parser.parse_args(argv)
    if args.time_every < 1:
        parser.error("--time-every must be 1 or more")
    if args.same_process and args.runs > 1:
        parser.error("--same-process plays each game once: --runs starts fresh interpreters")
    if args.quick:
        args.matches = min(args.matches, 100)
        args.seconds = min(args.seconds, 3.0)
        args.rate = min(args.rate, 300.0)
        args.tables = min(args.tables, 1)
        args.time_scale = min(args.time_scale, 0.02)
    return args


def each_game(argv: list[str]) -> int:
    """``--game all``: every registered game in turn, each in a fresh interpreter."""
    rest: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--game":
            skip = True
        elif not arg.startswith("--game="):
            rest.append(arg)
    for game in registry.names():
        sys.stdout.flush()
        done = subprocess.run([sys.executable, "-m", "bench.service", "--game", game, *rest],
                              cwd=Path(__file__).resolve().parent.parent, check=False)
        if done.returncode != 0:
            return done.returncode
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = parse_args(argv)
    if args.game == "all" and not args.same_process:
        return each_game(argv)
    every_cpu = sorted(os.sched_getaffinity(0))
    # Part 1's target is for one core; part 2 runs the whole bot, whose board pictures are
    # drawn in worker processes on the other cores, so it gets the machine's CPUs back.
    cpus = pin_to_cpus(args.cpus) if args.part != "rest" else every_cpu
    # Warnings and errors are counted and summed up in the report (LogCounter), not printed.
    logging.basicConfig(level=logging.WARNING, handlers=[logging.NullHandler()])
    print(f"Machine: {machine_line(cpus)}")
    gc_note = configure_gc(args)
    print(f"Garbage collector: {gc_note}")
    if not args.python_switch_interval:
        sys.setswitchinterval(switching.SWITCH_INTERVAL)  # as ParlorClient.setup_hook does
    print(f"GIL switch interval: {sys.getswitchinterval() * 1000:g} ms")
    if args.asyncio_loop:
        os.environ["PARLOR_EVENT_LOOP"] = "asyncio"  # the what-if: asyncio's own loop
    for game in registry.names() if args.game == "all" else [args.game]:
        done = play_game(game, args, argv, cpus, every_cpu)
        if done != 0:
            return done
    return 0


def play_game(game: str, args: argparse.Namespace, argv: list[str], cpus: list[int],
              every_cpu: list[int]) -> int:
    """Both parts (or the one asked) for ``game``, in this interpreter: part 1 on ``cpus``,
    part 2 on every CPU."""
    global GAME
    GAME = game
    title = registry.get(GAME).spec.title
    if args.part in ("service", "both") and args.runs > 1:
        done = consecutive_runs(argv, args.runs)
        if done != 0 or args.part == "service":
            return done
    elif args.part in ("service", "both"):
        os.sched_setaffinity(0, cpus)  # a game before this one may have run part 2
        print(f"\n== Part 1: MatchService + SQLite, {args.matches} concurrent {title} matches "
              f"({seats_for(4)}-{seats_for(6)} seats, all moves by "
              f"{'random legal moves' if GAME in RANDOM_MOVES else 'the built-in bot'}) ==")
        if GAME in RANDOM_MOVES:
            print(f"Moves drawn at random from the prompt, not by the bot: {RANDOM_MOVES[GAME]}")
        if args.with_timers:
            print("With the Scheduler wired in as the bot wires it (each move's timer rows "
                  "written by its own append)")
        else:
            print("What-if: without the Scheduler")
        if args.no_autocheckpoint:
            print("What-if: SQLite's automatic WAL checkpoints are off")
        print(f"Event loop: {event_loop.name()}")
        event_loop.run(run_service_part(args))
    if args.part in ("rest", "both"):
        os.sched_setaffinity(0, every_cpu)
        print(f"\n== Part 2: REST requests per action, {title} tables, the real client against "
              "the fake Discord ==")
        report_rest(event_loop.run(run_rest_part(args)), args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
