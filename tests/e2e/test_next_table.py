"""The reveal's button opens the next table: the same seats in the same order, people and bots,
in a new lobby in the channel; only a player of the finished table may open it, and only once.
"""

from __future__ import annotations

from pathlib import Path

from storage import MatchStatus
from tests.e2e.parlor import Table, parlor
from tests.fakediscord import FakeDiscord
from tests.shown import t


async def test_a_player_opens_the_next_table_with_the_same_seats_once(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    alice, bob, stranger = (fake.create_user(n) for n in ("alice", "bob", "stranger"))
    channel = fake.text_channel(fake.create_guild("G", members=[alice, bob, stranger]))
    async with parlor(tmp_path, fake) as client:
        client.parlor.service.new_seed = lambda: 20261123
        table = Table(fake, client, channel)
        await table.open(alice, game="lifeboat")
        await table.lobby_click(bob, "join")
        for _ in range(2):
            await table.lobby_click(alice, "addbot")
        assert (await table.lobby_click(alice, "start")).callback.accepted
        finished = await table.play_to_the_end({0: alice, 1: bob}, seed=3, clicks=False)
        assert finished.record.status == MatchStatus.FINISHED
        button = f"pl:n:{finished.id}"
        reveal = await fake.wait_for_message(channel, lambda m: button in m.custom_ids())
        assert [c for c in reveal.custom_ids() if c.startswith("pl:")] == [button]
        assert t("reveal.next_table") in str(reveal.find_component(button))

        refused = await fake.click(stranger, reveal, button)
        assert refused.callback is not None and refused.callback.ephemeral
        assert t("next.not_a_player") in str(refused.callback.data)
        assert await client.parlor.service.open_in_channel(channel.id) is None

        opened = await fake.click(bob, reveal, button)
        assert opened.callback is not None and opened.callback.accepted
        assert not opened.callback.ephemeral, "the new lobby is for the whole channel"
        lobby = await opened.wait_original()
        following = await client.parlor.service.open_in_channel(channel.id)
        assert following is not None and following.id != finished.id
        assert following.record.status == MatchStatus.LOBBY
        assert following.record.options == finished.record.options
        assert following.record.host_id == alice.id
        assert [(s.user_id, s.is_bot) for s in following.seats] == \
            [(s.user_id, s.user_id is None) for s in finished.seats]
        assert f"pl:l:{following.id}:start" in lobby.custom_ids()

        again = await fake.click(alice, reveal, button)
        assert again.callback is not None and again.callback.ephemeral
        assert t("next.already_opened") in str(again.callback.data)

        nextone = Table(fake, client, channel)
        nextone.lobby, nextone.match_id = lobby, following.id
        assert (await nextone.lobby_click(alice, "start")).callback.accepted
        assert (await nextone.live()).record.status == MatchStatus.ACTIVE
