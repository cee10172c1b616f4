"""Plain records the repository reads and writes. Game states travel as JSON text: storage never
interprets them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field


class MatchStatus(StrEnum):
    LOBBY = "lobby"
    ACTIVE = "active"
    PAUSED = "paused"
    FINISHED = "finished"
    CANCELLED = "cancelled"


OPEN_STATUSES = (MatchStatus.LOBBY, MatchStatus.ACTIVE, MatchStatus.PAUSED)


class MatchRecord(BaseModel):
    id: int
    game: str
    guild_id: int
    channel_id: int
    host_id: int
    status: MatchStatus
    version: int  # number of actions in the log; the state's ``step``
    seed: int
    options: dict[str, Any] = Field(default_factory=dict)
    outcome: dict[str, Any] | None = None
    locale: str | None = None  # the table's language, when the server set one
    created_at: datetime
    updated_at: datetime


class SeatRecord(BaseModel):
    match_id: int
    seat: int
    user_id: int | None  # None for a seat played by the built-in bot
    display_name: str
    is_bot: bool = False
    locale: str | None = None


class ActionRecord(BaseModel):
    match_id: int
    version: int  # the match version this action was applied to (0 for the first action)
    seat: int
    user_id: int | None  # who clicked; None for a bot or a timer
    source: str  # "player", "bot", "timer", "moderator"
    action: dict[str, Any]
    created_at: datetime


class ReplayCheckpoint(BaseModel):
    """A closed match replayed up to ``step``: the state then, and the events of the actions
    since the checkpoint before, both JSON text written by the replay pages (a cache of
    replaying the log, which never changes once the match is over)."""

    match_id: int
    step: int
    state: str
    events: str


class MessageRecord(BaseModel):
    match_id: int
    kind: str  # "board", "lobby", "reveal", …
    channel_id: int
    message_id: int
    created_at: datetime


class TimerRecord(BaseModel):
    match_id: int
    seat: int
    version: int  # the match version the timer was armed for; a later version voids it
    deadline: datetime
    warned: bool = False


@dataclass(frozen=True, slots=True)
class TimerSet:
    """A match's whole timer set as the text the repository writes: what
    ``rows.timer_set_json`` makes of its records, put together by ``rows.timer_set`` from each
    timer's ``rows.timer_json``. For a writer that keeps each timer's text (the scheduler: a
    move sends every seat still waited for, most of them unchanged) and answers for what the
    records would be checked for: one match, each seat once, UTC deadlines."""

    match_id: int
    json: str


class GuildSettingsRecord(BaseModel):
    guild_id: int
    # Free-form per-game and server-wide settings, validated by the bot's settings models.
    data: dict[str, Any] = Field(default_factory=dict)


class StatRecord(BaseModel):
    match_id: int
    guild_id: int
    game: str
    user_id: int | None
    seat: int
    is_bot: bool
    score: float
    won: bool
    role: str | None = None  # the side or identity played (``Game.role_of``): a rebel
    character: str | None = None  # the character played (``Game.character_of``): Zhuge Liang
    with_bots: bool = False
    finished_at: datetime
    # The seat's place when the table ended (``Game.places``: 1 is first, equals share one);
    # None from a writer that did not place seats (the ratings then place by won and score).
    place: int | None = None


# The scope of a player's own rating across servers (no Discord server has id 0).
EVERYWHERE = 0


class RatingRecord(BaseModel):
    """A player's rating in one game after one table (``tables.ratings``): in one server
    (``scope`` is its id) or across servers (``EVERYWHERE``). ``mu`` and ``sigma`` are the
    Weng–Lin estimate of the player's skill and its uncertainty."""

    match_id: int
    seat: int
    scope: int
    game: str
    user_id: int
    mu: float
    sigma: float
    finished_at: datetime


class RatingStanding(BaseModel):
    """A player's latest rating in one game and scope, with the rated tables behind it and
    the wins among them."""

    user_id: int
    mu: float
    sigma: float
    games: int
    wins: int


class RatingBacklog(BaseModel):
    """What is left to rate: the stats of the tables from the first one not yet rated on
    (``since``: its end and its match id; None when every table is rated), in the order the
    tables ended, and the version of the ratings they were read against."""

    version: int
    since: tuple[datetime, int] | None
    results: list[StatRecord]
