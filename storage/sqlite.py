"""The SQLite repository: one aiosqlite connection, WAL journal, numbered migrations.

Every public method holds ``self._lock`` while it talks to the connection. aiosqlite runs all
statements of a connection on one worker thread, but an ``await`` between two statements lets
another coroutine slip in: without the lock it could read another transaction's uncommitted
rows or issue its own statements inside it.

The connection is in autocommit mode. A write that is one statement runs alone (one statement
is one atomic transaction); several statements run between ``BEGIN IMMEDIATE`` and ``COMMIT``,
taking the write lock up front so a transaction never has to upgrade (and fail) half-way. Each
statement is a round trip to aiosqlite's thread, so the hot path, ``append_action``, is a single
statement: an insert into the ``action_appends`` view, whose trigger does the whole append; and
the appends waiting at one moment share one trip and one commit (``storage.appends``).

WAL checkpoints run in the background on a second connection (``storage.checkpoints``), not
inside whichever commit crosses SQLite's threshold.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

from storage.appends import GroupCommit
from storage.checkpoints import DEFAULT_INTERVAL, SAFETY_NET_PAGES, WalCheckpointer
from storage.migrate import migrate
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
from storage.repository import MatchNotFound, Repository
from storage.rows import (
    ACTION_COLUMNS,
    MATCH_COLUMNS,
    MESSAGE_COLUMNS,
    SEAT_COLUMNS,
    STAT_COLUMNS,
    TIMER_COLUMNS,
    RecordReader,
    timer_set_json,
    to_db_time,
    to_json,
)

DEFAULT_DB_PATH = Path("data") / "parlor.db"

_OPEN_SQL = "(" + ", ".join(f"'{s.value}'" for s in OPEN_STATUSES) + ")"
_CLOSED = frozenset({MatchStatus.FINISHED, MatchStatus.CANCELLED})

Params = Sequence[Any]


def _utc_now() -> datetime:
    return datetime.now(UTC)


def from_db_time(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)


_read = RecordReader(from_db_time)


def _seat_params(seat: SeatRecord) -> tuple[Any, ...]:
    return (
        seat.match_id,
        seat.seat,
        seat.user_id,
        seat.display_name,
        int(seat.is_bot),
        seat.locale,
    )


def _checkpoint_params(
    match_id: int, checkpoints: Sequence[ReplayCheckpoint]
) -> list[tuple[int, int, str, str]]:
    strangers = sorted({c.match_id for c in checkpoints} - {match_id})
    if strangers:
        raise ValueError(f"checkpoints of matches {strangers} given for match {match_id}")
    return [(match_id, c.step, c.state, c.events) for c in checkpoints]


def _is_foreign_key_error(error: sqlite3.IntegrityError) -> bool:
    return "FOREIGN KEY constraint failed" in str(error)


class SqliteRepository(Repository):
    """``Repository`` on one SQLite file (or ``":memory:"``).

    ``clock`` supplies the created/updated times (tests pin it); ``page_size`` is how many rows
    ``iter_open_matches`` fetches per query. ``checkpoint_interval`` is how often (seconds) the
    background checkpointer looks for new writes to copy back into the database file; None
    leaves checkpoints to SQLite, inside commits, as by default. A ``":memory:"`` database has
    no log to checkpoint.
    """

    def __init__(
        self,
        path: str | Path = DEFAULT_DB_PATH,
        *,
        busy_timeout_ms: int = 5_000,
        page_size: int = 200,
        clock: Callable[[], datetime] = _utc_now,
        checkpoint_interval: float | None = DEFAULT_INTERVAL,
    ) -> None:
        if page_size < 1:
            raise ValueError("page_size must be positive")
        if checkpoint_interval is not None and checkpoint_interval <= 0:
            raise ValueError("checkpoint_interval must be positive (or None)")
        self.path = path
        self.busy_timeout_ms = busy_timeout_ms
        self.page_size = page_size
        self.checkpoint_interval = checkpoint_interval
        self._clock = clock
        self._conn: aiosqlite.Connection | None = None
        self._checkpointer: WalCheckpointer | None = None
        self._lock = asyncio.Lock()
        self._appends = GroupCommit(self._lock, lambda: self.connection)

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
        conn = await aiosqlite.connect(self.path, isolation_level=None)
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

    # -- plumbing --------------------------------------------------------------------------
    async def _read(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        async with self._lock:
            return list(await self.connection.execute_fetchall(sql, params))

    async def _read_one(self, sql: str, params: Params = ()) -> sqlite3.Row | None:
        rows = await self._read(sql, params)
        return rows[0] if rows else None

    async def _write(self, sql: str, params: Params = ()) -> int:
        """One statement, atomic on its own; returns the number of rows it changed."""
        async with self._lock:
            cursor = await self.connection.execute(sql, params)
            return cursor.rowcount

    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            conn = self.connection
            try:
                # BEGIN is inside the ``try``: a caller cancelled while it is queued still gets
                # the transaction opened on the worker thread, and must roll it back.
                await conn.execute("BEGIN IMMEDIATE")
                yield conn
                await conn.execute("COMMIT")
            except BaseException:
                # Statements run in order on the connection's thread, so this rollback lands
                # after whatever the failed (or cancelled) coroutine had already queued. When
                # the COMMIT went through before the cancellation, there is nothing to undo.
                with contextlib.suppress(sqlite3.Error):
                    await conn.rollback()
                raise

    @staticmethod
    async def _fetch(conn: aiosqlite.Connection, sql: str, params: Params) -> list[sqlite3.Row]:
        return list(await conn.execute_fetchall(sql, params))

    async def _match_row(self, conn: aiosqlite.Connection, match_id: int) -> sqlite3.Row:
        rows = await self._fetch(
            conn, f"SELECT {MATCH_COLUMNS} FROM matches WHERE id = ?", (match_id,)
        )
        if not rows:
            raise MatchNotFound(f"no match {match_id}")
        return rows[0]

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
        now = to_db_time(self._clock())
        async with self._lock:
            try:
                rows = await self._fetch(
                    self.connection,
                    "INSERT INTO matches (game, guild_id, channel_id, host_id, status, version, "
                    "seed, options, locale, created_at, updated_at) "
                    f"VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?) RETURNING {MATCH_COLUMNS}",
                    (
                        game,
                        guild_id,
                        channel_id,
                        host_id,
                        MatchStatus.LOBBY.value,
                        str(int(seed)),
                        to_json(options),
                        locale,
                        now,
                        now,
                    ),
                )
            except sqlite3.IntegrityError as error:
                if "matches.channel_id" in str(error):
                    raise ValueError(
                        f"channel {channel_id} already has an open match"
                    ) from error
                raise
        return _read.match(rows[0])

    async def get_match(self, match_id: int) -> MatchRecord:
        if not 0 < match_id < 2**63:  # no stored id is outside SQLite's 64-bit integers
            raise MatchNotFound(f"no match {match_id}")
        row = await self._read_one(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE id = ?", (match_id,)
        )
        if row is None:
            raise MatchNotFound(f"no match {match_id}")
        return _read.match(row)

    async def open_match_in_channel(self, channel_id: int) -> MatchRecord | None:
        row = await self._read_one(
            f"SELECT {MATCH_COLUMNS} FROM matches "
            f"WHERE channel_id = ? AND status IN {_OPEN_SQL}",
            (channel_id,),
        )
        return None if row is None else _read.match(row)

    async def iter_open_matches(self) -> AsyncIterator[MatchRecord]:
        # Keyset pages, each its own short query: nothing is held between pages, neither rows
        # nor the lock, so the bot can act on a match while the walk goes on.
        last_id = 0
        while True:
            rows = await self._read(
                f"SELECT {MATCH_COLUMNS} FROM matches "
                f"WHERE status IN {_OPEN_SQL} AND id > ? ORDER BY id LIMIT ?",
                (last_id, self.page_size),
            )
            for row in rows:
                yield _read.match(row)
            if len(rows) < self.page_size:
                return
            last_id = rows[-1]["id"]

    async def update_lobby(
        self, match_id: int, *, options: dict[str, Any] | None = None, host_id: int | None = None
    ) -> MatchRecord:
        now = to_db_time(self._clock())
        async with self._transaction() as conn:
            current = await self._match_row(conn, match_id)
            if options is not None and current["status"] != MatchStatus.LOBBY.value:
                raise ValueError(
                    f"match {match_id} is {current['status']}: options change only in the lobby"
                )
            rows = await self._fetch(
                conn,
                "UPDATE matches SET options = COALESCE(?, options), "
                "host_id = COALESCE(?, host_id), updated_at = ? "
                f"WHERE id = ? RETURNING {MATCH_COLUMNS}",
                (None if options is None else to_json(options), host_id, now, match_id),
            )
        return _read.match(rows[0])

    async def set_status(
        self,
        match_id: int,
        status: MatchStatus,
        *,
        outcome: dict[str, Any] | None = None,
        timers: Sequence[TimerRecord] | None = None,
    ) -> MatchRecord:
        status = MatchStatus(status)
        now = to_db_time(self._clock())
        timer_set = None if timers is None else timer_set_json(match_id, timers)
        async with self._transaction() as conn:
            current = MatchStatus((await self._match_row(conn, match_id))["status"])
            if current in _CLOSED and status != current:
                raise ValueError(f"match {match_id} is {current.value}; it cannot become {status}")
            try:
                rows = await self._fetch(
                    conn,
                    "UPDATE matches SET status = ?, outcome = COALESCE(?, outcome), "
                    f"updated_at = ? WHERE id = ? RETURNING {MATCH_COLUMNS}",
                    (
                        status.value,
                        None if outcome is None else to_json(outcome),
                        now,
                        match_id,
                    ),
                )
            except sqlite3.IntegrityError as error:
                if "matches.channel_id" in str(error):
                    raise ValueError(
                        f"match {match_id}: its channel already has another open match"
                    ) from error
                raise
            if status in _CLOSED:
                # A closed match has no turns left; its timers would only fire into nothing.
                await conn.execute("DELETE FROM timers WHERE match_id = ?", (match_id,))
            elif timer_set is not None:
                await self._write_timer_set(conn, match_id, timer_set)
        return _read.match(rows[0])

    async def recent_matches(self, guild_id: int, limit: int = 10) -> list[MatchRecord]:
        rows = await self._read(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE guild_id = ? ORDER BY id DESC LIMIT ?",
            (guild_id, limit),
        )
        return [_read.match(row) for row in rows]

    async def matches_in_play(self, after_id: int = 0, limit: int = 500) -> list[MatchRecord]:
        rows = await self._read(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE status = 'active' AND id > ? "
            "ORDER BY id LIMIT ?",
            (after_id, limit),
        )
        return [_read.match(row) for row in rows]

    async def finished_without_message(
        self, kind: str, since: datetime, limit: int = 100
    ) -> list[MatchRecord]:
        rows = await self._read(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE status = 'finished' "
            "AND updated_at >= ? AND NOT EXISTS (SELECT 1 FROM messages "
            "WHERE messages.match_id = matches.id AND messages.kind = ? "
            "AND messages.message_id <> 0) "
            "ORDER BY id LIMIT ?",
            (to_db_time(since), kind, limit),
        )
        return [_read.match(row) for row in rows]

    # -- seats -----------------------------------------------------------------------------
    async def _replace_seats(
        self, conn: aiosqlite.Connection, match_id: int, seats: Iterable[SeatRecord]
    ) -> None:
        seats = list(seats)
        strangers = sorted({s.match_id for s in seats} - {match_id})
        if strangers:
            raise ValueError(f"seats for matches {strangers} given for match {match_id}")
        numbers = [s.seat for s in seats]
        if len(set(numbers)) != len(numbers):
            raise ValueError(f"seat numbers repeat: {sorted(numbers)}")
        await conn.execute("DELETE FROM seats WHERE match_id = ?", (match_id,))
        await conn.executemany(
            f"INSERT INTO seats ({SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)",
            [_seat_params(s) for s in seats],
        )

    async def set_seats(self, match_id: int, seats: list[SeatRecord]) -> None:
        async with self._transaction() as conn:
            await self._match_row(conn, match_id)
            await self._replace_seats(conn, match_id, seats)

    async def seats(self, match_id: int) -> list[SeatRecord]:
        rows = await self._read(
            f"SELECT {SEAT_COLUMNS} FROM seats WHERE match_id = ? ORDER BY seat", (match_id,)
        )
        return [_read.seat(row) for row in rows]

    async def replace_seat(
        self, seat: SeatRecord, *, timers: Sequence[TimerRecord] | None = None
    ) -> None:
        timer_set = None if timers is None else timer_set_json(seat.match_id, timers)
        async with self._transaction() as conn:
            cursor = await conn.execute(
                "UPDATE seats SET user_id = ?, display_name = ?, is_bot = ?, locale = ? "
                "WHERE match_id = ? AND seat = ?",
                (
                    seat.user_id,
                    seat.display_name,
                    int(seat.is_bot),
                    seat.locale,
                    seat.match_id,
                    seat.seat,
                ),
            )
            if cursor.rowcount == 0:
                await self._match_row(conn, seat.match_id)
                raise ValueError(f"match {seat.match_id} has no seat {seat.seat}")
            if timer_set is not None:
                await self._write_timer_set(conn, seat.match_id, timer_set)

    # -- the game ---------------------------------------------------------------------------
    async def start_match(
        self,
        match_id: int,
        seats: list[SeatRecord],
        state_json: str,
        *,
        timers: Sequence[TimerRecord] | None = None,
    ) -> None:
        now = to_db_time(self._clock())
        timer_set = None if timers is None else timer_set_json(match_id, timers)
        async with self._transaction() as conn:
            status = (await self._match_row(conn, match_id))["status"]
            if status != MatchStatus.LOBBY.value:
                raise ValueError(f"match {match_id} is {status}, not in the lobby")
            await self._replace_seats(conn, match_id, seats)
            await conn.execute(
                "UPDATE matches SET status = ?, version = 0, updated_at = ? WHERE id = ?",
                (MatchStatus.ACTIVE.value, now, match_id),
            )
            await self._write_snapshot(conn, match_id, 0, state_json, now)
            if timer_set is not None:
                await self._write_timer_set(conn, match_id, timer_set)

    @staticmethod
    async def _write_timer_set(
        conn: aiosqlite.Connection, match_id: int, timer_set: str
    ) -> None:
        """Make the match's timers ``timer_set`` (``timer_set_json``), by migration 0003."""
        await conn.execute(
            "INSERT INTO timer_sets (match_id, timers) VALUES (?, ?)", (match_id, timer_set)
        )

    @staticmethod
    async def _write_snapshot(
        conn: aiosqlite.Connection, match_id: int, version: int, state_json: str, now: str
    ) -> None:
        await conn.execute(
            "INSERT INTO snapshots (match_id, version, state, updated_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (match_id) DO UPDATE SET version = excluded.version, "
            "state = excluded.state, updated_at = excluded.updated_at",
            (match_id, version, state_json, now),
        )

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
        when the match is at the expected version but not active or paused (a lobby has no
        game yet; a finished or cancelled match takes no more actions)."""
        params = (
            match_id,
            expected_version,
            seat,
            user_id,
            source,
            to_json(action),
            state_json,
            to_db_time(self._clock()),
            int(finished),
            None if outcome is None else to_json(outcome),
            None if timers is None else timer_set_json(match_id, timers),
        )
        await self._appends.append(match_id, expected_version, params)
        return expected_version + 1

    async def actions(self, match_id: int) -> list[ActionRecord]:
        rows = await self._read(
            f"SELECT {ACTION_COLUMNS} FROM actions WHERE match_id = ? ORDER BY version",
            (match_id,),
        )
        return await _read.actions(rows)

    async def actions_between(self, match_id: int, start: int, stop: int) -> list[ActionRecord]:
        rows = await self._read(
            f"SELECT {ACTION_COLUMNS} FROM actions WHERE match_id = ? AND version >= ? "
            "AND version < ? ORDER BY version",
            (match_id, start, stop),
        )
        return await _read.actions(rows)

    async def snapshot(self, match_id: int) -> tuple[int, str] | None:
        row = await self._read_one(
            "SELECT version, state FROM snapshots WHERE match_id = ?", (match_id,)
        )
        return None if row is None else (row["version"], row["state"])

    # -- replay checkpoints -------------------------------------------------------------------
    async def save_replay_checkpoints(
        self, match_id: int, checkpoints: Sequence[ReplayCheckpoint]
    ) -> None:
        params = _checkpoint_params(match_id, checkpoints)
        async with self._transaction() as conn:
            try:
                await conn.executemany(
                    "INSERT INTO replay_checkpoints (match_id, step, state, events) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT (match_id, step) "
                    "DO UPDATE SET state = excluded.state, events = excluded.events",
                    params,
                )
            except sqlite3.IntegrityError as error:
                if _is_foreign_key_error(error):
                    raise MatchNotFound(match_id) from error
                raise

    async def replay_events(self, match_id: int) -> list[tuple[int, str]]:
        rows = await self._read(
            "SELECT step, events FROM replay_checkpoints WHERE match_id = ? ORDER BY step",
            (match_id,),
        )
        return [(row["step"], row["events"]) for row in rows]

    async def replay_state(self, match_id: int, step: int) -> str | None:
        row = await self._read_one(
            "SELECT state FROM replay_checkpoints WHERE match_id = ? AND step = ?",
            (match_id, step),
        )
        return None if row is None else str(row["state"])

    async def closed_without_replay(self, limit: int) -> list[int]:
        rows = await self._read(
            "SELECT id FROM matches WHERE status IN ('finished', 'cancelled') AND version > 0 "
            "AND NOT EXISTS (SELECT 1 FROM replay_checkpoints r WHERE r.match_id = matches.id) "
            "ORDER BY id DESC LIMIT ?",
            (limit,),
        )
        return [int(row["id"]) for row in rows]

    # -- messages --------------------------------------------------------------------------
    async def save_message(
        self, match_id: int, kind: str, channel_id: int, message_id: int
    ) -> None:
        now = to_db_time(self._clock())
        try:
            await self._write(
                "INSERT INTO messages (match_id, kind, channel_id, message_id, created_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (match_id, kind) DO UPDATE SET "
                "channel_id = excluded.channel_id, message_id = excluded.message_id, "
                "created_at = excluded.created_at",
                (match_id, kind, channel_id, message_id, now),
            )
        except sqlite3.IntegrityError as error:
            if _is_foreign_key_error(error):
                raise MatchNotFound(f"no match {match_id}") from error
            raise

    async def messages(self, match_id: int) -> list[MessageRecord]:
        rows = await self._read(
            f"SELECT {MESSAGE_COLUMNS} FROM messages WHERE match_id = ? ORDER BY kind",
            (match_id,),
        )
        return [_read.message(row) for row in rows]

    # -- timers ----------------------------------------------------------------------------
    async def set_timer(self, timer: TimerRecord) -> None:
        deadline = to_db_time(timer.deadline)
        try:
            await self._write(
                f"INSERT INTO timers ({TIMER_COLUMNS}) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (match_id, seat) DO UPDATE SET version = excluded.version, "
                "deadline = excluded.deadline, warned = excluded.warned",
                (timer.match_id, timer.seat, timer.version, deadline, int(timer.warned)),
            )
        except sqlite3.IntegrityError as error:
            if _is_foreign_key_error(error):
                raise MatchNotFound(f"no match {timer.match_id}") from error
            raise

    async def clear_timers(self, match_id: int, seat: int | None = None) -> None:
        if seat is None:
            await self._write("DELETE FROM timers WHERE match_id = ?", (match_id,))
        else:
            await self._write(
                "DELETE FROM timers WHERE match_id = ? AND seat = ?", (match_id, seat)
            )

    async def mark_timer_warned(self, match_id: int, seat: int) -> None:
        await self._write(
            "UPDATE timers SET warned = 1 WHERE match_id = ? AND seat = ?", (match_id, seat)
        )

    async def timers(self, match_id: int | None = None) -> list[TimerRecord]:
        if match_id is None:
            rows = await self._read(
                f"SELECT {TIMER_COLUMNS} FROM timers ORDER BY deadline, match_id, seat"
            )
        else:
            rows = await self._read(
                f"SELECT {TIMER_COLUMNS} FROM timers WHERE match_id = ? "
                "ORDER BY deadline, seat",
                (match_id,),
            )
        return [_read.timer(row) for row in rows]

    async def due_timers(self, now: datetime) -> list[TimerRecord]:
        rows = await self._read(
            f"SELECT {TIMER_COLUMNS} FROM timers WHERE deadline <= ? "
            "ORDER BY deadline, match_id, seat",
            (to_db_time(now),),
        )
        return [_read.timer(row) for row in rows]

    # -- guild settings ----------------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> GuildSettingsRecord:
        row = await self._read_one(
            "SELECT data FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        data = {} if row is None else json.loads(row["data"])
        return GuildSettingsRecord(guild_id=guild_id, data=data)

    async def save_guild_settings(self, record: GuildSettingsRecord) -> None:
        now = to_db_time(self._clock())
        await self._write(
            "INSERT INTO guild_settings (guild_id, data, updated_at) VALUES (?, ?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET data = excluded.data, "
            "updated_at = excluded.updated_at",
            (record.guild_id, to_json(record.data), now),
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
                int(r.is_bot),
                float(r.score),
                int(r.won),
                r.role,
                int(r.with_bots),
                to_db_time(r.finished_at),
                r.character,
            )
            for r in rows
        ]
        async with self._transaction() as conn:
            try:
                await conn.executemany(
                    f"INSERT OR REPLACE INTO stats ({STAT_COLUMNS}) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    params,
                )
            except sqlite3.IntegrityError as error:
                if _is_foreign_key_error(error):
                    missing = sorted({r.match_id for r in rows})
                    raise MatchNotFound(f"stats name unknown matches among {missing}") from error
                raise

    async def stats_for_user(
        self, guild_id: int, user_id: int, game: str | None = None
    ) -> list[StatRecord]:
        sql = f"SELECT {STAT_COLUMNS} FROM stats WHERE guild_id = ? AND user_id = ?"
        params: list[Any] = [guild_id, user_id]
        if game is not None:
            sql += " AND game = ?"
            params.append(game)
        rows = await self._read(sql + " ORDER BY finished_at DESC, match_id DESC", params)
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
        sql = (
            "SELECT user_id, COUNT(*) AS games, SUM(won) AS wins, AVG(score) AS average "
            "FROM stats WHERE guild_id = ? AND user_id IS NOT NULL AND is_bot = 0"
        )
        params: list[Any] = [guild_id]
        if game is not None:
            sql += " AND game = ?"
            params.append(game)
        if not include_bot_games:
            sql += " AND with_bots = 0"
        for column, value in (("role", role), ("character", character)):
            if value is not None:
                sql += f" AND {column} = ?"
                params.append(value)
        sql += " GROUP BY user_id ORDER BY wins DESC, average DESC, games ASC, user_id LIMIT ?"
        params.append(limit)
        rows = await self._read(sql, params)
        return [_read.leaderboard_entry(row) for row in rows]
