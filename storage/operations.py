"""Every repository operation and its SQL, written once for both backends.

``SqlRepository`` implements ``Repository`` over a ``storage.database.Database``: the backend
says how a statement reaches its server and what differs between SQLite and PostgreSQL; the
operations here say what is read and written. Queries use numbered placeholders (``$1``).

Calls that read and then write (start a match, change its status, replace seats, lobby options)
run in one transaction that first locks the match row (``Database.lock_clause``), so what they
checked still holds when they write. Everything else is one statement, its own transaction.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

from storage.database import ChannelTaken, Database, MatchMissing, Session, Where
from storage.outage import Outage
from storage.records import (
    OPEN_STATUSES,
    ActionRecord,
    GuildSettingsRecord,
    MatchRecord,
    MatchStatus,
    MessageRecord,
    RatingBacklog,
    RatingRecord,
    RatingStanding,
    ReplayCheckpoint,
    SeatRecord,
    StatRecord,
    TimerRecord,
)
from storage.repository import MatchNotFound, Repository, Timers
from storage.rows import (
    ACTION_COLUMNS,
    MATCH_COLUMNS,
    MESSAGE_COLUMNS,
    RATING_COLUMNS,
    SEAT_COLUMNS,
    STAT_COLUMNS,
    TIMER_COLUMNS,
    timer_set_json,
    to_db_time,
    to_json,
)

# Makes match ``$1``'s timers the set ``$2`` (``rows.timer_set_json``), one row whatever its
# size; the warnings sent are left as they are (migration 0008).
TIMER_SET_SQL = (
    "INSERT INTO match_timers (match_id, timers) VALUES ($1, $2) "
    "ON CONFLICT (match_id) DO UPDATE SET timers = excluded.timers"
)
_OPEN_SQL = "(" + ", ".join(f"'{s.value}'" for s in OPEN_STATUSES) + ")"
_CLOSED = frozenset({MatchStatus.FINISHED, MatchStatus.CANCELLED})
# The values of an append, in this order, whatever the backend does with them.
APPEND_COLUMNS = ("match_id", "expected_version", "seat", "user_id", "source", "action",
                  "state", "created_at", "finished", "outcome", "timers")
# A table recorded again keeps when it ended (and whether it was rated): the ratings follow
# the tables in that order.
_STAT_UPDATES = ", ".join(f"{c} = excluded.{c}" for c in STAT_COLUMNS.split(", ")
                          if c not in ("match_id", "seat", "finished_at"))
# Ratings are ranked by the conservative estimate, mu less three sigmas (openskill's
# ``ordinal``): a player is shown at a rating they very likely are above.
RATING_Z = 3
_BUMP_RATINGS = "UPDATE rating_runs SET version = version + 1 WHERE id = 1"
# SQLite binds up to 32,766 values in a statement; lists of ids are sent in parts this long.
IDS_AT_ONCE = 500


def utc_now() -> datetime:
    return datetime.now(UTC)


def _json_or_none(value: dict[str, Any] | None) -> str | None:
    return None if value is None else to_json(value)


def _values(count: int) -> str:
    return ", ".join(f"${n}" for n in range(1, count + 1))


class SqlRepository(Repository):
    """``Repository`` over one backend's ``Database`` (``storage.sqlite``, ``storage.postgres``
    set it up and open and close it). ``page_size`` is how many rows ``iter_open_matches``
    fetches per query; ``clock`` supplies the created/updated times (tests pin it)."""

    def __init__(self, *, page_size: int, clock: Callable[[], datetime]) -> None:
        if page_size < 1:
            raise ValueError("page_size must be positive")
        self.page_size = page_size
        self._clock = clock

    @property
    def _db(self) -> Database:
        """The backend."""
        raise NotImplementedError

    @property
    def outage(self) -> Outage:
        return self._db.outage

    def _now(self) -> Any:
        # The system's clock (the default) as the backend reads it best; a pinned one as given.
        if self._clock is utc_now:
            return self._db.now()
        return self._db.time(self._clock())

    async def _lock_match(self, session: Session, match_id: int) -> MatchStatus:
        """Lock the match row for the rest of the transaction; its status."""
        row = await session.fetchrow(
            f"SELECT status FROM matches WHERE id = $1{self._db.lock_clause}", match_id)
        if row is None:
            raise MatchNotFound(f"no match {match_id}")
        return MatchStatus(row["status"])

    async def _matches(self, sql: str, *args: Any) -> list[MatchRecord]:
        rows = await self._db.fetch(f"SELECT {MATCH_COLUMNS} FROM matches WHERE {sql}", *args)
        match = self._db.reader.match
        return [match(row) for row in rows]

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
        now = self._now()
        try:
            row = await self._db.fetchrow(
                "INSERT INTO matches (game, guild_id, channel_id, host_id, status, version, "
                "seed, options, locale, created_at, updated_at) "
                f"VALUES ($1, $2, $3, $4, $5, 0, $6, $7, $8, $9, $9) RETURNING {MATCH_COLUMNS}",
                game, guild_id, channel_id, host_id, MatchStatus.LOBBY.value,
                # Text: a seed may be wider than 64 bits (SQLite text, PostgreSQL numeric).
                str(int(seed)), to_json(options), locale, now,
            )
        except ChannelTaken as error:
            raise ValueError(f"channel {channel_id} already has an open match") from error
        assert row is not None
        return self._db.reader.match(row)

    async def get_match(self, match_id: int) -> MatchRecord:
        if not 0 < match_id < 2**63:  # no stored id is outside 64-bit integers
            raise MatchNotFound(f"no match {match_id}")
        found = await self._matches("id = $1", match_id)
        if not found:
            raise MatchNotFound(f"no match {match_id}")
        return found[0]

    async def open_match_in_channel(self, channel_id: int) -> MatchRecord | None:
        found = await self._matches(f"channel_id = $1 AND status IN {_OPEN_SQL}", channel_id)
        return found[0] if found else None

    async def iter_open_matches(self) -> AsyncIterator[MatchRecord]:
        # Keyset pages, each its own short query: nothing (rows, a connection, the lock, a
        # snapshot) is held between pages, so work goes on while the walk is paused.
        last_id = 0
        while True:
            page = await self._matches(f"status IN {_OPEN_SQL} AND id > $1 ORDER BY id LIMIT $2",
                                       last_id, self.page_size)
            for match in page:
                yield match
            if len(page) < self.page_size:
                return
            last_id = page[-1].id

    async def update_lobby(
        self, match_id: int, *, options: dict[str, Any] | None = None, host_id: int | None = None
    ) -> MatchRecord:
        now = self._now()
        async with self._db.transaction() as session:
            status = await self._lock_match(session, match_id)
            if options is not None and status is not MatchStatus.LOBBY:
                raise ValueError(
                    f"match {match_id} is {status.value}: options change only in the lobby"
                )
            row = await session.fetchrow(
                "UPDATE matches SET options = COALESCE($1, options), "
                "host_id = COALESCE($2, host_id), updated_at = $3 "
                f"WHERE id = $4 RETURNING {MATCH_COLUMNS}",
                _json_or_none(options), host_id, now, match_id,
            )
        assert row is not None
        return self._db.reader.match(row)

    async def set_status(
        self,
        match_id: int,
        status: MatchStatus,
        *,
        outcome: dict[str, Any] | None = None,
        timers: Timers | None = None,
    ) -> MatchRecord:
        status = MatchStatus(status)
        now = self._now()
        timer_set = None if timers is None else timer_set_json(match_id, timers)
        async with self._db.transaction() as session:
            current = await self._lock_match(session, match_id)
            if current in _CLOSED and status != current:
                raise ValueError(f"match {match_id} is {current.value}; it cannot become {status}")
            try:
                row = await session.fetchrow(
                    "UPDATE matches SET status = $1, outcome = COALESCE($2, outcome), "
                    f"updated_at = $3 WHERE id = $4 RETURNING {MATCH_COLUMNS}",
                    status.value, _json_or_none(outcome), now, match_id,
                )
            except ChannelTaken as error:
                raise ValueError(
                    f"match {match_id}: its channel already has another open match"
                ) from error
            if status in _CLOSED:
                # A closed match has no turns left; its timers would only fire into nothing.
                await session.execute("DELETE FROM match_timers WHERE match_id = $1",
                                      match_id)
            elif timer_set is not None:
                await session.execute(TIMER_SET_SQL, match_id, timer_set)
        assert row is not None
        return self._db.reader.match(row)

    async def recent_matches(self, guild_id: int, limit: int = 10) -> list[MatchRecord]:
        return await self._matches("guild_id = $1 ORDER BY id DESC LIMIT $2", guild_id, limit)

    async def matches_in_play(self, after_id: int = 0, limit: int = 500) -> list[MatchRecord]:
        return await self._matches("status = 'active' AND id > $1 ORDER BY id LIMIT $2",
                                   after_id, limit)

    async def finished_without_message(
        self, kind: str, since: datetime, limit: int = 100
    ) -> list[MatchRecord]:
        return await self._matches(
            "status = 'finished' AND updated_at >= $1 AND NOT EXISTS (SELECT 1 FROM messages "
            "WHERE messages.match_id = matches.id AND messages.kind = $2 "
            "AND messages.message_id <> 0) ORDER BY id LIMIT $3",
            self._db.time(since), kind, limit,
        )

    # -- seats -----------------------------------------------------------------------------
    @staticmethod
    async def _replace_seats(
        session: Session, match_id: int, seats: Iterable[SeatRecord]
    ) -> None:
        seats = list(seats)
        strangers = sorted({s.match_id for s in seats} - {match_id})
        if strangers:
            raise ValueError(f"seats for matches {strangers} given for match {match_id}")
        numbers = [s.seat for s in seats]
        if len(set(numbers)) != len(numbers):
            raise ValueError(f"seat numbers repeat: {sorted(numbers)}")
        await session.execute("DELETE FROM seats WHERE match_id = $1", match_id)
        if seats:
            await session.executemany(
                f"INSERT INTO seats ({SEAT_COLUMNS}) VALUES ({_values(6)})",
                [(s.match_id, s.seat, s.user_id, s.display_name, s.is_bot, s.locale)
                 for s in seats],
            )

    async def set_seats(self, match_id: int, seats: list[SeatRecord]) -> None:
        async with self._db.transaction() as session:
            await self._lock_match(session, match_id)
            await self._replace_seats(session, match_id, seats)

    async def seats(self, match_id: int) -> list[SeatRecord]:
        rows = await self._db.fetch(
            f"SELECT {SEAT_COLUMNS} FROM seats WHERE match_id = $1 ORDER BY seat", match_id
        )
        return [self._db.reader.seat(row) for row in rows]

    @staticmethod
    async def _update_seat(session: Session, seat: SeatRecord) -> int:
        """The seat row's UPDATE; the rows it changed."""
        return await session.execute(
            "UPDATE seats SET user_id = $1, display_name = $2, is_bot = $3, locale = $4 "
            "WHERE match_id = $5 AND seat = $6",
            seat.user_id, seat.display_name, seat.is_bot, seat.locale, seat.match_id, seat.seat,
        )

    async def replace_seat(
        self, seat: SeatRecord, *, timers: Timers | None = None
    ) -> None:
        if timers is None:
            # One statement, no transaction: the common case (a bot takes over) stays cheap.
            if await self._update_seat(self._db, seat) == 0:
                await self.get_match(seat.match_id)  # MatchNotFound names the likelier mistake
                raise ValueError(f"match {seat.match_id} has no seat {seat.seat}")
            return
        timer_set = timer_set_json(seat.match_id, timers)
        async with self._db.transaction() as session:
            # The match row's lock, as an append takes it: timer sets of one match never mix.
            await self._lock_match(session, seat.match_id)
            if await self._update_seat(session, seat) == 0:
                raise ValueError(f"match {seat.match_id} has no seat {seat.seat}")
            await session.execute(TIMER_SET_SQL, seat.match_id, timer_set)

    # -- the game ---------------------------------------------------------------------------
    async def start_match(
        self,
        match_id: int,
        seats: list[SeatRecord],
        state_json: str,
        *,
        timers: Timers | None = None,
    ) -> None:
        now = self._now()
        timer_set = None if timers is None else timer_set_json(match_id, timers)
        async with self._db.transaction() as session:
            status = await self._lock_match(session, match_id)
            if status is not MatchStatus.LOBBY:
                raise ValueError(f"match {match_id} is {status.value}, not in the lobby")
            await self._replace_seats(session, match_id, seats)
            await session.execute(
                "UPDATE matches SET status = $1, version = 0, updated_at = $2 WHERE id = $3",
                MatchStatus.ACTIVE.value, now, match_id,
            )
            await session.execute(
                "INSERT INTO snapshots (match_id, version, state, updated_at) "
                "VALUES ($1, 0, $2, $3) ON CONFLICT (match_id) DO UPDATE SET "
                "version = excluded.version, state = excluded.state, "
                "updated_at = excluded.updated_at",
                match_id, state_json, now,
            )
            if timer_set is not None:
                await session.execute(TIMER_SET_SQL, match_id, timer_set)

    async def append_action(
        self,
        match_id: int,
        *,
        expected_version: int,
        seat: int,
        user_id: int | None,
        source: str,
        action: dict[str, Any] | str,
        state_json: str | None,
        finished: bool = False,
        outcome: dict[str, Any] | None = None,
        timers: Timers | None = None,
    ) -> int:
        """See ``Repository.append_action``. Also raises ``MatchNotFound``, and ``ValueError``
        when the match is at the expected version but not active or paused (a lobby has no
        game yet; a finished or cancelled match takes no more actions)."""
        await self._db.append(match_id, expected_version, (
            match_id,
            expected_version,
            seat,
            user_id,
            source,
            action if isinstance(action, str) else to_json(action),
            state_json,
            self._now(),
            finished,
            None if outcome is None else to_json(outcome),
            None if timers is None else timer_set_json(match_id, timers),
        ))
        return expected_version + 1

    async def actions(self, match_id: int) -> list[ActionRecord]:
        rows = await self._db.fetch(
            f"SELECT {ACTION_COLUMNS} FROM actions WHERE match_id = $1 ORDER BY version",
            match_id,
        )
        return await self._db.reader.actions(rows)

    async def actions_between(self, match_id: int, start: int, stop: int) -> list[ActionRecord]:
        rows = await self._db.fetch(
            f"SELECT {ACTION_COLUMNS} FROM actions WHERE match_id = $1 AND version >= $2 "
            "AND version < $3 ORDER BY version",
            match_id, start, stop,
        )
        return await self._db.reader.actions(rows)

    async def snapshot(self, match_id: int) -> tuple[int, str] | None:
        row = await self._db.fetchrow(
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
            async with self._db.transaction() as session:
                await session.executemany(
                    "INSERT INTO replay_checkpoints (match_id, step, state, events) "
                    "VALUES ($1, $2, $3, $4) ON CONFLICT (match_id, step) "
                    "DO UPDATE SET state = excluded.state, events = excluded.events",
                    [(match_id, c.step, c.state, c.events) for c in checkpoints],
                )
        except MatchMissing as error:
            raise MatchNotFound(match_id) from error

    async def replay_events(self, match_id: int) -> list[tuple[int, str]]:
        rows = await self._db.fetch(
            "SELECT step, events FROM replay_checkpoints WHERE match_id = $1 ORDER BY step",
            match_id,
        )
        return [(int(row["step"]), str(row["events"])) for row in rows]

    async def replay_state(self, match_id: int, step: int) -> str | None:
        row = await self._db.fetchrow(
            "SELECT state FROM replay_checkpoints WHERE match_id = $1 AND step = $2",
            match_id, step,
        )
        return None if row is None else str(row["state"])

    async def closed_without_replay(self, limit: int) -> list[int]:
        rows = await self._db.fetch(
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
        try:
            await self._db.execute(
                f"INSERT INTO messages ({MESSAGE_COLUMNS}) VALUES ($1, $2, $3, $4, $5) "
                "ON CONFLICT (match_id, kind) DO UPDATE SET "
                "channel_id = excluded.channel_id, message_id = excluded.message_id, "
                "created_at = excluded.created_at",
                match_id, kind, channel_id, message_id, self._now(),
            )
        except MatchMissing as error:
            raise MatchNotFound(f"no match {match_id}") from error

    async def messages(self, match_id: int) -> list[MessageRecord]:
        rows = await self._db.fetch(
            f"SELECT {MESSAGE_COLUMNS} FROM messages WHERE match_id = $1 ORDER BY kind",
            match_id,
        )
        return [self._db.reader.message(row) for row in rows]

    # -- timers ----------------------------------------------------------------------------
    # A match's timers are one row (migration 0008). The calls that change one seat's timer
    # (tests, benchmarks, the scheduler's leftovers and warnings: never a move) read the row
    # and write it back in a transaction that holds it.
    async def _timer_row(self, session: Session, match_id: int
                         ) -> tuple[list[list[Any]], list[list[Any]]]:
        """The match's timers and warnings as ``match_timers`` holds them (empty when it has
        none), the row held for the rest of the transaction."""
        row = await session.fetchrow(
            f"SELECT timers, warned FROM match_timers WHERE match_id = $1{self._db.lock_clause}",
            match_id)
        if row is None:
            return [], []
        return json.loads(row["timers"]), json.loads(row["warned"])

    @staticmethod
    async def _write_timer_row(session: Session, match_id: int, timers: list[list[Any]],
                               warned: list[list[Any]]) -> None:
        await session.execute(
            "INSERT INTO match_timers (match_id, timers, warned) VALUES ($1, $2, $3) "
            "ON CONFLICT (match_id) DO UPDATE SET timers = excluded.timers, "
            "warned = excluded.warned",
            match_id, to_json(timers), to_json(warned))

    async def set_timer(self, timer: TimerRecord) -> None:
        deadline = to_db_time(timer.deadline)
        async with self._db.transaction() as session:
            await self._lock_match(session, timer.match_id)
            timers, warned = await self._timer_row(session, timer.match_id)
            timers = [t for t in timers if t[0] != timer.seat]
            timers.append([timer.seat, timer.version, deadline, timer.warned])
            # Written as given: a warning sent for this seat's clock before is forgotten.
            await self._write_timer_row(session, timer.match_id, timers,
                                        [w for w in warned if w[0] != timer.seat])

    async def clear_timers(self, match_id: int, seat: int | None = None) -> None:
        if seat is None:
            await self._db.execute("DELETE FROM match_timers WHERE match_id = $1", match_id)
            return
        async with self._db.transaction() as session:
            timers, warned = await self._timer_row(session, match_id)
            if any(t[0] == seat for t in timers):
                await self._write_timer_row(session, match_id,
                                            [t for t in timers if t[0] != seat],
                                            [w for w in warned if w[0] != seat])

    async def mark_timer_warned(self, match_id: int, seat: int) -> None:
        async with self._db.transaction() as session:
            timers, warned = await self._timer_row(session, match_id)
            deadlines = {t[0]: t[2] for t in timers}
            if seat not in deadlines:
                return  # a cleared timer: nothing to mark
            # Only the warnings of the clocks running now are kept: a few a match at most.
            kept = [w for w in warned if w[0] != seat and deadlines.get(w[0]) == w[1]]
            kept.append([seat, deadlines[seat]])
            await session.execute("UPDATE match_timers SET warned = $2 WHERE match_id = $1",
                                  match_id, to_json(kept))

    async def _timers(self, sql: str, *args: Any) -> list[TimerRecord]:
        rows = await self._db.fetch(f"SELECT {TIMER_COLUMNS} FROM timers {sql}", *args)
        timer = self._db.reader.timer
        return [timer(row) for row in rows]

    async def timers(self, match_id: int | None = None) -> list[TimerRecord]:
        if match_id is None:
            return await self._timers("ORDER BY deadline, match_id, seat")
        return await self._timers("WHERE match_id = $1 ORDER BY deadline, seat", match_id)

    async def due_timers(self, now: datetime) -> list[TimerRecord]:
        return await self._timers("WHERE deadline <= $1 ORDER BY deadline, match_id, seat",
                                  self._db.time(now))

    # -- guild settings ----------------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> GuildSettingsRecord:
        row = await self._db.fetchrow(
            "SELECT data FROM guild_settings WHERE guild_id = $1", guild_id
        )
        return GuildSettingsRecord(guild_id=guild_id,
                                   data={} if row is None else json.loads(row["data"]))

    async def save_guild_settings(self, record: GuildSettingsRecord) -> None:
        await self._db.execute(
            "INSERT INTO guild_settings (guild_id, data, updated_at) VALUES ($1, $2, $3) "
            "ON CONFLICT (guild_id) DO UPDATE SET data = excluded.data, "
            "updated_at = excluded.updated_at",
            record.guild_id, to_json(record.data), self._now(),
        )

    # -- stats ------------------------------------------------------------------------------
    async def record_stats(self, rows: list[StatRecord]) -> None:
        params = [
            (r.match_id, r.seat, r.guild_id, r.game, r.user_id, r.is_bot, float(r.score), r.won,
             r.role, r.with_bots, self._db.time(r.finished_at), r.character, r.place)
            for r in rows
        ]
        if not params:
            return
        try:
            async with self._db.transaction() as session:
                await session.executemany(
                    f"INSERT INTO stats ({STAT_COLUMNS}) VALUES ({_values(13)}) "
                    f"ON CONFLICT (match_id, seat) DO UPDATE SET {_STAT_UPDATES}",
                    params,
                )
        except MatchMissing as error:
            missing = sorted({r.match_id for r in rows})
            raise MatchNotFound(f"stats name unknown matches among {missing}") from error

    async def stats_for_user(
        self, guild_id: int, user_id: int, game: str | None = None
    ) -> list[StatRecord]:
        where = Where(guild_id=guild_id, user_id=user_id)
        if game is not None:
            where.add("game", game)
        rows = await self._db.fetch(
            f"SELECT {STAT_COLUMNS} FROM stats WHERE {where.sql} "
            "ORDER BY finished_at DESC, match_id DESC",
            *where.params,
        )
        return [self._db.reader.stat(row) for row in rows]

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
        where = Where(guild_id=guild_id, is_bot=False)
        if game is not None:
            where.add("game", game)
        if not include_bot_games:
            where.add("with_bots", False)
        if role is not None:
            where.add("role", role)
        if character is not None:
            where.add("character", character)
        rows = await self._db.fetch(
            "SELECT user_id, count(*) AS games, count(*) FILTER (WHERE won) AS wins, "
            f"avg(score) AS average FROM stats WHERE user_id IS NOT NULL AND {where.sql} "
            f"GROUP BY user_id ORDER BY wins DESC, average DESC, games ASC, user_id "
            f"LIMIT {where.next}",
            *where.params, limit,
        )
        return [self._db.reader.leaderboard_entry(row) for row in rows]

    # -- ratings ---------------------------------------------------------------------------
    async def rating_backlog(self, rows: int) -> RatingBacklog:
        # The version first: a rating written after it makes ``save_ratings`` refuse.
        version = await self._rating_version(self._db)
        first = await self._db.fetchrow(
            "SELECT finished_at, match_id FROM stats WHERE NOT rated "
            "ORDER BY finished_at, match_id LIMIT 1")
        if first is None:
            return RatingBacklog(version=version, since=None, results=[])
        since = (self._db.reader.time(first["finished_at"]), int(first["match_id"]))
        found = await self._db.fetch(
            f"SELECT {STAT_COLUMNS} FROM stats WHERE (finished_at, match_id) >= ($1, $2) "
            "ORDER BY finished_at, match_id, seat LIMIT $3",
            self._db.time(since[0]), since[1], rows)
        results = [self._db.reader.stat(row) for row in found]
        if len(found) == rows and results[-1].match_id != results[0].match_id:
            # The last table may go on past the limit: it is left for the next backlog.
            last = results[-1].match_id
            results = [row for row in results if row.match_id != last]
        return RatingBacklog(version=version, since=since, results=results)

    @staticmethod
    async def _rating_version(session: Session) -> int:
        row = await session.fetchrow("SELECT version FROM rating_runs WHERE id = 1")
        return 0 if row is None else int(row["version"])

    async def _lock_ratings(self, session: Session) -> int:
        """Inside a transaction: the ratings' version, its row locked (made if missing) until
        the transaction ends. A writer bumps it (``_BUMP_RATINGS``)."""
        await session.execute(
            "INSERT INTO rating_runs (id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING")
        row = await session.fetchrow(
            f"SELECT version FROM rating_runs WHERE id = 1{self._db.lock_clause}")
        assert row is not None  # made just above, and locked
        return int(row["version"])

    async def ratings_before(self, since: tuple[datetime, int], users: Sequence[int]
                             ) -> list[RatingRecord]:
        found: list[RatingRecord] = []
        wanted = sorted(set(users))
        for start in range(0, len(wanted), IDS_AT_ONCE):
            part = wanted[start:start + IDS_AT_ONCE]
            ids = ", ".join(f"${n}" for n in range(3, 3 + len(part)))
            rows = await self._db.fetch(
                f"SELECT {RATING_COLUMNS} FROM (SELECT {RATING_COLUMNS}, row_number() OVER "
                "(PARTITION BY user_id, game, scope ORDER BY finished_at DESC, match_id DESC) "
                f"AS newest FROM ratings WHERE user_id IN ({ids}) "
                "AND (finished_at, match_id) < ($1, $2)) AS before WHERE newest = 1",
                self._db.time(since[0]), since[1], *part)
            found += [self._db.reader.rating(row) for row in rows]
        return found

    async def save_ratings(self, version: int, since: tuple[datetime, int],
                           matches: Sequence[int], ratings: Sequence[RatingRecord]) -> bool:
        db = self._db
        async with db.transaction() as session:
            if await self._lock_ratings(session) != version:
                return False
            await session.execute(_BUMP_RATINGS)
            await session.execute(
                "DELETE FROM ratings WHERE (finished_at, match_id) >= ($1, $2)",
                db.time(since[0]), since[1])
            # Tables after these, rated before, are rated again after them.
            await session.execute(
                "UPDATE stats SET rated = FALSE WHERE rated AND (finished_at, match_id) >= "
                "($1, $2)", db.time(since[0]), since[1])
            if ratings:
                await session.executemany(
                    f"INSERT INTO ratings ({RATING_COLUMNS}) VALUES ({_values(8)})",
                    [(r.match_id, r.seat, r.scope, r.game, r.user_id, r.mu, r.sigma,
                      db.time(r.finished_at)) for r in ratings])
            ids = sorted(set(matches))
            for start in range(0, len(ids), IDS_AT_ONCE):
                part = ids[start:start + IDS_AT_ONCE]
                await session.execute(
                    f"UPDATE stats SET rated = TRUE WHERE match_id IN ({_values(len(part))})",
                    *part)
        return True

    async def forget_ratings(self) -> None:
        db = self._db
        async with db.transaction() as session:
            await self._lock_ratings(session)
            await session.execute(_BUMP_RATINGS)
            await session.execute("DELETE FROM ratings")
            await session.execute("UPDATE stats SET rated = FALSE WHERE rated")

    async def rating_history(self, scope: int, user_id: int, game: str | None = None
                             ) -> list[RatingRecord]:
        where = Where(user_id=user_id, scope=scope)
        if game is not None:
            where.add("game", game)
        rows = await self._db.fetch(
            f"SELECT {RATING_COLUMNS} FROM ratings WHERE {where.sql} "
            "ORDER BY game, finished_at, match_id", *where.params)
        return [self._db.reader.rating(row) for row in rows]

    async def rating_leaderboard(self, scope: int, game: str, *, min_games: int,
                                 limit: int) -> list[RatingStanding]:
        rows = await self._db.fetch(
            "SELECT user_id, mu, sigma, games, wins FROM ("
            "SELECT r.user_id, r.mu, r.sigma, "
            "count(*) OVER (PARTITION BY r.user_id) AS games, "
            "sum(CASE WHEN s.won THEN 1 ELSE 0 END) OVER (PARTITION BY r.user_id) AS wins, "
            "row_number() OVER (PARTITION BY r.user_id "
            "ORDER BY r.finished_at DESC, r.match_id DESC) AS newest "
            "FROM ratings AS r JOIN stats AS s ON s.match_id = r.match_id AND s.seat = r.seat "
            "WHERE r.scope = $1 AND r.game = $2) AS board "
            f"WHERE newest = 1 AND games >= $3 ORDER BY mu - {RATING_Z} * sigma DESC, "
            "games DESC, user_id LIMIT $4",
            scope, game, min_games, limit)
        return [self._db.reader.standing(row) for row in rows]
