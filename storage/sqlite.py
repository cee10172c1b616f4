"""The SQLite backend: one aiosqlite connection, WAL journal, numbered migrations.

What SQLite does differently from PostgreSQL is here; the operations themselves are
``storage.operations``.

Every statement holds ``self._lock`` while it talks to the connection. aiosqlite runs all
statements of a connection on one worker thread, but an ``await`` between two statements lets
another coroutine slip in: without the lock it could read another transaction's uncommitted
rows or issue its own statements inside it.

The connection is in autocommit mode. A write that is one statement runs alone (one statement
is one atomic transaction); several statements run between ``BEGIN IMMEDIATE`` and ``COMMIT``,
taking the write lock up front so a transaction never has to upgrade (and fail) half-way, and
holding the whole database (a transaction's match needs no lock of its own). Each statement is
a round trip to aiosqlite's thread, so the hot path, the append, is a single statement: an
insert into the ``action_appends`` view, whose trigger does the whole append; and the appends
waiting at one moment share one statement (``storage.appends``).

WAL checkpoints run in the background on a second connection (``storage.checkpoints``), not
inside whichever commit crosses SQLite's threshold.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NoReturn

import aiosqlite

from storage.appends import GroupCommit
from storage.checkpoints import DEFAULT_INTERVAL, SAFETY_NET_PAGES, WalCheckpointer
from storage.database import (
    ChannelTaken,
    Database,
    MatchMissing,
    Session,
    sqlite_placeholders,
    writes,
)
from storage.migrate import migrate
from storage.operations import SqlRepository, utc_now
from storage.outage import Outage
from storage.rows import RecordReader, Row, to_db_time, utc_text

__all__ = ["DEFAULT_DB_PATH", "SqliteRepository", "from_db_time", "to_db_time"]

DEFAULT_DB_PATH = Path("data") / "parlor.db"


def from_db_time(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)


def _unchanged(value: None) -> None:
    return value


# The sqlite3 module binds an exact int, float, str or bytearray as it is. Any other value it
# first offers to be adapted: a look-up in its registry of adapters by type, then
# ``__adapt__`` on its protocol and ``__conform__`` on the value, and the first of those two
# fails with an AttributeError whose message is formatted, then dropped. That cost 0.5 µs a
# None and 0.6 µs a bool on SQLite's thread, with the GIL held, and an append binds three or
# four of them (a bot's user, the state between snapshots, the outcome, ``finished``). Found
# in the registry, they skip the rest: None still binds as NULL, a bool as the integer SQLite
# stored for it before. (The registry is the process's: any other sqlite3 connection in it
# binds them the same way, as it did.)
sqlite3.register_adapter(type(None), _unchanged)
sqlite3.register_adapter(bool, int)


# SQLite's primary result codes of a database that cannot be used now, whatever the statement:
# SQLITE_BUSY, SQLITE_LOCKED, SQLITE_NOMEM, SQLITE_READONLY, SQLITE_IOERR, SQLITE_FULL,
# SQLITE_CANTOPEN, SQLITE_PROTOCOL.
_UNAVAILABLE = frozenset({5, 6, 7, 8, 10, 13, 14, 15})


def _translated(error: sqlite3.Error, outage: Outage) -> Exception:
    """What the repository raises for a driver's error: the constraint errors it gives a
    meaning to, ``StorageUnavailable``, or the error as it is."""
    if isinstance(error, sqlite3.IntegrityError):
        message = str(error)
        if "matches.channel_id" in message:
            return ChannelTaken(message)
        if "FOREIGN KEY constraint failed" in message:
            return MatchMissing(message)
        return error
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None and code & 0xFF in _UNAVAILABLE:
        return outage.failed(error)
    return error


def _raise(error: sqlite3.Error, outage: Outage) -> NoReturn:
    failure = _translated(error, outage)
    if failure is error:
        raise error
    raise failure from error


class _Statements(Session):
    """Statements on the connection, each inside ``guard`` (the repository's lock, or nothing
    inside a transaction that holds it already)."""

    def __init__(self, connection: Callable[[], aiosqlite.Connection],
                 guard: AbstractAsyncContextManager[Any], outage: Outage) -> None:
        self._connection = connection
        self._guard = guard
        self.outage = outage

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        async with self._guard:
            try:
                rows = await self._connection().execute_fetchall(sqlite_placeholders(sql), args)
            except sqlite3.Error as error:
                _raise(error, self.outage)
        if writes(sql):
            self.outage.wrote()
        return list(rows)

    async def execute(self, sql: str, *args: Any) -> int:
        async with self._guard:
            try:
                cursor = await self._connection().execute(sqlite_placeholders(sql), args)
            except sqlite3.Error as error:
                _raise(error, self.outage)
        self.outage.wrote()
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        async with self._guard:
            try:
                await self._connection().executemany(sqlite_placeholders(sql), rows)
            except sqlite3.Error as error:
                _raise(error, self.outage)
        self.outage.wrote()


class SqliteDatabase(_Statements, Database):
    """SQLite's side of ``storage.database.Database``."""

    reader = RecordReader(from_db_time)
    lock_clause = ""

    def __init__(self, connection: Callable[[], aiosqlite.Connection], lock: asyncio.Lock,
                 appends: GroupCommit) -> None:
        outage = Outage("SQLite")
        super().__init__(connection, lock, outage)
        self._lock = lock
        self._in_transaction = _Statements(connection, contextlib.nullcontext(), outage)
        self._appends = appends

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Session]:
        async with self._lock:
            conn = self._connection()
            try:
                # BEGIN is inside the ``try``: a caller cancelled while it is queued still gets
                # the transaction opened on the worker thread, and must roll it back.
                await conn.execute("BEGIN IMMEDIATE")
                yield self._in_transaction
                await conn.execute("COMMIT")
            except BaseException as error:
                # Statements run in order on the connection's thread, so this rollback lands
                # after whatever the failed (or cancelled) coroutine had already queued. When
                # the COMMIT went through before the cancellation, there is nothing to undo.
                with contextlib.suppress(sqlite3.Error):
                    await conn.rollback()
                if isinstance(error, sqlite3.Error):
                    _raise(error, self.outage)
                raise
        self.outage.wrote()

    def time(self, moment: datetime) -> str:
        return to_db_time(moment)

    def now(self) -> str:
        # From the clock's seconds (``utc_text``), without a ``datetime`` and its ISO text:
        # an append writes the time it was made, a thousand a second.
        return utc_text(time.time())

    async def append(self, match_id: int, expected_version: int,
                     params: Sequence[Any]) -> None:
        try:
            await self._appends.append(match_id, expected_version, params)
        except sqlite3.Error as error:
            _raise(error, self.outage)
        self.outage.wrote()


