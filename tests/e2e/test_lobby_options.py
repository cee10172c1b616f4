"""The lobby's options through the fake Discord: the host changes them with the lobby's selects
(derived from the game's ``Options``), the lobby says the seats they allow, and only the host
may change them."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from games.lifeboat.cards import EXPANSION_CHARACTER
from storage import MatchStatus
from tests.e2e.parlor import (
    Table,
    advance_until,
    parlor,
    private_reply,
    start_table,
    wait_board_current,
)
from tests.fakediscord import FakeDiscord
from tests.shown import t


def seats_line(low: int, high: int) -> str:
    return t("lobby.description", None, min=low, max=high)


async def test_the_host_turns_on_cannibalism_in_the_lobby_and_seats_seven(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """Rule: seven Lifeboat seats need the Cannibalism expansion; the lobby says 4–6 without
    it and refuses a seventh seat, saying that other options seat 7; the host switches it on
    there, seats a seventh and starts; switching it off with seven seated is refused."""
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    carol = fake.create_user("carol")
    guild = fake.create_guild("Game night", members=[alice, bob, carol])
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake) as client:
        table = Table(fake, client, channel)
        lobby = await table.open(alice)
        toggles = f"pl:l:{table.match_id}:t0"
        assert toggles in lobby.custom_ids()
        offered = [o["value"] for o in (lobby.find_component(toggles) or {})["options"]]
        assert set(offered) == {"sharks", "quick", "one_card_rowing", "cannibalism"}
        assert seats_line(4, 6) in lobby.text()

        await table.lobby_click(bob, "join")
        for _ in range(4):
            await table.lobby_click(alice, "addbot")
        assert len((await table.live()).seats) == 6
        seventh = await private_reply(await table.lobby_click(alice, "addbot"))
        assert seventh == t("lobby.full_with_options", None, max=6, more=7)
        assert await private_reply(await table.lobby_click(carol, "join")) == seventh
        assert len((await table.live()).seats) == 6
        assert "(7/6)" not in lobby.text()

        # Someone else's pick is refused, privately, and changes nothing.
        answer = await private_reply(await fake.select(bob, lobby, toggles, ["cannibalism"]))
        assert answer == t("lobby.options_host_only")
        assert (await table.live()).record.options["cannibalism"] is False

        chosen = await fake.select(alice, lobby, toggles, ["cannibalism", "sharks"])
        assert chosen.callback.accepted and not chosen.callback.ephemeral
        options = (await table.live()).record.options
        assert options["cannibalism"] is True and options["sharks"] is True
        assert options["quick"] is False
        assert seats_line(4, 7) in lobby.text()
        await table.lobby_click(alice, "addbot")
        assert len((await table.live()).seats) == 7
        refused = await private_reply(await fake.select(alice, lobby, toggles, ["sharks"]))
        assert refused == t("lobby.options_seat_limit", None, max=6, count=7)
        assert (await table.live()).record.options["cannibalism"] is True
        component = lobby.find_component(toggles) or {}
        on = {o["value"] for o in component["options"] if o.get("default")}
        assert on == {"cannibalism", "sharks"}, "the select shows what is on"

        # Unticking switches off (the select sends only what stays on).
        await fake.select(alice, lobby, toggles, ["cannibalism"])
        assert (await table.live()).record.options["sharks"] is False

        started = await table.lobby_click(alice, "start")
        assert started.callback.accepted
        live = await table.live()
        assert live.record.status == MatchStatus.ACTIVE
        assert len(live.seats) == 7
        assert EXPANSION_CHARACTER in {live.game.character_of(live.state, seat)
                                       for seat in range(7)}
        await wait_board_current(fake, client, live.id)  # the start's work is done
    assert fake.client_errors == []


async def test_a_choice_select_sets_one_field_and_the_lobby_marks_it(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """Rule: a field with a few values (Citadels' rank 1) is chosen from a select whose values
    name the field; the chosen value is marked and the engine's options hold it."""
    fake = fake_discord
    alice = fake.create_user("alice")
    guild = fake.create_guild("Game night", members=[alice])
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake) as client:
        table = Table(fake, client, channel)
        lobby = await table.open(alice, "citadels")
        choices = f"pl:l:{table.match_id}:c0"
        values = [o["value"] for o in (lobby.find_component(choices) or {})["options"]]
        witch = f"rank_1={json.dumps('witch')}"
        assert witch in values
        answer = await fake.select(alice, lobby, choices, [witch])
        assert answer.callback.accepted
        assert (await table.live()).record.options["rank_1"] == "witch"
        labels = [o["label"] for o in (lobby.find_component(choices) or {})["options"]]
        assert "✓ " + t("citadels.option.rank_1.witch") in labels
        assert "✓ " + t("citadels.option.rank_1.assassin") not in labels
        # A value the field does not take is refused as unreadable.
        odd = await fake.raw_component(alice, lobby, choices, ['rank_1="king"'], 3)
        assert await private_reply(odd) == t("act.malformed")
        assert (await table.live()).record.options["rank_1"] == "witch"
    assert fake.client_errors == []


