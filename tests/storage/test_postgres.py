"""What only PostgreSQL has to show: its migrations (run by several processes at once), and
several processes, each with its own pool, sharing one database the way shards do.

The shared behaviour (matches, appends, timers, …) is checked by the rest of ``tests/storage``,
which runs on both backends."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import asyncpg
import pytest

from storage import StorageUnavailable, postgres
from storage.migrate import Migration, MigrationError, available_migrations
from storage.outage import Outage
from storage.postgres import PostgresRepository
from storage.postgres_migrate import MIGRATION_LOCK_KEY, MIGRATIONS_PACKAGE, migrate
from storage.records import MatchStatus, SeatRecord, TimerRecord
from storage.repository import StaleVersion
from tests.storage.backends import (
    POSTGRES_SKIP_REASON,
    drop_schema,
    fresh_schema_name,
    postgres_dsn,
)
from tests.storage.helpers import FakeClock, new_match, seat_list, started_match

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


@pytest.fixture
def dsn() -> str:
    found = postgres_dsn()
    if found is None:
        pytest.skip(POSTGRES_SKIP_REASON)
    return found


@pytest.fixture
async def schema(dsn: str) -> AsyncIterator[str]:
    name = fresh_schema_name()
    try:
        yield name
    finally:
        await drop_schema(dsn, name)


@pytest.fixture
async def conn(dsn: str, schema: str) -> AsyncIterator[asyncpg.Connection]:
    """A bare connection whose tables land in ``schema``, for driving the runner by hand."""
    connection = await asyncpg.connect(dsn, server_settings={"search_path": schema})
    try:
        await connection.execute(f'CREATE SCHEMA "{schema}"')
        yield connection
    finally:
        await connection.close()


def _repo(dsn: str, schema: str, **options: Any) -> PostgresRepository:
    return PostgresRepository(dsn, schema=schema, **options)


async def _ledger(conn: asyncpg.Connection) -> list[tuple[int, str]]:
    rows = await conn.fetch("SELECT version, name FROM schema_migrations ORDER BY version")
    return [(row["version"], row["name"]) for row in rows]


async def _tables(conn: asyncpg.Connection, schema: str) -> set[str]:
    rows = await conn.fetch(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = $1", schema
    )
    return {row["table_name"] for row in rows}


# -- migrations ---------------------------------------------------------------------------------
def test_both_dialects_ship_the_same_migrations() -> None:
    """Migration N is the same change in both dialects: same numbers, same names."""
    sqlite = [(m.version, m.name) for m in available_migrations()]
    postgres = [(m.version, m.name) for m in available_migrations(MIGRATIONS_PACKAGE)]
    assert postgres == sqlite


async def test_open_on_an_empty_schema_creates_every_table_and_records_the_migrations(
    dsn: str, schema: str, conn: asyncpg.Connection
) -> None:
    async with _repo(dsn, schema):
        pass
    assert await _tables(conn, schema) >= EXPECTED_TABLES
    shipped = [(m.version, m.name) for m in available_migrations(MIGRATIONS_PACKAGE)]
    assert await _ledger(conn) == shipped


async def test_a_missing_schema_is_created_on_open(dsn: str, schema: str) -> None:
    async with _repo(dsn, schema) as repo:
        assert await repo.pool.fetchval("SELECT current_schema()") == schema
        assert await repo.pool.fetchval("SELECT current_setting('application_name')") == "parlor"


async def test_reopening_applies_nothing_twice(
    dsn: str, schema: str, conn: asyncpg.Connection
) -> None:
    async with _repo(dsn, schema):
        pass
    first = await _ledger(conn)
    async with _repo(dsn, schema) as repo, repo.pool.acquire() as pooled:
        assert await migrate(pooled) == []
    assert await _ledger(conn) == first


async def test_pending_migrations_apply_in_order_on_reopen(conn: asyncpg.Connection) -> None:
    one = Migration(1, "first", "CREATE TABLE a (x integer);")
    two = Migration(2, "second", "ALTER TABLE a ADD COLUMN y integer;")
    assert await migrate(conn, [one]) == [1]
    assert await migrate(conn, [one, two]) == [2]
    assert await migrate(conn, [one, two]) == []
    columns = await conn.fetch(
        "SELECT column_name FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND table_name = 'a' ORDER BY ordinal_position"
    )
    assert [c["column_name"] for c in columns] == ["x", "y"]


async def test_a_failing_migration_leaves_no_trace(
    dsn: str, conn: asyncpg.Connection, schema: str
) -> None:
    good = Migration(1, "good", "CREATE TABLE a (x integer);")
    bad = Migration(2, "bad", "CREATE TABLE b (x integer); INSERT INTO missing VALUES (1);")
    with pytest.raises(asyncpg.UndefinedTableError):
        await migrate(conn, [good, bad])
    assert not conn.is_in_transaction()
    assert "b" not in await _tables(conn, schema)  # the half of migration 2 that ran is gone
    assert await _ledger(conn) == [(1, "good")]
    # The advisory lock was given back: another runner is not kept waiting.
    other = await asyncpg.connect(dsn)
    try:
        assert await other.fetchval("SELECT pg_try_advisory_lock($1)", MIGRATION_LOCK_KEY)
    finally:
        await other.close()


async def test_a_database_from_a_newer_release_is_refused(
    dsn: str, schema: str, conn: asyncpg.Connection
) -> None:
    async with _repo(dsn, schema):
        pass
    await conn.execute("INSERT INTO schema_migrations VALUES (999, 'future', now())")
    repo = _repo(dsn, schema)
    with pytest.raises(MigrationError, match="999"):
        await repo.open()
    with pytest.raises(RuntimeError, match="open"):  # a failed open leaves no pool behind
        _ = repo.pool


async def test_a_renamed_migration_is_refused(conn: asyncpg.Connection) -> None:
    await migrate(conn, [Migration(1, "first", "CREATE TABLE a (x integer);")])
    with pytest.raises(MigrationError, match="first"):
        await migrate(conn, [Migration(1, "other", "CREATE TABLE a (x integer);")])


async def test_processes_starting_together_migrate_once(
    dsn: str, schema: str, conn: asyncpg.Connection
) -> None:
    """Shards start at the same moment on an empty database: the advisory lock lets one
    migrate while the others wait, then find nothing to do. Without it, two would race on
    CREATE TABLE and one would fail to start."""
    repos = [_repo(dsn, schema) for _ in range(5)]
    await asyncio.gather(*(r.open() for r in repos))
    try:
        shipped = [(m.version, m.name) for m in available_migrations(MIGRATIONS_PACKAGE)]
        assert await _ledger(conn) == shipped
    finally:
        await asyncio.gather(*(r.close() for r in repos))


async def test_a_database_at_migration_0002_with_games_in_it_upgrades(
    dsn: str, schema: str, conn: asyncpg.Connection
) -> None:
    """Migration 0003 replaces ``append_action`` with one taking ``p_timers``: a database
    written by the previous release keeps its games, timers and warnings; a process still on
    that release (ten arguments) keeps appending; the new one sends timer sets."""
    before_0003 = [m for m in available_migrations(MIGRATIONS_PACKAGE) if m.version <= 2]
    assert await migrate(conn, before_0003) == [1, 2]
    now = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
    deadline = now + timedelta(minutes=1)
    await conn.execute(
        "INSERT INTO matches (game, guild_id, channel_id, host_id, status, version, seed, "
        "created_at, updated_at) VALUES ('lifeboat', 1, 2, 3, 'active', 0, 7, $1, $1)",
        now,
    )
    await conn.execute("INSERT INTO snapshots VALUES (1, 0, '{}', $1)", now)
    await conn.execute("INSERT INTO timers VALUES (1, 0, 0, $1, true)", deadline)
    old_append = (
        "SELECT new_version FROM append_action(1, $1, 0, 5, 'player', '{}', '{}', $2, false, "
        "NULL)"
    )
    assert await conn.fetchval(old_append, 0, now) == 1

    async with _repo(dsn, schema, clock=FakeClock()) as repo:
        shipped = [(m.version, m.name) for m in available_migrations(MIGRATIONS_PACKAGE)]
        assert await _ledger(conn) == shipped
        assert (await repo.get_match(1)).version == 1
        (kept,) = await repo.timers(1)
        assert (kept.seat, kept.deadline, kept.warned) == (0, deadline, True)
        assert await conn.fetchval(old_append, 1, now) == 2  # the old call still resolves
        assert await repo.timers(1) == [kept]
        moved = kept.model_copy(update={"seat": 1, "version": 2, "warned": False})
        assert await repo.append_action(
            1, expected_version=2, seat=1, user_id=6, source="player", action={},
            state_json="{}", timers=[kept, moved],
        ) == 3
        assert await repo.timers(1) == [kept, moved]
        assert [a.version for a in await repo.actions(1)] == [0, 1, 2]


async def test_a_database_at_migration_0003_keeps_its_stats_and_names_lifeboats_characters(
    dsn: str, schema: str, conn: asyncpg.Connection
) -> None:
    """Migration 0004 adds a seat's character beside its role: Lifeboat's rows, which kept
    the character as the role, keep it as the character; other games' roles stay roles."""
    before_0004 = [m for m in available_migrations(MIGRATIONS_PACKAGE) if m.version <= 3]
    assert await migrate(conn, before_0004) == [1, 2, 3]
    now = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
    for game in ("lifeboat", "sanguosha"):
        await conn.execute(
            "INSERT INTO matches (game, guild_id, channel_id, host_id, status, version, seed, "
            "created_at, updated_at) VALUES ($1, 1, $2, 3, 'finished', 9, 7, $3, $3)",
            game, len(game), now,
        )
    await conn.execute(
        "INSERT INTO stats (match_id, seat, guild_id, game, user_id, is_bot, score, won, role, "
        "with_bots, finished_at) VALUES (1, 0, 1, 'lifeboat', 5, false, 4, true, 'captain', "
        "false, $1), (2, 0, 1, 'sanguosha', 5, false, 1, true, 'rebel', false, $1)",
        now,
    )

    async with _repo(dsn, schema, clock=FakeClock()) as repo:
        lifeboat, sanguosha = sorted(await repo.stats_for_user(1, 5), key=lambda r: r.match_id)
        assert (lifeboat.role, lifeboat.character) == (None, "captain")
        assert (sanguosha.role, sanguosha.character) == ("rebel", None)
        assert await repo.leaderboard(1, "lifeboat", character="captain") == [(5, 1, 1, 4.0)]


