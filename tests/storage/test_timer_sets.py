"""A match's timers written with the change that needs them (``timers=`` on ``append_action``,
``start_match``, ``set_status`` and ``replace_seat``), on both backends."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from storage.records import MatchStatus, SeatRecord, TimerRecord, TimerSet
from storage.repository import MatchNotFound, Repository, StaleVersion
from storage.rows import timer_json, timer_set
from tests.storage.helpers import FakeClock, new_match, seat_list, started_match


def _timer(
    match_id: int, seat: int, at: datetime, *, version: int = 0, warned: bool = False
) -> TimerRecord:
    return TimerRecord(match_id=match_id, seat=seat, version=version, deadline=at, warned=warned)


def _by_seat(timers: list[TimerRecord]) -> dict[int, tuple[int, datetime, bool]]:
    return {t.seat: (t.version, t.deadline, t.warned) for t in timers}


async def _append(
    repo: Repository,
    match_id: int,
    version: int,
    timers: list[TimerRecord] | None,
    *,
    finished: bool = False,
) -> int:
    return await repo.append_action(
        match_id,
        expected_version=version,
        seat=0,
        user_id=1000,
        source="player",
        action={"n": version},
        state_json=f'{{"s":{version + 1}}}',
        finished=finished,
        timers=timers,
    )


async def test_an_append_makes_the_timers_exactly_the_given_set(
    repo: Repository, clock: FakeClock
) -> None:
    match = await started_match(repo)
    now = clock.now
    soon, later, latest = (now + timedelta(seconds=s) for s in (30, 60, 90))
    await repo.set_timer(_timer(match.id, 0, soon))
    await repo.set_timer(_timer(match.id, 1, soon))
    await repo.set_timer(_timer(match.id, 2, soon))

    # Seat 0 re-armed for a new question, seat 1 dropped, seat 2 kept as it is, seat 3 new.
    given = [
        _timer(match.id, 0, later, version=1, warned=True),
        _timer(match.id, 2, soon),
        _timer(match.id, 3, latest, version=1),
    ]
    assert await _append(repo, match.id, 0, given) == 1
    assert _by_seat(await repo.timers(match.id)) == {
        0: (1, later, True),
        2: (0, soon, False),
        3: (1, latest, False),
    }
    assert await repo.snapshot(match.id) == (1, '{"s":1}')

    # None leaves them alone; an empty set clears them.
    await _append(repo, match.id, 1, None)
    assert len(await repo.timers(match.id)) == 3
    await _append(repo, match.id, 2, [])
    assert await repo.timers(match.id) == []


async def test_a_timer_sent_again_with_its_deadline_keeps_its_warning(
    repo: Repository, clock: FakeClock
) -> None:
    """The scheduler sends every wanted timer with each change; a seat already warned must not
    be warned again because its unchanged timer came back with ``warned=False``."""
    match = await started_match(repo)
    deadline = clock.now + timedelta(seconds=120)
    await _append(repo, match.id, 0, [_timer(match.id, 1, deadline)])
    await repo.mark_timer_warned(match.id, 1)

    await _append(repo, match.id, 1, [_timer(match.id, 1, deadline, version=1)])
    assert _by_seat(await repo.timers(match.id)) == {1: (1, deadline, True)}

    moved = deadline + timedelta(microseconds=1)  # any other deadline is a new timer
    await _append(repo, match.id, 2, [_timer(match.id, 1, moved, version=2)])
    assert _by_seat(await repo.timers(match.id)) == {1: (2, moved, False)}



async def test_warnings_last_as_long_as_their_clocks_whatever_else_the_sets_change(
    repo: Repository, clock: FakeClock
) -> None:
    """Each set is one row written whole: a seat's warning outlives sets that add, drop or
    re-arm other seats, and ends with its own clock, on both backends."""
    match = await started_match(repo)
    first, second, third = (clock.now + timedelta(seconds=s) for s in (60, 90, 120))
    await _append(repo, match.id, 0, [_timer(match.id, 0, first), _timer(match.id, 1, second)])
    await repo.mark_timer_warned(match.id, 1)
    await repo.mark_timer_warned(match.id, 1)  # twice is once

    # Seat 0 dropped, seat 2 added: seat 1, sent again unwarned, stays warned.
    await _append(repo, match.id, 1, [_timer(match.id, 1, second), _timer(match.id, 2, third)])
    assert _by_seat(await repo.timers(match.id)) == {1: (0, second, True),
                                                     2: (0, third, False)}
    await repo.mark_timer_warned(match.id, 2)
    await _append(repo, match.id, 2, [_timer(match.id, 1, second), _timer(match.id, 2, third)])
    assert _by_seat(await repo.timers(match.id)) == {1: (0, second, True),
                                                     2: (0, third, True)}

    # Seat 1's new clock is unwarned; seat 2's warning is untouched by it.
    await _append(repo, match.id, 3, [_timer(match.id, 1, first, version=3),
                                      _timer(match.id, 2, third)])
    assert _by_seat(await repo.timers(match.id)) == {1: (3, first, False),
                                                     2: (0, third, True)}
    # None leaves the row, warnings included, as it is; a pause's empty set clears it.
    await _append(repo, match.id, 4, None)
    assert _by_seat(await repo.timers(match.id)) == {1: (3, first, False),
                                                     2: (0, third, True)}
    await _append(repo, match.id, 5, [])
    assert await repo.timers(match.id) == []

async def test_a_refused_append_leaves_the_timers_alone(
    repo: Repository, clock: FakeClock
) -> None:
    match = await started_match(repo)
    kept = _timer(match.id, 1, clock.now + timedelta(seconds=60))
    await _append(repo, match.id, 0, [kept])
    other = [_timer(match.id, 2, clock.now + timedelta(seconds=5))]

    with pytest.raises(StaleVersion):
        await _append(repo, match.id, 0, other)
    await repo.set_status(match.id, MatchStatus.PAUSED)
    lobby = await new_match(repo, channel_id=21)
    with pytest.raises(ValueError, match="lobby"):
        await _append(repo, lobby.id, 0, [_timer(lobby.id, 0, clock.now)])
    with pytest.raises(MatchNotFound):
        await _append(repo, 404, 0, [_timer(404, 0, clock.now)])

    assert await repo.timers() == [kept]
    assert (await repo.get_match(match.id)).version == 1


async def test_the_finishing_append_clears_the_timers_whatever_was_given(
    repo: Repository, clock: FakeClock
) -> None:
    """Rule: a finished match has no turns left to time."""
    match = await started_match(repo)
    await _append(repo, match.id, 0, [_timer(match.id, 1, clock.now + timedelta(seconds=60))])
    stray = [_timer(match.id, 2, clock.now + timedelta(seconds=60))]
    await _append(repo, match.id, 1, stray, finished=True)
    assert (await repo.get_match(match.id)).status is MatchStatus.FINISHED
    assert await repo.timers(match.id) == []


async def test_timers_of_another_match_are_refused_and_nothing_changes(
    repo: Repository, clock: FakeClock
) -> None:
    match = await started_match(repo)
    other = await started_match(repo, channel_id=21)
    await _append(repo, match.id, 0, [_timer(match.id, 1, clock.now)])
    before = (await repo.get_match(match.id), await repo.timers(), await repo.seats(match.id))
    foreign = [_timer(match.id, 0, clock.now), _timer(other.id, 1, clock.now)]

    with pytest.raises(ValueError, match="match"):
        await _append(repo, match.id, 1, foreign)
    with pytest.raises(ValueError, match="match"):
        await repo.set_status(match.id, MatchStatus.PAUSED, timers=foreign)
    seat = SeatRecord(match_id=match.id, seat=0, user_id=None, display_name="bot", is_bot=True)
    with pytest.raises(ValueError, match="match"):
        await repo.replace_seat(seat, timers=foreign)
    lobby = await new_match(repo, channel_id=22)
    with pytest.raises(ValueError, match="match"):
        await repo.start_match(lobby.id, seat_list(lobby.id, 4), "{}", timers=foreign)

    # A set given as text names its match too.
    with pytest.raises(ValueError, match="match"):
        await _append(repo, match.id, 1, timer_set(other.id, []))

    # A seat twice, or a deadline without a zone, is refused the same way.
    twice = [_timer(match.id, 0, clock.now), _timer(match.id, 0, clock.now)]
    with pytest.raises(ValueError, match="repeat"):
        await _append(repo, match.id, 1, twice)
    naive = [_timer(match.id, 0, clock.now.replace(tzinfo=None))]
    with pytest.raises(ValueError, match="timezone-aware"):
        await _append(repo, match.id, 1, naive)

    assert (await repo.get_match(match.id), await repo.timers(), await repo.seats(match.id)) == (
        before
    )
    assert (await repo.get_match(lobby.id)).status is MatchStatus.LOBBY
    assert len(await repo.actions(match.id)) == 1


async def test_a_set_given_as_its_text_is_the_set_given_as_records(
    repo: Repository, clock: FakeClock
) -> None:
    """The scheduler keeps each timer's text (``timer_json``) and sends the set as one
    ``TimerSet``: the rows are those its records make, warnings kept the same way."""
    match = await started_match(repo)
    given = [_timer(match.id, 2, clock.now + timedelta(seconds=60), version=1),
             _timer(match.id, 0, clock.now + timedelta(seconds=30, microseconds=7),
                    warned=True)]

    def as_text(timers: list[TimerRecord]) -> TimerSet:
        return timer_set(match.id, [timer_json(t.seat, t.version, t.deadline, t.warned)
                                    for t in timers])

    await _append(repo, match.id, 0, as_text(given))
    assert _by_seat(await repo.timers(match.id)) == _by_seat(given)
    await repo.mark_timer_warned(match.id, 2)
    await repo.set_status(match.id, MatchStatus.ACTIVE, timers=as_text(given))
    assert _by_seat(await repo.timers(match.id)) == {2: (1, given[0].deadline, True),
                                                     0: (0, given[1].deadline, True)}
    seat = SeatRecord(match_id=match.id, seat=2, user_id=None, display_name="bot", is_bot=True)
    await repo.replace_seat(seat, timers=as_text(given[1:]))
    assert _by_seat(await repo.timers(match.id)) == _by_seat(given[1:])


async def test_start_match_arms_the_first_timers(repo: Repository, clock: FakeClock) -> None:
    match = await new_match(repo)
    first = [_timer(match.id, 0, clock.now + timedelta(seconds=60))]
    await repo.start_match(match.id, seat_list(match.id, 4), "{}", timers=first)
    assert await repo.timers(match.id) == first

    # A refused start (not in the lobby any more) leaves them as they were.
    with pytest.raises(ValueError, match="lobby"):
        await repo.start_match(match.id, seat_list(match.id, 4), "{}", timers=[])
    assert await repo.timers(match.id) == first
    with pytest.raises(MatchNotFound):
        await repo.start_match(404, [], "{}", timers=[_timer(404, 0, clock.now)])
    assert await repo.timers() == first


async def test_set_status_writes_the_timers_and_closing_clears_them(
    repo: Repository, clock: FakeClock
) -> None:
    match = await started_match(repo)
    running = [_timer(match.id, s, clock.now + timedelta(seconds=60)) for s in (0, 1)]
    await repo.set_status(match.id, MatchStatus.ACTIVE, timers=running)
    assert await repo.timers(match.id) == running

    # Pausing keeps the clocks the caller names, here none; resuming arms fresh ones.
    await repo.set_status(match.id, MatchStatus.PAUSED, timers=[])
    assert await repo.timers(match.id) == []
    resumed = [_timer(match.id, 1, clock.now + timedelta(seconds=90), version=0)]
    await repo.set_status(match.id, MatchStatus.ACTIVE, timers=resumed)
    assert await repo.timers(match.id) == resumed

    # Closing clears them, whatever was given; a refused change leaves them alone.
    await repo.set_status(match.id, MatchStatus.CANCELLED, timers=running)
    assert await repo.timers(match.id) == []
    with pytest.raises(ValueError, match="cancelled"):
        await repo.set_status(match.id, MatchStatus.ACTIVE, timers=running)
    assert await repo.timers(match.id) == []
    with pytest.raises(MatchNotFound):
        await repo.set_status(404, MatchStatus.PAUSED, timers=[_timer(404, 0, clock.now)])
    assert await repo.timers() == []


async def test_replace_seat_writes_the_timers_with_the_new_player(
    repo: Repository, clock: FakeClock
) -> None:
    """Rule: when a bot takes over a seat, its timer becomes the bot's short delay, in the
    same transaction as the seat change."""
    match = await started_match(repo)
    human = _timer(match.id, 2, clock.now + timedelta(seconds=120))
    await _append(repo, match.id, 0, [human])
    bot = SeatRecord(match_id=match.id, seat=2, user_id=None, display_name="bot", is_bot=True)
    quick = _timer(match.id, 2, clock.now + timedelta(seconds=2), version=1)
    await repo.replace_seat(bot, timers=[quick])
    assert (await repo.seats(match.id))[2] == bot
    assert await repo.timers(match.id) == [quick]

    # No such seat: refused, nothing written.
    missing = SeatRecord(match_id=match.id, seat=9, user_id=None, display_name="x", is_bot=True)
    with pytest.raises(ValueError, match="no seat"):
        await repo.replace_seat(missing, timers=[])
    assert await repo.timers(match.id) == [quick]
    nowhere = SeatRecord(match_id=404, seat=0, user_id=None, display_name="x", is_bot=True)
    with pytest.raises(MatchNotFound):
        await repo.replace_seat(nowhere, timers=[_timer(404, 0, clock.now)])
    assert await repo.timers() == [quick]
