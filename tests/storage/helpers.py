"""Small builders shared by the storage tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from storage.records import MatchRecord, SeatRecord
from storage.repository import Repository


class FakeClock:
    """A clock the test moves by hand, so stored times can be compared exactly."""

    def __init__(self) -> None:
        self.now = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> datetime:
        self.now += timedelta(seconds=seconds)
        return self.now


def seat_list(match_id: int, count: int, *, bots: set[int] | None = None) -> list[SeatRecord]:
    bots = bots or set()
    return [
        SeatRecord(
            match_id=match_id,
            seat=seat,
            user_id=None if seat in bots else 1000 + seat,
            display_name=f"bot {seat}" if seat in bots else f"player {seat}",
            is_bot=seat in bots,
        )
        for seat in range(count)
    ]


async def new_match(
    repo: Repository, *, channel_id: int = 20, guild_id: int = 10, game: str = "lifeboat"
) -> MatchRecord:
    return await repo.create_match(
        game=game, guild_id=guild_id, channel_id=channel_id, host_id=1000, seed=7, options={}
    )


async def started_match(
    repo: Repository, *, channel_id: int = 20, seats: int = 4, state_json: str = '{"s":0}'
) -> MatchRecord:
    match = await new_match(repo, channel_id=channel_id)
    await repo.start_match(match.id, seat_list(match.id, seats), state_json)
    return await repo.get_match(match.id)


async def append(
    repo: Repository,
    match_id: int,
    version: int,
    *,
    finished: bool = False,
    outcome: dict[str, Any] | None = None,
) -> int:
    """One action at ``version`` whose state JSON names the version it leads to."""
    return await repo.append_action(
        match_id,
        expected_version=version,
        seat=version % 4,
        user_id=1000 + version % 4,
        source="player",
        action={"kind": "pass", "seat": version % 4, "n": version},
        state_json=f'{{"s":{version + 1}}}',
        finished=finished,
        outcome=outcome,
    )
