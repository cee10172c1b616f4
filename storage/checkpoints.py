"""WAL checkpoints for the SQLite repository, off the path of its statements.

Left to itself, SQLite checkpoints inside whichever commit takes the write-ahead log past
``wal_autocheckpoint`` pages: that one commit copies the log back into the database file and
syncs it, and an ordinary append takes tens of milliseconds. ``WalCheckpointer`` does that work
on a connection of its own (so on a thread of its own, aiosqlite running each connection on
one) about once per ``interval`` while anything is being written. The repository raises
``wal_autocheckpoint`` to ``SAFETY_NET_PAGES``, so SQLite's own checkpoint only runs if this
one falls far behind.

A round is a PASSIVE checkpoint, which neither waits for nor blocks the repository's
connection: it copies the log as it was when the round began. SQLite starts the log over from
its beginning (instead of growing the file) only at a write that finds *every* frame copied, and
under steady writes a PASSIVE pass never gets there, since frames keep arriving while it copies.
Left so, the log grows to the safety net and SQLite's own checkpoint, inside a commit, ends up
doing the restart anyway. So once the log is ``RESTART_FRAMES`` long and writes came in during
the pass, the round ends with a pass inside ``hold_writes`` (the repository's lock): it copies
only what arrived meanwhile, and the next write restarts the log. Before it, more PASSIVE passes
catch up with what arrived during the one before (each shorter than the last), so that the held
pass has only a few frames left to copy; when they do not catch up (writes arriving faster than
a pass copies them, as in a burst beyond what the service sustains), the round holds nothing
and the next one tries again. The held pass runs on a second connection at the event loop's own
priority, because every append waits for it. It holds the repository's
statements for a few milliseconds, once per round and only under sustained writes; see
docs/storage.md for the measurements.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import threading
import time
from collections import deque
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path

import aiosqlite

log = logging.getLogger(__name__)

DEFAULT_INTERVAL = 1.0  # seconds
# SQLite's own checkpoint, kept for when the background one cannot keep up (about 40 MB of log
# at 4 KiB pages), instead of its default 1,000 pages.
SAFETY_NET_PAGES = 10_000
# A log this long (SQLite's own default threshold, about 4 MB) is worth a short hold of the
# writer to start it over; a shorter one just waits for a quiet moment.
RESTART_FRAMES = 1_000
# Catching up before the held pass: at most this many more PASSIVE passes, stopping after one
# that found no more than ``FEW_FRAMES`` new frames (the held pass then has fewer still).
CATCH_UP_PASSES = 4
FEW_FRAMES = 64
# The held passes whose times are kept (``WalCheckpointer.holds``).
HOLDS_KEPT = 256


# The nice value of the checkpointer's thread: the lowest priority, so the CPU it shares with
# the event loop goes to the loop first (see ``_yield_the_cpu``).
NICE = 19

HoldWrites = Callable[[], AbstractAsyncContextManager[object]]


def _yield_the_cpu() -> None:
    """On the checkpointer's thread: lower its priority (Linux gives each thread its own nice
    value). A pass copies pages in C without the GIL for 25-35 ms at 1,000 moves a second; at
    equal priority the kernel split the CPU between it and the event loop for that long, a
    stall of every move in flight; at nice 19 the pass runs in the loop's idle time."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)
    except (AttributeError, OSError) as error:  # not Linux, or not allowed: run as before
        log.debug("checkpointer thread priority unchanged: %s", error)


async def on_its_thread(conn: aiosqlite.Connection, function: Callable[[], object]) -> None:
    """Runs ``function`` on the connection's worker thread, through aiosqlite's public calls
    only: as a function of SQL, called once by a ``SELECT``."""
    def called() -> int:
        function()
        return 0

    await conn.create_function("parlor_on_its_thread", 0, called)
    await conn.execute_fetchall("SELECT parlor_on_its_thread()")


