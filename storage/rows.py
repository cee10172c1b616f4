"""Database rows to records and records to column values, for both backends.

SQLite and PostgreSQL hand back the same columns under the same names; they differ in how a time
arrives (fixed-width ISO text from SQLite, a ``datetime`` from asyncpg) and in how flags arrive
(0/1 or ``bool``, both read with ``bool``). So one ``RecordReader`` serves both, given the
backend's time parser. JSON columns arrive as text from both (asyncpg hands ``jsonb`` back as
text unless told otherwise), and every JSON value is written by ``to_json``.
"""

from __future__ import annotations

import asyncio
import json
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol

from storage.records import (
    ActionRecord,
    MatchRecord,
    MatchStatus,
    MessageRecord,
    RatingRecord,
    RatingStanding,
    SeatRecord,
    StatRecord,
    TimerRecord,
    TimerSet,
)

# Logs longer than this are turned into records off the event loop.
LONG_LOG = 500
MATCH_COLUMNS = (
    "id, game, guild_id, channel_id, host_id, status, version, seed, options, outcome, locale, "
    "created_at, updated_at"
)
SEAT_COLUMNS = "match_id, seat, user_id, display_name, is_bot, locale"
ACTION_COLUMNS = "match_id, version, seat, user_id, source, action, created_at"
MESSAGE_COLUMNS = "match_id, kind, channel_id, message_id, created_at"
TIMER_COLUMNS = "match_id, seat, version, deadline, warned"
STAT_COLUMNS = (
    "match_id, seat, guild_id, game, user_id, is_bot, score, won, role, with_bots, finished_at, "
    "character, place"
)
RATING_COLUMNS = "match_id, seat, scope, game, user_id, mu, sigma, finished_at"


class Row(Protocol):
    """A result row read by column name: ``sqlite3.Row`` and ``asyncpg.Record`` both are."""

    def __getitem__(self, key: str, /) -> Any: ...


TimeParser = Callable[[Any], datetime]


# ``json.dumps`` with any argument of its own builds a new encoder on every call; this runs a
# few times per move.
_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)


def to_json(value: Any) -> str:
    """Compact JSON text, non-ASCII kept as it is (names in Chinese stay readable)."""
    return _ENCODER.encode(value)


def to_db_time(moment: datetime) -> str:
    """UTC ISO text of one fixed width, so text order is time order (SQLite's time columns;
    PostgreSQL reads it too). Naive times are refused: storage cannot know which zone they
    meant."""
    if moment.tzinfo is UTC:  # the clocks' and the scheduler's times: nothing to convert
        return moment.isoformat(timespec="microseconds")
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"a timezone-aware datetime is required, got naive {moment!r}")
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


# The last whole second ``utc_text`` wrote and its text up to the seconds, as one tuple (one
# assignment: a reader on another thread never sees a second with another's text).
_last_second: tuple[int, str] = (-1, "")


def utc_text(epoch: float) -> str:
    """``to_db_time(datetime.fromtimestamp(epoch, UTC))`` for a moment after 1970, rounded to
    the microsecond as ``fromtimestamp`` rounds (half to even), without the ``datetime``:
    building it and its ISO text cost several µs, and the scheduler writes one for every new
    deadline. Moments come a second's worth at a time, so the text up to the seconds is made
    once per second."""
    global _last_second
    fraction, whole = math.modf(epoch)
    micro = round(fraction * 1e6)
    second = int(whole)
    if micro >= 1_000_000:
        micro -= 1_000_000
        second += 1
    known, text = _last_second
    if second != known:
        text = datetime.fromtimestamp(second, UTC).isoformat()[:19]
        _last_second = (second, text)
    return f"{text}.{micro:06d}+00:00"


def timer_json(seat: int, version: int, deadline: datetime | float, warned: bool) -> str:
    """One timer of a set as ``timer_set_json`` writes it: ``[seat, version, deadline,
    warned]``, the deadline (a UTC ``datetime``, or seconds since 1970) as ``to_db_time``
    text, ASCII digits and signs with nothing to escape."""
    text = deadline.isoformat(timespec="microseconds") if isinstance(deadline, datetime) \
        else utc_text(deadline)
    return f'[{int(seat)},{int(version)},"{text}",{"true" if warned else "false"}]'


def timer_set(match_id: int, timers: Iterable[str]) -> TimerSet:
    """The set of ``timers`` (each a ``timer_json``), for a caller that keeps each timer's text
    and answers for it (``TimerSet``)."""
    return TimerSet(match_id, "[" + ",".join(timers) + "]")


