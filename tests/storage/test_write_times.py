"""The times a repository writes (an append's, a match's): a pinned clock as it is given; the
system's clock, on SQLite, read from its seconds (``storage.rows.utc_text``) rather than through
a ``datetime`` and its ISO text, in the same fixed-width UTC text."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from types import SimpleNamespace

import pytest

import storage.sqlite
from storage.rows import to_db_time, utc_text
from storage.sqlite import SqliteRepository, from_db_time
from tests.storage.helpers import FakeClock, append, started_match


def test_the_system_clock_is_read_from_its_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    repo = SqliteRepository(":memory:", checkpoint_interval=None)
    monkeypatch.setattr(storage.sqlite, "time", SimpleNamespace(time=lambda: 1_790_000_000.25))
    assert repo._now() == utc_text(1_790_000_000.25) \
        == to_db_time(datetime.fromtimestamp(1_790_000_000.25, UTC))


async def test_an_append_on_the_system_clock_is_stamped_now() -> None:
    async with SqliteRepository(":memory:", checkpoint_interval=None) as repo:
        match = await started_match(repo, channel_id=1)
        before = time.time()
        await append(repo, match.id, 0)
        after = time.time()
        rows = await repo._db.fetch("SELECT created_at FROM actions WHERE match_id = $1",
                                    match.id)
    (stamp,) = [row["created_at"] for row in rows]
    assert len(stamp) == len(to_db_time(datetime.now(UTC)))
    assert before - 1e-6 <= from_db_time(stamp).timestamp() <= after + 1e-6


async def test_a_pinned_clock_is_written_as_given(clock: FakeClock) -> None:
    async with SqliteRepository(":memory:", clock=clock, checkpoint_interval=None) as repo:
        match = await started_match(repo, channel_id=1)
        await append(repo, match.id, 0)
        rows = await repo._db.fetch("SELECT created_at FROM actions WHERE match_id = $1",
                                    match.id)
    assert [row["created_at"] for row in rows] == [to_db_time(clock())]