class WalCheckpointer:
    """Checkpoints the WAL of the database at ``path`` in the background; see the module.

    ``hold_writes`` gives a context in which the database's writer makes no statement (the
    repository's lock); without it, rounds are PASSIVE passes only."""

    def __init__(
        self,
        path: str | Path,
        *,
        interval: float = DEFAULT_INTERVAL,
        hold_writes: HoldWrites | None = None,
    ) -> None:
        if interval <= 0:
            raise ValueError("the checkpoint interval must be positive")
        self.path = path
        self.interval = interval
        self.hold_writes = hold_writes
        self.checkpoints = 0  # passes run, for tests and diagnostics
        # The latest held passes, for diagnostics: from asking for the repository's lock to
        # letting it go (``time.perf_counter``, the clock the benchmarks time everything by),
        # every append waiting from the moment the lock was had.
        self.holds: deque[tuple[float, float]] = deque(maxlen=HOLDS_KEPT)
        self._conn: aiosqlite.Connection | None = None
        # The held pass's connection, whose thread keeps the loop's priority.
        self._held_conn: aiosqlite.Connection | None = None
        self._task: asyncio.Task[None] | None = None
        # The database's data_version as this connection last saw it; None until the first
        # round, which therefore also copies back whatever log an earlier run left behind.
        self._seen: int | None = None

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    async def start(self) -> None:
        if self._conn is not None:
            return
        conn = await self._connect()
        try:
            await on_its_thread(conn, _yield_the_cpu)
            held_conn = await self._connect() if self.hold_writes is not None else None
        except BaseException:
            await conn.close()
            raise
        self._conn, self._held_conn = conn, held_conn
        self._task = asyncio.create_task(self._run(conn), name=f"wal-checkpoints {self.path}")

    async def _connect(self) -> aiosqlite.Connection:
        conn = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            # The checkpoint syncs the log and the database file as the repository's own
            # connection would (synchronous=NORMAL); it never waits on a busy handler.
            await conn.execute("PRAGMA synchronous = NORMAL")
        except BaseException:
            await conn.close()
            raise
        return conn

    async def stop(self) -> None:
        """Stop the rounds and close the connection. A checkpoint in progress finishes on its
        thread first (aiosqlite closes after the queued statement); nothing is left running."""
        task, self._task = self._task, None
        conn, self._conn = self._conn, None
        held_conn, self._held_conn = self._held_conn, None
        try:
            if task is not None:
                task.cancel()
                # ``wait``, not ``await task``: a cancellation of the caller itself still
                # reaches the caller instead of being taken for the task's.
                await asyncio.wait([task])
                if not task.cancelled() and task.exception() is not None:
                    log.error(
                        "the WAL checkpointer of %s had stopped",
                        self.path,
                        exc_info=task.exception(),
                    )
        finally:
            for opened in (conn, held_conn):
                if opened is not None:
                    await opened.close()

    async def _checkpoint(self, conn: aiosqlite.Connection) -> tuple[int, int, int]:
        """One PASSIVE pass: (busy, frames in the log, frames copied back)."""
        (row,) = await conn.execute_fetchall("PRAGMA wal_checkpoint(PASSIVE)")
        self.checkpoints += 1
        return int(row[0]), int(row[1]), int(row[2])

    async def _changed(self, conn: aiosqlite.Connection) -> bool:
        """Whether another connection committed since the last look."""
        (row,) = await conn.execute_fetchall("PRAGMA data_version")
        seen, self._seen = self._seen, int(row[0])
        return seen != self._seen

    async def _round(self, conn: aiosqlite.Connection) -> None:
        if not await self._changed(conn):
            return
        busy, in_log, copied = await self._checkpoint(conn)
        if busy:
            return  # another checkpoint is running (SQLite's own, a backup's): next round
        if self.hold_writes is None or in_log < RESTART_FRAMES:
            return
        # A pass reports the log as it found it: what the next one finds beyond that came in
        # while it copied. Catch up until a pass finds only a few frames new.
        for _ in range(CATCH_UP_PASSES):
            found = in_log
            busy, in_log, copied = await self._checkpoint(conn)
            if busy:
                return
            if in_log - found <= FEW_FRAMES:
                break
        else:
            # Writes still outrun the passes (a burst faster than the checkpointer copies):
            # a held pass would copy all that came in during the last one, every append
            # waiting meanwhile. The next round tries again; the safety net bounds the log.
            return
        if copied == in_log and not await self._changed(conn):
            return  # all copied and nothing written since: the next write restarts the log
        started = time.perf_counter()
        async with self.hold_writes():
            await self._checkpoint(self._held_conn or conn)
        self.holds.append((started, time.perf_counter()))

    async def _run(self, conn: aiosqlite.Connection) -> None:
        while True:
            await asyncio.sleep(self.interval)
            try:
                await self._round(conn)
            except sqlite3.Error as error:
                # A failed round (a full disk, an I/O error) is tried again next round, written
                # to or not; the safety net still bounds the log meanwhile.
                self._seen = None
                log.warning("WAL checkpoint of %s failed: %s", self.path, error)
