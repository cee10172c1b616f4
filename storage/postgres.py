"""The PostgreSQL repository: an asyncpg pool, the migrations of ``storage/migrations_pg``.

It is for deployments where several processes (shards) share one database. Each process has
its own pool, and no process keeps state that another could contradict. The match row's
``version`` is the only arbiter: an append is one statement, ``append_action(...)`` (migration
0002), whose ``UPDATE matches ... WHERE version = expected`` takes the row lock. A rival append
at the same version, from this process or another, waits for that lock, then finds the version
moved on and changes nothing.

Calls that read and then write (start a match, change its status, replace seats) run in one
transaction at PostgreSQL's default READ COMMITTED level and lock the match row first
(``SELECT ... FOR UPDATE``), so what they checked still holds when they write. Single
statements run on whatever pooled connection is free, each its own transaction.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import asyncpg

from storage.postgres_migrate import check_schema_name, migrate
from storage.records import (
    OPEN_STATUSES,
    ActionRecord,
    GuildSettingsRecord,
    MatchRecord,
    MatchStatus,
    MessageRecord,
    ReplayCheckpoint,
    SeatRecord,
    StatRecord,
    TimerRecord,
)
from storage.repository import MatchNotFound, Repository, StaleVersion
from storage.rows import (
    ACTION_COLUMNS,
    MATCH_COLUMNS,
    MESSAGE_COLUMNS,
    SEAT_COLUMNS,
    STAT_COLUMNS,
    TIMER_COLUMNS,
    RecordReader,
    timer_set_json,
    to_json,
)

_OPEN_SQL = "(" + ", ".join(f"'{s.value}'" for s in OPEN_STATUSES) + ")"
_PLAYABLE = frozenset({MatchStatus.ACTIVE, MatchStatus.PAUSED})
_CLOSED = frozenset({MatchStatus.FINISHED, MatchStatus.CANCELLED})
_ONE_OPEN_PER_CHANNEL = "matches_one_open_per_channel"

def _utc_now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime) -> datetime:
    """Naive times are refused, as in SQLite: storage cannot know which zone they meant."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"a timezone-aware datetime is required, got naive {moment!r}")
    return moment.astimezone(UTC)


def _utc(moment: datetime) -> datetime:
    return moment.astimezone(UTC)


_read = RecordReader(_utc)


def _json_or_none(value: dict[str, Any] | None) -> str | None:
    return None if value is None else to_json(value)


def _seat_params(seat: SeatRecord) -> tuple[Any, ...]:
    return (seat.match_id, seat.seat, seat.user_id, seat.display_name, seat.is_bot, seat.locale)


async def _keep_session(conn: asyncpg.Connection) -> None:
    """The pool's reset on release, in place of asyncpg's default.

    The default sends ``RESET ALL``, ``CLOSE ALL``, ``UNLISTEN *`` and an advisory-unlock-all
    each time a connection goes back to the pool: one more round trip per repository call,
    two for an append instead of one. This repository leaves nothing of the kind on a session (the
    migration runner gives its advisory lock back itself), and asyncpg still rolls back an
    open transaction before calling this.
    """


def _changed_rows(status: str) -> int:
    """The row count of a command tag such as ``UPDATE 1`` or ``DELETE 0``."""
    return int(status.rsplit(" ", 1)[-1])


