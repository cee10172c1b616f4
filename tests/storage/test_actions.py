"""The game itself: starting, the append-only action log, snapshots and the version check."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from storage.records import MatchStatus, TimerRecord
from storage.repository import MatchNotFound, Repository, StaleVersion
from tests.storage.backends import Backend
from tests.storage.helpers import FakeClock, append, new_match, seat_list, started_match


async def test_start_match_moves_the_lobby_to_active_with_seats_and_first_snapshot(
    repo: Repository,
) -> None:
    match = await new_match(repo)
    await repo.set_seats(match.id, seat_list(match.id, 2))  # lobby seats, replaced at start
    seats = seat_list(match.id, 4, bots={3})
    await repo.start_match(match.id, seats, '{"step":0}')
    started = await repo.get_match(match.id)
    assert started.status is MatchStatus.ACTIVE and started.version == 0
    assert await repo.seats(match.id) == seats
    assert await repo.snapshot(match.id) == (0, '{"step":0}')
    assert await repo.actions(match.id) == []


async def test_start_match_only_from_the_lobby_and_all_or_nothing(repo: Repository) -> None:
    match = await started_match(repo, state_json='{"first":true}')
    with pytest.raises(ValueError, match="lobby"):
        await repo.start_match(match.id, seat_list(match.id, 2), '{"second":true}')
    assert await repo.snapshot(match.id) == (0, '{"first":true}')
    assert len(await repo.seats(match.id)) == 4

    lobby = await new_match(repo, channel_id=21)
    with pytest.raises(ValueError, match="repeat"):  # a bad seat list aborts the whole start
        await repo.start_match(lobby.id, seat_list(lobby.id, 2) * 2, "{}")
    assert (await repo.get_match(lobby.id)).status is MatchStatus.LOBBY
    assert await repo.snapshot(lobby.id) is None
    with pytest.raises(MatchNotFound):
        await repo.start_match(404, [], "{}")


async def test_appends_go_in_order_and_the_snapshot_follows(
    repo: Repository, clock: FakeClock
) -> None:
    match = await started_match(repo)
    for version in range(5):
        clock.advance(1)
        assert await append(repo, match.id, version) == version + 1
    log = await repo.actions(match.id)
    assert [a.version for a in log] == [0, 1, 2, 3, 4]
    assert [a.action["n"] for a in log] == [0, 1, 2, 3, 4]
    assert [a.seat for a in log] == [0, 1, 2, 3, 0]
    assert log[0].source == "player" and log[0].user_id == 1000
    assert log[-1].created_at == clock.now and log[0].created_at < log[-1].created_at
    assert await repo.snapshot(match.id) == (5, '{"s":5}')
    current = await repo.get_match(match.id)
    assert current.version == 5 and current.updated_at == clock.now


async def test_an_append_without_a_state_keeps_the_snapshot_before(repo: Repository) -> None:
    """The service snapshots now and then: an append with no state logs the action and moves
    the version on, leaving the latest snapshot (an older version's) as it was."""
    match = await started_match(repo)
    await append(repo, match.id, 0)
    for version in (1, 2):
        assert await repo.append_action(
            match.id, expected_version=version, seat=0, user_id=None, source="bot",
            action={"kind": "pass", "seat": 0, "n": version}, state_json=None) == version + 1
    assert await repo.snapshot(match.id) == (1, '{"s":1}')
    assert (await repo.get_match(match.id)).version == 3
    assert [a.version for a in await repo.actions_between(match.id, 1, 3)] == [1, 2]
    await append(repo, match.id, 3, finished=True, outcome={"winners": [0]})
    assert await repo.snapshot(match.id) == (4, '{"s":4}')


async def test_a_stale_append_is_refused_and_changes_nothing(repo: Repository) -> None:
    """Rule: an action names the version it was decided at; a moved-on match refuses it."""
    match = await started_match(repo)
    for version in range(3):
        await append(repo, match.id, version)
    before = (await repo.get_match(match.id), await repo.actions(match.id))
    for stale in (0, 2, 4):
        with pytest.raises(StaleVersion) as refused:
            await append(repo, match.id, stale, finished=True, outcome={"late": True})
        assert (refused.value.match_id, refused.value.expected, refused.value.actual) == (
            match.id,
            stale,
            3,
        )
    assert (await repo.get_match(match.id), await repo.actions(match.id)) == before
    assert await repo.snapshot(match.id) == (3, '{"s":3}')
    assert await append(repo, match.id, 3) == 4  # the right version still goes through


async def test_concurrent_appends_at_one_version_let_exactly_one_win(
    repo: Repository,
) -> None:
    """Two players click at once: one action is logged, the others learn the game moved on."""
    match = await started_match(repo)
    await append(repo, match.id, 0)

    async def click(n: int) -> int:
        return await repo.append_action(
            match.id,
            expected_version=1,
            seat=n % 4,
            user_id=1000 + n,
            source="player",
            action={"click": n},
            state_json=f'{{"winner":{n}}}',
        )

    results = await asyncio.gather(*(click(n) for n in range(20)), return_exceptions=True)
    winners = [n for n, r in enumerate(results) if r == 2]
    assert len(winners) == 1
    assert all(isinstance(r, StaleVersion) for r in results if r != 2)
    log = await repo.actions(match.id)
    assert len(log) == 2 and log[1].action == {"click": winners[0]}
    assert await repo.snapshot(match.id) == (2, f'{{"winner":{winners[0]}}}')


async def test_concurrent_appends_on_many_matches_all_land(repo: Repository) -> None:
    matches = [await started_match(repo, channel_id=c) for c in range(20)]

    async def play(match_id: int) -> None:
        for version in range(10):
            await append(repo, match_id, version)

    await asyncio.gather(*(play(m.id) for m in matches))
    for match in matches:
        assert (await repo.get_match(match.id)).version == 10
        assert [a.version for a in await repo.actions(match.id)] == list(range(10))


async def test_the_last_action_finishes_the_match_with_its_outcome(
    repo: Repository, clock: FakeClock
) -> None:
    match = await started_match(repo)
    await repo.set_timer(
        TimerRecord(match_id=match.id, seat=1, version=1, deadline=clock.now + timedelta(60))
    )
    await append(repo, match.id, 0)
    outcome = {"scores": {"0": 3.0, "1": 5.0}, "winners": [1]}
    assert await append(repo, match.id, 1, finished=True, outcome=outcome) == 2
    done = await repo.get_match(match.id)
    assert done.status is MatchStatus.FINISHED and done.outcome == outcome
    assert await repo.open_match_in_channel(match.channel_id) is None
    assert await repo.timers(match.id) == []  # a finished game has no turns to time
    with pytest.raises(ValueError, match="finished"):
        await append(repo, match.id, 2)
    assert len(await repo.actions(match.id)) == 2


async def test_appends_need_an_active_or_paused_match(repo: Repository) -> None:
    lobby = await new_match(repo)
    with pytest.raises(ValueError, match="lobby"):
        await append(repo, lobby.id, 0)
    assert await repo.actions(lobby.id) == []
    with pytest.raises(MatchNotFound):
        await append(repo, 404, 0)

    paused = await started_match(repo, channel_id=21)
    await repo.set_status(paused.id, MatchStatus.PAUSED)
    assert await append(repo, paused.id, 0) == 1  # e.g. a moderator acting on a paused table
    assert (await repo.get_match(paused.id)).status is MatchStatus.PAUSED


async def test_logged_actions_cannot_be_rewritten(repo: Repository, backend: Backend) -> None:
    match = await started_match(repo)
    await append(repo, match.id, 0)
    with pytest.raises(backend.integrity_error, match="append-only"):
        await backend.execute(repo, f"UPDATE actions SET seat = 3 WHERE match_id = {match.id}")
    assert [a.seat for a in await repo.actions(match.id)] == [0]


async def test_a_cancelled_transaction_leaves_nothing_half_done(
    repo: Repository, backend: Backend
) -> None:
    """Cancelling a caller mid-transaction rolls it back and leaves the connection usable."""
    for yields in range(12):
        match = await new_match(repo, channel_id=100 + yields)
        task = asyncio.create_task(repo.start_match(match.id, seat_list(match.id, 4), "{}"))
        for _ in range(yields):
            await asyncio.sleep(0)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        started = (await repo.get_match(match.id)).status is MatchStatus.ACTIVE
        assert (await repo.snapshot(match.id) is not None) == started
        assert len(await repo.seats(match.id)) == (4 if started else 0)
        assert await backend.is_idle(repo)
        await repo.set_status(match.id, MatchStatus.CANCELLED)  # the next write works
