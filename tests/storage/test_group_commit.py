"""Appends waiting at the same moment go to SQLite together (``storage.appends``): one trip to
aiosqlite's thread and one commit, with each append still accepted or refused on its own."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Coroutine
from pathlib import Path
from typing import Any

import pytest

from storage import appends
from storage.records import MatchRecord, MatchStatus
from storage.repository import MatchNotFound, StaleVersion
from storage.sqlite import SqliteRepository
from tests.storage.helpers import FakeClock, append, started_match


@pytest.fixture
async def sqlite_repo(db_path: Path, clock: FakeClock) -> AsyncIterator[SqliteRepository]:
    repository = SqliteRepository(db_path, clock=clock)
    await repository.open()
    try:
        yield repository
    finally:
        await repository.close()


async def _held(repo: SqliteRepository, *calls: Coroutine[Any, Any, object]) -> list[object]:
    """Runs the append coroutines ``calls`` while the repository's lock is held, so they all
    wait for the same trip, then lets them go; returns each one's result or exception."""
    async with repo._lock:
        tasks = [asyncio.ensure_future(c) for c in calls]
        for _ in range(3):
            await asyncio.sleep(0)
    return list(await asyncio.gather(*tasks, return_exceptions=True))


async def test_appends_waiting_together_share_one_trip(sqlite_repo: SqliteRepository) -> None:
    matches = [await started_match(sqlite_repo, channel_id=c) for c in range(30)]
    trips = sqlite_repo.appends.trips
    results = await _held(sqlite_repo, *(append(sqlite_repo, m.id, 0) for m in matches))
    assert results == [1] * 30
    assert sqlite_repo.appends.trips == trips + 1
    for match in matches:
        assert (await sqlite_repo.get_match(match.id)).version == 1
        assert await sqlite_repo.snapshot(match.id) == (1, '{"s":1}')


async def test_a_refused_append_leaves_the_rest_of_its_group_written(
    sqlite_repo: SqliteRepository,
) -> None:
    """Rule: a stale, unknown or finished match refuses its own append and nothing else."""
    fresh = await started_match(sqlite_repo, channel_id=1)
    moved_on = await started_match(sqlite_repo, channel_id=2)
    await append(sqlite_repo, moved_on.id, 0)
    done = await started_match(sqlite_repo, channel_id=3)
    await append(sqlite_repo, done.id, 0, finished=True, outcome={"winners": [0]})
    other = await started_match(sqlite_repo, channel_id=4)
    trips = sqlite_repo.appends.trips

    results = await _held(
        sqlite_repo,
        append(sqlite_repo, fresh.id, 0),
        append(sqlite_repo, moved_on.id, 0),  # stale: the match is at version 1
        append(sqlite_repo, 404, 0),
        append(sqlite_repo, done.id, 1),
        append(sqlite_repo, other.id, 0),
    )
    assert sqlite_repo.appends.trips == trips + 1
    assert results[0] == 1 and results[4] == 1
    assert isinstance(results[1], StaleVersion) and results[1].actual == 1
    assert isinstance(results[2], MatchNotFound)
    assert isinstance(results[3], ValueError) and "finished" in str(results[3])
    assert [a.version for a in await sqlite_repo.actions(fresh.id)] == [0]
    assert [a.version for a in await sqlite_repo.actions(other.id)] == [0]
    assert len(await sqlite_repo.actions(moved_on.id)) == 1
    assert (await sqlite_repo.get_match(done.id)).status is MatchStatus.FINISHED


async def test_two_appends_at_one_version_in_one_group_let_the_first_win(
    sqlite_repo: SqliteRepository,
) -> None:
    match = await started_match(sqlite_repo)
    first, second = await _held(sqlite_repo, append(sqlite_repo, match.id, 0),
                                append(sqlite_repo, match.id, 0))
    assert first == 1 and isinstance(second, StaleVersion)
    assert len(await sqlite_repo.actions(match.id)) == 1


async def test_an_error_that_is_not_a_refusal_writes_none_of_the_group(
    sqlite_repo: SqliteRepository,
) -> None:
    """A failure of the transaction itself reaches every caller in it, and none was written:
    no caller is told its action failed while it was in fact logged."""
    good = await started_match(sqlite_repo, channel_id=1)
    bad = await started_match(sqlite_repo, channel_id=2)

    async def unbindable() -> int:  # a value SQLite cannot store fails the whole statement
        return await sqlite_repo.append_action(
            bad.id, expected_version=0, seat=0, user_id=None, source="bot",
            action={"n": 0}, state_json=object(),  # type: ignore[arg-type]
        )

    results = await _held(sqlite_repo, append(sqlite_repo, good.id, 0), unbindable())
    assert all(isinstance(r, sqlite3.Error) for r in results)
    assert await sqlite_repo.actions(good.id) == []
    assert (await sqlite_repo.get_match(good.id)).version == 0
    assert not sqlite_repo.connection.in_transaction
    assert await append(sqlite_repo, good.id, 0) == 1  # the connection is fine afterwards


async def test_an_append_cancelled_before_its_trip_is_not_written(
    sqlite_repo: SqliteRepository,
) -> None:
    kept = await started_match(sqlite_repo, channel_id=1)
    dropped = await started_match(sqlite_repo, channel_id=2)
    async with sqlite_repo._lock:
        keep = asyncio.ensure_future(append(sqlite_repo, kept.id, 0))
        drop = asyncio.ensure_future(append(sqlite_repo, dropped.id, 0))
        await asyncio.sleep(0)
        drop.cancel()
        await asyncio.sleep(0)
    assert await keep == 1
    with pytest.raises(asyncio.CancelledError):
        await drop
    await sqlite_repo.appends.drain()
    assert await sqlite_repo.actions(dropped.id) == []
    assert (await sqlite_repo.get_match(dropped.id)).version == 0


