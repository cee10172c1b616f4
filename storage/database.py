"""What a backend gives the repository: the one small place where SQLite and PostgreSQL differ.

``storage.operations`` writes every query and every repository operation once, against
``Database``. A backend (``storage.sqlite``, ``storage.postgres``) says how a statement reaches
its server (placeholders, connections, the lock), how a transaction locks a match, how times and
seeds are written, what its constraint errors mean and how an action is appended (SQLite's
group commit, PostgreSQL's ``append_action`` function).

Queries are written with PostgreSQL's numbered placeholders (``$1``); SQLite reads the same
numbers as ``?1`` (``sqlite_placeholders``).
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from storage.outage import Outage
from storage.records import MatchStatus
from storage.repository import MatchNotFound, StaleVersion
from storage.rows import RecordReader, Row

PLAYABLE = frozenset({MatchStatus.ACTIVE, MatchStatus.PAUSED})
# The partial unique index of migration 0001: one lobby, active or paused match per channel.
ONE_OPEN_PER_CHANNEL = "matches_one_open_per_channel"


class ChannelTaken(Exception):
    """The statement would give a channel a second open match (``ONE_OPEN_PER_CHANNEL``)."""


class MatchMissing(Exception):
    """The statement names a match that does not exist (a foreign key refused it)."""


class Session(ABC):
    """Statements on a backend: on any free connection, or inside one transaction. Constraint
    errors the repository gives a meaning to arrive as ``ChannelTaken`` and ``MatchMissing``,
    a database that does not answer as ``StorageUnavailable`` (counted by the ``Outage``);
    everything else as the driver raised it."""

    @abstractmethod
    async def fetch(self, sql: str, *args: Any) -> list[Row]: ...

    async def fetchrow(self, sql: str, *args: Any) -> Row | None:
        rows = await self.fetch(sql, *args)
        return rows[0] if rows else None

    @abstractmethod
    async def execute(self, sql: str, *args: Any) -> int:
        """One statement; the number of rows it changed."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...


class Database(Session):
    """A backend: a ``Session`` on whatever connection is free, and the rest of what differs."""

    reader: RecordReader
    outage: Outage
    # What ``SELECT ... FROM matches WHERE id = $1`` adds to hold the row for the transaction.
    # SQLite's BEGIN IMMEDIATE already holds the whole database.
    lock_clause: str

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Session]:
        """One transaction, committed when the block ends and rolled back on any exception
        (cancellation included)."""

    @abstractmethod
    def time(self, moment: datetime) -> Any:
        """A time as the backend's time columns take it; a naive one is ``ValueError``."""

    def now(self) -> Any:
        """The time now as ``time`` gives it (the system's clock)."""
        return self.time(datetime.now(UTC))

    @abstractmethod
    async def append(self, match_id: int, expected_version: int,
                     params: Sequence[Any]) -> None:
        """The append of ``storage.operations.APPEND_COLUMNS``' values, in one transaction;
        raises what ``refusal`` says when the match refuses it."""


def refusal(match_id: int, expected_version: int, found_version: int | None,
            found_status: str | None) -> Exception:
    """What an append refused by the match as it was found (its version and status, None when
    there is no such match) raises."""
    if found_status is None:
        return MatchNotFound(f"no match {match_id}")
    if found_version != expected_version:
        return StaleVersion(match_id, expected_version, int(found_version or 0))
    if MatchStatus(found_status) not in PLAYABLE:
        return ValueError(f"match {match_id} is {found_status}; it takes no actions")
    # The refusal was read after the fact; a rival moved the match back to this version and
    # status in between, which no caller does.
    return RuntimeError(f"match {match_id}: append refused for no reason it could find")


_NUMBERED = re.compile(r"\$(\d+)")


def writes(sql: str) -> bool:
    """Whether a statement read through ``fetch`` writes (an INSERT or UPDATE returning rows):
    one that lands ends a spell of the database not answering (``Outage.wrote``)."""
    return not sql.startswith("SELECT")


@lru_cache(maxsize=512)
def sqlite_placeholders(sql: str) -> str:
    """``$n`` as SQLite's ``?n``, which binds the same positional arguments."""
    return _NUMBERED.sub(r"?\1", sql)


class Where:
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
    def next(self) -> str:
        """The placeholder of the next parameter after these."""
        return f"${len(self.params) + 1}"

    @property
    def sql(self) -> str:
        return " AND ".join(self._terms)
