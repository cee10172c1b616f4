"""How the bot runs Python's cyclic garbage collector.

Measured (docs/benchmarks.md, "Service" and "Scale"): with the default settings the collector
took a quarter to a third of the process's time at a thousand live tables, and each full
collection stopped the event loop for half a second or more, while the service's own path makes
no reference cycles for it to free. So, once started:

- everything loaded at start-up (modules, commands, the schedule) is frozen: moved to a
  generation the collector never walks again;
- full collections never run by themselves: one runs on a slow timer instead, so a cycle that
  does form (a traceback, a discarded task) is still freed within minutes. Young collections
  keep CPython's pace: a higher gen0 threshold was tried and made each young collection walk
  more survivors (gen1 pauses of 150-190 ms at a thousand tables, against 30-40 ms).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger(__name__)

THRESHOLDS = (700, 10, 1_000_000)
FULL_COLLECTION_EVERY = 600.0  # seconds


class Collector:
    def __init__(self, *, thresholds: tuple[int, int, int] = THRESHOLDS,
                 full_every: float = FULL_COLLECTION_EVERY) -> None:
        self._thresholds = thresholds
        self._full_every = full_every
        self._saved: tuple[int, int, int] | None = None
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._saved is not None:
            return
        self._saved = gc.get_threshold()
        gc.collect()
        gc.freeze()
        gc.set_threshold(*self._thresholds)
        self._task = asyncio.create_task(self._collect_now_and_then())

    def stop(self) -> None:
        """Back to the interpreter's settings (several clients share one test process)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
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
