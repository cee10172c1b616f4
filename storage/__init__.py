"""Persistence: matches, seats, the append-only action log, snapshots, messages, timers,
guild settings and stats, behind one repository interface."""

from storage.records import (
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

__all__ = [
    "ActionRecord",
    "GuildSettingsRecord",
    "MatchNotFound",
    "MatchRecord",
    "MatchStatus",
    "MessageRecord",
    "ReplayCheckpoint",
    "Repository",
    "SeatRecord",
    "StaleVersion",
    "StatRecord",
    "TimerRecord",
]
