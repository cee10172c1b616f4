"""Where bots choose their moves, off the event loop: in worker threads, or in worker processes
for the games whose bot searches (``Game.bot_searches``).

A thread still holds the interpreter while it computes. For a bot that chooses in well under a
millisecond that costs the loop nothing worth naming, and nothing is copied. A search of tens
to hundreds of milliseconds a move (Renju's) would share the interpreter with the loop all that
time: every click, save and board edit waits for its turn at each switch. Those bots choose in
worker processes (the spawn context, as the picture workers), on the machine's other cores;
the loop only pickles the question (about a millisecond for a Renju board) and reads the move.

Each worker has at most one question waiting per seat: a newer question for the same seat
replaces it before it starts, and the replaced one is never asked (``CHOOSING.skipped``; its
asker gets None, as its match has moved on). The game, the view, the prompt and the bot's
seeded generator go to the worker as they are, so it chooses the move the bot would have
chosen in this process. Whether that move is still wanted when it comes back is the asker's
to check (the Scheduler plays it only if the match did not move meanwhile).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pickle
import random
import time
from collections import OrderedDict
from collections.abc import Hashable
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from games import registry
from games.core import Action, Game, Prompt
from tables.worker_processes import WorkerPools

# Threads for the bots that choose cheaply: a few at once; more would only share the same
# interpreter.
THREADS = 2
# Worker processes for the bots that search: one per core beside the event loop's.
PROCESSES = max(1, (os.cpu_count() or 2) - 1)
# How much lower a worker's priority is than the bot's process: where cores are short, a
# search yields most of the CPU to the loop (the OS still lends it every idle core). Not the
# lowest: on a machine shared with other busy processes (a test run), a search still gets a
# share that keeps a bot's answer within a second or so.
WORKER_NICENESS = 5
# Games a worker keeps unpickled (rebuilding one costs about a millisecond), by their bytes.
KEPT_GAMES = 16


@dataclass
class Choosing:
    """What the worker processes did, for the benchmarks: the CPU their choices took (as
    they time it), how many they made, and how many questions a newer one replaced."""

    seconds: float = 0.0
    choices: int = 0
    skipped: int = 0


CHOOSING = Choosing()


# -- in a worker ------------------------------------------------------------------------------
_GAMES: OrderedDict[bytes, Any] = OrderedDict()


def _choose(game: bytes, view: Any, prompt: Prompt, rng: random.Random
            ) -> tuple[Action, float]:
    """In a worker: the game's move and the CPU time it took."""
    engine = _GAMES.pop(game, None)
    if engine is None:
        engine = pickle.loads(game)
    _GAMES[game] = engine
    while len(_GAMES) > KEPT_GAMES:
        _GAMES.popitem(last=False)
    started = time.thread_time()
    action = engine.choose(view, prompt, rng)
    return action, time.thread_time() - started


def _warm() -> None:
    """A worker's first job: step back behind the bot's process (``WORKER_NICENESS``); load
    the games, so no table's first move waits for the import."""
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICENESS)
    registry.names()


# The worker processes, started on first use and shared by every Choosers of the process.
POOLS = WorkerPools(_warm)


def _ready() -> None:
    """In a worker: nothing (submitted so that the pool starts its process)."""


def worker_pids() -> set[int]:
    """The process ids of the choosing workers running now (the benchmarks read their CPU)."""
    return POOLS.pids()


# -- in the bot's process ---------------------------------------------------------------------
@dataclass
class _Question:
    game: bytes
    view: Any
    prompt: Prompt
    rng: random.Random
    answer: asyncio.Future[Action | None]


@dataclass
class _Lane:
    """One worker process and the questions waiting for it, one per seat."""

    index: int
    waiting: dict[Hashable, _Question] = field(default_factory=dict)
    busy: bool = False


