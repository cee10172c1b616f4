"""A live match keeps its game engine: looked up in the registry once, not on every ask."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from games import registry
from storage.records import MatchRecord, MatchStatus
from tables import service
from tables.service import LiveMatch


def test_the_game_is_looked_up_once(monkeypatch: pytest.MonkeyPatch) -> None:
    now = datetime(2026, 1, 1, tzinfo=UTC)
    record = MatchRecord(id=1, game="zombie", guild_id=1, channel_id=2, host_id=3,
                         status=MatchStatus.ACTIVE, version=0, seed=9, created_at=now,
                         updated_at=now)
    asked: list[str] = []
    engine = registry.get("zombie")

    def get(name: str) -> object:
        asked.append(name)
        return engine

    monkeypatch.setattr(service.registry, "get", get)
    live = LiveMatch(record=record, seats=[])
    assert live.game is engine
    live.record = record.model_copy(update={"version": 5})  # the same match, moved on
    assert live.game is live.game
    assert asked == ["zombie"]