class PostgresRepository(Repository):
    """``Repository`` on a PostgreSQL database, through an asyncpg pool.

    ``dsn`` is a libpq URL (``postgresql://user:password@host:5432/dbname``; a unix socket as
    ``postgresql://user@/dbname?host=/run/postgresql``). ``schema`` puts every table in that
    schema, created on first open, instead of the server's default search path: several
    deployments, or test runs, can share one database. ``min_size`` / ``max_size`` bound the
    pool; ``page_size`` is how many rows ``iter_open_matches`` fetches per query; ``clock``
    supplies the created/updated times (tests pin it).
    """

    def __init__(
        self,
        dsn: str,
        *,
        schema: str | None = None,
        min_size: int = 1,
        max_size: int = 10,
        page_size: int = 200,
        clock: Callable[[], datetime] = _utc_now,
    ) -> None:
        if page_size < 1:
            raise ValueError("page_size must be positive")
        if not 0 <= min_size <= max_size or max_size < 1:
            raise ValueError("the pool needs 0 <= min_size <= max_size and max_size >= 1")
        self.dsn = dsn
        self.schema = None if schema is None else check_schema_name(schema)
        self.min_size = min_size
        self.max_size = max_size
        self.page_size = page_size
        self._clock = clock
        self._pool: asyncpg.Pool | None = None

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

    # -- plumbing --------------------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[asyncpg.Connection]:
        # asyncpg rolls the transaction back on any exception, cancellation included, and the
        # pool resets (or, failing that, closes) a connection that comes back mid-query.
        async with self.pool.acquire() as conn, conn.transaction():
            yield conn

    @staticmethod
    async def _lock_match(conn: asyncpg.Connection, match_id: int) -> MatchStatus:
        """Lock the match row for the rest of the transaction; its status."""
        status = await conn.fetchval(
            "SELECT status FROM matches WHERE id = $1 FOR UPDATE", match_id
        )
        if status is None:
            raise MatchNotFound(f"no match {match_id}")
        return MatchStatus(status)

    # -- matches ---------------------------------------------------------------------------
    async def create_match(
        self,
        *,
        game: str,
        guild_id: int,
        channel_id: int,
        host_id: int,
        seed: int,
        options: dict[str, Any],
        locale: str | None = None,
    ) -> MatchRecord:
        now = _aware(self._clock())
        try:
            row = await self.pool.fetchrow(
                "INSERT INTO matches (game, guild_id, channel_id, host_id, status, version, "
                "seed, options, locale, created_at, updated_at) "
                f"VALUES ($1, $2, $3, $4, $5, 0, $6, $7, $8, $9, $9) RETURNING {MATCH_COLUMNS}",
                game,
                guild_id,
                channel_id,
                host_id,
                MatchStatus.LOBBY.value,
                Decimal(int(seed)),
                to_json(options),
                locale,
                now,
            )
        except asyncpg.UniqueViolationError as error:
            if error.constraint_name == _ONE_OPEN_PER_CHANNEL:
                raise ValueError(f"channel {channel_id} already has an open match") from error
            raise
        return _read.match(row)

    async def get_match(self, match_id: int) -> MatchRecord:
        if not 0 < match_id < 2**63:  # no stored id is outside bigint
            raise MatchNotFound(f"no match {match_id}")
        row = await self.pool.fetchrow(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE id = $1", match_id
        )
        if row is None:
            raise MatchNotFound(f"no match {match_id}")
        return _read.match(row)

    async def open_match_in_channel(self, channel_id: int) -> MatchRecord | None:
        row = await self.pool.fetchrow(
            f"SELECT {MATCH_COLUMNS} FROM matches "
            f"WHERE channel_id = $1 AND status IN {_OPEN_SQL}",
            channel_id,
        )
        return None if row is None else _read.match(row)

    async def iter_open_matches(self) -> AsyncIterator[MatchRecord]:
        # Keyset pages, each its own short query on whichever connection is free: no
        # connection, cursor or snapshot is held between pages, so the walk sees work done
        # while it is paused and never pins a pooled connection.
        last_id = 0
        while True:
            rows = await self.pool.fetch(
                f"SELECT {MATCH_COLUMNS} FROM matches "
                f"WHERE status IN {_OPEN_SQL} AND id > $1 ORDER BY id LIMIT $2",
                last_id,
                self.page_size,
            )
            for row in rows:
                yield _read.match(row)
            if len(rows) < self.page_size:
                return
            last_id = rows[-1]["id"]

    async def update_lobby(
        self, match_id: int, *, options: dict[str, Any] | None = None, host_id: int | None = None
    ) -> MatchRecord:
        now = _aware(self._clock())
        async with self._transaction() as conn:
            status = await self._lock_match(conn, match_id)
            if options is not None and status is not MatchStatus.LOBBY:
                raise ValueError(
                    f"match {match_id} is {status.value}: options change only in the lobby"
                )
            row = await conn.fetchrow(
                "UPDATE matches SET options = COALESCE($1::jsonb, options), "
                "host_id = COALESCE($2, host_id), updated_at = $3 "
                f"WHERE id = $4 RETURNING {MATCH_COLUMNS}",
                _json_or_none(options),
                host_id,
                now,
                match_id,
            )
        return _read.match(row)

    async def set_status(
        self,
        match_id: int,
        status: MatchStatus,
        *,
        outcome: dict[str, Any] | None = None,
        timers: Sequence[TimerRecord] | None = None,
    ) -> MatchRecord:
        status = MatchStatus(status)
        now = _aware(self._clock())
        timer_set = None if timers is None else timer_set_json(match_id, timers)
        async with self._transaction() as conn:
            current = await self._lock_match(conn, match_id)
            if current in _CLOSED and status != current:
                raise ValueError(f"match {match_id} is {current.value}; it cannot become {status}")
            try:
                row = await conn.fetchrow(
                    "UPDATE matches SET status = $1, outcome = COALESCE($2::jsonb, outcome), "
                    f"updated_at = $3 WHERE id = $4 RETURNING {MATCH_COLUMNS}",
                    status.value,
                    _json_or_none(outcome),
                    now,
                    match_id,
                )
            except asyncpg.UniqueViolationError as error:
                if error.constraint_name == _ONE_OPEN_PER_CHANNEL:
                    raise ValueError(
                        f"match {match_id}: its channel already has another open match"
                    ) from error
                raise
            if status in _CLOSED:
                # A closed match has no turns left; its timers would only fire into nothing.
                await conn.execute("DELETE FROM timers WHERE match_id = $1", match_id)
            elif timer_set is not None:
                await self._write_timer_set(conn, match_id, timer_set)
        return _read.match(row)

    async def recent_matches(self, guild_id: int, limit: int = 10) -> list[MatchRecord]:
        rows = await self.pool.fetch(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE guild_id = $1 ORDER BY id DESC LIMIT $2",
            guild_id,
            limit,
        )
        return [_read.match(row) for row in rows]

    async def matches_in_play(self, after_id: int = 0, limit: int = 500) -> list[MatchRecord]:
        rows = await self.pool.fetch(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE status = 'active' AND id > $1 "
            "ORDER BY id LIMIT $2",
            after_id,
            limit,
        )
        return [_read.match(row) for row in rows]

    async def finished_without_message(
        self, kind: str, since: datetime, limit: int = 100
    ) -> list[MatchRecord]:
        rows = await self.pool.fetch(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE status = 'finished' "
            "AND updated_at >= $1 AND NOT EXISTS (SELECT 1 FROM messages "
            "WHERE messages.match_id = matches.id AND messages.kind = $2 "
            "AND messages.message_id <> 0) "
            "ORDER BY id LIMIT $3",
            since,
            kind,
            limit,
        )
        return [_read.match(row) for row in rows]

    # -- seats -----------------------------------------------------------------------------
    @staticmethod
    async def _replace_seats(
        conn: asyncpg.Connection, match_id: int, seats: Iterable[SeatRecord]
    ) -> None:
        seats = list(seats)
        strangers = sorted({s.match_id for s in seats} - {match_id})
        if strangers:
            raise ValueError(f"seats for matches {strangers} given for match {match_id}")
        numbers = [s.seat for s in seats]
        if len(set(numbers)) != len(numbers):
            raise ValueError(f"seat numbers repeat: {sorted(numbers)}")
        await conn.execute("DELETE FROM seats WHERE match_id = $1", match_id)
        if seats:
            await conn.executemany(
                f"INSERT INTO seats ({SEAT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)",
                [_seat_params(s) for s in seats],
            )

    async def set_seats(self, match_id: int, seats: list[SeatRecord]) -> None:
        async with self._transaction() as conn:
            await self._lock_match(conn, match_id)
            await self._replace_seats(conn, match_id, seats)

    async def seats(self, match_id: int) -> list[SeatRecord]:
        rows = await self.pool.fetch(
            f"SELECT {SEAT_COLUMNS} FROM seats WHERE match_id = $1 ORDER BY seat", match_id
        )
        return [_read.seat(row) for row in rows]

    async def replace_seat(
        self, seat: SeatRecord, *, timers: Sequence[TimerRecord] | None = None
    ) -> None:
        if timers is None:
            # One statement, no transaction: the common case (a bot takes over) stays cheap.
            if _changed_rows(await self._update_seat(self.pool, seat)) == 0:
                await self.get_match(seat.match_id)  # MatchNotFound names the likelier mistake
                raise ValueError(f"match {seat.match_id} has no seat {seat.seat}")
            return
        timer_set = timer_set_json(seat.match_id, timers)
        async with self._transaction() as conn:
            # The match row's lock, as an append takes it: timer sets of one match never mix.
            await self._lock_match(conn, seat.match_id)
            if _changed_rows(await self._update_seat(conn, seat)) == 0:
                raise ValueError(f"match {seat.match_id} has no seat {seat.seat}")
            await self._write_timer_set(conn, seat.match_id, timer_set)

    @staticmethod
    async def _update_seat(on: asyncpg.Pool | asyncpg.Connection, seat: SeatRecord) -> str:
        """The seat row's UPDATE; its command tag."""
        status: str = await on.execute(
            "UPDATE seats SET user_id = $1, display_name = $2, is_bot = $3, locale = $4 "
            "WHERE match_id = $5 AND seat = $6",
            seat.user_id,
            seat.display_name,
            seat.is_bot,
            seat.locale,
            seat.match_id,
            seat.seat,
        )
        return status

    @staticmethod
    async def _write_timer_set(conn: asyncpg.Connection, match_id: int, timer_set: str) -> None:
        """Make the match's timers ``timer_set`` (``timer_set_json``), by migration 0003."""
        await conn.execute("SELECT replace_timers($1, $2::jsonb)", match_id, timer_set)

    # -- the game ---------------------------------------------------------------------------
    async def start_match(
        self,
        match_id: int,
        seats: list[SeatRecord],
        state_json: str,
        *,
        timers: Sequence[TimerRecord] | None = None,
    ) -> None:
        now = _aware(self._clock())
        timer_set = None if timers is None else timer_set_json(match_id, timers)
        async with self._transaction() as conn:
            status = await self._lock_match(conn, match_id)
            if status is not MatchStatus.LOBBY:
                raise ValueError(f"match {match_id} is {status.value}, not in the lobby")
            await self._replace_seats(conn, match_id, seats)
            await conn.execute(
                "UPDATE matches SET status = $1, version = 0, updated_at = $2 WHERE id = $3",
                MatchStatus.ACTIVE.value,
                now,
                match_id,
            )
            await conn.execute(
                "INSERT INTO snapshots (match_id, version, state, updated_at) "
                "VALUES ($1, 0, $2, $3) ON CONFLICT (match_id) DO UPDATE SET "
                "version = excluded.version, state = excluded.state, "
                "updated_at = excluded.updated_at",
                match_id,
                state_json,
                now,
            )
            if timer_set is not None:
                await self._write_timer_set(conn, match_id, timer_set)

    async def append_action(
        self,
        match_id: int,
        *,
        expected_version: int,
        seat: int,
        user_id: int | None,
        source: str,
        action: dict[str, Any],
        state_json: str | None,
        finished: bool = False,
        outcome: dict[str, Any] | None = None,
        timers: Sequence[TimerRecord] | None = None,
    ) -> int:
        """See ``Repository.append_action``. Also raises ``MatchNotFound``, and ``ValueError``
        when the match is at the expected version but not active or paused."""
        row = await self.pool.fetchrow(
            "SELECT new_version, found_version, found_status "
            "FROM append_action($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
            match_id,
            expected_version,
            seat,
            user_id,
            source,
            to_json(action),
            state_json,
            _aware(self._clock()),
            finished,
            _json_or_none(outcome),
            None if timers is None else timer_set_json(match_id, timers),
        )
        if row["new_version"] is not None:
            return int(row["new_version"])
        found_version, found_status = row["found_version"], row["found_status"]
        if found_status is None:
            raise MatchNotFound(f"no match {match_id}")
        if found_version != expected_version:
            raise StaleVersion(match_id, expected_version, found_version)
        if MatchStatus(found_status) not in _PLAYABLE:
            raise ValueError(f"match {match_id} is {found_status}; it takes no actions")
        # The refusal was read after the fact; a rival moved the match back to this version
        # and status in between, which no caller does.
        raise RuntimeError(f"match {match_id}: append refused for no reason it could find")

    async def actions(self, match_id: int) -> list[ActionRecord]:
        rows = await self.pool.fetch(
            f"SELECT {ACTION_COLUMNS} FROM actions WHERE match_id = $1 ORDER BY version",
            match_id,
        )
        return await _read.actions(rows)

    async def actions_between(self, match_id: int, start: int, stop: int) -> list[ActionRecord]:
        rows = await self.pool.fetch(
            f"SELECT {ACTION_COLUMNS} FROM actions WHERE match_id = $1 AND version >= $2 "
            "AND version < $3 ORDER BY version",
            match_id, start, stop,
        )
        return await _read.actions(rows)

    async def snapshot(self, match_id: int) -> tuple[int, str] | None:
        row = await self.pool.fetchrow(
            "SELECT version, state FROM snapshots WHERE match_id = $1", match_id
        )
        return None if row is None else (int(row["version"]), str(row["state"]))

    # -- replay checkpoints -------------------------------------------------------------------
    async def save_replay_checkpoints(
        self, match_id: int, checkpoints: Sequence[ReplayCheckpoint]
    ) -> None:
        strangers = sorted({c.match_id for c in checkpoints} - {match_id})
        if strangers:
            raise ValueError(f"checkpoints of matches {strangers} given for match {match_id}")
        if not checkpoints:
            return
        try:
            async with self._transaction() as conn:
                await conn.executemany(
                    "INSERT INTO replay_checkpoints (match_id, step, state, events) "
                    "VALUES ($1, $2, $3, $4) ON CONFLICT (match_id, step) "
                    "DO UPDATE SET state = excluded.state, events = excluded.events",
                    [(match_id, c.step, c.state, c.events) for c in checkpoints],
                )
        except asyncpg.ForeignKeyViolationError as error:
            raise MatchNotFound(match_id) from error

    async def replay_events(self, match_id: int) -> list[tuple[int, str]]:
        rows = await self.pool.fetch(
            "SELECT step, events FROM replay_checkpoints WHERE match_id = $1 ORDER BY step",
            match_id,
        )
        return [(int(row["step"]), str(row["events"])) for row in rows]

    async def replay_state(self, match_id: int, step: int) -> str | None:
        state = await self.pool.fetchval(
            "SELECT state FROM replay_checkpoints WHERE match_id = $1 AND step = $2",
            match_id, step,
        )
        return None if state is None else str(state)

    async def closed_without_replay(self, limit: int) -> list[int]:
        rows = await self.pool.fetch(
            "SELECT id FROM matches WHERE status IN ('finished', 'cancelled') AND version > 0 "
            "AND NOT EXISTS (SELECT 1 FROM replay_checkpoints r WHERE r.match_id = matches.id) "
            "ORDER BY id DESC LIMIT $1",
            limit,
        )
        return [int(row["id"]) for row in rows]

    # -- messages --------------------------------------------------------------------------
    async def save_message(
        self, match_id: int, kind: str, channel_id: int, message_id: int
    ) -> None:
        now = _aware(self._clock())
        try:
            await self.pool.execute(
                "INSERT INTO messages (match_id, kind, channel_id, message_id, created_at) "
                "VALUES ($1, $2, $3, $4, $5) ON CONFLICT (match_id, kind) DO UPDATE SET "
                "channel_id = excluded.channel_id, message_id = excluded.message_id, "
                "created_at = excluded.created_at",
                match_id,
                kind,
                channel_id,
                message_id,
                now,
            )
        except asyncpg.ForeignKeyViolationError as error:
            raise MatchNotFound(f"no match {match_id}") from error

    async def messages(self, match_id: int) -> list[MessageRecord]:
        rows = await self.pool.fetch(
            f"SELECT {MESSAGE_COLUMNS} FROM messages WHERE match_id = $1 ORDER BY kind",
            match_id,
        )
        return [_read.message(row) for row in rows]

    # -- timers ----------------------------------------------------------------------------
    async def set_timer(self, timer: TimerRecord) -> None:
        try:
            await self.pool.execute(
                f"INSERT INTO timers ({TIMER_COLUMNS}) VALUES ($1, $2, $3, $4, $5) "
                "ON CONFLICT (match_id, seat) DO UPDATE SET version = excluded.version, "
                "deadline = excluded.deadline, warned = excluded.warned",
                timer.match_id,
                timer.seat,
                timer.version,
                _aware(timer.deadline),
                timer.warned,
            )
        except asyncpg.ForeignKeyViolationError as error:
            raise MatchNotFound(f"no match {timer.match_id}") from error

    async def clear_timers(self, match_id: int, seat: int | None = None) -> None:
        if seat is None:
            await self.pool.execute("DELETE FROM timers WHERE match_id = $1", match_id)
        else:
            await self.pool.execute(
                "DELETE FROM timers WHERE match_id = $1 AND seat = $2", match_id, seat
            )

    async def mark_timer_warned(self, match_id: int, seat: int) -> None:
        await self.pool.execute(
            "UPDATE timers SET warned = true WHERE match_id = $1 AND seat = $2", match_id, seat
        )

    async def timers(self, match_id: int | None = None) -> list[TimerRecord]:
        if match_id is None:
            rows = await self.pool.fetch(
                f"SELECT {TIMER_COLUMNS} FROM timers ORDER BY deadline, match_id, seat"
            )
        else:
            rows = await self.pool.fetch(
                f"SELECT {TIMER_COLUMNS} FROM timers WHERE match_id = $1 "
                "ORDER BY deadline, seat",
                match_id,
            )
        return [_read.timer(row) for row in rows]

    async def due_timers(self, now: datetime) -> list[TimerRecord]:
        rows = await self.pool.fetch(
            f"SELECT {TIMER_COLUMNS} FROM timers WHERE deadline <= $1 "
            "ORDER BY deadline, match_id, seat",
            _aware(now),
        )
        return [_read.timer(row) for row in rows]

    # -- guild settings ----------------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> GuildSettingsRecord:
        data = await self.pool.fetchval(
            "SELECT data FROM guild_settings WHERE guild_id = $1", guild_id
        )
        return GuildSettingsRecord(guild_id=guild_id, data={} if data is None else json.loads(data))

    async def save_guild_settings(self, record: GuildSettingsRecord) -> None:
        await self.pool.execute(
            "INSERT INTO guild_settings (guild_id, data, updated_at) VALUES ($1, $2, $3) "
            "ON CONFLICT (guild_id) DO UPDATE SET data = excluded.data, "
            "updated_at = excluded.updated_at",
            record.guild_id,
            to_json(record.data),
            _aware(self._clock()),
        )

    # -- stats ------------------------------------------------------------------------------
    async def record_stats(self, rows: list[StatRecord]) -> None:
        params = [
            (
                r.match_id,
                r.seat,
                r.guild_id,
                r.game,
                r.user_id,
                r.is_bot,
                float(r.score),
                r.won,
                r.role,
                r.with_bots,
                _aware(r.finished_at),
                r.character,
            )
            for r in rows
        ]
        if not params:
            return
        try:
            async with self._transaction() as conn:
                await conn.executemany(
                    f"INSERT INTO stats ({STAT_COLUMNS}) "
                    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) "
                    "ON CONFLICT (match_id, seat) DO UPDATE SET guild_id = excluded.guild_id, "
                    "game = excluded.game, user_id = excluded.user_id, "
                    "is_bot = excluded.is_bot, score = excluded.score, won = excluded.won, "
                    "role = excluded.role, with_bots = excluded.with_bots, "
                    "finished_at = excluded.finished_at, character = excluded.character",
                    params,
                )
        except asyncpg.ForeignKeyViolationError as error:
            missing = sorted({r.match_id for r in rows})
            raise MatchNotFound(f"stats name unknown matches among {missing}") from error

    async def stats_for_user(
        self, guild_id: int, user_id: int, game: str | None = None
    ) -> list[StatRecord]:
        where = _Where(guild_id=guild_id, user_id=user_id)
        if game is not None:
            where.add("game", game)
        rows = await self.pool.fetch(
            f"SELECT {STAT_COLUMNS} FROM stats WHERE {where.sql} "
            "ORDER BY finished_at DESC, match_id DESC",
            *where.params,
        )
        return [_read.stat(row) for row in rows]

    async def leaderboard(
        self,
        guild_id: int,
        game: str | None = None,
        *,
        include_bot_games: bool = False,
        limit: int = 10,
        role: str | None = None,
        character: str | None = None,
    ) -> list[tuple[int, int, int, float]]:
        """Humans only (bot seats never rank). Best means most wins, then the higher average
        score, then fewer games for the same wins."""
        where = _Where(guild_id=guild_id, is_bot=False)
        if game is not None:
            where.add("game", game)
        if not include_bot_games:
            where.add("with_bots", False)
        if role is not None:
            where.add("role", role)
        if character is not None:
            where.add("character", character)
        rows = await self.pool.fetch(
            "SELECT user_id, count(*) AS games, count(*) FILTER (WHERE won) AS wins, "
            f"avg(score) AS average FROM stats WHERE user_id IS NOT NULL AND {where.sql} "
            "GROUP BY user_id ORDER BY wins DESC, average DESC, games ASC, user_id "
            f"LIMIT ${len(where.params) + 1}",
            *where.params,
            limit,
        )
        return [_read.leaderboard_entry(row) for row in rows]


class _Where:
    """``column = $n`` conditions joined by AND, numbered in the order they are added."""

    def __init__(self, **equal: Any) -> None:
        self._terms: list[str] = []
        self.params: list[Any] = []
        for column, value in equal.items():
            self.add(column, value)

    def add(self, column: str, value: Any) -> None:
        self.params.append(value)
        self._terms.append(f"{column} = ${len(self.params)}")

    @property
    def sql(self) -> str:
        return " AND ".join(self._terms)