class Choosers:
    def __init__(self, threads: int = THREADS, processes: int = PROCESSES) -> None:
        self._thread_count = threads
        self._threads: ThreadPoolExecutor | None = None
        self._lanes = [_Lane(i) for i in range(max(1, processes))]

    @staticmethod
    def in_process(game: Game[Any, Any]) -> bool:
        """Whether ``game``'s bot chooses in a worker process: its game searches, and its
        ``choose`` is the game's own (its class's, bound to it). A stand-in put on the
        instance (a test's quick legal player) is not the search the game declared, and
        chooses in a thread."""
        chooser = game.choose
        own = getattr(chooser, "__self__", None) is game and \
            getattr(chooser, "__func__", None) is getattr(type(game), "choose", None)
        return own and game.bot_searches

    def prepare(self, game: Game[Any, Any]) -> None:
        """Start the worker processes now if ``game``'s bots will choose there: a worker
        takes a second or more to start and load the games, and a table's first bot move
        should not wait for that."""
        if self.in_process(game):
            for lane in self._lanes:
                if not POOLS.started(lane.index):
                    POOLS.submit(lane.index, _ready)

    async def choose(self, game: Game[Any, Any], view: Any, prompt: Prompt,
                     rng: random.Random, seat: Hashable) -> Action | None:
        """The bot's move, chosen off the loop; None when a newer question for the same
        ``seat`` (any hashable naming it, e.g. match and seat) replaced this one first."""
        engine = self._pickled(game) if self.in_process(game) else None
        if engine is None:
            return await asyncio.get_running_loop().run_in_executor(
                self._thread_pool(), game.choose, view, prompt, rng)
        answer: asyncio.Future[Action | None] = asyncio.get_running_loop().create_future()
        lane = self._lanes[hash(seat) % len(self._lanes)]
        older = lane.waiting.get(seat)
        if older is not None:
            CHOOSING.skipped += 1
            if not older.answer.done():
                older.answer.set_result(None)
        # (A replacement keeps the seat's place in the queue.)
        lane.waiting[seat] = _Question(engine, view, prompt, rng, answer)
        self._next(lane)
        return await answer

    def close(self) -> None:
        """Ask nothing more: questions still waiting get None; the worker processes stay,
        shared by the process's other Choosers."""
        for lane in self._lanes:
            for question in lane.waiting.values():
                if not question.answer.done():
                    question.answer.set_result(None)
            lane.waiting.clear()
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)
            self._threads = None

    @staticmethod
    def _pickled(game: Game[Any, Any]) -> bytes | None:
        """The game as a worker receives it, with whatever its instance was given (a bot's
        strength); None for an instance that does not pickle, whose bot chooses in a thread."""
        try:
            return pickle.dumps(game)
        except (pickle.PicklingError, TypeError, AttributeError):
            return None

    def _thread_pool(self) -> ThreadPoolExecutor:
        if self._threads is None:
            self._threads = ThreadPoolExecutor(max_workers=self._thread_count,
                                               thread_name_prefix="bot-choice")
        return self._threads

    def _next(self, lane: _Lane) -> None:
        if lane.busy:
            return
        while True:  # a loop, not a call per question: a thousand askers may have given up
            if not lane.waiting:
                return
            question = lane.waiting.pop(next(iter(lane.waiting)))
            if not question.answer.done():  # else its asker gave up (cancelled)
                break
        lane.busy = True
        loop = asyncio.get_running_loop()

        def finished(job: Future[tuple[Action, float]]) -> None:
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(self._finished, lane, question, job)

        args = (question.game, question.view, question.prompt, question.rng)
        job = POOLS.submit(lane.index, _choose, *args)
        job.add_done_callback(finished)

    def _finished(self, lane: _Lane, question: _Question,
                  job: Future[tuple[Action, float]]) -> None:
        lane.busy = False
        try:
            action, seconds = job.result()
        except Exception as problem:  # the bot's bug, a dead worker: its asker decides
            if isinstance(problem, BrokenProcessPool):
                POOLS.drop(lane.index)
            if not question.answer.done():
                question.answer.set_exception(problem)
        else:
            CHOOSING.seconds += seconds
            CHOOSING.choices += 1
            if not question.answer.done():
                question.answer.set_result(action)
        self._next(lane)
