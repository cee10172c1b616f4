"""The PostgreSQL backend: an asyncpg pool, the migrations of ``storage/migrations_pg``.

What PostgreSQL does differently from SQLite is here; the operations themselves are
``storage.operations``.

It is for deployments where several processes (shards) share one database. Each process has
its own pool, and no process keeps state that another could contradict. The match row's
``version`` is the only arbiter: an append is one statement, ``append_action(...)`` (migration
0002), whose ``UPDATE matches ... WHERE version = expected`` takes the row lock. A rival append
at the same version, from this process or another, waits for that lock, then finds the version
moved on and changes nothing.

Calls that read and then write run in one transaction at PostgreSQL's default READ COMMITTED
level and lock the match row first (``SELECT ... FOR UPDATE``). Single statements run on
whatever pooled connection is free, each its own transaction.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Sequence
from datetime import UTC, datetime
from typing import Any, NoReturn

import asyncpg

from storage.database import (
    ONE_OPEN_PER_CHANNEL,
    ChannelTaken,
    Database,
    MatchMissing,
    Session,
    refusal,
    writes,
)
from storage.operations import SqlRepository, utc_now
from storage.outage import Outage
from storage.postgres_migrate import check_schema_name, migrate
from storage.rows import RecordReader, Row


def _aware(moment: datetime) -> datetime:
    """Naive times are refused, as in SQLite: storage cannot know which zone they meant."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"a timezone-aware datetime is required, got naive {moment!r}")
    return moment.astimezone(UTC)


def _utc(moment: datetime) -> datetime:
    return moment.astimezone(UTC)


async def _keep_session(conn: asyncpg.Connection) -> None:
    """The pool's reset on release, in place of asyncpg's default.

    The default sends ``RESET ALL``, ``CLOSE ALL``, ``UNLISTEN *`` and an advisory-unlock-all
    each time a connection goes back to the pool: one more round trip per repository call,
    two for an append instead of one. This repository leaves nothing of the kind on a session
    (the migration runner gives its advisory lock back itself), and asyncpg still rolls back an
    open transaction before calling this.
    """


# What a driver raises when the server cannot be used now, whatever the statement: no route or
# socket (OSError), a connection refused, cut or closed, a server starting or shutting down
# (57P0x), out of disk or memory (class 53), a standby that takes no writes, no answer in time.
# A connection the server left mid-statement can fail its next statement with asyncpg's
# "cannot switch to state ...; another operation is in progress" (InternalClientError): seen
# when PostgreSQL stopped while a half-time warning was being saved.
_DRIVER_ERRORS = (asyncpg.PostgresError, asyncpg.InterfaceError, asyncpg.InternalClientError,
                  OSError, TimeoutError)
_UNAVAILABLE = (OSError, TimeoutError, asyncpg.PostgresConnectionError,
                asyncpg.OperatorInterventionError, asyncpg.InsufficientResourcesError,
                asyncpg.ReadOnlySQLTransactionError, asyncpg.InternalClientError)


def _translated(error: BaseException, outage: Outage) -> BaseException:
    """What the repository raises for a driver's error: the constraint errors it gives a
    meaning to, ``StorageUnavailable``, or the error as it is."""
    if isinstance(error, asyncpg.UniqueViolationError) \
            and error.constraint_name == ONE_OPEN_PER_CHANNEL:
        return ChannelTaken(str(error))
    if isinstance(error, asyncpg.ForeignKeyViolationError):
        return MatchMissing(str(error))
    if isinstance(error, _UNAVAILABLE) or (
            isinstance(error, asyncpg.InterfaceError) and "closed" in str(error)):
        return outage.failed(error)
    return error


def _raise(error: BaseException, outage: Outage) -> NoReturn:
    failure = _translated(error, outage)
    if failure is error:
        raise error
    raise failure from error


class _Statements(Session):
    """Statements on the pool (any free connection) or on one connection."""

    def __init__(self, on: Callable[[], asyncpg.Pool | asyncpg.Connection],
                 outage: Outage) -> None:
        self._on = on
        self.outage = outage

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        try:
            rows: list[Row] = await self._on().fetch(sql, *args)
        except _DRIVER_ERRORS as error:
            _raise(error, self.outage)
        if writes(sql):
            self.outage.wrote()
        return rows

    async def fetchrow(self, sql: str, *args: Any) -> Row | None:
        try:
            row: Row | None = await self._on().fetchrow(sql, *args)
        except _DRIVER_ERRORS as error:
            _raise(error, self.outage)
        if writes(sql):
            self.outage.wrote()
        return row

    async def execute(self, sql: str, *args: Any) -> int:
        try:
            status: str = await self._on().execute(sql, *args)
        except _DRIVER_ERRORS as error:
            _raise(error, self.outage)
        self.outage.wrote()
        # The row count of a command tag such as ``UPDATE 1`` or ``DELETE 0``.
        return int(status.rsplit(" ", 1)[-1])

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        try:
            await self._on().executemany(sql, rows)
        except _DRIVER_ERRORS as error:
            _raise(error, self.outage)
        self.outage.wrote()


