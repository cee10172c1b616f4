"""Opening the database: migrations from empty, idempotent reopen, refusals, connection settings."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import aiosqlite
import pytest

from storage.migrate import Migration, MigrationError, available_migrations, migrate
from storage.sqlite import SqliteRepository

EXPECTED_TABLES = {
    "matches",
    "seats",
    "actions",
    "snapshots",
    "messages",
    "timers",
    "guild_settings",
    "stats",
    "schema_migrations",
}


def _tables(path: Path) -> set[str]:
    with closing(sqlite3.connect(path)) as conn:
        rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return {row[0] for row in rows}


def _recorded(path: Path) -> list[tuple[int, str]]:
    with closing(sqlite3.connect(path)) as conn:
        rows = conn.execute("SELECT version, name FROM schema_migrations ORDER BY version")
        return rows.fetchall()


def test_packaged_migrations_are_numbered_from_one_without_gaps() -> None:
    versions = [m.version for m in available_migrations()]
    assert versions == list(range(1, len(versions) + 1))
    assert available_migrations()[0].name == "initial"


async def test_open_on_an_empty_file_creates_every_table_and_records_the_migrations(
    db_path: Path,
) -> None:
    assert not db_path.parent.exists()  # the repository makes ./data itself
    repo = SqliteRepository(db_path)
    await repo.open()
    await repo.close()
    assert _tables(db_path) >= EXPECTED_TABLES
    assert _recorded(db_path) == [(m.version, m.name) for m in available_migrations()]


async def test_reopening_applies_nothing_twice(db_path: Path) -> None:
    async with SqliteRepository(db_path):
        pass
    first = _recorded(db_path)
    async with SqliteRepository(db_path) as repo:
        assert await migrate(repo.connection) == []
    assert _recorded(db_path) == first


async def test_pending_migrations_apply_in_order_on_reopen(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    one = Migration(1, "first", "CREATE TABLE a (x INTEGER);")
    two = Migration(2, "second", "ALTER TABLE a ADD COLUMN y INTEGER;")
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        assert await migrate(conn, [one]) == [1]
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        assert await migrate(conn, [one, two]) == [2]
        assert await migrate(conn, [one, two]) == []
        columns = await conn.execute_fetchall("SELECT name FROM pragma_table_info('a')")
    assert [c[0] for c in columns] == ["x", "y"]


async def test_a_failing_migration_leaves_no_trace(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    good = Migration(1, "good", "CREATE TABLE a (x INTEGER);")
    bad = Migration(2, "bad", "CREATE TABLE b (x INTEGER); INSERT INTO missing VALUES (1);")
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        with pytest.raises(sqlite3.OperationalError):
            await migrate(conn, [good, bad])
        assert not conn.in_transaction
    assert "b" not in _tables(path)  # the half of migration 2 that ran was rolled back
    assert _recorded(path) == [(1, "good")]


async def test_a_database_from_a_newer_release_is_refused(db_path: Path) -> None:
    async with SqliteRepository(db_path):
        pass
    with closing(sqlite3.connect(db_path)) as conn, conn:
        conn.execute("INSERT INTO schema_migrations VALUES (999, 'future', '2099-01-01')")
    with pytest.raises(MigrationError, match="999"):
        await SqliteRepository(db_path).open()


async def test_a_renamed_migration_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        await migrate(conn, [Migration(1, "first", "CREATE TABLE a (x INTEGER);")])
        with pytest.raises(MigrationError, match="first"):
            await migrate(conn, [Migration(1, "other", "CREATE TABLE a (x INTEGER);")])


async def test_connection_uses_wal_normal_sync_foreign_keys_and_a_busy_timeout(
    db_path: Path,
) -> None:
    async with SqliteRepository(db_path, busy_timeout_ms=1234) as repo:
        conn = repo.connection

        async def pragma(name: str) -> object:
            (row,) = await conn.execute_fetchall(f"PRAGMA {name}")
            return row[0]

        assert await pragma("journal_mode") == "wal"
        assert await pragma("synchronous") == 1  # NORMAL
        assert await pragma("foreign_keys") == 1
        assert await pragma("busy_timeout") == 1234


async def test_memory_database_works_for_quick_tests() -> None:
    async with SqliteRepository(":memory:") as repo:
        match = await repo.create_match(
            game="lifeboat", guild_id=1, channel_id=2, host_id=3, seed=4, options={}
        )
        assert (await repo.get_match(match.id)).channel_id == 2


async def test_using_a_closed_repository_says_so(db_path: Path) -> None:
    repo = SqliteRepository(db_path)
    with pytest.raises(RuntimeError, match="open"):
        await repo.get_match(1)
    await repo.open()
    await repo.close()
    await repo.close()  # closing twice is harmless
    with pytest.raises(RuntimeError, match="open"):
        await repo.get_match(1)
