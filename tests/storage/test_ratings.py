"""Ratings kept beside the stats (``tables.ratings`` works them out): every table rated once,
in the order the tables ended, on SQLite and PostgreSQL alike; worked out again from nothing
they come out the same, figure for figure; a table that turns up out of order is rated in its
place; a writer that read before another wrote starts again."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from storage.records import EVERYWHERE, RatingRecord, StatRecord
from storage.repository import Repository
from tables import ratings
from tests.storage.helpers import new_match

GUILD = 10
START = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


def _seat(match_id: int, seat: int, user: int | None, place: int, *, game: str = "lifeboat",
          minute: int = 0, role: str | None = None, guild: int = GUILD,
          is_bot: bool = False) -> StatRecord:
    return StatRecord(
        match_id=match_id, guild_id=guild, game=game, user_id=user, seat=seat,
        is_bot=is_bot or user is None, score=float(10 - place), won=place == 1, role=role,
        with_bots=False, finished_at=START + timedelta(minutes=minute), place=place)


async def _table(repo: Repository, channel: int, places: dict[int | None, int], *,
                 game: str = "lifeboat", minute: int = 0, guild: int = GUILD,
                 roles: dict[int, str] | None = None) -> int:
    """A finished table: each user (None: a bot's seat) at its place."""
    match = await new_match(repo, channel_id=channel, game=game, guild_id=guild)
    rows = [_seat(match.id, seat, user, place, game=game, minute=minute, guild=guild,
                  role=(roles or {}).get(seat))
            for seat, (user, place) in enumerate(places.items())]
    await repo.record_stats(rows)
    return match.id


async def _everything(repo: Repository, users: range) -> list[RatingRecord]:
    found: list[RatingRecord] = []
    for user in users:
        for scope in (GUILD, GUILD + 1, EVERYWHERE):
            found += await repo.rating_history(scope, user)
    return found


async def test_tables_are_rated_in_order_and_again_from_nothing_the_same(
        repo: Repository) -> None:
    """Rule: ratings are worked out from the stored results in the order the tables ended;
    recomputing them from scratch gives the same figures."""
    await _table(repo, 1, {1: 1, 2: 2, 3: 3, 4: 4}, minute=0)
    await _table(repo, 2, {2: 1, 1: 2, 3: 2}, minute=1)  # a tie for second
    assert await ratings.catch_up(repo) == 2
    assert await ratings.catch_up(repo) == 0  # nothing left
    await _table(repo, 3, {3: 1, 4: 2}, game="renju", minute=2)
    # Another server: its own ratings, and the same players' ratings across servers.
    await _table(repo, 4, {1: 1, 3: 2}, minute=3, guild=GUILD + 1)
    # A cooperative game rates nobody, but counts as rated (it is not read again).
    await _table(repo, 5, {1: 1, 2: 1}, game="zombie", minute=4)
    assert await ratings.catch_up(repo) == 3
    assert (await repo.rating_backlog(100)).since is None
    kept = await _everything(repo, range(1, 5))

    one = await repo.rating_history(GUILD, 1, "lifeboat")
    assert [r.match_id for r in one] == [1, 2]
    assert one[0].mu > 25 and one[1].mu < one[0].mu  # first, then behind player 2
    assert await repo.rating_history(GUILD, 1, "zombie") == []
    assert len(await repo.rating_history(GUILD + 1, 1)) == 1
    everywhere = await repo.rating_history(EVERYWHERE, 1, "lifeboat")
    assert [r.match_id for r in everywhere] == [1, 2, 4]
    assert everywhere[-1].mu > one[-1].mu  # won in the other server too

    assert await ratings.recompute(repo) == 5
    assert await _everything(repo, range(1, 5)) == kept


async def test_a_table_recorded_out_of_order_is_rated_in_its_place(repo: Repository) -> None:
    """Rule: the order is the order the tables ended, not the order they were written: a
    table that ended before tables already rated re-rates them after it."""
    await _table(repo, 1, {1: 1, 2: 2}, minute=0)
    await _table(repo, 2, {2: 1, 1: 2}, minute=10)
    await ratings.catch_up(repo)
    await _table(repo, 3, {1: 1, 2: 2}, minute=5)  # ended between the two
    assert await ratings.catch_up(repo) == 2  # itself and the one after it
    incremental = await _everything(repo, range(1, 3))
    assert [r.match_id for r in await repo.rating_history(GUILD, 1)] == [1, 3, 2]
    await ratings.recompute(repo)
    assert await _everything(repo, range(1, 3)) == incremental
    # Recording a table again keeps its place in the order (and it stays rated).
    again = await repo.rating_backlog(100)
    assert again.since is None
    rows = [_seat(3, seat, user, place, minute=30)
            for seat, (user, place) in enumerate({1: 1, 2: 2}.items())]
    await repo.record_stats(rows)
    assert (await repo.rating_backlog(100)).since is None
    assert [r.finished_at for r in await repo.stats_for_user(GUILD, 1)][1] == \
        START + timedelta(minutes=5)


async def test_a_writer_that_read_before_another_wrote_reads_again(repo: Repository) -> None:
    await _table(repo, 1, {1: 1, 2: 2})
    stale = await repo.rating_backlog(100)
    assert stale.since is not None
    assert await ratings.catch_up(repo) == 1
    assert not await repo.save_ratings(stale.version, stale.since, [1], [])
    assert len(await repo.rating_history(GUILD, 1)) == 1  # the refused write changed nothing


async def test_the_leaderboard_ranks_by_rating_with_a_minimum_of_games(
        repo: Repository) -> None:
    """Rule: a server's leaderboard ranks players by their conservative rating, among those
    with enough rated tables; wins are counted among those tables."""
    for minute in range(4):
        await _table(repo, 10 + minute, {1: 1, 2: 2, 3: 3}, minute=minute)
    await _table(repo, 20, {4: 1, 1: 2}, minute=5)
    await ratings.catch_up(repo)
    board = await repo.rating_leaderboard(GUILD, "lifeboat", min_games=3, limit=10)
    assert [(s.user_id, s.games, s.wins) for s in board] == [(1, 5, 4), (2, 4, 0), (3, 4, 0)]
    assert board[0].mu - 3 * board[0].sigma > board[1].mu - 3 * board[1].sigma
    # With one table enough, player 4 (who beat the best once) comes second.
    assert [s.user_id for s in await repo.rating_leaderboard(
        GUILD, "lifeboat", min_games=1, limit=2)] == [1, 4]
    assert await repo.rating_leaderboard(GUILD, "renju", min_games=1, limit=10) == []


async def test_a_long_backlog_is_rated_a_batch_of_tables_at_a_time_with_the_same_figures(
        repo: Repository, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rule: the first start after the upgrade rates every table already played, a few
    tables per transaction, and gets what rating them all at once gets."""
    for n in range(6):
        await _table(repo, n, {1 + n % 3: 1, 2 + n % 2: 2, 5: 3}, minute=n)
    await ratings.catch_up(repo)
    at_once = await _everything(repo, range(1, 6))
    await repo.forget_ratings()
    monkeypatch.setattr(ratings, "BATCH_ROWS", 4)  # one table of three seats a batch
    await _table(repo, 10, {1: 1, 5: 2}, minute=2)  # out of order, in the middle
    assert await ratings.catch_up(repo) == 7
    batched = await _everything(repo, range(1, 6))
    monkeypatch.setattr(ratings, "BATCH_ROWS", 4_000)
    await ratings.recompute(repo)
    assert await _everything(repo, range(1, 6)) == batched
    assert [r.match_id for r in batched if r.scope == GUILD and r.user_id == 5] == \
        [1, 2, 3, 7, 4, 5, 6]
    assert at_once != batched  # the table that turned up later changed what came after it
