"""One budget for the requests the bot makes for its tables with its own token.

Discord lets a bot make about 50 requests a second in all, whatever the route; interaction
answers are not counted. A thousand tables whose bots move every 1.5 s would want several
times that for their board edits alone, so every board edit and post waits here for a token.
Tokens come at a steady rate into a small bucket; when they run short, tables a person is
waiting for are served before tables that wait only for bots, each class first come first
served, except that a table of bots that has waited ``MAX_RELAXED_WAIT`` goes next whatever else
waits, so no table is starved. Taking a token costs O(1).
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field

URGENT, RELAXED = 0, 1
# A relaxed waiter that has waited this long goes before the urgent ones: tables of people alone
# may ask for more than the whole budget, and a table of bots must still show its moves.
MAX_RELAXED_WAIT = 20.0
# A token refilled by a sleep computed to the exact fraction may fall short of 1 by rounding
# (and a clock at 1e3 s cannot move by 1e-15 s): that close counts as a whole token.
WHOLE = 1 - 1e-9


@dataclass(eq=False)
class _Waiter:
    future: asyncio.Future[None]
    urgent: bool
    served: bool = False
    key: Hashable | None = field(default=None)
    since: float = 0.0  # when it began to wait (the budget's clock)


class EditBudget:
    """A token bucket of ``per_second`` tokens a second holding at most ``burst`` (by default a
    quarter second's worth, so no one-second window ever sees more than 1.25 × the rate)."""

    def __init__(self, per_second: float, *, burst: float | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        if per_second <= 0:
            raise ValueError("the budget needs a positive rate")
        self.rate = per_second
        self.capacity = max(1.0, per_second / 4 if burst is None else burst)
        self._clock = clock
        self._sleep = sleep
        self._tokens = self.capacity
        self._stamp = clock()
        self._queues: tuple[deque[_Waiter], deque[_Waiter]] = (deque(), deque())
        self._waiting = [0, 0]  # live waiters by class (the queues also hold stale entries)
        self._by_key: dict[Hashable, _Waiter] = {}
        self._dispatcher: asyncio.Task[None] | None = None
        self.taken = 0  # tokens handed out, for tests and logs

    @property
    def waiting(self) -> int:
        return self._waiting[URGENT] + self._waiting[RELAXED]

    def _refill(self) -> None:
        now = self._clock()
        self._tokens = min(self.capacity, self._tokens + (now - self._stamp) * self.rate)
        self._stamp = now

    async def take(self, key: Hashable | None = None, *, urgent: bool = True) -> None:
        """Wait for one token. ``key`` names the waiter for ``hurry`` (one match's board)."""
        self._refill()
        ahead = self._waiting[URGENT] if urgent else self.waiting
        if ahead == 0 and self._tokens >= WHOLE:
            self._tokens -= 1
            self.taken += 1
            return
        waiter = _Waiter(asyncio.get_running_loop().create_future(), urgent, key=key,
                         since=self._clock())
        self._queues[URGENT if urgent else RELAXED].append(waiter)
        self._waiting[URGENT if urgent else RELAXED] += 1
        if key is not None:
            self._by_key[key] = waiter
        if self._dispatcher is None or self._dispatcher.done():
            self._dispatcher = asyncio.create_task(self._dispatch())
        try:
            await waiter.future
        except asyncio.CancelledError:
            if not waiter.served:  # gone before its turn: its place is void
                waiter.served = True
                self._waiting[URGENT if waiter.urgent else RELAXED] -= 1
            raise
        finally:
            if key is not None and self._by_key.get(key) is waiter:
                del self._by_key[key]

    def hurry(self, key: Hashable) -> None:
        """The waiter named ``key`` (if any) now waits for a person: it moves to the urgent
        queue's end. Its old entry stays behind and is skipped when reached."""
        waiter = self._by_key.get(key)
        if waiter is None or waiter.urgent or waiter.served:
            return
        waiter.urgent = True
        self._waiting[RELAXED] -= 1
        self._waiting[URGENT] += 1
        self._queues[URGENT].append(waiter)

    def _next(self) -> _Waiter | None:
        relaxed = self._first(RELAXED)
        if relaxed is not None and self._clock() - relaxed.since >= MAX_RELAXED_WAIT:
            return self._queues[RELAXED].popleft()  # waited long enough: its turn now
        urgent = self._first(URGENT)
        if urgent is not None:
            return self._queues[URGENT].popleft()
        if relaxed is not None:
            return self._queues[RELAXED].popleft()
        return None

    def _first(self, cls: int) -> _Waiter | None:
        """The first live waiter of a class, left at the head of its queue."""
        queue = self._queues[cls]
        while queue:
            waiter = queue[0]
            if waiter.served or waiter.urgent != (cls == URGENT):
                queue.popleft()  # cancelled, or moved to the urgent queue
                continue
            if waiter.future.done():  # cancelled, its task not yet resumed to say so
                queue.popleft()
                waiter.served = True
                self._waiting[cls] -= 1
                continue
            return waiter
        return None

    async def _dispatch(self) -> None:
        while self.waiting:
            self._refill()
            while self._tokens >= WHOLE:
                waiter = self._next()
                if waiter is None:
                    break
                waiter.served = True
                self._waiting[URGENT if waiter.urgent else RELAXED] -= 1
                self._tokens -= 1
                self.taken += 1
                waiter.future.set_result(None)
            if not self.waiting:
                break
            await self._sleep(max(0.0, (1 - self._tokens) / self.rate))

    def close(self) -> None:
        """Stop rationing: whoever still waits goes now (the process is shutting down)."""
        if self._dispatcher is not None:
            self._dispatcher.cancel()
        for queue in self._queues:
            while queue:
                waiter = queue.popleft()
                if not waiter.served:
                    waiter.served = True
                    if not waiter.future.done():
                        waiter.future.set_result(None)
        self._waiting = [0, 0]
