"""Where board pictures are drawn: in worker processes, so that painting and PNG encoding use
the machine's other cores and never the event loop's, the newest picture of a table first.

Each table has at most one picture waiting to be drawn: a newer one replaces it before it
starts, and the replaced one is never drawn (``Drawer.skipped`` counts them). A table is always
drawn by the same worker (its match id picks it), so a painter may keep what does not change
between two pictures of one table in that worker's memory. The bot waits for a picture only
as long as it is told (``Drawer.png``'s ``wait``); one not ready by then is kept, and whoever
asked is told when it is (``on_ready``), so the board goes out as text first and the picture
follows with the next edit.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field

from tables import metrics
from tables.pictures.picture import DRAWING, BoardPicture
from tables.pictures.png import TableEncoder
from tables.worker_processes import WorkerPools

# One worker per core beside the event loop's (at least one).
WORKERS = max(1, (os.cpu_count() or 2) - 1)


# In a worker: the encoders of the tables it drew last (a table's picture is encoded as a
# change from its previous one: tens of KiB a table), the least recently drawn dropped first.
_ENCODERS: OrderedDict[int, TableEncoder] = OrderedDict()
KEPT_TABLES = 1000


def _draw(picture: BoardPicture, match_id: int) -> tuple[bytes, float]:
    """In a worker: the picture's PNG and the CPU time it took."""
    started = time.thread_time()
    encoder = _ENCODERS.pop(match_id, None) or TableEncoder()
    _ENCODERS[match_id] = encoder
    while len(_ENCODERS) > KEPT_TABLES:
        _ENCODERS.popitem(last=False)
    png = encoder.png(picture.canvas())
    return png, time.thread_time() - started


def _warm() -> None:
    """A worker's first job: load the typeface, so no table's picture waits for it."""
    from tables.pictures.fonts import font

    font(24)


# The worker processes, started on first use and shared by every Drawer of the process.
POOLS = WorkerPools(_warm)


@dataclass
class _Lane:
    """One worker process and the tables it draws, each with its newest picture to draw."""

    index: int
    waiting: dict[int, BoardPicture] = field(default_factory=dict)
    busy: bool = False


class Drawer:
    def __init__(self, workers: int = WORKERS) -> None:
        self._lanes = [_Lane(i) for i in range(max(1, workers))]
        # The newest finished picture of each table, until it is shown.
        self._done: dict[int, tuple[str, bytes]] = {}
        # Which picture each table's worker is drawing now.
        self._drawing: dict[int, str] = {}
        self._waiters: dict[tuple[int, str], list[asyncio.Future[bytes]]] = {}
        self.skipped = 0
        self.drawn = 0
        # Called with a table's match id when a picture someone gave up waiting for is ready.
        self.on_ready: Callable[[int], None] | None = None
        self._late: set[int] = set()

    @property
    def waiting(self) -> int:
        """Pictures waiting for their worker (at most one a table)."""
        return sum(len(lane.waiting) for lane in self._lanes)

    def _lane(self, match_id: int) -> _Lane:
        return self._lanes[match_id % len(self._lanes)]

    def ready(self, match_id: int, key: str) -> bytes | None:
        done = self._done.get(match_id)
        return done[1] if done is not None and done[0] == key else None

    async def png(self, match_id: int, picture: BoardPicture, wait: float | None
                  ) -> bytes | None:
        """The picture's PNG, drawn in a worker; None if it is not ready within ``wait``
        seconds (None: as long as it takes). A late picture is drawn all the same, and
        ``on_ready`` is called when it is."""
        png = self.ready(match_id, picture.key)
        if png is not None:
            return png
        self._want(match_id, picture)
        future: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self._waiters.setdefault((match_id, picture.key), []).append(future)
        try:
            # Not wait_for: on Python 3.11 it swallows a cancellation that comes as the
            # picture arrives.
            async with asyncio.timeout(wait):
                return await asyncio.shield(future)
        except TimeoutError:
            self._late.add(match_id)
            return None
        finally:
            waiters = self._waiters.get((match_id, picture.key), [])
            if future in waiters:
                waiters.remove(future)
            if not waiters:
                self._waiters.pop((match_id, picture.key), None)

    def shown(self, match_id: int) -> None:
        """The table's board shows its newest picture: its PNG is not kept any longer."""
        self._done.pop(match_id, None)
        self._late.discard(match_id)

    def forget(self, match_id: int) -> None:
        """The table is over or gone: nothing of it is kept or drawn."""
        self.shown(match_id)
        self._lane(match_id).waiting.pop(match_id, None)

    def _want(self, match_id: int, picture: BoardPicture) -> None:
        if self._drawing.get(match_id) == picture.key:
            return
        lane = self._lane(match_id)
        older = lane.waiting.get(match_id)
        if older is not None and older.key != picture.key:
            self.skipped += 1  # replaced before it was drawn
        lane.waiting[match_id] = picture
        self._next(lane)

    def _next(self, lane: _Lane) -> None:
        if lane.busy or not lane.waiting:
            return
        match_id = next(iter(lane.waiting))
        picture = lane.waiting.pop(match_id)
        lane.busy = True
        self._drawing[match_id] = picture.key
        loop = asyncio.get_running_loop()

        def finished(job: Future[tuple[bytes, float]]) -> None:
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(self._finished, lane, match_id, picture, job)

        job = POOLS.submit(lane.index, _draw, picture, match_id)
        job.add_done_callback(finished)

    def _finished(self, lane: _Lane, match_id: int, picture: BoardPicture,
                  job: Future[tuple[bytes, float]]) -> None:
        lane.busy = False
        if self._drawing.get(match_id) == picture.key:
            del self._drawing[match_id]
        waiters = self._waiters.get((match_id, picture.key), [])
        try:
            png, seconds = job.result()
        except Exception as problem:  # a painter's bug, a dead worker: the board goes on
            for waiter in waiters:
                if not waiter.done():
                    waiter.set_exception(problem)
            self._next(lane)
            return
        DRAWING.seconds += seconds
        DRAWING.pictures += 1
        metrics.DRAW_SECONDS.observe(seconds)
        self.drawn += 1
        self._done[match_id] = (picture.key, png)
        for waiter in waiters:
            if not waiter.done():
                waiter.set_result(png)
        if match_id in self._late and match_id not in lane.waiting:
            self._late.discard(match_id)
            if self.on_ready is not None:
                self.on_ready(match_id)
        self._next(lane)

