"""Matches loaded from their snapshot, their logs replayed against it in the background.

Loading a match by parsing its snapshot is a thousand times cheaper than replaying its log,
which matters when a restart finds many timers due at once. The log stays the truth: each
match loaded that way is replayed here, one at a time, without holding up clicks.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from tables.failures import log_failure

log = logging.getLogger(__name__)


class LogChecks:
    def __init__(self, check: Callable[[int], Awaitable[None]]) -> None:
        self._check = check
        self._waiting: dict[int, None] = {}  # an ordered set: oldest first
        self._task: asyncio.Task[None] | None = None
        self._stopped = False

    def add(self, match_id: int) -> None:
        if self._stopped:
            return
        self._waiting[match_id] = None
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run())

    def waiting(self) -> int:
        return len(self._waiting)

    async def drain(self) -> None:
        """Until every match added so far is checked (for tests and benchmarks)."""
        while self._task is not None and not self._task.done():
            await asyncio.shield(self._task)

    async def _run(self) -> None:
        while self._waiting:
            match_id = next(iter(self._waiting))
            del self._waiting[match_id]
            try:
                await self._check(match_id)
            except Exception as error:
                log_failure(log, error, "match %s: could not check the log against the "
                            "snapshot", match_id)
            await asyncio.sleep(0)  # clicks and moves go first

    async def stop(self) -> None:
        self._stopped = True
        self._waiting.clear()
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
