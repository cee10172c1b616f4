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
    "match_timers",
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


async def test_a_database_at_migration_0002_with_games_in_it_upgrades(db_path: Path) -> None:
    """Migration 0003 rebuilds the append view with a ``timers`` column: a database written by
    the previous release keeps its games, timers and warnings, and takes timer sets after."""
    db_path.parent.mkdir(parents=True)
    before_0003 = [m for m in available_migrations() if m.version <= 2]
    now = "2025-03-01T12:00:00.000000+00:00"
    deadline = "2025-03-01T12:01:00.000000+00:00"
    async with aiosqlite.connect(db_path, isolation_level=None) as conn:
        assert await migrate(conn, before_0003) == [1, 2]
        await conn.executescript(
            "INSERT INTO matches (id, game, guild_id, channel_id, host_id, status, version, "
            f"seed, created_at, updated_at) VALUES (1, 'lifeboat', 1, 2, 3, 'active', 0, '7', "
            f"'{now}', '{now}');"
            f"INSERT INTO snapshots VALUES (1, 0, '{{}}', '{now}');"
            f"INSERT INTO timers VALUES (1, 0, 0, '{deadline}', 1);"
            "INSERT INTO action_appends (match_id, expected_version, seat, user_id, source, "
            f"action, state, created_at, finished, outcome) VALUES (1, 0, 0, 5, 'player', "
            f"'{{\"n\":0}}', '{{\"s\":1}}', '{now}', 0, NULL);"
        )

    async with SqliteRepository(db_path) as repo:
        assert _recorded(db_path)[-1][0] == available_migrations()[-1].version
        assert (await repo.get_match(1)).version == 1
        assert [a.action for a in await repo.actions(1)] == [{"n": 0}]
        (kept,) = await repo.timers(1)
        assert (kept.seat, kept.warned) == (0, True)
        # The old writer's ten columns still append, leaving the timers alone.
        await repo.connection.execute(
            "INSERT INTO action_appends (match_id, expected_version, seat, user_id, source, "
            "action, state, created_at, finished, outcome) "
            f"VALUES (1, 1, 0, 5, 'player', '{{}}', '{{}}', '{now}', 0, NULL)"
        )
        assert await repo.timers(1) == [kept]
        moved = kept.model_copy(update={"seat": 1, "version": 2, "warned": False})
        assert await repo.append_action(
            1, expected_version=2, seat=1, user_id=6, source="player", action={},
            state_json="{}", timers=[kept, moved],
        ) == 3
        assert await repo.timers(1) == [kept, moved]


async def test_a_database_at_migration_0003_keeps_its_stats_and_names_lifeboats_characters(
    db_path: Path,
) -> None:
    """Migration 0004 adds a seat's character beside its role: Lifeboat's rows, which kept
    the character as the role, keep it as the character; other games' roles stay roles."""
    db_path.parent.mkdir(parents=True)
    before_0004 = [m for m in available_migrations() if m.version <= 3]
    now = "2025-03-01T12:00:00.000000+00:00"
    async with aiosqlite.connect(db_path, isolation_level=None) as conn:
        assert await migrate(conn, before_0004) == [1, 2, 3]
        await conn.executescript(
            "INSERT INTO matches (id, game, guild_id, channel_id, host_id, status, version, "
            f"seed, created_at, updated_at) VALUES (1, 'lifeboat', 1, 2, 3, 'finished', 9, "
            f"'7', '{now}', '{now}'), (2, 'sanguosha', 1, 3, 3, 'finished', 9, '7', '{now}', "
            f"'{now}');"
            f"INSERT INTO stats VALUES (1, 0, 1, 'lifeboat', 5, 0, 4.0, 1, 'captain', 0, '{now}');"
            f"INSERT INTO stats VALUES (2, 0, 1, 'sanguosha', 5, 0, 1.0, 1, 'rebel', 0, '{now}');"
        )

    async with SqliteRepository(db_path) as repo:
        lifeboat, sanguosha = sorted(await repo.stats_for_user(1, 5), key=lambda r: r.match_id)
        assert (lifeboat.role, lifeboat.character) == (None, "captain")
        assert (sanguosha.role, sanguosha.character) == ("rebel", None)
        assert await repo.leaderboard(1, "lifeboat", character="captain") == [(5, 1, 1, 4.0)]