async def test_a_refusal_names_the_open_tables_own_command(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """Rule: a refusal that sends the reader to a command names the table's own (``/lifeboat
    end`` for the Lifeboat table in the channel, even to someone opening Citadels there)."""
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    guild = fake.create_guild("Game night", members=[alice, bob])
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake) as client:
        await Table(fake, client, channel).open(alice)
        busy = await fake.run_slash(bob, channel, "citadels start", {})
        answer = await private_reply(busy)
        assert "`/lifeboat end`" in answer
        assert answer == t("lobby.channel_busy", None, command="/lifeboat end")
        chinese = await fake.run_slash(bob, channel, "lifeboat start", {}, locale="zh-CN")
        assert "`/lifeboat end`" in await private_reply(chinese), "names stay English"
    assert fake.client_errors == []


async def test_a_stale_board_click_shows_the_current_board(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """Rule: a click on a board the game has moved past changes nothing and answers, privately,
    with the board as it is now and the "My hand" button."""
    fake = fake_discord
    alice = fake.create_user("alice")
    channel = fake.text_channel(fake.create_guild("Game night", members=[alice]))
    async with parlor(tmp_path, fake) as client:
        table = await start_table(fake, client, channel, [alice], bots=3)
        live = await advance_until(table, {0: alice}, lambda lv: lv.version >= 2)
        clicked_at = live.version  # the match in memory moves on with the bots
        board = await table.board()
        stale = await fake.raw_component(alice, board, f"pl:b:{live.id}:0:0:0")
        callback = await stale.wait_callback()
        assert callback.accepted and callback.ephemeral
        answer = await stale.wait_original()
        assert answer.content.startswith(t("act.stale"))
        assert answer.embeds, "the current board is shown"
        # The board as it was when answered (the public one may still be catching up with the
        # bots, and they may have moved since): one drawn at a version the click came after.
        now = await table.live()
        game, state = now.game, now.game.setup(len(now.seats), now.record.options,
                                               seed=now.record.seed)
        titles = set()
        for version, entry in enumerate(await client.parlor.repo.actions(now.id)):
            if version >= clicked_at:
                drawn = dataclasses.replace(now, state=state)
                titles.add(client.parlor.desk.board(drawn, alice.locale)[1][0].title)
            state = game.apply(state, game.parse_action(entry.action)).state
        titles.add(client.parlor.desk.board(now, alice.locale)[1][0].title)
        assert answer.embeds[0].get("title") in titles
        assert f"pl:h:{live.id}" in answer.custom_ids()
    assert fake.client_errors == []


async def test_the_lobby_options_work_for_a_match_no_longer_in_memory(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """Rule: a lobby's option select needs nothing but its custom id (the match and the
    select): a process that holds no view and has not loaded the match reads it."""
    fake = fake_discord
    alice = fake.create_user("alice")
    channel = fake.text_channel(fake.create_guild("Game night", members=[alice]))
    async with parlor(tmp_path, fake) as client:
        table = Table(fake, client, channel)
        lobby = await table.open(alice)
        assert table.match_id is not None
        client.parlor.service.forget(table.match_id)
        chosen = await fake.select(alice, lobby, f"pl:l:{table.match_id}:t0", ["quick"])
        assert chosen.callback.accepted and not chosen.callback.ephemeral
        # Loading came first (the click was deferred); the lobby is edited once it is done.
        quick = t("lifeboat.option.quick")
        await fake.wait_for(lambda: quick in lobby.text(), what="the lobby to show Quick")
        assert (await table.live()).record.options["quick"] is True
        stored = await client.parlor.repo.get_match(table.match_id)
        assert stored.options["quick"] is True, "the options are saved"
    assert fake.client_errors == []


async def test_the_host_sets_optional_numbers_and_sets_of_words_in_the_lobby(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """Rule: every option a table starts with can be set in its lobby: Zombie in My Pocket's
    starting health and extra zombies (a number, or back to the player count's), the haunted
    house's haunts in play (ticking none means all of them) and haunts played."""
    fake = fake_discord
    alice = fake.create_user("alice")
    guild = fake.create_guild("Game night", members=[alice])
    async with parlor(tmp_path, fake) as client:
        table = Table(fake, client, fake.text_channel(guild))
        lobby = await table.open(alice, "zombie")
        first, second = f"pl:l:{table.match_id}:c0", f"pl:l:{table.match_id}:c1"
        assert (await fake.select(alice, lobby, first, ["start_health=3"])).callback.accepted
        assert (await fake.select(alice, lobby, second, ["extra_zombies=-1"])
                ).callback.accepted
        options = (await table.live()).record.options
        assert (options["start_health"], options["extra_zombies"]) == (3, -1)
        assert t("zombie.option.start_health", None, health=3) in lobby.text()
        labels = [o["label"] for o in (lobby.find_component(first) or {})["options"]]
        assert "✓ " + t("zombie.option.start_health.number", None, value=3) in labels
        await fake.select(alice, lobby, first, ["start_health=null"])
        assert (await table.live()).record.options["start_health"] is None
        await table.lobby_click(alice, "addbot")
        assert (await table.lobby_click(alice, "start")).callback.accepted
        live = await table.live()
        # The bot may have moved (and fought) already: the health the table started with is
        # what its options set up.
        options = live.state.options
        assert (options.start_health, options.extra_zombies) == (None, -1)
        started = live.game.setup(len(live.seats), options, seed=live.record.seed)
        assert all(p.health == options.doom(2).health for p in started.players)
        await wait_board_current(fake, client, live.id)  # the start's work is done

    async with parlor(tmp_path / "haunt", fake) as client:
        table = Table(fake, client, fake.text_channel(guild))
        lobby = await table.open(alice, "haunt")
        haunts, played = f"pl:l:{table.match_id}:s0", f"pl:l:{table.match_id}:s1"
        offered = [o["value"] for o in (lobby.find_component(haunts) or {})["options"]]
        chosen = offered[:2]
        assert (await fake.select(alice, lobby, haunts, chosen)).callback.accepted
        assert (await table.live()).record.options["haunts"] == chosen
        ticked = {o["value"] for o in (lobby.find_component(haunts) or {})["options"]
                  if o.get("default")}
        assert ticked == set(chosen)
        await fake.select(alice, lobby, played, [offered[0]])
        assert (await table.live()).record.options["played"] == [offered[0]]
        await fake.select(alice, lobby, haunts, [])
        assert (await table.live()).record.options["haunts"] is None, "none ticked: all"
        odd = await fake.raw_component(alice, lobby, haunts, ["no_such_haunt"], 3)
        assert await private_reply(odd) == t("act.malformed")
    assert fake.client_errors == []
