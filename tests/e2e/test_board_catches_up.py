"""A board edit that fails for a reason other than Discord's answer (no route for a moment, a
connection reset) is tried again: the board must not stay behind the match until some later
move, which at a table of people may never come while it names the wrong player."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest

from tests.e2e.parlor import parlor, start_table, wait_board_current
from tests.fakediscord import FakeDiscord


async def test_a_board_edit_cut_off_by_the_network_is_tried_again(
    tmp_path: Path, fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_discord
    people = [fake.create_user(name) for name in ("alice", "bob", "carol", "dave")]
    channel = fake.text_channel(fake.create_guild("G", members=people))
    async with parlor(tmp_path, fake) as client:
        table = await start_table(fake, client, channel, people)
        await wait_board_current(fake, client, table.match_id or 0)
        edit = discord.PartialMessage.edit
        cut: list[int] = []

        async def cut_off_once(self: discord.PartialMessage, **fields: Any) -> Any:
            if not cut:
                cut.append(self.id)
                raise aiohttp.ClientConnectionError("Connection reset by peer")
            return await edit(self, **fields)

        monkeypatch.setattr(discord.PartialMessage, "edit", cut_off_once)
        live = await table.live()
        seat = next(p.seat for p in live.pending() if p.blocking)
        user = next(u for u in people if u.id == live.seats[seat].user_id)
        assert await table.play_human_move(user, seat, random.Random(1))
        await wait_board_current(fake, client, live.id, timeout=10)
        assert cut, "the edit was cut off once"