async def test_closing_writes_the_appends_already_made(db_path: Path, clock: FakeClock) -> None:
    repo = SqliteRepository(db_path, clock=clock)
    await repo.open()
    matches = [await started_match(repo, channel_id=c) for c in range(5)]
    pending = [asyncio.ensure_future(append(repo, m.id, 0)) for m in matches]
    await asyncio.sleep(0)  # queued, not yet sent
    await repo.close()
    assert [await p for p in pending] == [1] * 5
    reopened = SqliteRepository(db_path, clock=clock)
    async with reopened:
        for match in matches:
            assert (await reopened.get_match(match.id)).version == 1


async def _tables_moving(repo: SqliteRepository, *, tables: int, moves: int, every: float,
                         stagger: float) -> list[MatchRecord]:
    """``tables`` started matches, each appending ``moves`` times ``every`` seconds apart, the
    n-th starting ``n * stagger`` seconds after the first; every append is written in turn."""
    matches = [await started_match(repo, channel_id=c) for c in range(tables)]

    async def play(match_id: int, offset: float) -> None:
        await asyncio.sleep(offset)
        for version in range(moves):
            assert await append(repo, match_id, version) == version + 1
            await asyncio.sleep(every)

    await asyncio.gather(*(play(m.id, i * stagger) for i, m in enumerate(matches)))
    return matches


async def test_one_match_playing_alone_never_waits_for_company(
        sqlite_repo: SqliteRepository) -> None:
    """Its next append comes only once this one is written: a wait would only slow it."""
    match = await started_match(sqlite_repo)
    trips, lingered = sqlite_repo.appends.trips, sqlite_repo.appends.lingered
    for version in range(40):
        assert await append(sqlite_repo, match.id, version) == version + 1
    assert sqlite_repo.appends.trips == trips + 40
    assert sqlite_repo.appends.lingered == lingered


async def test_while_many_matches_append_a_group_waits_for_company(
        sqlite_repo: SqliteRepository, monkeypatch: pytest.MonkeyPatch) -> None:
    """Appends of many matches arriving one after another at a high rate (a thousand tables'
    moves) leave together after the linger instead of one trip each; every one is written.

    Fewer tables than a full group (which leaves without lingering), and "a high rate" set
    within reach of six tables however slowly a loaded machine writes: what is checked is
    that a group waits for company, not where the rate's threshold lies."""
    monkeypatch.setattr(appends, "LINGER_APPENDS", 12)
    trips = sqlite_repo.appends.trips
    tables = appends.FULL_GROUP - 2
    matches = await _tables_moving(sqlite_repo, tables=tables, moves=20, every=0.001,
                                   stagger=0.0005)
    assert sqlite_repo.appends.lingered > 0
    assert sqlite_repo.appends.trips - trips < tables * 20
    for match in matches:
        assert (await sqlite_repo.get_match(match.id)).version == 20


async def test_a_full_group_leaves_without_waiting_out_the_linger(
        sqlite_repo: SqliteRepository, monkeypatch: pytest.MonkeyPatch) -> None:
    """A backlog (the loop held up, the moves it owed coming at once) fills a group at once:
    it leaves then, where the linger would only add its wait to every move in it."""
    monkeypatch.setattr(appends, "LINGER_APPENDS", 1)  # "many appending" from the first one
    monkeypatch.setattr(appends, "LINGER_MATCHES", 1)
    sqlite_repo.appends._linger = 30.0
    matches = [await started_match(sqlite_repo, channel_id=c)
               for c in range(appends.FULL_GROUP)]
    first = [asyncio.ensure_future(append(sqlite_repo, m.id, 0)) for m in matches[:-1]]
    await asyncio.sleep(0.05)
    assert not any(task.done() for task in first), "a group short of full waits for company"
    last = append(sqlite_repo, matches[-1].id, 0)
    assert await asyncio.wait_for(asyncio.gather(*first, last), 5.0) == [1] * len(matches)
    assert sqlite_repo.appends.lingered >= 1


async def test_a_few_tables_at_an_ordinary_pace_never_wait(
        sqlite_repo: SqliteRepository) -> None:
    """Five tables each moving every 20 ms (250 appends a second in all): the trips cost
    little there, and a wait would only delay each move."""
    lingered = sqlite_repo.appends.lingered
    await _tables_moving(sqlite_repo, tables=5, moves=8, every=0.02, stagger=0.004)
    assert sqlite_repo.appends.lingered == lingered


async def test_the_recent_appends_kept_are_those_of_the_last_window_only(
        sqlite_repo: SqliteRepository, monkeypatch: pytest.MonkeyPatch) -> None:
    """What "many appending" counts is forgotten by the appends that come after it, whether or
    not a group asks (full groups never do): after a long run nothing old is left to drop at
    once, and the count per match holds only the window's appends."""
    monkeypatch.setattr(appends, "LINGER_WINDOW", 0.05)
    sqlite_repo.appends._linger = 0.0  # no group asks at all, as none does when full
    matches = [await started_match(sqlite_repo, channel_id=c) for c in range(3)]
    for version in range(4):
        for match in matches:
            await append(sqlite_repo, match.id, version)
    await asyncio.sleep(0.1)  # the window passes
    await append(sqlite_repo, matches[0].id, 4)
    commit = sqlite_repo.appends
    assert [match_id for _, match_id in commit._recent] == [matches[0].id]
    assert commit._recent_by_match == {matches[0].id: 1}
