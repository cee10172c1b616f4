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
)
from storage.repository import MatchNotFound, Repository, StaleVersion, StorageUnavailable

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
]
