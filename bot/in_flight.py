"""The clicks a closing bot still owes an answer.

discord.py runs each component callback as a task of its own, and closing the client closes
the HTTP session those tasks answer through: a click being handled at that moment (a restart,
a SIGTERM) would lose its answer or its board edit and log a failure. The client lets them
finish first, for a bounded time."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator


class ClicksInFlight:
    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[object]] = set()

    @contextlib.contextmanager
    def handling(self) -> Iterator[None]:
        """Counts the running task as handling a click until the block ends."""
        task = asyncio.current_task()
        if task is None:
            yield
            return
        self._tasks.add(task)
        try:
            yield
        finally:
            self._tasks.discard(task)

    def __len__(self) -> int:
        return len(self._tasks)

    async def finish(self, timeout: float) -> None:
        """Until every click being handled is done (clicks that arrive meanwhile too), or
        ``timeout`` seconds have passed; the calling task itself is never waited for."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        current = asyncio.current_task()
        while True:
            waiting = self._tasks - {current} if current is not None else set(self._tasks)
            left = deadline - loop.time()
            if not waiting or left <= 0:
                return
            await asyncio.wait(waiting, timeout=left)
