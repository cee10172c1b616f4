"""The repository interface. Nothing outside ``storage/`` writes SQL; every backend (SQLite
now, PostgreSQL for sharded deployments) implements exactly this."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from storage.errors import MatchNotFound, StaleVersion, StorageUnavailable
from storage.records import (
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
    TimerSet,
)

if TYPE_CHECKING:
    from storage.outage import Outage

__all__ = ["MatchNotFound", "Repository", "StaleVersion", "StorageUnavailable", "Timers"]

# A match's whole timer set, as records or as the text a ``TimerSet`` carries.
Timers = Sequence[TimerRecord] | TimerSet


class Repository(ABC):
    """Where Parlor keeps everything.

    *Timers written with the change.* ``append_action``, ``start_match``, ``set_status`` and
    ``replace_seat`` take ``timers``, the whole set of the match's turn timers once the change
    is made, so that a move and the clocks it starts or stops are committed together (one
    transaction, and on SQLite one statement for an append):

    - ``None`` leaves the match's timer rows as they are;
    - a sequence makes them exactly that set, each timer as given (version, deadline,
      warned), except that a warning sent (``mark_timer_warned``) counts for the deadline it
      was sent for: a timer given again with that deadline stays warned, whatever its
      ``warned`` (so a caller may send unchanged timers every time); a new deadline is a new
      clock.

    Every record must be for the changed match, with distinct seats and a timezone-aware
    deadline (``ValueError`` before anything is written); a ``TimerSet`` is the same set as
    text, put together by a caller that answers for it (``storage.rows.timer_set``), and must
    name the changed match. When the change is refused
    (``StaleVersion``, ``ValueError``, ``MatchNotFound``) the timers are not touched either. A
    change that closes the match (a finishing append, a finished or cancelled status) leaves it
    no timers, whatever was given.
    """

    # -- lifecycle -------------------------------------------------------------------------
    @property
    @abstractmethod
    def outage(self) -> Outage:
        """The spells of the database not answering (``StorageUnavailable``): whether one is
        under way, the failures counted."""

    @abstractmethod
    async def open(self) -> None:
        """Connect and apply pending migrations."""

    @abstractmethod
    async def close(self) -> None: ...

    # -- matches ---------------------------------------------------------------------------
    @abstractmethod
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
        """A new match in the lobby. Raises ``ValueError`` if the channel already has an open
        (lobby, active or paused) match: one table per channel."""

    @abstractmethod
    async def get_match(self, match_id: int) -> MatchRecord:
        """Raises ``MatchNotFound``."""

    @abstractmethod
    async def open_match_in_channel(self, channel_id: int) -> MatchRecord | None: ...

    @abstractmethod
    def iter_open_matches(self) -> AsyncIterator[MatchRecord]:
        """Every lobby, active or paused match, streamed (never all held in memory)."""

    @abstractmethod
    async def update_lobby(
        self, match_id: int, *, options: dict[str, Any] | None = None, host_id: int | None = None
    ) -> MatchRecord: ...

    @abstractmethod
    async def set_status(
        self,
        match_id: int,
        status: MatchStatus,
        *,
        outcome: dict[str, Any] | None = None,
        timers: Timers | None = None,
    ) -> MatchRecord:
        """Change the status (a finished or cancelled match stays so: ``ValueError``) and, when
        given, the outcome. Closing the match deletes its timers. ``timers``: see
        *Timers written with the change* on the class."""

    @abstractmethod
    async def recent_matches(self, guild_id: int, limit: int = 10) -> list[MatchRecord]: ...

    @abstractmethod
    async def matches_in_play(self, after_id: int = 0, limit: int = 500) -> list[MatchRecord]:
        """Active matches (not paused) with an id above ``after_id``, by id: one page of the
        tables a restarted process brings its boards up to date for."""

    @abstractmethod
    async def finished_without_message(
        self, kind: str, since: datetime, limit: int = 100
    ) -> list[MatchRecord]:
        """Matches finished at or after ``since`` that have no message of ``kind`` recorded
        (e.g. a reveal a stopped process never posted), oldest first. A message recorded with
        id 0 (an intent to post, made before posting) counts as missing."""

    # -- seats -----------------------------------------------------------------------------
    @abstractmethod
    async def set_seats(self, match_id: int, seats: list[SeatRecord]) -> None:
        """Replace the match's seat list (lobby joins and leaves, seat order at start)."""

    @abstractmethod
    async def seats(self, match_id: int) -> list[SeatRecord]:
        """Ordered by seat."""

    @abstractmethod
    async def replace_seat(
        self, seat: SeatRecord, *, timers: Timers | None = None
    ) -> None:
        """Change who plays one seat mid-game (a bot takes over, a player returns). ``timers``
        (of ``seat.match_id``): see *Timers written with the change* on the class."""

    # -- the game ---------------------------------------------------------------------------
    @abstractmethod
    async def start_match(
        self,
        match_id: int,
        seats: list[SeatRecord],
        state_json: str,
        *,
        timers: Timers | None = None,
    ) -> None:
        """Lobby → active in one transaction: seats, version 0 and the first snapshot (and the
        timers, when given: see *Timers written with the change* on the class)."""

    @abstractmethod
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
        """In one transaction: append the action at ``expected_version``, bump the version,
        write the snapshot when ``state_json`` is given (None keeps the one before, from an
        older version: the log since then is replayed onto it), the finished status and
        outcome when the game ended (which deletes the match's timers), and the timers when
        given (see *Timers written with the change* on the class). ``action`` is the
        action's JSON data, or its JSON text already written (the service writes it with the
        model's own serializer, the same text in one call). Returns the new version.
        Raises ``StaleVersion`` when the match is not at ``expected_version`` and changes
        nothing."""

    @abstractmethod
    async def actions(self, match_id: int) -> list[ActionRecord]:
        """The whole log in order."""

    @abstractmethod
    async def actions_between(self, match_id: int, start: int, stop: int) -> list[ActionRecord]:
        """The log's actions at versions ``start`` to ``stop - 1``, in order: a few steps of a
        long log without reading it all."""

    @abstractmethod
    async def snapshot(self, match_id: int) -> tuple[int, str] | None:
        """(version, state JSON) of the latest snapshot: the match's state at that version,
        which may be older than the match's own (see ``append_action``)."""

    # -- replay checkpoints -------------------------------------------------------------------
    @abstractmethod
    async def save_replay_checkpoints(
        self, match_id: int, checkpoints: Sequence[ReplayCheckpoint]
    ) -> None:
        """Keep a closed match's replay checkpoints, all in one transaction. Each is a cache of
        replaying a log that no longer changes; a step already kept is replaced (a replay kept
        by an older engine is replayed and kept again).
        Raises ``ValueError`` for a checkpoint of another match, ``MatchNotFound``."""

    @abstractmethod
    async def replay_events(self, match_id: int) -> list[tuple[int, str]]:
        """(step, events JSON) of each kept checkpoint, by step; empty when none is kept."""

    @abstractmethod
    async def replay_state(self, match_id: int, step: int) -> str | None:
        """The state JSON kept for ``step``, or None."""

    @abstractmethod
    async def closed_without_replay(self, limit: int) -> list[int]:
        """Ids of closed (finished or cancelled) matches that have actions and no kept replay
        checkpoint, newest first, at most ``limit``: tables closed where no replay was kept
        (a process without web pages, or a version before the checkpoints)."""

    # -- messages --------------------------------------------------------------------------
    @abstractmethod
    async def save_message(
        self, match_id: int, kind: str, channel_id: int, message_id: int
    ) -> None:
        """Remember (or replace) the message of this kind for the match."""

    @abstractmethod
    async def messages(self, match_id: int) -> list[MessageRecord]: ...

    # -- timers ----------------------------------------------------------------------------
    @abstractmethod
    async def set_timer(self, timer: TimerRecord) -> None:
        """Arm (or re-arm) the timer of (match, seat), as given (a warning sent for the seat's
        clock before is forgotten). Raises ``MatchNotFound``."""

    @abstractmethod
    async def clear_timers(self, match_id: int, seat: int | None = None) -> None: ...

    @abstractmethod
    async def mark_timer_warned(self, match_id: int, seat: int) -> None:
        """The seat was warned for the deadline its timer has now (nothing when it has none)."""

    @abstractmethod
    async def timers(self, match_id: int | None = None) -> list[TimerRecord]:
        """Armed timers, soonest first; all matches when ``match_id`` is None."""

    @abstractmethod
    async def due_timers(self, now: datetime) -> list[TimerRecord]: ...

    # -- guild settings ----------------------------------------------------------------------
    @abstractmethod
    async def guild_settings(self, guild_id: int) -> GuildSettingsRecord: ...

    @abstractmethod
    async def save_guild_settings(self, record: GuildSettingsRecord) -> None: ...

    # -- stats ------------------------------------------------------------------------------
    @abstractmethod
    async def record_stats(self, rows: list[StatRecord]) -> None:
        """A finished table's rows, one per seat. Recording a table again replaces its rows
        but keeps when it ended and whether it was rated: the order of the tables, which the
        ratings follow, does not change."""

    @abstractmethod
    async def stats_for_user(
        self, guild_id: int, user_id: int, game: str | None = None
    ) -> list[StatRecord]: ...

    @abstractmethod
    async def leaderboard(
        self, guild_id: int, game: str | None = None, *, include_bot_games: bool = False,
        limit: int = 10, role: str | None = None, character: str | None = None
    ) -> list[tuple[int, int, int, float]]:
        """(user id, games, wins, average score), best first; with ``role`` or ``character``,
        only the seats that played it."""

    # -- ratings (tables/ratings.py works them out; storage keeps them) ---------------------
    @abstractmethod
    async def rating_backlog(self, rows: int) -> RatingBacklog:
        """The stats of the tables from the first one not yet rated on, in the order the
        tables ended (their end, then match id, then seat): whole tables, up to about
        ``rows`` rows (the first table whatever its size)."""

    @abstractmethod
    async def ratings_before(self, since: tuple[datetime, int], users: Sequence[int]
                             ) -> list[RatingRecord]:
        """Each of ``users``' latest rating before the table ``since`` (its end and match
        id), per game and scope."""

    @abstractmethod
    async def save_ratings(self, version: int, since: tuple[datetime, int],
                           matches: Sequence[int], ratings: Sequence[RatingRecord]) -> bool:
        """Replace every rating from the table ``since`` on with ``ratings``, mark
        ``matches`` rated and every later table unrated (to be rated after them), in one
        transaction; False (nothing written) when ratings were written since the backlog of
        ``version`` was read."""

    @abstractmethod
    async def forget_ratings(self) -> None:
        """Every table unrated and no rating kept: the next backlog is every table."""

    @abstractmethod
    async def rating_history(self, scope: int, user_id: int, game: str | None = None
                             ) -> list[RatingRecord]:
        """A player's ratings in ``scope`` after each rated table, by game, oldest first."""

    @abstractmethod
    async def rating_leaderboard(self, scope: int, game: str, *, min_games: int,
                                 limit: int) -> list[RatingStanding]:
        """The players of ``game`` in ``scope`` with at least ``min_games`` rated tables, by
        their conservative rating (``mu - 3 sigma``), best first."""