async def test_a_database_at_migration_0006_places_its_seats_and_rates_every_table(
    dsn: str, schema: str, conn: asyncpg.Connection
) -> None:
    """Migration 0007 places the seats already recorded (winners first, then by score), and
    the ratings' catch-up then rates every table already played, in order."""
    from tables import ratings

    before_0007 = [m for m in available_migrations(MIGRATIONS_PACKAGE) if m.version <= 6]
    await migrate(conn, before_0007)
    for match in (1, 2):
        now = datetime(2025, 3, 1, 11 + match, 0, tzinfo=UTC)
        await conn.execute(
            "INSERT INTO matches (game, guild_id, channel_id, host_id, status, version, seed, "
            "created_at, updated_at) VALUES ('lifeboat', 1, $1, 3, 'finished', 9, 7, $2, $2)",
            match, now)
        await conn.executemany(
            "INSERT INTO stats (match_id, seat, guild_id, game, user_id, is_bot, score, won, "
            "with_bots, finished_at) VALUES ($1, $2, 1, 'lifeboat', $3, false, $4, $5, false, "
            "$6)",
            [(match, 0, 5, 4.0, False, now), (match, 1, 6, 9.0, True, now),
             (match, 2, 7, 4.0, False, now), (match, 3, None, 1.0, False, now)])

    async with _repo(dsn, schema, clock=FakeClock()) as repo:
        placed = {r.user_id: r.place for r in (await repo.rating_backlog(100)).results}
        assert placed == {6: 1, 5: 2, 7: 2, None: 4}
        assert await ratings.catch_up(repo) == 2
        assert [r.match_id for r in await repo.rating_history(1, 6)] == [1, 2]
        assert await repo.rating_history(1, 5) != []



