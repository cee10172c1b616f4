"""A click on a table that is not in memory (after a restart, or evicted from the cache) is
acknowledged before the match is loaded: loading may take long (a log to replay, a queue of
loads behind a storm of timers) and Discord forgets a click it has not heard back about within
3 seconds. The answer then comes as an edit or a private follow-up."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from storage import MatchRecord
from tests.e2e.parlor import parlor, start_table, wait_board_current
from tests.fakediscord import FakeDiscord

SLOW_LOAD = 0.6  # seconds reading a match takes in this test
DEADLINE = 0.3  # Discord's 3 s, shrunk like the load


async def test_clicks_on_a_match_being_loaded_are_deferred_then_answered(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    users = [fake.create_user(n) for n in ("alice", "bob", "carol", "dave")]
    channel = fake.text_channel(fake.create_guild("G", members=users))
    async with parlor(tmp_path, fake) as client:
        service = client.parlor.service
        repo = client.parlor.repo
        table = await start_table(fake, client, channel, users)
        live = await table.live()
        board = await wait_board_current(fake, client, live.id)

        reading = repo.get_match

        async def slow_get_match(match_id: int) -> MatchRecord:
            await asyncio.sleep(SLOW_LOAD)
            record: MatchRecord = await reading(match_id)
            return record

        repo.get_match = slow_get_match  # type: ignore[method-assign]
        fake.ack_deadline = DEADLINE

        # "My hand" on the board: acknowledged at once, the panel comes as a private follow-up.
        seat = next(p.seat for p in live.pending() if p.blocking)
        user = users[seat]
        service.forget(live.id)
        opened = await fake.click(user, board, f"pl:h:{live.id}")
        callback = await opened.wait_callback()
        assert callback.accepted and callback.type == 6 and callback.elapsed < DEADLINE
        [panel] = await opened.wait_followups(1)
        assert panel.ephemeral and panel.visible_only_to == user.id
        assert any(c.startswith(f"pl:a:{live.id}:{live.version}:{seat}:")
                   for c in panel.custom_ids())

        # A move in that panel, the match evicted again: deferred, then the panel is edited.
        live = await service.get(live.id)
        prompt = live.game.prompt_for(live.state, seat)
        assert prompt is not None
        action = live.game.choose(live.game.view(live.state, seat), prompt, random.Random(1))
        index = prompt.actions.index(action)
        version = live.version
        service.forget(live.id)
        result: Any = await table.choose_in_panel(user, panel, seat, version, index)
        callback = await result.wait_callback()
        assert callback.accepted and callback.type == 6 and callback.elapsed < DEADLINE
        await fake.wait_for(lambda: f"pl:h:{live.id}" in panel.custom_ids() and not any(
            c.startswith(f"pl:a:{live.id}:{version}:") for c in panel.custom_ids()),
            what="the panel edited after the deferred click")
        assert (await service.get(live.id)).version == version + 1
        assert (await repo.actions(live.id))[-1].user_id == user.id
