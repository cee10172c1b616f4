"""`/<game> start` on a busy bot: when opening the lobby takes longer than the answer budget,
the command is deferred ("thinking" in the channel) before Discord's deadline, and the lobby
replaces the "thinking" message; a refusal found that late still reaches only the one who
asked (the "thinking" message is deleted, the refusal follows privately)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

import bot.cogs.game_cog
from tables.service import LiveMatch
from tests.e2e.parlor import parlor
from tests.fakediscord import FakeDiscord

SLOW_LOBBY = 0.5  # seconds the service takes to open a lobby in this test
BUDGET = 0.1  # the bot's answer budget, shrunk like the deadline
DEADLINE = 0.3  # Discord's 3 s, shrunk


async def test_a_slow_lobby_is_deferred_then_shown_and_a_late_refusal_stays_private(
        tmp_path: Path, fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    channel = fake.text_channel(fake.create_guild("G", members=[alice, bob]))
    monkeypatch.setattr(bot.cogs.game_cog, "RESPONSE_BUDGET", BUDGET)
    async with parlor(tmp_path, fake) as client:
        service = client.parlor.service
        opening = service.create_lobby

        async def slow_create_lobby(**fields: Any) -> LiveMatch:
            await asyncio.sleep(SLOW_LOBBY)
            live: LiveMatch = await opening(**fields)
            return live

        monkeypatch.setattr(service, "create_lobby", slow_create_lobby)
        fake.ack_deadline = DEADLINE

        started = await fake.run_slash(alice, channel, "lifeboat start", {})
        callback = await started.wait_callback()
        assert callback.accepted and callback.type == 5 and callback.elapsed < DEADLINE
        lobby = await started.wait_original()
        assert not lobby.ephemeral and lobby.embeds and lobby.custom_ids()
        live = await service.open_in_channel(channel.id)
        assert live is not None
        kept = [m.message_id for m in await client.parlor.repo.messages(live.id)
                if m.kind == "lobby"]
        assert kept == [lobby.id]

        # A second table in the same channel is refused, as late: only bob reads why.
        again = await fake.run_slash(bob, channel, "lifeboat start", {})
        callback = await again.wait_callback()
        assert callback.accepted and callback.type == 5 and callback.elapsed < DEADLINE
        [refusal] = await again.wait_followups(1)
        assert refusal.ephemeral and refusal.visible_only_to == bob.id
        assert refusal.content
        assert again.original_message is not None and again.original_message.deleted
        still = await service.open_in_channel(channel.id)
        assert still is not None and still.id == live.id
