"""Action appends committed in groups: one statement, one trip to SQLite's thread and one commit,
for all the appends waiting at that moment.

An append is one row inserted into the ``action_appends`` view, whose trigger does the whole
append. Sent one at a time under the repository's lock, each append holds the lock for a
whole round trip to aiosqlite's worker thread: the worker waits for the GIL, runs the statement,
waits for the GIL again and hands the result back through the event loop, which reaches it only
after whatever else was ready to run. Near a thousand appends a second the lock itself became
the queue (its holders spent ~0.8 ms a trip, SQLite ~0.14 ms of it), and the service's p99
went to tens of milliseconds with SQLite's thread busy a seventh of the time. Here the appends
that arrive while a trip is out wait together and leave in the next one, as the rows of one
``INSERT`` (the trigger runs for each row in turn): under load a trip carries many, at a
trickle it carries one, as before. The statement goes through aiosqlite's public ``execute``.

One statement is one transaction: a row the trigger refuses (``RAISE(ABORT)``: a stale
version, an unknown or closed match) undoes the whole statement. The group is then sent again
one append at a time, so that each refused append gets its own reason and the others are
written (refusals are rare: the service checks the version before it appends). Any other error
(the disk full, an I/O error, a value SQLite cannot store) is raised to every append in the
group: none of them was written, and each caller sees the failure, as it would have alone.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import aiosqlite

from storage.database import refusal

# The columns of the ``action_appends`` view (migration 0003), in the order of an append's
# values (``storage.operations.APPEND_COLUMNS``).
_COLUMNS = ("match_id", "expected_version", "seat", "user_id", "source", "action", "state",
            "created_at", "finished", "outcome", "timers")
# The message of the ``action_appends`` trigger's refusal (migration 0002).
APPEND_REFUSED = "parlor: append refused"
# The most appends one statement carries (SQLite binds at most 32,766 values in one).
MOST_IN_ONE = 1_000
# How long a group waits for company before it leaves (seconds), while many matches append
# at a high rate. Each trip to SQLite's thread costs the loop and that thread a hand-off each
# way, and at a steady thousand appends a second a trip left with one or two appends: the
# hand-offs, not SQLite, were a fifth of a move's CPU (docs/benchmarks.md, "Service"). At a
# lower rate the trips cost little and a wait would only delay each move; one match playing
# alone never waits (its next append comes only after this one is written).
GROUP_LINGER = 0.005
# "Many at a high rate": within the last LINGER_WINDOW seconds, at least LINGER_APPENDS
# appends (500 a second) from at least LINGER_MATCHES matches.
LINGER_WINDOW = 0.1
LINGER_APPENDS = 50
LINGER_MATCHES = 4
# A group this large leaves at once, lingering or not: the company it waits for is there. At a
# steady thousand appends a second a linger gathers about five; a group of this many means a
# backlog (the loop was held up, and the moves it owed all came at once), where each further
# wait only added the linger to every move in it.
FULL_GROUP = 8


@dataclass(slots=True)
class _Append:
    match_id: int
    expected_version: int
    params: Sequence[Any]
    future: asyncio.Future[None]


class GroupCommit:
    """Appends of one repository, sent to SQLite in groups (see the module).

    ``lock`` is the repository's lock, held for each trip so that no other statement runs
    inside the group's transaction; ``connection`` gives the open aiosqlite connection.
    """

    def __init__(self, lock: asyncio.Lock, connection: Callable[[], aiosqlite.Connection],
                 *, linger: float | None = None) -> None:
        self._linger = GROUP_LINGER if linger is None else linger
        # The appends of the last LINGER_WINDOW, oldest first (when, match), and how many of
        # them each match made: both kept up in O(1) an append, whatever the pace.
        self._recent: deque[tuple[float, int]] = deque()
        self._recent_by_match: dict[int, int] = {}
        self.lingered = 0  # trips that waited for company, for tests and the benches
        self._lock = lock
        self._connection = connection
        self._waiting: list[_Append] = []
        # What a lingering group waits on: settled at the linger's end or once it is full.
        self._lingering: asyncio.Future[None] | None = None
        self._writer: asyncio.Task[None] | None = None
        self.trips = 0  # groups sent, each one statement unless a row was refused; for tests
        # Told of every trip, for the benches' timelines (``bench/service_timeline.py``):
        # (asked for the lock, sent, back on the loop, appends carried), ``time.perf_counter``.
        self.on_trip: Callable[[float, float, float, int], None] | None = None

    async def append(self, match_id: int, expected_version: int, params: Sequence[Any]) -> None:
        """Writes one append (``params`` in ``_COLUMNS``' order); raises ``StaleVersion``,
        ``MatchNotFound`` or ``ValueError`` (not playable) when the trigger refuses it.

        A caller cancelled before its group leaves is left out of it; one cancelled after may
        still be written, as a statement already queued on aiosqlite's thread always was."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._waiting.append(_Append(match_id, expected_version, params, future))
        now = loop.time()
        self._forget_before(now - LINGER_WINDOW)
        self._recent.append((now, match_id))
        by_match = self._recent_by_match
        by_match[match_id] = by_match.get(match_id, 0) + 1
        lingering = self._lingering
        if lingering is not None and len(self._waiting) >= FULL_GROUP:
            _settle(lingering)
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write(), name="parlor-sqlite-appends")
        await future

    async def drain(self) -> None:
        """Waits until every append made so far has been written (or has failed)."""
        while self._writer is not None and not self._writer.done():
            await asyncio.shield(self._writer)

    async def _write(self) -> None:
        while self._waiting:
            if self._linger and len(self._waiting) < FULL_GROUP and self._many_appending():
                self.lingered += 1
                await self._linger_a_while()
            on_trip = self.on_trip
            asked = time.perf_counter() if on_trip is not None else 0.0
            async with self._lock:
                group = [a for a in self._waiting[:MOST_IN_ONE] if not a.future.done()]
                del self._waiting[:MOST_IN_ONE]
                if not group:
                    continue
                sent = time.perf_counter() if on_trip is not None else 0.0
                try:
                    outcomes = await self._send(group)
                except Exception as error:
                    for entry in group:
                        if not entry.future.done():
                            entry.future.set_exception(error)
                    continue
                except BaseException:
                    # Cancelled (the loop shutting down): no caller may wait forever.
                    for entry in group + self._waiting:
                        entry.future.cancel()
                    self._waiting = []
                    raise
            self.trips += 1
            if on_trip is not None:
                on_trip(asked, sent, time.perf_counter(), len(group))
            for entry, outcome in zip(group, outcomes, strict=True):
                if entry.future.done():
                    continue
                if outcome is None:
                    entry.future.set_result(None)
                else:
                    entry.future.set_exception(outcome)

    async def _send(self, group: list[_Append]) -> list[Exception | None]:
        """The group's appends in one statement; per append, None when written or the
        exception its caller gets. Raises what failed the statement for another reason."""
        conn = self._connection()
        try:
            await conn.execute(_insert_sql(len(group)),
                               [value for entry in group for value in entry.params])
        except sqlite3.IntegrityError as error:
            if APPEND_REFUSED not in str(error):
                raise
        else:
            return [None] * len(group)
        # A row was refused, which undid the statement: each append again on its own.
        return [await self._send_one(conn, entry) for entry in group]

    @staticmethod
    async def _send_one(conn: aiosqlite.Connection, entry: _Append) -> Exception | None:
        try:
            await conn.execute(_insert_sql(1), entry.params)
        except sqlite3.IntegrityError as error:
            if APPEND_REFUSED not in str(error):
                return error
            # The trigger's refusal names no reason; the match as the trigger just saw it does.
            rows = list(await conn.execute_fetchall(
                "SELECT version, status FROM matches WHERE id = ?", (entry.match_id,)))
            found = (None, None) if not rows else (rows[0][0], rows[0][1])
            return refusal(entry.match_id, entry.expected_version, *found)
        return None

    async def _linger_a_while(self) -> None:
        """Waits ``linger`` seconds, or until the group is ``FULL_GROUP`` appends."""
        loop = asyncio.get_running_loop()
        self._lingering = lingering = loop.create_future()
        timer = loop.call_later(self._linger, _settle, lingering)
        try:
            await lingering
        finally:
            timer.cancel()
            self._lingering = None

    def _many_appending(self) -> bool:
        self._forget_before(asyncio.get_running_loop().time() - LINGER_WINDOW)
        return len(self._recent) >= LINGER_APPENDS and \
            len(self._recent_by_match) >= LINGER_MATCHES

    def _forget_before(self, since: float) -> None:
        """Drops the appends made before ``since``. Run with every append, so that each is
        dropped once, by the append that finds it old: a long run of full groups (which never
        ask ``_many_appending``) leaves no backlog to drop in one go."""
        recent, by_match = self._recent, self._recent_by_match
        while recent and recent[0][0] < since:
            match_id = recent.popleft()[1]
            left = by_match[match_id] - 1
            if left:
                by_match[match_id] = left
            else:
                del by_match[match_id]


def _settle(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


@lru_cache(maxsize=64)
def _insert_sql(rows: int) -> str:
    """The insert of ``rows`` appends into the ``action_appends`` view."""
    row = "(" + ", ".join("?" * len(_COLUMNS)) + ")"
    return (f"INSERT INTO action_appends ({', '.join(_COLUMNS)}) VALUES "
            + ", ".join([row] * rows))
