"""Persistence: matches, seats, the append-only action log, snapshots, messages, timers,
guild settings, stats and ratings, behind one repository interface."""

from storage.records import (
    EVERYWHERE,
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
from storage.repository import (
    MatchNotFound,
    Repository,
    StaleVersion,
    StorageUnavailable,
    Timers,
)

__all__ = [
    "EVERYWHERE",
    "ActionRecord",
    "GuildSettingsRecord",
    "MatchNotFound",
    "MatchRecord",
    "MatchStatus",
    "MessageRecord",
    "RatingBacklog",
    "RatingRecord",
    "RatingStanding",
    "ReplayCheckpoint",
    "Repository",
    "SeatRecord",
    "StaleVersion",
    "StatRecord",
    "StorageUnavailable",
    "TimerRecord",
    "TimerSet",
    "Timers",
]
