"""How the bot runs Python's cyclic garbage collector.

Measured (docs/benchmarks.md, "Service" and "Scale"): with the default settings the collector
took a quarter to a third of the process's time at a thousand live tables, and each full
collection stopped the event loop for half a second or more, while the service's own path makes
no reference cycles for it to free. So, once started:

- everything loaded at start-up (modules, commands, the schedule) is frozen: moved to a
  generation the collector never walks again;
- only the youngest generation is collected by itself (CPython's pace, every 700 new
  containers): it frees the short-lived cycles (a traceback, a finished task) where they form;
- what survives a young collection is a live match's new state, almost always, so the older
  generations are never walked by themselves: a full collection runs on a slow timer instead,
  so a longer-lived cycle is still freed within minutes. Walking the middle generation at
  CPython's pace (every tenth young collection) cost pauses of 30-40 ms at 1,000 actions a
  second, each re-walking tens of thousands of live states that had just been walked once, and
  those pauses were the whole of the service's 20 ms latency budget; a higher gen0 threshold
  only made each young collection walk more survivors (150-190 ms);
- the youngest generation is also collected on a timer, every 20 ms. CPython counts a freed
  object of any age against the young allocations that trigger a collection, and a move frees
  the state it replaces (and, once the engines' memo tables are full, an old entry): the count
  barely rose, so new states piled up for a quarter of a second or more and a young
  collection then walked them all at once (25-60 ms). On the timer one walks at most 20 ms of
  moves (a few milliseconds at 1,000 a second), and costs next to nothing when idle.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger(__name__)

# The second and third numbers only need to be out of reach: gen1 and gen2 never run by
# themselves (a young collection counts once towards gen1's threshold).
THRESHOLDS = (700, 1_000_000_000, 1_000_000_000)
FULL_COLLECTION_EVERY = 600.0  # seconds
YOUNG_COLLECTION_EVERY = 0.02  # seconds


class Collector:
    def __init__(self, *, thresholds: tuple[int, int, int] = THRESHOLDS,
                 full_every: float = FULL_COLLECTION_EVERY,
                 young_every: float = YOUNG_COLLECTION_EVERY,
                 collect_before_freezing: bool = True) -> None:
        self._thresholds = thresholds
        # False where the process holds far more than the bot (a test process that has run
        # hundreds of tests): a full walk of that heap costs 0.1-0.2 s a start, and the
        # garbage it would have freed is handed back to the collector by ``stop``.
        self._collect_first = collect_before_freezing
        self._full_every = full_every
        self._young_every = young_every
        self._saved: tuple[int, int, int] | None = None
        self._tasks: list[asyncio.Task[None]] = []

    def start(self) -> None:
        if self._saved is not None:
            return
        self._saved = gc.get_threshold()
        if self._collect_first:
            gc.collect()
        gc.freeze()
        gc.set_threshold(*self._thresholds)
        self._tasks = [asyncio.create_task(self._collect_now_and_then()),
                       asyncio.create_task(young_collections(self._young_every))]

    def stop(self) -> None:
        """Back to the interpreter's settings (several clients share one test process)."""
        for task in self._tasks:
            task.cancel()
        self._tasks = []
        if self._saved is not None:
            gc.set_threshold(*self._saved)
            gc.unfreeze()
            self._saved = None

    async def _collect_now_and_then(self) -> None:
        while True:
            await asyncio.sleep(self._full_every)
            started = time.perf_counter()
            freed = gc.collect()
            log.debug("full collection: %d objects freed in %.0f ms", freed,
                      (time.perf_counter() - started) * 1000)


async def young_collections(every: float = YOUNG_COLLECTION_EVERY) -> None:
    """Collects the youngest generation every ``every`` seconds, until cancelled."""
    while True:
        await asyncio.sleep(every)
        gc.collect(0)
