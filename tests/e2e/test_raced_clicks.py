"""A click that races a panel's edit: the player's client still showed a button the bot had just
edited away (open panels follow the game, bot/panels.py). Discord then sends the message as it
is now, without that button; discord.py would drop the click, so the bot reads the id itself
and answers it as the stale click it is: "the game has moved on", the current panel in place,
and nothing changes. (An id no component reads at all is still "cannot be read":
tests/e2e/test_unreadable_clicks.py.)"""

from __future__ import annotations

from pathlib import Path

from tables.service import LiveMatch
from tests.e2e.parlor import advance_until, parlor, start_table
from tests.fakediscord import FakeDiscord
from tests.shown import t


async def test_a_click_on_a_button_edited_away_is_answered_as_stale_in_its_panel(
        tmp_path: Path, fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    alice = fake.create_user("alice", locale="zh-CN")
    bob = fake.create_user("bob")
    channel = fake.text_channel(fake.create_guild("G", members=[alice, bob]))
    async with parlor(tmp_path, fake) as client:
        table = await start_table(fake, client, channel, [alice, bob], bots=2)
        humans = {0: alice, 1: bob}

        def alice_asked(live: LiveMatch) -> bool:
            return any(p.seat == 0 and p.blocking for p in live.pending())

        await advance_until(table, humans, alice_asked)
        panel = await table.open_panel(alice)
        old = next(c for c in panel.custom_ids() if c.startswith("pl:a:"))
        moved = await fake.click(alice, panel, old)
        assert (await moved.wait_callback()).type == 7  # her panel, redrawn
        version = (await table.live()).version
        assert old not in panel.custom_ids()

        raced = await fake.raced_click(alice, panel, old)
        callback = await raced.wait_callback()
        assert callback.accepted and callback.type == 7, "the panel itself is edited"
        text = panel.text()
        assert text.startswith(t("act.stale", "zh-CN")), text
        assert t("interaction.unreadable", "zh-CN") not in text
        assert old not in panel.custom_ids() and any(
            c.startswith(f"pl:h:{table.match_id}") for c in panel.custom_ids())
        log = await client.parlor.repo.actions(table.match_id or 0)
        assert not [e for e in log if e.version >= version and e.user_id == alice.id], \
            "the late click moved nothing (bots may play on)"
    assert fake.unanswered() == []
