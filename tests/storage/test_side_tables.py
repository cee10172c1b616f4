"""Everything around the game: message ids, timers, guild settings and stats."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from storage.records import GuildSettingsRecord, MatchStatus, StatRecord, TimerRecord
from storage.repository import MatchNotFound, Repository
from tests.storage.helpers import FakeClock, append, new_match, started_match


# -- messages -----------------------------------------------------------------------------------
async def test_messages_keep_one_per_kind_and_replace_it(
    repo: Repository, clock: FakeClock
) -> None:
    match = await started_match(repo)
    await repo.save_message(match.id, "board", 20, 111)
    await repo.save_message(match.id, "lobby", 20, 100)
    later = clock.advance(30)
    await repo.save_message(match.id, "board", 20, 222)  # a new board for a new round
    saved = {m.kind: m for m in await repo.messages(match.id)}
    assert set(saved) == {"board", "lobby"}
    assert saved["board"].message_id == 222 and saved["board"].created_at == later
    assert saved["lobby"].message_id == 100
    assert await repo.messages(404) == []
    with pytest.raises(MatchNotFound):
        await repo.save_message(404, "board", 20, 1)


# -- timers -------------------------------------------------------------------------------------
def _timer(match_id: int, seat: int, at: datetime, version: int = 0) -> TimerRecord:
    return TimerRecord(match_id=match_id, seat=seat, version=version, deadline=at)


async def test_timers_arm_rearm_warn_and_clear(repo: Repository, clock: FakeClock) -> None:
    match = await started_match(repo)
    now = clock.now
    await repo.set_timer(_timer(match.id, 2, now + timedelta(seconds=90)))
    await repo.set_timer(_timer(match.id, 1, now + timedelta(seconds=60)))
    assert [(t.seat, t.deadline) for t in await repo.timers(match.id)] == [
        (1, now + timedelta(seconds=60)),
        (2, now + timedelta(seconds=90)),
    ]

    await repo.mark_timer_warned(match.id, 1)
    assert [t.warned for t in await repo.timers(match.id)] == [True, False]

    # Re-arming for a later version replaces the deadline, the version and the warning.
    await repo.set_timer(_timer(match.id, 1, now + timedelta(seconds=120), version=3))
    timers = await repo.timers(match.id)
    assert [(t.seat, t.version, t.warned) for t in timers] == [(2, 0, False), (1, 3, False)]

    await repo.clear_timers(match.id, seat=2)
    assert [t.seat for t in await repo.timers(match.id)] == [1]
    await repo.clear_timers(match.id)
    assert await repo.timers(match.id) == []
    await repo.mark_timer_warned(match.id, 1)  # warning a cleared timer does nothing
    assert await repo.timers() == []


async def test_due_timers_are_the_expired_ones_soonest_first(
    repo: Repository, clock: FakeClock
) -> None:
    first = await started_match(repo, channel_id=1)
    second = await started_match(repo, channel_id=2)
    now = clock.now
    await repo.set_timer(_timer(first.id, 0, now + timedelta(seconds=5)))
    await repo.set_timer(_timer(second.id, 3, now - timedelta(seconds=5)))
    await repo.set_timer(_timer(second.id, 1, now + timedelta(minutes=10)))
    assert [(t.match_id, t.seat) for t in await repo.timers()] == [
        (second.id, 3),
        (first.id, 0),
        (second.id, 1),
    ]
    assert [(t.match_id, t.seat) for t in await repo.due_timers(now)] == [(second.id, 3)]
    due = await repo.due_timers(now + timedelta(seconds=5))  # a deadline reached is due
    assert [(t.match_id, t.seat) for t in due] == [(second.id, 3), (first.id, 0)]


async def test_times_come_back_as_the_same_instant_in_utc(repo: Repository) -> None:
    match = await started_match(repo)
    tokyo = datetime(2025, 3, 1, 21, 0, 0, 123456, tzinfo=timezone(timedelta(hours=9)))
    await repo.set_timer(_timer(match.id, 0, tokyo))
    (stored,) = await repo.timers(match.id)
    assert stored.deadline == tokyo and stored.deadline.tzinfo is UTC
    assert stored.deadline.hour == 12 and stored.deadline.microsecond == 123456
    # Ordering holds across zones: an earlier instant written in a later zone sorts first.
    await repo.set_timer(_timer(match.id, 1, tokyo.astimezone(UTC) - timedelta(microseconds=1)))
    assert [t.seat for t in await repo.timers(match.id)] == [1, 0]
    new_york = timezone(-timedelta(hours=5))
    assert await repo.due_timers(datetime(2025, 3, 1, 7, 0, tzinfo=new_york)) == []
    assert len(await repo.due_timers(datetime(2025, 3, 1, 7, 1, tzinfo=new_york))) == 2


async def test_naive_times_are_refused(repo: Repository) -> None:
    match = await started_match(repo)
    with pytest.raises(ValueError, match="timezone-aware"):
        await repo.set_timer(_timer(match.id, 0, datetime(2025, 3, 1, 12, 0)))
    with pytest.raises(ValueError, match="timezone-aware"):
        await repo.due_timers(datetime(2025, 3, 1, 12, 0))


async def test_timers_need_a_known_match_and_go_when_it_closes(
    repo: Repository, clock: FakeClock
) -> None:
    with pytest.raises(MatchNotFound):
        await repo.set_timer(_timer(404, 0, clock.now))
    match = await started_match(repo)
    await repo.set_timer(_timer(match.id, 0, clock.now))
    await repo.set_status(match.id, MatchStatus.PAUSED)
    assert len(await repo.timers(match.id)) == 1  # a pause keeps them for the bot to re-arm
    await repo.set_status(match.id, MatchStatus.CANCELLED)
    assert await repo.due_timers(clock.now) == []


# -- guild settings -----------------------------------------------------------------------------
async def test_guild_settings_default_empty_and_round_trip(repo: Repository) -> None:
    assert await repo.guild_settings(5) == GuildSettingsRecord(guild_id=5, data={})
    record = GuildSettingsRecord(
        guild_id=5,
        data={"locale": "zh-CN", "lifeboat": {"turn_seconds": 120, "expansion": True}},
    )
    await repo.save_guild_settings(record)
    assert await repo.guild_settings(5) == record
    replaced = GuildSettingsRecord(guild_id=5, data={"locale": "en"})
    await repo.save_guild_settings(replaced)
    assert await repo.guild_settings(5) == replaced
    assert await repo.guild_settings(6) == GuildSettingsRecord(guild_id=6)


# -- stats --------------------------------------------------------------------------------------
def _row(
    match_id: int,
    seat: int,
    user_id: int | None,
    *,
    score: float,
    won: bool,
    game: str = "lifeboat",
    with_bots: bool = False,
    guild_id: int = 10,
    minute: int = 0,
    role: str | None = None,
    character: str | None = None,
) -> StatRecord:
    return StatRecord(
        match_id=match_id,
        guild_id=guild_id,
        game=game,
        user_id=user_id,
        seat=seat,
        is_bot=user_id is None,
        score=score,
        won=won,
        role=role,
        character="captain" if seat == 0 and character is None else character,
        with_bots=with_bots,
        finished_at=datetime(2025, 3, 1, 12, minute, tzinfo=UTC),
    )


async def test_stats_per_user_newest_first_and_by_game(repo: Repository) -> None:
    m1 = await new_match(repo, channel_id=1)
    m2 = await new_match(repo, channel_id=2, game="citadels")
    rows1 = [_row(m1.id, 0, 1, score=4, won=True), _row(m1.id, 1, 2, score=1, won=False)]
    rows2 = [_row(m2.id, 0, 1, score=2, won=False, game="citadels", minute=30)]
    await repo.record_stats(rows1)
    await repo.record_stats(rows2)
    assert await repo.stats_for_user(10, 1) == [rows2[0], rows1[0]]
    assert await repo.stats_for_user(10, 1, "lifeboat") == [rows1[0]]
    assert await repo.stats_for_user(11, 1) == []
    await repo.record_stats(rows1)  # recording a match again replaces, not doubles, its rows
    assert len(await repo.stats_for_user(10, 1)) == 2
    with pytest.raises(MatchNotFound):
        await repo.record_stats([_row(404, 0, 1, score=1, won=True)])


async def test_leaderboard_ranks_humans_and_leaves_bot_games_out_by_default(
    repo: Repository,
) -> None:
    """Rule: games with a bot at the table do not count unless asked for; bots never rank."""
    matches = [await new_match(repo, channel_id=c) for c in range(4)]
    m0, m1, m2, m3 = (m.id for m in matches)
    await repo.record_stats(
        [
            _row(m0, 0, 1, score=5, won=True),
            _row(m0, 1, 2, score=3, won=False),
            _row(m1, 0, 1, score=1, won=False),
            _row(m1, 1, 2, score=6, won=True),
            _row(m2, 0, 2, score=9, won=True),
            _row(m2, 1, 3, score=0, won=False),
            # A game with a bot seat: user 3 won it, and the bot seat has no user at all.
            _row(m3, 0, 3, score=8, won=True, with_bots=True),
            _row(m3, 1, None, score=2, won=False, with_bots=True),
        ]
    )
    board = await repo.leaderboard(10)
    assert board == [(2, 3, 2, 6.0), (1, 2, 1, 3.0), (3, 1, 0, 0.0)]
    with_bots = await repo.leaderboard(10, include_bot_games=True)
    assert [entry[0] for entry in with_bots] == [2, 3, 1]  # ties on wins: higher average first
    assert with_bots[1] == (3, 2, 1, 4.0)
    assert all(user is not None for user, *_ in with_bots)
    assert await repo.leaderboard(10, limit=1) == [(2, 3, 2, 6.0)]
    assert await repo.leaderboard(10, "citadels") == []
    assert await repo.leaderboard(99) == []


async def test_a_seat_keeps_its_role_and_its_character_and_the_leaderboard_filters_by_either(
    repo: Repository,
) -> None:
    """Rule: a seat's stats name the side it played and the character it played, apart; a
    leaderboard "as rebel" or "as Zhuge Liang" counts only those seats."""
    matches = [(await new_match(repo, channel_id=c, game="sanguosha")).id for c in range(3)]
    m0, m1, m2 = matches
    rows = [
        _row(m0, 0, 1, score=1, won=True, game="sanguosha", role="rebel",
             character="zhuge_liang"),
        _row(m0, 1, 2, score=0, won=False, game="sanguosha", role="lord", character="cao_cao"),
        _row(m1, 0, 2, score=1, won=True, game="sanguosha", role="rebel",
             character="zhuge_liang"),
        _row(m1, 1, 1, score=0, won=False, game="sanguosha", role="lord",
             character="zhuge_liang"),
        _row(m2, 0, 1, score=1, won=True, game="sanguosha", role="rebel", character="cao_cao"),
        _row(m2, 1, 3, score=0, won=False, game="sanguosha", role=None, character=None),
    ]
    await repo.record_stats(rows)
    mine = await repo.stats_for_user(10, 1, "sanguosha")
    assert {(r.role, r.character) for r in mine} == {
        ("rebel", "zhuge_liang"), ("lord", "zhuge_liang"), ("rebel", "cao_cao")}
    assert (await repo.stats_for_user(10, 3))[0].character is None
    assert await repo.leaderboard(10, "sanguosha", role="rebel") == [
        (1, 2, 2, 1.0), (2, 1, 1, 1.0)]
    assert await repo.leaderboard(10, "sanguosha", character="zhuge_liang") == [
        (2, 1, 1, 1.0), (1, 2, 1, 0.5)]
    assert await repo.leaderboard(10, "sanguosha", role="lord", character="cao_cao") == [
        (2, 1, 0, 0.0)]
    assert await repo.leaderboard(10, "sanguosha", role="renegade") == []
    # Recording a match again replaces its characters too.
    await repo.record_stats([rows[0].model_copy(update={"character": "liu_bei"})])
    assert await repo.leaderboard(10, "sanguosha", character="liu_bei") == [(1, 1, 1, 1.0)]


# -- finished matches missing a message -----------------------------------------------------------
async def test_finished_matches_without_a_reveal_are_found_until_it_is_posted(
    repo: Repository, clock: FakeClock
) -> None:
    """Rule: a reveal a stopped process never posted is found again after a restart."""
    before = clock.now
    done = await started_match(repo, channel_id=21)
    await append(repo, done.id, 0, finished=True, outcome={"scores": {}, "winners": [0]})
    running = await started_match(repo, channel_id=22)
    await append(repo, running.id, 0)
    revealed = await started_match(repo, channel_id=23)
    await append(repo, revealed.id, 0, finished=True, outcome={"scores": {}, "winners": [1]})
    await repo.save_message(revealed.id, "reveal", 23, 999)

    missing = await repo.finished_without_message("reveal", before)
    assert [m.id for m in missing] == [done.id]
    assert await repo.finished_without_message("reveal", clock.advance(60)) == []
    await repo.save_message(done.id, "reveal", 21, 0)  # an intent: being posted
    assert [m.id for m in await repo.finished_without_message("reveal", before)] == [done.id]
    await repo.save_message(done.id, "reveal", 21, 1000)
    assert await repo.finished_without_message("reveal", before) == []