async def test_a_database_at_migration_0007_keeps_its_timers_as_one_row_a_match(
    dsn: str, schema: str, conn: asyncpg.Connection
) -> None:
    """Migration 0008 folds each match's timer rows into one row: the re-arm reads the same
    timers, warnings included, and a set given again afterwards keeps a seat's warning."""
    before_0008 = [m for m in available_migrations(MIGRATIONS_PACKAGE) if m.version <= 7]
    await migrate(conn, before_0008)
    now = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
    soon, later = now + timedelta(minutes=1), now + timedelta(minutes=2, microseconds=500_000)
    for match in (1, 2):
        await conn.execute(
            "INSERT INTO matches (game, guild_id, channel_id, host_id, status, version, seed, "
            "created_at, updated_at) VALUES ('lifeboat', 1, $1, 3, 'active', 4, 7, $2, $2)",
            match, now)
    await conn.executemany("INSERT INTO timers VALUES ($1, $2, $3, $4, $5)",
                           [(1, 2, 4, later, False), (1, 0, 3, soon, True),
                            (2, 1, 4, soon, False)])

    def timer(match: int, seat: int, version: int, at: datetime, warned: bool) -> TimerRecord:
        return TimerRecord(match_id=match, seat=seat, version=version, deadline=at,
                           warned=warned)

    async with _repo(dsn, schema, clock=FakeClock()) as repo:
        assert await repo.timers() == [timer(1, 0, 3, soon, True), timer(2, 1, 4, soon, False),
                                       timer(1, 2, 4, later, False)]
        assert await repo.due_timers(soon) == [timer(1, 0, 3, soon, True),
                                               timer(2, 1, 4, soon, False)]
        assert await conn.fetchval("SELECT count(*) FROM match_timers") == 2

        # The warned seat sent again with its deadline and warned=False stays warned.
        await repo.append_action(1, expected_version=4, seat=2, user_id=5, source="player",
                                 action={}, state_json=None,
                                 timers=[timer(1, 0, 3, soon, False)])
        assert await repo.timers(1) == [timer(1, 0, 3, soon, True)]
        assert await repo.timers(2) == [timer(2, 1, 4, soon, False)]

