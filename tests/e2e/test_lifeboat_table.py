"""Lifeboat at a real Discord table: the real discord.py client, Parlor, and the fake Discord."""

from __future__ import annotations

from pathlib import Path

from storage import MatchStatus
from tests.e2e.parlor import Table, parlor, public_payloads
from tests.fakediscord import FakeDiscord
from tests.shown import t

# Text that only ever belongs in a player's private panel or DM.
PRIVATE_MARKERS = [t(key) for key in (
    "lifeboat.panel.love", "lifeboat.panel.hate", "lifeboat.panel.hand",
    "lifeboat.panel.packet", "lifeboat.panel.drawn", "lifeboat.panel.candidates",
    "lifeboat.panel.footer",
)] + [t(key).split("{")[0] for key in (
    "lifeboat.event.supply_picked", "lifeboat.event.supply_packet",
    "lifeboat.event.supply_handed", "lifeboat.event.rowing_drawn",
    "lifeboat.event.rowed_cards", "lifeboat.event.navigation_candidates",
    "lifeboat.event.compass_card",
)]


async def test_a_whole_four_player_game_with_humans_and_bots(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """/lifeboat start, joins, bots, start, opening DMs, private panels, fights with sides,
    navigation, the reveal — and nothing secret in any public message."""
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    guild = fake.create_guild("Game night", members=[alice, bob])
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake) as client:
        client.parlor.service.new_seed = lambda: 20261121
        table = Table(fake, client, channel)
        await table.open(alice)
        await table.lobby_click(bob, "join")
        await table.lobby_click(alice, "addbot")
        await table.lobby_click(alice, "addbot")
        started = await table.lobby_click(alice, "start")
        assert started.callback.accepted
        live = await table.live()
        assert live.record.status == MatchStatus.ACTIVE
        humans = {0: alice, 1: bob}
        await fake.wait_for(lambda: len(fake.dm_messages(alice)) and len(fake.dm_messages(bob)),
                            what="opening DMs")
        for seat, user in humans.items():
            opening = fake.dm_messages(user)[0].text()
            me = live.game.view(live.state, seat).me
            assert t(f"lifeboat.character.{me.love}") in opening
            assert t(f"lifeboat.character.{me.hate}") in opening

        final = await table.play_to_the_end(humans, seed=3)

        keys = [e.key for e in final.recent]
        assert final.record.status == MatchStatus.FINISHED
        reveal = await fake.wait_for_message(
            channel, lambda m: t("lifeboat.reveal.title") in m.text())
        outcome = final.outcome()
        assert outcome is not None
        for seat in range(4):
            assert final.seats[seat].display_name in reveal.text()
        log = await client.parlor.repo.actions(final.id)
        kinds = {entry.action["kind"] for entry in log}
        assert {"choose_navigation", "pick_supply"} & kinds
        sources = {entry.source for entry in log}
        assert {"player", "bot"} <= sources
        assert keys  # the recent log was kept
        # The table really played: players and bots, navigation, supplies and rowing, and a
        # contest (a demand or a robbery, answered or fought over). Which contests a game holds
        # depends on when each answer arrives (people and bots are asked at once), so the test
        # asks for one of them; each contest's rules are the engine's scenario tests. The
        # navigator chooses only among two rowed cards or more: a rower may keep one, or none.
        assert {"pick_supply", "row"} <= kinds
        assert {"choose_navigation", "keep_rowed"} & kinds
        assert {"resist", "give_in", "rob", "join_fight", "stay_out"} & kinds
        assert sum(1 for e in log if e.source == "player") >= 10
    texts = public_payloads(fake)
    assert texts
    for text in texts:
        for marker in PRIVATE_MARKERS:
            assert marker not in text, f"private text {marker!r} in a public message"
    assert fake.client_errors == []

