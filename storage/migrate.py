"""The migration runner: applies ``storage/migrations/NNNN_name.sql`` in order, once each.

Every migration runs in its own transaction together with the row that records it in
``schema_migrations``, so a failed migration leaves neither half-built tables nor a record.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources

import aiosqlite

MIGRATIONS_PACKAGE = "storage.migrations"
_FILE_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")

_CREATE_LEDGER = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL
)
"""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


class MigrationError(RuntimeError):
    """The database and the migrations shipped with this code disagree."""


def available_migrations(package: str = MIGRATIONS_PACKAGE) -> list[Migration]:
    """The packaged migrations, in version order. Numbers must be unique."""
    found: dict[int, Migration] = {}
    for entry in resources.files(package).iterdir():
        match = _FILE_NAME.match(entry.name)
        if match is None:
            continue
        version = int(match.group(1))
        if version in found:
            raise MigrationError(f"two migrations numbered {version:04d}")
        found[version] = Migration(version, match.group(2), entry.read_text(encoding="utf-8"))
    return [found[v] for v in sorted(found)]


async def applied_migrations(conn: aiosqlite.Connection) -> dict[int, str]:
    await conn.execute(_CREATE_LEDGER)
    rows = await conn.execute_fetchall("SELECT version, name FROM schema_migrations")
    return {int(row[0]): str(row[1]) for row in rows}


async def migrate(
    conn: aiosqlite.Connection, migrations: list[Migration] | None = None
) -> list[int]:
    """Apply what is pending; return the versions applied now (empty when up to date).

    The connection must be in autocommit mode (``isolation_level=None``) and must not be inside
    a transaction. Refuses a database that carries migrations this code does not know (it was
    written by a newer release) or that recorded a different name under a known number.
    """
    migrations = available_migrations() if migrations is None else migrations
    applied = await applied_migrations(conn)
    done: list[int] = []
    for migration in pending_migrations(applied, migrations):
        await _apply(conn, migration)
        done.append(migration.version)
    return done


def pending_migrations(applied: dict[int, str], migrations: list[Migration]) -> list[Migration]:
    """The shipped migrations not yet in the ledger ``applied`` (version → name), in order.

    Shared by every dialect's runner. Raises ``MigrationError`` when the ledger records a
    number this code does not ship, or a different name under a shipped number."""
    known = {m.version: m.name for m in migrations}
    unknown = sorted(set(applied) - set(known))
    if unknown:
        raise MigrationError(
            f"the database has migrations {unknown} that this code does not ship; "
            "it was written by a newer version of Parlor"
        )
    for version, name in applied.items():
        if known[version] != name:
            raise MigrationError(
                f"migration {version:04d} is recorded as {name!r} but ships as {known[version]!r}"
            )
    return [m for m in migrations if m.version not in applied]


async def _apply(conn: aiosqlite.Connection, migration: Migration) -> None:
    # ``executescript`` commits any open transaction before it starts, so the transaction is
    # opened and closed inside the script itself. Version and name come from a file name that
    # matched ``_FILE_NAME`` (digits, lowercase letters, underscores), so inlining them is safe.
    applied_at = datetime.now(UTC).isoformat(timespec="microseconds")
    script = (
        "BEGIN IMMEDIATE;\n"
        f"{migration.sql}\n;\n"
        "INSERT INTO schema_migrations (version, name, applied_at) VALUES "
        f"({migration.version}, '{migration.name}', '{applied_at}');\n"
        "COMMIT;\n"
    )
    try:
        await conn.executescript(script)
    except Exception:
        if conn.in_transaction:
            await conn.rollback()
        raise
