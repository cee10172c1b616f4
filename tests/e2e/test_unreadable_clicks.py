"""Every click gets an answer: a component id none of the bot's components can read (an older
format, an id cut short, another bot's) is told so privately instead of Discord's "This
interaction failed"."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.parlor import parlor, start_table
from tests.fakediscord import FakeDiscord
from tests.shown import t

BUTTON, SELECT = 2, 3


@pytest.mark.parametrize(("custom_id", "kind"), [
    ("parlor:act:12:3:0:1", BUTTON),  # an older format
    ("pl:a:{match}:0:0", BUTTON),  # cut short
    ("pl:h:", BUTTON),
    ("pl:s:{match}:0:0:", SELECT),
    ("somebody-elses-button", BUTTON),
    ("", BUTTON),
])
async def test_a_click_no_component_can_read_is_answered_privately(
    tmp_path: Path, fake_discord: FakeDiscord, custom_id: str, kind: int
) -> None:
    fake = fake_discord
    alice = fake.create_user("alice", locale="zh-CN")
    channel = fake.text_channel(fake.create_guild("G", members=[alice]))
    async with parlor(tmp_path, fake) as client:
        table = await start_table(fake, client, channel, [alice], bots=3)
        board = await table.board()
        version = (await table.live()).version
        forged = await fake.raw_component(alice, board, custom_id.format(match=table.match_id),
                                          ["0"] if kind == SELECT else None, kind, wait=False)
        callback = await forged.wait_callback(timeout=2.5)
        assert callback.accepted and callback.ephemeral
        assert (callback.data or {}).get("content") == t("interaction.unreadable", "zh-CN")
        assert (await table.live()).version >= version  # (bots play on; nothing else changed)
    assert fake.unanswered() == []


async def test_a_readable_click_is_answered_once(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """The catch-all answers only what nothing else will: a real click gets one answer."""
    fake = fake_discord
    alice = fake.create_user("alice")
    channel = fake.text_channel(fake.create_guild("G", members=[alice]))
    async with parlor(tmp_path, fake) as client:
        table = await start_table(fake, client, channel, [alice], bots=3)
        panel = await table.open_panel(alice)
        assert panel.ephemeral
    assert fake.take_violations() == []
