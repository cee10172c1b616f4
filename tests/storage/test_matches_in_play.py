"""The tables in play, page by page: what a restarted process brings its boards up to date
for (bot/table.py, ``Desk.bring_boards_up_to_date``)."""

from __future__ import annotations

from storage.records import MatchStatus
from storage.repository import Repository
from tests.storage.helpers import append, new_match, started_match


async def test_only_active_matches_are_in_play_by_id_page_by_page(repo: Repository) -> None:
    playing = [await started_match(repo, channel_id=30 + i) for i in range(5)]
    await new_match(repo, channel_id=40)  # a lobby
    paused = await started_match(repo, channel_id=41)
    await repo.set_status(paused.id, MatchStatus.PAUSED)
    finished = await started_match(repo, channel_id=42)
    await append(repo, finished.id, 0, finished=True, outcome={"scores": {}, "winners": [0]})

    first = await repo.matches_in_play(limit=3)
    assert [m.id for m in first] == [m.id for m in playing[:3]]
    rest = await repo.matches_in_play(first[-1].id, limit=3)
    assert [m.id for m in rest] == [m.id for m in playing[3:]]
    assert await repo.matches_in_play(rest[-1].id) == []
    assert {m.status for m in first + rest} == {MatchStatus.ACTIVE}
