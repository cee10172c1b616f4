"""The PostgreSQL migration runner: applies ``storage/migrations_pg/NNNN_name.sql`` in order,
once each, with the rules of ``storage.migrate`` (the same ledger checks, one transaction per
migration together with its ``schema_migrations`` row).

What PostgreSQL adds is company: several processes (shards) may start at once against one
database. They take turns on an advisory lock, so each migration is applied exactly once and
the processes that come later find nothing pending.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

import asyncpg

from storage.migrate import Migration, available_migrations, pending_migrations

MIGRATIONS_PACKAGE = "storage.migrations_pg"

# The advisory lock's key: "parlor" in ASCII. One key per database; every schema in it shares
# the lock, which only costs a short wait at start-up.
MIGRATION_LOCK_KEY = 0x7061726C6F72

SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")

_CREATE_LEDGER = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    integer PRIMARY KEY,
    name       text        NOT NULL,
    applied_at timestamptz NOT NULL
)
"""


def check_schema_name(schema: str) -> str:
    """Schema names are inlined into SQL, so only plain lowercase identifiers are accepted."""
    if not SCHEMA_NAME.match(schema):
        raise ValueError(
            f"schema {schema!r} is not a plain lowercase identifier (a-z, 0-9, _; 63 at most)"
        )
    return schema


async def applied_migrations(conn: asyncpg.Connection) -> dict[int, str]:
    await conn.execute(_CREATE_LEDGER)
    rows = await conn.fetch("SELECT version, name FROM schema_migrations")
    return {int(row["version"]): str(row["name"]) for row in rows}


async def migrate(
    conn: asyncpg.Connection,
    migrations: list[Migration] | None = None,
    *,
    schema: str | None = None,
) -> list[int]:
    """Apply what is pending; return the versions applied now (empty when up to date).

    ``conn`` must not be inside a transaction. With ``schema``, the schema is created when it
    is missing; the connection's ``search_path`` must already name it, so the tables land
    there. Raises ``MigrationError`` like ``storage.migrate.migrate``.
    """
    migrations = available_migrations(MIGRATIONS_PACKAGE) if migrations is None else migrations
    await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK_KEY)
    try:
        return await _migrate_locked(conn, migrations, schema)
    finally:
        # A closed connection has already dropped its session locks.
        if not conn.is_closed():
            await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK_KEY)


async def _migrate_locked(
    conn: asyncpg.Connection, migrations: list[Migration], schema: str | None
) -> list[int]:
    if schema is not None:
        await conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{check_schema_name(schema)}"')
    applied = await applied_migrations(conn)
    done: list[int] = []
    for migration in pending_migrations(applied, migrations):
        async with conn.transaction():
            # No arguments: the simple query protocol, which runs a script of several
            # statements (function bodies included) in one go.
            await conn.execute(migration.sql)
            await conn.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
                migration.version,
                migration.name,
                datetime.now(UTC),
            )
        done.append(migration.version)
    return done
