"""One budget for every request the bot makes with its own token.

Discord lets a bot make 50 requests a second in all, whatever the route; interaction answers
and follow-ups are not counted. A thousand tables whose bots move every 1.5 s would want
several times that for their board edits alone, so every bot-token request waits here for a
token: the Desk takes one before it renders a board (so the edit shows whatever happened while
it waited) and for each message it sends, and ``request_gate`` makes every other bot-token
request the HTTP client sends take one too (a request a token was taken for just before, in
the same task, uses that token). Tokens come at a steady rate into a small bucket; when they
run short, tables a person is waiting for are served before tables that wait only for bots,
each class first come first served, except that a table of bots that has waited
``MAX_RELAXED_WAIT`` goes next whatever else waits, so no table is starved. Taking a token
costs O(1). Whatever the settings ask for, no second holds more than ``SAFE_PER_SECOND``.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Awaitable, Callable, Hashable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import yarl

from tables import metrics

URGENT, RELAXED = 0, 1
# Discord's global limit is 50 requests a second per bot token; the budget keeps 5 of them
# spare for the time between a token and its request reaching Discord.
SAFE_PER_SECOND = 45.0
# A token taken for a request is used by that task's next bot-token request within this time;
# after it, the request takes a token of its own (so tokens cannot be hoarded into a burst).
CREDIT_SECONDS = 0.1
# The highest rate the budget runs at: with the smallest bucket (one token) and a token's
# credit, a second then holds at most 1 + 40 × 1.1 = 45 requests.
MAX_PER_SECOND = 40.0
# Routes Discord does not count against the global limit (interaction answers, follow-ups).
UNCOUNTED_ROUTES = ("/interactions/", "/webhooks/")
# A relaxed waiter that has waited this long goes before the urgent ones: tables of people alone
# may ask for more than the whole budget, and a table of bots must still show its moves.
MAX_RELAXED_WAIT = 20.0
# A token refilled by a sleep computed to the exact fraction may fall short of 1 by rounding
# (and a clock at 1e3 s cannot move by 1e-15 s): that close counts as a whole token.
WHOLE = 1 - 1e-9


@dataclass(eq=False)
class _Credit:
    """Tokens a task took for requests it is about to send, with when the last was taken."""

    count: int = 0
    since: float = 0.0


_credit: ContextVar[_Credit | None] = ContextVar("parlor_request_credit", default=None)


@dataclass(eq=False)
class _Waiter:
    future: asyncio.Future[None]
    urgent: bool
    served: bool = False
    key: Hashable | None = field(default=None)
    since: float = 0.0  # when it began to wait (the budget's clock)


def default_burst(rate: float) -> float:
    """A quarter second's worth, but no more than keeps a second (a burst, a second's refill
    and the tokens still on credit) at ``SAFE_PER_SECOND``."""
    return max(1.0, min(rate / 4, SAFE_PER_SECOND - rate * (1 + CREDIT_SECONDS)))


class EditBudget:
    """A token bucket of ``per_second`` tokens a second (at most ``MAX_PER_SECOND``) holding at
    most ``burst`` (by default ``default_burst``)."""

    def __init__(self, per_second: float, *, burst: float | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        if per_second <= 0:
            raise ValueError("the budget needs a positive rate")
        self.rate = min(per_second, MAX_PER_SECOND)
        self.capacity = max(1.0, default_burst(self.rate) if burst is None else burst)
        self._closed = False
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
        """Wait for one token for a request this task sends next. ``key`` names the waiter
        for ``hurry`` (one match's board)."""
        await self._acquire(key, urgent)
        credit = _credit.get()
        if credit is None or credit.count <= 0 or \
                self._clock() - credit.since > CREDIT_SECONDS:
            credit = _Credit()
            _credit.set(credit)
        credit.count += 1
        credit.since = self._clock()

    async def pay_for_request(self) -> None:
        """A bot-token request is about to go out: it uses the token its task just took for
        it, or waits for one (as urgent: who sends outside the Desk's tables is not known)."""
        credit = _credit.get()
        if credit is not None and credit.count > 0:
            credit.count -= 1
            if self._clock() - credit.since <= CREDIT_SECONDS:
                return
            credit.count = 0  # taken too long ago: it may not add to a later second's burst
        await self._acquire(None, True)

    async def _acquire(self, key: Hashable | None, urgent: bool) -> None:
        if self._closed:
            return
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
            metrics.BUDGET_WAIT.observe(self._clock() - waiter.since)
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
        self._closed = True
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


def counts_globally(url: yarl.URL, headers: Mapping[str, str]) -> bool:
    """Whether Discord counts a request against the bot's global limit: it carries the bot's
    token and is not an interaction answer or follow-up."""
    if not str(headers.get("Authorization", "")).startswith("Bot "):
        return False
    return not any(route in url.path for route in UNCOUNTED_ROUTES)


def request_gate(budget: Callable[[], EditBudget]) -> aiohttp.TraceConfig:
    """An aiohttp trace for the HTTP client's session: every bot-token request it sends (a
    retry too) first takes from ``budget()``, so no code path — a new one, discord.py's own
    requests — can pass the global limit. The gateway's websocket carries no token header."""
    trace = aiohttp.TraceConfig()

    async def on_request_start(session: aiohttp.ClientSession, context: Any,
                               params: aiohttp.TraceRequestStartParams) -> None:
        if counts_globally(params.url, params.headers):
            await budget().pay_for_request()

    async def on_request_end(session: aiohttp.ClientSession, context: Any,
                             params: aiohttp.TraceRequestEndParams) -> None:
        metrics.REST_REQUESTS.inc()
        if params.response.status == 429:
            metrics.REST_429.inc()

    trace.on_request_start.append(on_request_start)
    trace.on_request_end.append(on_request_end)
    return trace
