"""A restart: everything the bot needs to resume is still there after close and reopen."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from storage.records import GuildSettingsRecord, MatchStatus, TimerRecord
from storage.repository import Repository
from tests.storage.backends import Backend
from tests.storage.helpers import FakeClock, append, new_match, seat_list, started_match


async def test_data_survives_close_and_reopen(backend: Backend, clock: FakeClock) -> None:
    async with backend.make() as repo:
        playing = await started_match(repo, channel_id=1)
        for version in range(3):
            await append(repo, playing.id, version)
        await repo.save_message(playing.id, "board", 1, 555)
        deadline = clock.now + timedelta(minutes=2)
        await repo.set_timer(
            TimerRecord(match_id=playing.id, seat=3, version=3, deadline=deadline, warned=True)
        )
        lobby = await new_match(repo, channel_id=2)
        await repo.save_guild_settings(GuildSettingsRecord(guild_id=10, data={"locale": "en"}))
        before = {
            "playing": await repo.get_match(playing.id),
            "lobby": await repo.get_match(lobby.id),
            "seats": await repo.seats(playing.id),
            "log": await repo.actions(playing.id),
        }

    async with backend.make() as repo:  # the "restart"
        assert [m.id async for m in repo.iter_open_matches()] == [playing.id, lobby.id]
        assert await repo.get_match(playing.id) == before["playing"]
        assert await repo.get_match(lobby.id) == before["lobby"]
        assert await repo.seats(playing.id) == before["seats"]
        assert await repo.actions(playing.id) == before["log"]
        assert await repo.snapshot(playing.id) == (3, '{"s":3}')
        assert [(m.kind, m.message_id) for m in await repo.messages(playing.id)] == [
            ("board", 555)
        ]
        (timer,) = await repo.timers()
        assert (timer.seat, timer.version, timer.deadline, timer.warned) == (3, 3, deadline, True)
        assert (await repo.guild_settings(10)).data == {"locale": "en"}
        assert await repo.open_match_in_channel(2) == before["lobby"]
        # The game carries on where it stopped.
        assert await append(repo, playing.id, 3) == 4


async def test_mixed_concurrent_work_never_interleaves(
    repo: Repository, backend: Backend, clock: FakeClock
) -> None:
    """Lobbies starting, games appending, timers and messages being written, all at once:
    every transaction keeps to itself and each game's log ends up complete."""

    async def table(channel: int) -> int:
        match = await new_match(repo, channel_id=channel)
        await repo.set_seats(match.id, seat_list(match.id, 2))
        await repo.start_match(match.id, seat_list(match.id, 4), "{}")
        for version in range(6):
            await append(repo, match.id, version, finished=version == 5)
            if version < 5:
                await repo.set_timer(
                    TimerRecord(
                        match_id=match.id, seat=0, version=version + 1, deadline=clock.now
                    )
                )
            await repo.save_message(match.id, "board", channel, version)
        return match.id

    ids = await asyncio.gather(*(table(c) for c in range(25)))
    for match_id in ids:
        match = await repo.get_match(match_id)
        assert match.status is MatchStatus.FINISHED and match.version == 6
        assert [a.version for a in await repo.actions(match_id)] == list(range(6))
    assert await backend.is_idle(repo)