class PostgresDatabase(_Statements, Database):
    """PostgreSQL's side of ``storage.database.Database``."""

    reader = RecordReader(_utc)
    lock_clause = " FOR UPDATE"

    def __init__(self, pool: Callable[[], asyncpg.Pool]) -> None:
        super().__init__(pool, Outage("PostgreSQL"))
        self._pool = pool
        self._expiring: set[asyncio.Task[None]] = set()
        self.outage.on_down = self._expire_connections

    def _expire_connections(self) -> None:
        """The pool's connections may all have been cut (a restart ends every session): each
        is replaced by a new one at its next use, instead of failing once more then."""
        with contextlib.suppress(RuntimeError):  # not open, or no loop
            task = asyncio.get_running_loop().create_task(self._pool().expire_connections())
            self._expiring.add(task)
            task.add_done_callback(self._expiring.discard)

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Session]:
        # asyncpg rolls the transaction back on any exception, cancellation included, and the
        # pool resets (or, failing that, closes) a connection that comes back mid-query.
        try:
            async with self._pool().acquire() as conn, conn.transaction():
                yield _Statements(lambda: conn, self.outage)
        except _DRIVER_ERRORS as error:
            _raise(error, self.outage)
        self.outage.wrote()

    def time(self, moment: datetime) -> datetime:
        return _aware(moment)

    async def append(self, match_id: int, expected_version: int,
                     params: Sequence[Any]) -> None:
        # The function's name comes after SELECT: ``fetchrow`` does not take it for a write.
        try:
            row = await self._on().fetchrow(
                "SELECT new_version, found_version, found_status "
                "FROM append_action($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
                *params,
            )
        except _DRIVER_ERRORS as error:
            _raise(error, self.outage)
        if row["new_version"] is None:
            raise refusal(match_id, expected_version, row["found_version"],
                          row["found_status"])
        self.outage.wrote()


class PostgresRepository(SqlRepository):
    """``Repository`` on a PostgreSQL database, through an asyncpg pool.

    ``dsn`` is a libpq URL (``postgresql://user:password@host:5432/dbname``; a unix socket as
    ``postgresql://user@/dbname?host=/run/postgresql``). ``schema`` puts every table in that
    schema, created on first open, instead of the server's default search path: several
    deployments, or test runs, can share one database. ``min_size`` / ``max_size`` bound the
    pool (no floor by default: asyncpg restores a floor by reconnecting in the background, and
    while the server is down it logged a traceback every few seconds for that); ``page_size``
    is how many rows ``iter_open_matches`` fetches per query; ``clock`` supplies the
    created/updated times (tests pin it).
    """

    def __init__(
        self,
        dsn: str,
        *,
        schema: str | None = None,
        min_size: int = 0,
        max_size: int = 10,
        page_size: int = 200,
        clock: Callable[[], datetime] = utc_now,
    ) -> None:
        super().__init__(page_size=page_size, clock=clock)
        if not 0 <= min_size <= max_size or max_size < 1:
            raise ValueError("the pool needs 0 <= min_size <= max_size and max_size >= 1")
        self.dsn = dsn
        self.schema = None if schema is None else check_schema_name(schema)
        self.min_size = min_size
        self.max_size = max_size
        self._pool: asyncpg.Pool | None = None
        self._database = PostgresDatabase(lambda: self.pool)

    @property
    def _db(self) -> PostgresDatabase:
        return self._database

    # -- lifecycle -------------------------------------------------------------------------
    async def open(self) -> None:
        if self._pool is not None:
            return
        settings = {"application_name": "parlor"}
        if self.schema is not None:
            settings["search_path"] = f'"{self.schema}"'
        pool = await asyncpg.create_pool(
            self.dsn,
            min_size=self.min_size,
            max_size=self.max_size,
            server_settings=settings,
            reset=_keep_session,
        )
        try:
            async with pool.acquire() as conn:
                await migrate(conn, schema=self.schema)
        except BaseException:
            pool.terminate()
            raise
        self._pool = pool

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()

    async def __aenter__(self) -> PostgresRepository:
        await self.open()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("the repository is not open; call open() first")
        return self._pool
