"""Action appends committed in groups: one trip to SQLite's thread, and one commit, for all the
appends waiting at that moment.

An append is one statement (an insert into the ``action_appends`` view, whose trigger does the
whole append). Sent one at a time under the repository's lock, each append holds the lock for a
whole round trip to aiosqlite's worker thread: the worker waits for the GIL, runs the statement,
waits for the GIL again and hands the result back through the event loop, which reaches it only
after whatever else was ready to run. Near a thousand appends a second the lock itself became
the queue (its holders spent ~0.8 ms a trip, SQLite ~0.14 ms of it), and the service's p99
went to tens of milliseconds with SQLite's thread busy a seventh of the time. Here the appends
that arrive while a trip is out wait together and leave in the next one: under load a trip
carries many, at a trickle it carries one, as before.

Inside one transaction, an append the trigger refuses (``RAISE(ABORT)``) undoes only its own
statement; the others in the group go on and commit. Any other error (the disk full, an I/O
error, a failed commit) rolls the group back and is raised to every append in it: none of them
was written, and each caller sees the failure, as it would have alone.
"""

from __future__ import annotations

import asyncio
import functools
import sqlite3
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import aiosqlite

from storage.records import MatchStatus
from storage.repository import MatchNotFound, StaleVersion
from storage.worker import run_on_thread

APPEND_SQL = (
    "INSERT INTO action_appends (match_id, expected_version, seat, user_id, source, action, "
    "state, created_at, finished, outcome, timers) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
# The message of the ``action_appends`` trigger's refusal (migration 0002).
APPEND_REFUSED = "parlor: append refused"
PLAYABLE = frozenset({MatchStatus.ACTIVE, MatchStatus.PAUSED})
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
        # The matches that appended lately, the least recent first, with when they did; and
        # when each recent append came.
        self._recent: dict[int, float] = {}
        self._recent_times: deque[float] = deque()
        self.lingered = 0  # trips that waited for company, for tests and the benches
        self._lock = lock
        self._connection = connection
        self._waiting: list[_Append] = []
        # What a lingering group waits on: settled at the linger's end or once it is full.
        self._lingering: asyncio.Future[None] | None = None
        self._writer: asyncio.Task[None] | None = None
        self.trips = 0  # trips to SQLite's thread made, for tests

    async def append(self, match_id: int, expected_version: int, params: Sequence[Any]) -> None:
        """Writes one append (``params`` in ``APPEND_SQL``'s order); raises ``StaleVersion``,
        ``MatchNotFound`` or ``ValueError`` (not playable) when the trigger refuses it.

        A caller cancelled before its group leaves is left out of it; one cancelled after may
        still be written, as a statement already queued on aiosqlite's thread always was."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._waiting.append(_Append(match_id, expected_version, params, future))
        now = loop.time()
        self._recent.pop(match_id, None)
        self._recent[match_id] = now
        self._recent_times.append(now)
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
            async with self._lock:
                group = [a for a in self._waiting if not a.future.done()]
                self._waiting = []
                if not group:
                    continue
                try:
                    outcomes = await run_on_thread(
                        self._connection(), functools.partial(_commit, group=group)
                    )
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
            for entry, outcome in zip(group, outcomes, strict=True):
                if entry.future.done():
                    continue
                if outcome is None:
                    entry.future.set_result(None)
                else:
                    entry.future.set_exception(outcome)


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
        recent, times = self._recent, self._recent_times
        since = asyncio.get_running_loop().time() - LINGER_WINDOW
        while recent and next(iter(recent.values())) < since:
            del recent[next(iter(recent))]
        while times and times[0] < since:
            times.popleft()
        return len(times) >= LINGER_APPENDS and len(recent) >= LINGER_MATCHES


def _settle(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


def _commit(conn: sqlite3.Connection, group: list[_Append]) -> list[Exception | None]:
    """On SQLite's thread: the group's appends, in one transaction when there are several.
    Returns, per append, None when written or the exception its caller gets."""
    if len(group) == 1:
        return [_append(conn, group[0])]
    conn.execute("BEGIN IMMEDIATE")
    try:
        outcomes = [_append(conn, entry) for entry in group]
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return outcomes


def _append(conn: sqlite3.Connection, entry: _Append) -> Exception | None:
    try:
        conn.execute(APPEND_SQL, entry.params)
    except sqlite3.IntegrityError as error:
        if APPEND_REFUSED not in str(error):
            return error
        # The trigger's refusal names no reason; the match as the trigger just saw it does.
        row = conn.execute(
            "SELECT version, status FROM matches WHERE id = ?", (entry.match_id,)
        ).fetchone()
        if row is None:
            return MatchNotFound(f"no match {entry.match_id}")
        version, status = row[0], row[1]
        if version != entry.expected_version:
            return StaleVersion(entry.match_id, entry.expected_version, version)
        if MatchStatus(status) not in PLAYABLE:
            return ValueError(f"match {entry.match_id} is {status}; it takes no actions")
        return error
    return None
