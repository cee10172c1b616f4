"""The replay pages' checkpoints of a closed match: kept once, read back by step; and a stretch
of the log read alone."""

from __future__ import annotations

import pytest

from storage.records import MatchStatus, ReplayCheckpoint
from storage.repository import MatchNotFound, Repository
from tests.storage.helpers import append, new_match, started_match


def _checkpoint(match_id: int, step: int, state: str = "{}") -> ReplayCheckpoint:
    return ReplayCheckpoint(match_id=match_id, step=step, state=state,
                            events=f'[[{step}, "e"]]')


async def test_checkpoints_are_kept_and_read_back_by_step(repo: Repository) -> None:
    match = await started_match(repo)
    other = await new_match(repo, channel_id=99)
    assert await repo.replay_events(match.id) == []
    assert await repo.replay_state(match.id, 0) is None
    await repo.save_replay_checkpoints(
        match.id, [_checkpoint(match.id, 32, '{"step": 32}'), _checkpoint(match.id, 0),
                   _checkpoint(match.id, 40, '{"step": 40}')])
    assert await repo.replay_events(match.id) == [
        (0, '[[0, "e"]]'), (32, '[[32, "e"]]'), (40, '[[40, "e"]]')]
    assert await repo.replay_state(match.id, 32) == '{"step": 32}'
    assert await repo.replay_state(match.id, 33) is None
    assert await repo.replay_events(other.id) == []


async def test_a_kept_step_saved_again_is_replaced(repo: Repository) -> None:
    # A replay kept by an older engine, whose states this one cannot read, is replayed and
    # kept again (two readers replaying the same table at once save the same checkpoints).
    match = await started_match(repo)
    await repo.save_replay_checkpoints(match.id, [_checkpoint(match.id, 0, '{"first": 1}')])
    await repo.save_replay_checkpoints(match.id, [_checkpoint(match.id, 0, '{"second": 2}'),
                                                  _checkpoint(match.id, 32)])
    assert await repo.replay_state(match.id, 0) == '{"second": 2}'
    assert [step for step, _ in await repo.replay_events(match.id)] == [0, 32]


async def test_checkpoints_of_unknown_or_other_matches_are_refused(repo: Repository) -> None:
    match = await started_match(repo)
    with pytest.raises(MatchNotFound):
        await repo.save_replay_checkpoints(404, [_checkpoint(404, 0)])
    with pytest.raises(ValueError):
        await repo.save_replay_checkpoints(match.id, [_checkpoint(match.id + 1, 0)])
    assert await repo.replay_events(match.id) == []


async def test_a_stretch_of_the_log_is_read_alone(repo: Repository) -> None:
    match = await started_match(repo)
    for version in range(10):
        await append(repo, match.id, version)
    stretch = await repo.actions_between(match.id, 3, 7)
    assert [a.version for a in stretch] == [3, 4, 5, 6]
    assert [a.action["n"] for a in stretch] == [3, 4, 5, 6]
    assert await repo.actions_between(match.id, 9, 20) == (await repo.actions(match.id))[9:]
    assert await repo.actions_between(match.id, 5, 5) == []


async def test_closed_matches_without_a_kept_replay_are_found_newest_first(
    repo: Repository,
) -> None:
    """What the pages replay in the background: closed tables that were played and whose replay
    is not kept; not a table still in play, one cancelled in its lobby, or one already kept."""
    played = []
    for channel in range(3):
        match = await started_match(repo, channel_id=30 + channel)
        await append(repo, match.id, 0, finished=True, outcome={"winners": [0]})
        played.append(match.id)
    in_play = await started_match(repo, channel_id=40)
    await append(repo, in_play.id, 0)
    lobby = await new_match(repo, channel_id=41)
    await repo.set_status(lobby.id, MatchStatus.CANCELLED)
    cancelled = await started_match(repo, channel_id=42)
    await append(repo, cancelled.id, 0)
    await repo.set_status(cancelled.id, MatchStatus.CANCELLED)
    await repo.save_replay_checkpoints(played[1], [_checkpoint(played[1], 0)])
    assert await repo.closed_without_replay(10) == [cancelled.id, played[2], played[0]]
    assert await repo.closed_without_replay(1) == [cancelled.id]