async def test_a_database_at_migration_0006_places_its_seats_and_rates_every_table(
    db_path: Path,
) -> None:
    """Migration 0007 places the seats already recorded (winners first, then by score), and
    the ratings' catch-up then rates every table already played, in order."""
    from tables import ratings

    db_path.parent.mkdir(parents=True)
    before_0007 = [m for m in available_migrations() if m.version <= 6]
    times = ["2025-03-01T12:00:00.000000+00:00", "2025-03-01T13:00:00.000000+00:00"]
    async with aiosqlite.connect(db_path, isolation_level=None) as conn:
        await migrate(conn, before_0007)
        for match, now in enumerate(times, start=1):
            await conn.execute(
                "INSERT INTO matches (id, game, guild_id, channel_id, host_id, status, version, "
                "seed, created_at, updated_at) VALUES (?, 'lifeboat', 1, ?, 3, 'finished', 9, "
                "'7', ?, ?)", (match, match, now, now))
            await conn.executemany(
                "INSERT INTO stats VALUES (?, ?, 1, 'lifeboat', ?, 0, ?, ?, NULL, 0, ?, NULL)",
                [(match, 0, 5, 4.0, 0, now), (match, 1, 6, 9.0, 1, now),
                 (match, 2, 7, 4.0, 0, now), (match, 3, None, 1.0, 0, now)])

    async with SqliteRepository(db_path) as repo:
        placed = {r.user_id: r.place for r in (await repo.rating_backlog(100)).results}
        assert placed == {6: 1, 5: 2, 7: 2, None: 4}
        assert await ratings.catch_up(repo) == 2
        assert [r.match_id for r in await repo.rating_history(1, 6)] == [1, 2]
        assert await repo.rating_history(1, 5) != []


async def test_a_database_at_migration_0007_keeps_its_timers_as_one_row_a_match(
    db_path: Path,
) -> None:
    """Migration 0008 folds each match's timer rows into one row: the re-arm reads the same
    timers, warnings included, and a set given again afterwards keeps a seat's warning."""
    from datetime import UTC, datetime

    from storage.records import TimerRecord

    db_path.parent.mkdir(parents=True)
    before_0008 = [m for m in available_migrations() if m.version <= 7]
    now = "2025-03-01T12:00:00.000000+00:00"
    soon, later = "2025-03-01T12:01:00.000000+00:00", "2025-03-01T12:02:30.500000+00:00"
    async with aiosqlite.connect(db_path, isolation_level=None) as conn:
        assert await migrate(conn, before_0008) == [1, 2, 3, 4, 5, 6, 7]
        for match in (1, 2):
            await conn.execute(
                "INSERT INTO matches (id, game, guild_id, channel_id, host_id, status, version, "
                "seed, created_at, updated_at) VALUES (?, 'lifeboat', 1, ?, 3, 'active', 4, '7', "
                "?, ?)", (match, 10 + match, now, now))
        await conn.executemany(
            "INSERT INTO timers VALUES (?, ?, ?, ?, ?)",
            [(1, 2, 4, later, 0), (1, 0, 3, soon, 1), (2, 1, 4, soon, 0)])

    def timer(match: int, seat: int, version: int, at: str, warned: bool) -> TimerRecord:
        return TimerRecord(match_id=match, seat=seat, version=version,
                           deadline=datetime.fromisoformat(at).astimezone(UTC), warned=warned)

    async with SqliteRepository(db_path) as repo:
        assert await repo.timers() == [timer(1, 0, 3, soon, True), timer(2, 1, 4, soon, False),
                                       timer(1, 2, 4, later, False)]
        assert await repo.due_timers(datetime.fromisoformat(soon)) == [
            timer(1, 0, 3, soon, True), timer(2, 1, 4, soon, False)]
        rows = await repo.connection.execute_fetchall("SELECT match_id FROM match_timers")
        assert sorted(row[0] for row in rows) == [1, 2]

        # The warned seat sent again with its deadline and warned=False stays warned.
        kept = timer(1, 0, 3, soon, False)
        await repo.append_action(1, expected_version=4, seat=2, user_id=5, source="player",
                                 action={}, state_json=None, timers=[kept])
        assert await repo.timers(1) == [timer(1, 0, 3, soon, True)]
        assert await repo.timers(2) == [timer(2, 1, 4, soon, False)]
