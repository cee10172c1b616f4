"""A bot that closes (a restart, a SIGTERM) while a click is being handled lets the click
finish: its answer and its edit reach Discord before the HTTP session goes, and nothing is
logged as failed (bot/in_flight.py)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.in_flight import ClicksInFlight
from tests.e2e.parlor import Table, parlor
from tests.fakediscord import FakeDiscord


async def test_a_click_being_handled_when_the_bot_closes_is_answered_first(
    tmp_path: Path, fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    channel = fake.text_channel(fake.create_guild("Game night", members=[alice, bob]))
    async with parlor(tmp_path, fake) as client:
        table = Table(fake, client, channel)
        lobby = await table.open(alice)
        handler = client.parlor.interactions
        show_lobby = handler._show_lobby
        reached = asyncio.Event()

        async def slow_show_lobby(interaction: Any, live: Any) -> None:
            reached.set()
            await asyncio.sleep(0.3)
            await show_lobby(interaction, live)

        monkeypatch.setattr(handler, "_show_lobby", slow_show_lobby)
        click = await fake.click(bob, lobby, f"pl:l:{table.match_id}:join", wait=False)
        await asyncio.wait_for(reached.wait(), 5.0)
        assert len(client.parlor.clicks) == 1
    # The client is closed: the click was answered with the lobby as it is now.
    assert click.acknowledged
    assert f"<@{bob.id}>" in lobby.text()
    assert len(client.parlor.clicks) == 0


async def test_closing_waits_for_clicks_no_longer_than_its_bound() -> None:
    clicks = ClicksInFlight()
    release = asyncio.Event()

    async def click() -> None:
        with clicks.handling():
            await release.wait()

    stuck = asyncio.create_task(click())
    await asyncio.sleep(0)
    assert len(clicks) == 1
    loop = asyncio.get_running_loop()
    began = loop.time()
    await clicks.finish(timeout=0.2)
    assert 0.15 <= loop.time() - began < 2.0
    release.set()
    await stuck
    assert len(clicks) == 0
    await clicks.finish(timeout=5.0)  # nothing in flight: returns at once


async def test_what_listens_to_the_service_stops_after_its_last_change_and_before_the_database(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """The pages build a table's replay in the background when it ends, and a table may end as
    the bot stops: their closer runs once the service takes no more changes and while the
    repository is still open, so that nothing is written to a closed database."""
    fake = fake_discord
    alice = fake.create_user("alice")
    channel = fake.text_channel(fake.create_guild("Game night", members=[alice]))
    seen: list[tuple[bool, int]] = []
    async with parlor(tmp_path, fake) as client:
        table = Table(fake, client, channel)
        await table.open(alice)
        match_id = table.match_id
        assert match_id is not None

        async def closer() -> None:
            record = await client.parlor.repo.get_match(match_id)  # the database still answers
            seen.append((client.parlor.service._closing, record.id))

        client.close_before_the_repository(closer)
        assert seen == []
    assert seen == [(True, match_id)]