class SqliteRepository(SqlRepository):
    """``Repository`` on one SQLite file (or ``":memory:"``).

    ``clock`` supplies the created/updated times (tests pin it); ``page_size`` is how many rows
    ``iter_open_matches`` fetches per query. ``checkpoint_interval`` is how often (seconds) the
    background checkpointer looks for new writes to copy back into the database file; None
    leaves checkpoints to SQLite, inside commits, as by default. A ``":memory:"`` database has
    no log to checkpoint. ``connect`` opens the connection (``aiosqlite.connect`` by default; a
    bench passes a ``factory`` to it to time the statements).
    """

    def __init__(
        self,
        path: str | Path = DEFAULT_DB_PATH,
        *,
        busy_timeout_ms: int = 5_000,
        page_size: int = 200,
        clock: Callable[[], datetime] = utc_now,
        checkpoint_interval: float | None = DEFAULT_INTERVAL,
        connect: Callable[..., aiosqlite.Connection] = aiosqlite.connect,
    ) -> None:
        super().__init__(page_size=page_size, clock=clock)
        if checkpoint_interval is not None and checkpoint_interval <= 0:
            raise ValueError("checkpoint_interval must be positive (or None)")
        self.path = path
        self.busy_timeout_ms = busy_timeout_ms
        self.checkpoint_interval = checkpoint_interval
        self._connect = connect
        self._conn: aiosqlite.Connection | None = None
        self._checkpointer: WalCheckpointer | None = None
        self._lock = asyncio.Lock()
        self._appends = GroupCommit(self._lock, lambda: self.connection)
        self._database = SqliteDatabase(lambda: self.connection, self._lock, self._appends)

    @property
    def _db(self) -> SqliteDatabase:
        return self._database

    # -- lifecycle -------------------------------------------------------------------------
    @property
    def is_memory(self) -> bool:
        return str(self.path) == ":memory:"

    @property
    def checkpointer(self) -> WalCheckpointer | None:
        """The background checkpointer while open (None for ``":memory:"`` or when off)."""
        return self._checkpointer

    async def open(self) -> None:
        if self._conn is not None:
            return
        if not self.is_memory:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        interval = None if self.is_memory else self.checkpoint_interval
        conn = await self._connect(self.path, isolation_level=None)
        checkpointer = None
        try:
            conn.row_factory = sqlite3.Row
            # WAL: readers never block the writer and a commit appends to the log instead of
            # rewriting pages; NORMAL then skips the fsync per commit (see docs/storage.md).
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute("PRAGMA synchronous = NORMAL")
            await conn.execute("PRAGMA foreign_keys = ON")
            await conn.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_ms)}")
            if interval is not None:
                await conn.execute(f"PRAGMA wal_autocheckpoint = {SAFETY_NET_PAGES}")
            await migrate(conn)
            if interval is not None:
                checkpointer = WalCheckpointer(
                    self.path, interval=interval, hold_writes=lambda: self._lock
                )
                await checkpointer.start()
        except BaseException:
            await conn.close()
            raise
        self._conn = conn
        self._checkpointer = checkpointer

    async def close(self) -> None:
        if self._conn is not None:
            await self._appends.drain()  # the appends already made are written, then closed
        conn, self._conn = self._conn, None
        checkpointer, self._checkpointer = self._checkpointer, None
        try:
            # First, so the repository's connection is the last one on the file: closing it
            # checkpoints what is left and removes the log.
            if checkpointer is not None:
                await checkpointer.stop()
        finally:
            if conn is not None:
                async with self._lock:
                    with contextlib.suppress(sqlite3.Error):
                        await conn.execute("PRAGMA optimize")
                    await conn.close()

    async def __aenter__(self) -> SqliteRepository:
        await self.open()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @property
    def appends(self) -> GroupCommit:
        """The append queue (its ``trips`` count, for tests)."""
        return self._appends

    @property
    def connection(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise RuntimeError("the repository is not open; call open() first")
        return self._conn
