"""A click whose handling fails on our side is still answered: privately, saying nothing was
changed (discord.py alone would only log it, and Discord would show "This interaction
failed")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.parlor import Table, parlor
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import ErrorLogCollector
from tests.shown import t


async def test_a_click_that_fails_is_answered_privately_and_changes_nothing(
    tmp_path: Path, fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch,
    fail_on_logged_errors: ErrorLogCollector,
) -> None:
    fake = fake_discord
    alice = fake.create_user("alice")
    channel = fake.text_channel(fake.create_guild("G", members=[alice]))
    async with parlor(tmp_path, fake) as client:
        table = Table(fake, client, channel)
        await table.open(alice, game="lifeboat")
        for _ in range(3):
            await table.lobby_click(alice, "addbot")
        assert (await table.lobby_click(alice, "start")).callback.accepted
        version = (await table.live()).version
        board = await table.board()

        async def broken(*args: Any, **kwargs: Any) -> None:
            raise RuntimeError("a bug on our side")

        monkeypatch.setattr(client.parlor.interactions, "show_panel", broken)
        result = await fake.click(alice, board, f"pl:h:{table.match_id}")
        assert result.callback is not None and result.callback.accepted
        assert result.callback.ephemeral
        assert t("command.failed") in str(result.callback.data)
        assert (await table.live()).version >= version
        logged = fail_on_logged_errors.take()
        assert any("a bug on our side" in str(r.exc_info) for r in logged), "it is logged"