def timer_set_json(match_id: int, timers: Sequence[TimerRecord] | TimerSet) -> str:
    """The match's whole timer set as ``match_timers`` keeps it (migration 0008): a JSON array
    of ``[seat, version, deadline, warned]``, the deadline as ``to_db_time`` text.

    Raises ``ValueError`` for a record (or a ``TimerSet``) of another match, a seat given twice
    or a naive deadline, before anything reaches the database."""
    if isinstance(timers, TimerSet):
        if timers.match_id != match_id:
            raise ValueError(f"timers for match {timers.match_id} given for match {match_id}")
        return timers.json
    # The usual set (this match's, distinct seats, UTC deadlines) is put together directly;
    # anything else takes the checks below.
    parts: list[str] = []
    seen: set[int] = set()
    for timer in timers:
        deadline = timer.deadline
        if timer.match_id != match_id or timer.seat in seen or deadline.tzinfo is not UTC:
            break
        seen.add(timer.seat)
        parts.append(timer_json(timer.seat, timer.version, deadline, timer.warned))
    else:
        return timer_set(match_id, parts).json
    strangers = sorted({t.match_id for t in timers} - {match_id})
    if strangers:
        raise ValueError(f"timers for matches {strangers} given for match {match_id}")
    seats = [t.seat for t in timers]
    if len(set(seats)) != len(seats):
        raise ValueError(f"timer seats repeat: {sorted(seats)}")
    return to_json([[t.seat, t.version, to_db_time(t.deadline), t.warned] for t in timers])


@dataclass(frozen=True, slots=True)
class RecordReader:
    """Records from rows; ``time`` turns a stored time into a timezone-aware UTC ``datetime``."""

    time: TimeParser

    async def actions(self, rows: Sequence[Row]) -> list[ActionRecord]:
        """A log's records. Thousands parsed in one go would hold the event loop (a Sanguosha
        log): a long log is parsed on a thread, and the loop gets the interpreter back every
        half millisecond (bot/switching.py)."""
        if len(rows) > LONG_LOG:
            return await asyncio.to_thread(lambda: [self.action(row) for row in rows])
        return [self.action(row) for row in rows]

    def match(self, row: Row) -> MatchRecord:
        return MatchRecord(
            id=row["id"],
            game=row["game"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            host_id=row["host_id"],
            status=MatchStatus(row["status"]),
            version=row["version"],
            seed=int(row["seed"]),
            options=json.loads(row["options"]),
            outcome=None if row["outcome"] is None else json.loads(row["outcome"]),
            locale=row["locale"],
            created_at=self.time(row["created_at"]),
            updated_at=self.time(row["updated_at"]),
        )

    @staticmethod
    def seat(row: Row) -> SeatRecord:
        return SeatRecord(
            match_id=row["match_id"],
            seat=row["seat"],
            user_id=row["user_id"],
            display_name=row["display_name"],
            is_bot=bool(row["is_bot"]),
            locale=row["locale"],
        )

    def action(self, row: Row) -> ActionRecord:
        return ActionRecord(
            match_id=row["match_id"],
            version=row["version"],
            seat=row["seat"],
            user_id=row["user_id"],
            source=row["source"],
            action=json.loads(row["action"]),
            created_at=self.time(row["created_at"]),
        )

    def message(self, row: Row) -> MessageRecord:
        return MessageRecord(
            match_id=row["match_id"],
            kind=row["kind"],
            channel_id=row["channel_id"],
            message_id=row["message_id"],
            created_at=self.time(row["created_at"]),
        )

    def timer(self, row: Row) -> TimerRecord:
        return TimerRecord(
            match_id=row["match_id"],
            seat=row["seat"],
            version=row["version"],
            deadline=self.time(row["deadline"]),
            warned=bool(row["warned"]),
        )

    def stat(self, row: Row) -> StatRecord:
        return StatRecord(
            match_id=row["match_id"],
            seat=row["seat"],
            guild_id=row["guild_id"],
            game=row["game"],
            user_id=row["user_id"],
            is_bot=bool(row["is_bot"]),
            score=row["score"],
            won=bool(row["won"]),
            role=row["role"],
            with_bots=bool(row["with_bots"]),
            finished_at=self.time(row["finished_at"]),
            character=row["character"],
            place=row["place"],
        )

    def rating(self, row: Row) -> RatingRecord:
        return RatingRecord(
            match_id=row["match_id"],
            seat=row["seat"],
            scope=row["scope"],
            game=row["game"],
            user_id=row["user_id"],
            mu=row["mu"],
            sigma=row["sigma"],
            finished_at=self.time(row["finished_at"]),
        )

    @staticmethod
    def standing(row: Row) -> RatingStanding:
        return RatingStanding(user_id=row["user_id"], mu=row["mu"], sigma=row["sigma"],
                              games=int(row["games"]), wins=int(row["wins"]))

    @staticmethod
    def leaderboard_entry(row: Row) -> tuple[int, int, int, float]:
        """(user id, games, wins, average score) of a leaderboard query's row."""
        return int(row["user_id"]), int(row["games"]), int(row["wins"]), float(row["average"])
