"""Moving from SQLite to PostgreSQL: everything the bot can read back is the same afterwards,
and the games carry on where they stopped."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from storage.postgres import PostgresRepository
from storage.records import GuildSettingsRecord, MatchStatus, StatRecord, TimerRecord
from storage.repository import Repository
from storage.sqlite import SqliteRepository
from storage.transfer import TransferError, main, transfer
from tests.storage.backends import (
    POSTGRES_SKIP_REASON,
    drop_schema,
    fresh_schema_name,
    postgres_dsn,
)
from tests.storage.helpers import FakeClock, append, new_match, seat_list, started_match


@pytest.fixture
async def target(clock: FakeClock) -> AsyncIterator[PostgresRepository]:
    dsn = postgres_dsn()
    if dsn is None:
        pytest.skip(POSTGRES_SKIP_REASON)
    repo = PostgresRepository(dsn, schema=fresh_schema_name(), clock=clock)
    await repo.open()
    try:
        yield repo
    finally:
        await repo.close()
        assert repo.schema is not None
        await drop_schema(dsn, repo.schema)


async def _fill(repo: SqliteRepository, clock: FakeClock) -> list[int]:
    """A little of everything: a finished game with stats, a game in play with a timer and a
    board message, a paused one, a cancelled lobby, an open lobby and a guild's settings."""
    finished = await started_match(repo, channel_id=1)
    for version in range(3):
        clock.advance(1)
        await append(repo, finished.id, version, finished=version == 2, outcome={"w": [1]})
    await repo.record_stats(
        [
            StatRecord(
                match_id=finished.id, guild_id=10, game="lifeboat", user_id=1000 + seat,
                seat=seat, is_bot=False, score=seat * 1.5, won=seat == 1,
                role="captain" if seat == 0 else None, finished_at=clock.now,
            )
            for seat in range(4)
        ]
    )
    playing = await started_match(repo, channel_id=2, state_json='{"z": 1,  "a": 2}')
    await append(repo, playing.id, 0)
    await repo.save_message(playing.id, "board", 2, 9_000_000_000_000_000_001)
    await repo.set_timer(
        TimerRecord(
            match_id=playing.id, seat=1, version=1,
            deadline=clock.now + timedelta(seconds=90, microseconds=7), warned=True,
        )
    )
    paused = await started_match(repo, channel_id=3)
    await repo.set_status(paused.id, MatchStatus.PAUSED)
    cancelled = await new_match(repo, channel_id=4)
    await repo.set_seats(cancelled.id, seat_list(cancelled.id, 2, bots={1}))
    await repo.set_status(cancelled.id, MatchStatus.CANCELLED, outcome={"reason": "host left"})
    lobby = await repo.create_match(
        game="citadels", guild_id=11, channel_id=5, host_id=7, seed=2**90 + 1,
        options={"expansion": True, "名": "东"}, locale="zh-CN",
    )
    await repo.save_guild_settings(GuildSettingsRecord(guild_id=10, data={"locale": "en"}))
    return [finished.id, playing.id, paused.id, cancelled.id, lobby.id]


async def _everything(repo: Repository, ids: list[int]) -> dict[str, object]:
    """All the repository says about the filled data, through the interface only."""
    seen: dict[str, object] = {
        "open": [m async for m in repo.iter_open_matches()],
        "recent": await repo.recent_matches(10) + await repo.recent_matches(11),
        "timers": await repo.timers(),
        "due": await repo.due_timers(datetime(2030, 1, 1, tzinfo=UTC)),
        "settings": [await repo.guild_settings(g) for g in (10, 11)],
        "stats": [await repo.stats_for_user(10, 1000 + seat) for seat in range(4)],
        "board": await repo.leaderboard(10),
    }
    for match_id in ids:
        seen[f"match {match_id}"] = (
            await repo.get_match(match_id),
            await repo.seats(match_id),
            await repo.actions(match_id),
            await repo.snapshot(match_id),
            await repo.messages(match_id),
        )
    return seen


async def test_a_copied_database_reads_back_the_same_and_plays_on(
    db_path: Path, clock: FakeClock, target: PostgresRepository
) -> None:
    async with SqliteRepository(db_path, clock=clock) as source:
        ids = await _fill(source, clock)
        before = await _everything(source, ids)
        copied = await transfer(source, target)
    assert copied["matches"] == 5 and copied["actions"] == 4 and copied["stats"] == 4
    assert await _everything(target, ids) == before

    # The games carry on: the next action, the next match id, the channel rule.
    playing = ids[1]
    assert await append(target, playing, 1) == 2
    fresh = await new_match(target, channel_id=99)
    assert fresh.id == max(ids) + 1
    with pytest.raises(ValueError, match="channel 2"):
        await new_match(target, channel_id=2)


async def test_the_copy_goes_only_into_an_empty_database(
    db_path: Path, clock: FakeClock, target: PostgresRepository
) -> None:
    await target.save_guild_settings(GuildSettingsRecord(guild_id=1, data={}))
    async with SqliteRepository(db_path, clock=clock) as source:
        await new_match(source)
        with pytest.raises(TransferError, match="guild_settings"):
            await transfer(source, target)
    assert [m async for m in target.iter_open_matches()] == []


def test_the_command_refuses_a_missing_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([str(tmp_path / "none.db"), "postgresql://nobody@/nowhere"]) == 1
    assert "no SQLite database" in capsys.readouterr().err
