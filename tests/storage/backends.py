"""The storage backends the shared suite runs on, and the few things a test needs to know
about each (raw SQL for checks the interface cannot express, whether the repository is idle).

SQLite always runs, on a new file per test. PostgreSQL runs when ``PARLOR_TEST_POSTGRES_DSN``
names a server (``make test`` starts a throwaway one when the distribution's PostgreSQL is
installed). Its tests share one schema for the session, migrated by the first test and dropped at
the end; after each test every table but the migration ledger is emptied and the match ids start
over. Creating the schema afresh per test would cost about 0.2 s of DDL each time.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import uuid
from pathlib import Path
from typing import TYPE_CHECKING, Any

from storage.repository import Repository
from storage.sqlite import SqliteRepository
from tests.storage.helpers import FakeClock

if TYPE_CHECKING:
    from storage.postgres import PostgresRepository

POSTGRES_DSN_VARIABLE = "PARLOR_TEST_POSTGRES_DSN"
POSTGRES_SKIP_REASON = (
    f"PostgreSQL tests need a server: set {POSTGRES_DSN_VARIABLE} "
    "(make test starts a throwaway one when PostgreSQL is installed)"
)
BACKENDS = ("sqlite", "postgres")


def postgres_dsn() -> str | None:
    return os.environ.get(POSTGRES_DSN_VARIABLE) or None


def fresh_schema_name() -> str:
    return f"test_{uuid.uuid4().hex[:20]}"


class Backend:
    """One test's database on one backend."""

    name: str
    # What the database raises when a trigger or constraint refuses a raw statement.
    integrity_error: type[Exception]

    def make(self, **options: Any) -> SqliteRepository | PostgresRepository:
        """A new, unopened repository on this test's database (the same one every call)."""
        raise NotImplementedError

    async def execute(self, repo: Repository, sql: str) -> None:
        """Run raw SQL on the repository's own connection, behind the interface's back."""
        raise NotImplementedError

    async def is_idle(self, repo: Repository) -> bool:
        """No transaction open and no connection taken (once work already let go settles)."""
        raise NotImplementedError

    async def reset(self) -> None:
        """Forget what this test wrote."""


class SqliteBackend(Backend):
    name = "sqlite"
    integrity_error = sqlite3.IntegrityError

    def __init__(self, path: Path, clock: FakeClock) -> None:
        self.path = path
        self.clock = clock

    def make(self, **options: Any) -> SqliteRepository:
        options.setdefault("clock", self.clock)
        return SqliteRepository(self.path, **options)

    async def execute(self, repo: Repository, sql: str) -> None:
        assert isinstance(repo, SqliteRepository)
        await repo.connection.execute(sql)

    async def is_idle(self, repo: Repository) -> bool:
        assert isinstance(repo, SqliteRepository)
        return not repo.connection.in_transaction and not repo._lock.locked()


class PostgresBackend(Backend):
    name = "postgres"

    def __init__(self, dsn: str, schema: str, clock: FakeClock) -> None:
        import asyncpg

        self.dsn = dsn
        self.clock = clock
        self.schema = schema
        self.integrity_error = asyncpg.IntegrityConstraintViolationError

    def make(self, **options: Any) -> PostgresRepository:
        from storage.postgres import PostgresRepository

        options.setdefault("clock", self.clock)
        options.setdefault("schema", self.schema)
        return PostgresRepository(self.dsn, **options)

    async def execute(self, repo: Repository, sql: str) -> None:
        from storage.postgres import PostgresRepository

        assert isinstance(repo, PostgresRepository)
        await repo.pool.execute(sql)

    async def is_idle(self, repo: Repository) -> bool:
        from storage.postgres import PostgresRepository

        assert isinstance(repo, PostgresRepository)
        # asyncpg shields a connection's release from the releasing task's cancellation: a
        # cancelled caller may be gone while its connection is still being handed back.
        for _ in range(200):
            if repo.pool.get_idle_size() == repo.pool.get_size():
                return True
            await asyncio.sleep(0.01)
        return False

    async def reset(self) -> None:
        import asyncpg

        conn = await asyncpg.connect(self.dsn)
        try:
            # DELETE and setval, not TRUNCATE: on tables this small, TRUNCATE's new files cost
            # ten times more.
            tables = await conn.fetch(
                "SELECT tablename FROM pg_tables "
                "WHERE schemaname = $1 AND tablename <> 'schema_migrations'",
                self.schema,
            )
            script = "".join(f'DELETE FROM "{self.schema}"."{t["tablename"]}";' for t in tables)
            if script:
                await conn.execute(script)
            await conn.execute(
                "SELECT setval(format('%I.%I', schemaname, sequencename)::regclass, 1, false) "
                "FROM pg_sequences WHERE schemaname = $1",
                self.schema,
            )
        finally:
            await conn.close()


async def drop_schema(dsn: str, schema: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        await conn.close()