# -- several processes on one database --------------------------------------------------------
@pytest.fixture
async def two_processes(dsn: str, schema: str) -> AsyncIterator[list[PostgresRepository]]:
    """Two repositories with a pool each: what two shard processes hold."""
    clock = FakeClock()
    repos = [_repo(dsn, schema, clock=clock, max_size=4) for _ in range(2)]
    for repo in repos:
        await repo.open()
    try:
        yield repos
    finally:
        for repo in repos:
            await repo.close()


async def test_two_processes_racing_at_one_version_log_exactly_one_action(
    two_processes: list[PostgresRepository],
) -> None:
    """Rule: an action is decided at a version; when two shards append at the same version
    only the first is logged, the other learns the game moved on."""
    first, second = two_processes
    match = await started_match(first)

    async def click(repo: PostgresRepository, who: int, version: int) -> int:
        return await repo.append_action(
            match.id,
            expected_version=version,
            seat=who,
            user_id=1000 + who,
            source="player",
            action={"by": who, "at": version},
            state_json=f'{{"by":{who},"at":{version}}}',
        )

    winners = []
    for version in range(30):
        results = await asyncio.gather(
            click(first, 0, version), click(second, 1, version), return_exceptions=True
        )
        assert {type(r) for r in results} == {int, StaleVersion}
        winners.append(next(who for who, r in enumerate(results) if r == version + 1))
    log = await second.actions(match.id)
    assert [(a.version, a.action["by"]) for a in log] == list(enumerate(winners))
    last = winners[-1]
    assert await first.snapshot(match.id) == (30, f'{{"by":{last},"at":29}}')


async def test_two_processes_playing_one_match_keep_a_gapless_log(
    two_processes: list[PostgresRepository],
) -> None:
    """Several players on two shards act as fast as they can, each re-reading the match after
    a refusal: every action lands exactly once, versions have no gap, the snapshot is the last
    action's state."""
    first, second = two_processes
    match = await started_match(first)
    per_player = 15

    async def player(repo: PostgresRepository, who: int) -> int:
        refused = 0
        for n in range(per_player):
            while True:
                version = (await repo.get_match(match.id)).version
                try:
                    await repo.append_action(
                        match.id,
                        expected_version=version,
                        seat=who % 4,
                        user_id=1000 + who,
                        source="player",
                        action={"by": who, "n": n},
                        state_json=f'{{"by":{who},"n":{n}}}',
                    )
                    break
                except StaleVersion:
                    refused += 1
        return refused

    refusals = await asyncio.gather(
        *(player(repo, who) for who, repo in enumerate([first, second, first, second]))
    )
    total = 4 * per_player
    log = await first.actions(match.id)
    assert [a.version for a in log] == list(range(total))
    assert sorted((a.action["by"], a.action["n"]) for a in log) == [
        (who, n) for who in range(4) for n in range(per_player)
    ]
    stored = await second.get_match(match.id)
    assert stored.version == total and stored.status is MatchStatus.ACTIVE
    last = log[-1].action
    assert await second.snapshot(match.id) == (total, f'{{"by":{last["by"]},"n":{last["n"]}}}')
    assert sum(refusals) > 0  # the players really did race


