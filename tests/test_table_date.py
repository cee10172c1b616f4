"""The haunt's "whose birthday comes next" counts from the day the table opens: the table fills
``today`` in (``games.core.options.TABLE_DATE``), nobody types it, and the next table after a
finished one takes its own day."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import date
from pathlib import Path

import pytest

from games.core.options import chosen_by_hand
from games.haunt.options import Options
from storage.sqlite import SqliteRepository
from tables.lobby_options import lobby_options
from tables.service import MatchService


@pytest.fixture
async def repo(tmp_path: Path) -> AsyncIterator[SqliteRepository]:
    repository = SqliteRepository(tmp_path / "parlor.db")
    await repository.open()
    yield repository
    await repository.close()


async def test_a_haunt_table_counts_birthdays_from_the_day_it_opens(
        repo: SqliteRepository) -> None:
    days = iter([date(2026, 8, 1), date(2026, 12, 25)])
    service = MatchService(repo, today=lambda: next(days))
    live = await service.create_lobby(game="haunt", guild_id=1, channel_id=2, host_id=10,
                                      host_name="host", host_locale=None,
                                      options={"today": "01-01"})
    assert live.record.options["today"] == "08-01"  # a typed date does not count
    other = await service.create_lobby(game="haunt", guild_id=1, channel_id=3, host_id=10,
                                       host_name="host", host_locale=None, options={})
    assert other.record.options["today"] == "12-25"


def test_the_table_date_is_no_ones_to_choose() -> None:
    assert not chosen_by_hand(Options.model_fields["today"])
    offered = lobby_options("haunt")
    assert "today" not in {*offered.toggles, *(c.field for c in offered.choices),
                           *(s.field for s in offered.sets)}
