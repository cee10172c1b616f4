"""Matches in the lobby and their seats, the one-open-match-per-channel rule, listings."""

from __future__ import annotations

import asyncio
from datetime import UTC

import pytest

from storage.records import OPEN_STATUSES, MatchStatus, SeatRecord
from storage.repository import MatchNotFound, Repository
from tests.storage.backends import Backend
from tests.storage.helpers import FakeClock, new_match, seat_list, started_match


async def test_create_match_starts_in_the_lobby_with_what_was_given(
    repo: Repository, clock: FakeClock
) -> None:
    match = await repo.create_match(
        game="lifeboat",
        guild_id=10,
        channel_id=20,
        host_id=30,
        seed=2**80 + 5,  # seeds are any int, wider than SQLite's 64-bit integers
        options={"expansion": True, "names": ["Ünïcode", "东"]},
        locale="zh-CN",
    )
    assert match.status is MatchStatus.LOBBY
    assert match.version == 0
    assert match.outcome is None
    assert match.created_at == clock.now and match.created_at.tzinfo is UTC
    assert await repo.get_match(match.id) == match
    assert (await repo.get_match(match.id)).seed == 2**80 + 5


async def test_get_match_of_an_unknown_id_raises_match_not_found(repo: Repository) -> None:
    with pytest.raises(MatchNotFound):
        await repo.get_match(404)


async def test_one_open_match_per_channel(repo: Repository) -> None:
    """Rule: a channel holds at most one lobby, active or paused match."""
    first = await new_match(repo, channel_id=20)
    with pytest.raises(ValueError, match="channel 20"):
        await new_match(repo, channel_id=20)
    other = await new_match(repo, channel_id=21)  # another channel is free
    assert (await repo.open_match_in_channel(20)) == first
    assert (await repo.open_match_in_channel(21)) == other
    assert await repo.open_match_in_channel(22) is None

    for status in (MatchStatus.ACTIVE, MatchStatus.PAUSED):
        await repo.set_status(first.id, status)
        with pytest.raises(ValueError):
            await new_match(repo, channel_id=20)


@pytest.mark.parametrize("closing", [MatchStatus.FINISHED, MatchStatus.CANCELLED])
async def test_a_closed_match_frees_its_channel(
    repo: Repository, closing: MatchStatus
) -> None:
    first = await new_match(repo, channel_id=20)
    await repo.set_status(first.id, closing)
    assert await repo.open_match_in_channel(20) is None
    second = await new_match(repo, channel_id=20)
    assert (await repo.open_match_in_channel(20)) == second


async def test_concurrent_creates_in_one_channel_let_exactly_one_through(
    repo: Repository,
) -> None:
    results = await asyncio.gather(
        *(new_match(repo, channel_id=20) for _ in range(10)), return_exceptions=True
    )
    made = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, ValueError)]
    assert len(made) == 1 and len(refused) == 9


async def test_update_lobby_changes_options_and_host(
    repo: Repository, clock: FakeClock
) -> None:
    match = await new_match(repo)
    later = clock.advance(60)
    updated = await repo.update_lobby(match.id, options={"seats": 5})
    assert updated.options == {"seats": 5} and updated.host_id == match.host_id
    assert updated.updated_at == later and updated.created_at == match.created_at
    updated = await repo.update_lobby(match.id, host_id=77)
    assert updated.options == {"seats": 5} and updated.host_id == 77
    assert await repo.get_match(match.id) == updated


async def test_options_cannot_change_once_the_game_started(repo: Repository) -> None:
    match = await started_match(repo)
    with pytest.raises(ValueError, match="lobby"):
        await repo.update_lobby(match.id, options={"seats": 5})
    assert (await repo.update_lobby(match.id, host_id=1001)).host_id == 1001  # a new host is fine


async def test_set_status_with_outcome_and_closed_is_final(repo: Repository) -> None:
    match = await started_match(repo)
    paused = await repo.set_status(match.id, MatchStatus.PAUSED)
    assert paused.status is MatchStatus.PAUSED
    done = await repo.set_status(match.id, MatchStatus.CANCELLED, outcome={"reason": "host left"})
    assert done.status is MatchStatus.CANCELLED and done.outcome == {"reason": "host left"}
    with pytest.raises(ValueError, match="cancelled"):
        await repo.set_status(match.id, MatchStatus.ACTIVE)
    assert (await repo.get_match(match.id)).status is MatchStatus.CANCELLED
    with pytest.raises(MatchNotFound):
        await repo.set_status(404, MatchStatus.ACTIVE)