async def test_two_processes_cannot_open_two_tables_in_one_channel(
    two_processes: list[PostgresRepository],
) -> None:
    """Rule: one open match per channel, across shards too (the partial unique index)."""
    results = await asyncio.gather(
        *(new_match(repo, channel_id=20) for repo in two_processes * 5),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert sum(isinstance(r, ValueError) for r in results) == 9


async def test_a_start_and_a_cancel_from_two_processes_do_not_mix(
    two_processes: list[PostgresRepository],
) -> None:
    """The row lock orders a start against a cancel: whichever comes second sees the first."""
    first, second = two_processes
    for channel in range(20):
        match = await new_match(first, channel_id=channel)
        results = await asyncio.gather(
            first.start_match(match.id, seat_list(match.id, 4), "{}"),
            second.set_status(match.id, MatchStatus.CANCELLED),
            return_exceptions=True,
        )
        stored = await second.get_match(match.id)
        assert stored.status is MatchStatus.CANCELLED
        started = results[0] is None
        assert started or isinstance(results[0], ValueError)
        assert (await first.snapshot(match.id) is not None) == started


# -- values -------------------------------------------------------------------------------------
async def test_seeds_of_any_width_and_sign_come_back_exactly(dsn: str, schema: str) -> None:
    async with _repo(dsn, schema) as repo:
        for channel, seed in enumerate([0, -1, 2**63, -(2**100) + 3, 2**200 + 1]):
            match = await repo.create_match(
                game="lifeboat", guild_id=1, channel_id=channel, host_id=1, seed=seed, options={}
            )
            assert (await repo.get_match(match.id)).seed == seed


async def test_a_snapshot_comes_back_as_the_very_text_written(dsn: str, schema: str) -> None:
    """States are stored as ``json``, not ``jsonb``: key order and spacing survive."""
    state = '{"z": 1,  "a":[3, 1,2], "m" : {"b":null,"a":"东"}}'
    async with _repo(dsn, schema) as repo:
        match = await new_match(repo)
        await repo.start_match(match.id, seat_list(match.id, 2), state)
        assert await repo.snapshot(match.id) == (0, state)


async def test_schema_names_must_be_plain_identifiers(dsn: str) -> None:
    for bad in ["Parlor", "a-b", 'x"; DROP SCHEMA public; --', "", "1abc", "a" * 64]:
        with pytest.raises(ValueError, match="identifier"):
            PostgresRepository(dsn, schema=bad)


async def test_using_a_closed_repository_says_so(dsn: str, schema: str) -> None:
    repo = _repo(dsn, schema)
    with pytest.raises(RuntimeError, match="open"):
        await repo.get_match(1)
    await repo.open()
    await repo.close()
    await repo.close()  # closing twice is harmless
    with pytest.raises(RuntimeError, match="open"):
        await repo.get_match(1)


async def test_a_seat_list_reaches_the_other_process(
    two_processes: list[PostgresRepository],
) -> None:
    first, second = two_processes
    match = await new_match(first)
    seats = seat_list(match.id, 3, bots={2})
    await first.set_seats(match.id, seats)
    assert await second.seats(match.id) == seats
    await second.replace_seat(SeatRecord(match_id=match.id, seat=2, user_id=7, display_name="x"))
    assert (await first.seats(match.id))[2].user_id == 7


def test_a_connection_left_mid_statement_is_the_storage_not_answering() -> None:
    """asyncpg's "cannot switch to state 15; another operation (2) is in progress", from a
    connection the server left mid-statement (PostgreSQL stopped while a half-time warning was
    saved), is the outage every caller already handles, not an error nobody expects."""
    outage = Outage("PostgreSQL")
    error = asyncpg.InternalClientError("cannot switch to state 15; another operation (2) is "
                                        "in progress")
    assert isinstance(error, postgres._DRIVER_ERRORS)
    assert isinstance(postgres._translated(error, outage), StorageUnavailable)
    assert outage.down