async def test_recent_matches_are_newest_first_and_per_guild(repo: Repository) -> None:
    ids = []
    for channel in range(5):
        match = await new_match(repo, channel_id=channel, guild_id=10)
        ids.append(match.id)
    await new_match(repo, channel_id=99, guild_id=11)
    recent = await repo.recent_matches(10, limit=3)
    assert [m.id for m in recent] == ids[::-1][:3]
    assert all(m.guild_id == 10 for m in await repo.recent_matches(10))
    assert await repo.recent_matches(12) == []


# -- seats --------------------------------------------------------------------------------------
async def test_lobby_seats_are_replaced_and_read_back_in_seat_order(
    repo: Repository,
) -> None:
    match = await new_match(repo)
    await repo.set_seats(match.id, seat_list(match.id, 3)[::-1])
    assert [s.seat for s in await repo.seats(match.id)] == [0, 1, 2]
    smaller = seat_list(match.id, 2, bots={1})
    await repo.set_seats(match.id, smaller)  # someone left; a bot fills seat 1
    assert await repo.seats(match.id) == smaller
    await repo.set_seats(match.id, [])
    assert await repo.seats(match.id) == []


async def test_set_seats_refuses_bad_seat_lists(repo: Repository) -> None:
    match = await new_match(repo)
    seats = seat_list(match.id, 2)
    await repo.set_seats(match.id, seats)
    twice = [seats[0], seats[0].model_copy(update={"user_id": 5})]
    with pytest.raises(ValueError, match="repeat"):
        await repo.set_seats(match.id, twice)
    with pytest.raises(ValueError):
        await repo.set_seats(match.id, seat_list(match.id + 1, 2))
    with pytest.raises(MatchNotFound):
        await repo.set_seats(404, seat_list(404, 2))
    assert await repo.seats(match.id) == seats  # refusals changed nothing


async def test_replace_seat_hands_one_seat_to_a_bot_and_back(repo: Repository) -> None:
    match = await started_match(repo, seats=3)
    bot = SeatRecord(match_id=match.id, seat=1, user_id=None, display_name="Bot", is_bot=True)
    await repo.replace_seat(bot)
    seats = await repo.seats(match.id)
    assert seats[1] == bot and seats[0].user_id == 1000 and seats[2].user_id == 1002
    back = bot.model_copy(update={"user_id": 1001, "display_name": "p1", "is_bot": False})
    await repo.replace_seat(back)
    assert (await repo.seats(match.id))[1] == back
    with pytest.raises(ValueError, match="no seat 9"):
        await repo.replace_seat(bot.model_copy(update={"seat": 9}))
    with pytest.raises(MatchNotFound):
        await repo.replace_seat(bot.model_copy(update={"match_id": 404}))


# -- open matches ---------------------------------------------------------------------------------
async def test_iter_open_matches_walks_every_open_match_across_pages(backend: Backend) -> None:
    async with backend.make(page_size=7) as repo:
        expected = []
        for channel in range(60):
            match = await new_match(repo, channel_id=channel)
            if channel % 5 == 0:
                await repo.set_status(match.id, MatchStatus.FINISHED)
            elif channel % 5 == 1:
                await repo.set_status(match.id, MatchStatus.CANCELLED)
            else:
                if channel % 5 == 2:
                    await repo.set_status(match.id, MatchStatus.PAUSED)
                expected.append(match.id)
        seen = [m async for m in repo.iter_open_matches()]
    assert [m.id for m in seen] == expected
    assert all(m.status in OPEN_STATUSES for m in seen)


async def test_iter_open_matches_streams_page_by_page(backend: Backend) -> None:
    """It fetches lazily: work done between pages (closing a match ahead of the walk, opening
    a new one) shows up, and the repository stays usable while the walk is paused."""
    async with backend.make(page_size=4) as repo:
        ids = [(await new_match(repo, channel_id=c)).id for c in range(10)]
        walk = repo.iter_open_matches()
        seen = [(await anext(walk)).id]
        # Not holding the lock between pages: these would deadlock otherwise.
        await asyncio.wait_for(repo.set_status(ids[8], MatchStatus.CANCELLED), timeout=2)
        late = await asyncio.wait_for(new_match(repo, channel_id=99), timeout=2)
        seen += [m.id async for m in walk]
    assert seen == [i for i in ids if i != ids[8]] + [late.id]


async def test_ids_no_database_can_store_are_simply_not_found(repo: Repository) -> None:
    """Rule: a match number from a forged click is looked up safely, whatever its size."""
    for match_id in (0, -1, 2**63, 10**40):
        with pytest.raises(MatchNotFound):
            await repo.get_match(match_id)
