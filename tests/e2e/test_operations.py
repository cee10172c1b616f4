"""Running tables for real servers: AFK and leaving (a bot keeps the seat), moderators'
controls, server settings checked on the server side, stats and history."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from storage import MatchStatus
from tests.e2e.parlor import advance_until, parlor, private_reply, start_table
from tests.fakediscord import FakeDiscord
from tests.shown import t

MEMBER = 0x800 | 0x400  # Send Messages and View Channel: no Manage Server


async def test_missed_turns_hand_the_seat_to_a_bot_until_the_player_takes_it_back(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    alice = fake.create_user("alice")
    guild = fake.create_guild("G", members=[alice])
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake, default_turn_seconds=1) as client:
        table = await start_table(fake, client, channel, [alice], bots=3)
        notice = t("seat.to_bot.afk", mention=alice.mention, seat="alice")
        await fake.wait_for_message(channel, lambda m: m.content == notice, timeout=15)
        live = await table.live()
        assert live.seats[0].is_bot and live.seats[0].user_id == alice.id
        log = await client.parlor.repo.actions(live.id)
        assert [e.source for e in log if e.seat == 0][:2] == ["timer", "timer"]

        panel = await table.open_panel(alice)
        assert panel.content == t("panel.bot_holds_seat")
        back = await fake.click(alice, panel, f"pl:seat:{live.id}:back")
        assert (await back.wait_callback()).accepted
        await fake.wait_for_message(channel, lambda m: m.content == t("seat.taken_back",
                                                                      seat="alice"))
        live = await table.live()
        assert not live.seats[0].is_bot
        assert live.status if False else live.record.status == MatchStatus.ACTIVE


async def test_leaving_mid_game_asks_first_then_hands_the_seat_to_a_bot(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    guild = fake.create_guild("G", members=[alice, bob])
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake) as client:
        table = await start_table(fake, client, channel, [alice, bob], bots=2)
        panel = await table.open_panel(bob)
        live = await table.live()
        ask = await fake.click(bob, panel, f"pl:seat:{live.id}:leave")
        assert (await ask.wait_callback()).type == 7
        assert panel.content == t("panel.leave_question")
        # The question stays where it is asked: no redraw of the panel as the game moves on
        # replaces it before the player answers.
        assert 1 not in client.parlor.panels.following(live.id)
        assert not (await table.live()).seats[1].is_bot, "asking is not leaving"
        confirm = await fake.click(bob, panel, f"pl:seat:{live.id}:leaveyes")
        assert (await confirm.wait_callback()).accepted
        await fake.wait_for_message(
            channel, lambda m: m.content == t("seat.to_bot.left", mention=bob.mention,
                                              seat="bob"))
        assert (await table.live()).seats[1].is_bot


async def test_moderators_kick_players_and_ordinary_members_cannot(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    alice, bob, mod = fake.create_user("alice"), fake.create_user("bob"), fake.create_user("mod")
    guild = fake.create_guild("G", members=[alice, bob, mod])
    fake.set_member_permissions(guild, alice, MEMBER)
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake) as client:
        table = await start_table(fake, client, channel, [alice, bob], bots=2)
        await advance_until(table, {0: alice, 1: bob}, lambda live: live.version >= 4)
        log = await fake.run_slash(alice, channel, "parlor log")
        await log.wait_callback()
        (followup,) = await log.wait_followups(1)
        assert followup.ephemeral
        # The log holds the table's public lines: some event's own words are in it (which
        # events the first moves hold depends on the bots' choices).
        words = {part.strip() for event in (await table.live()).recent
                 for part in re.split(r"\{[^}]*\}", t(event.key)) if len(part.strip()) > 3}
        assert any(part in (followup.content or "") for part in words)
        refused = await fake.run_slash(alice, channel, "parlor kick", {"member": bob})
        assert await private_reply(refused) == t("command.no_permission")
        assert not (await table.live()).seats[1].is_bot
        kicked = await fake.run_slash(mod, channel, "parlor kick", {"member": bob})
        assert await private_reply(kicked) == t("kick.done", who=bob.mention)
        live = await table.live()
        assert live.seats[1].is_bot and live.seats[1].user_id is None, "no way back"
        panel = await fake.click(bob, await table.board(), f"pl:h:{live.id}")
        assert await private_reply(panel) == t("panel.not_a_player")


async def test_server_settings_are_checked_on_the_server_and_limit_where_tables_start(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    alice, mod = fake.create_user("alice"), fake.create_user("mod")
    guild = fake.create_guild("G", members=[alice, mod], channels=("general", "games"))
    fake.set_member_permissions(guild, alice, MEMBER)
    general, games = fake.text_channel(guild, "general"), fake.text_channel(guild, "games")
    async with parlor(tmp_path, fake):
        refused = await fake.run_slash(alice, general, "parlor config", {"turn_seconds": 30})
        assert await private_reply(refused) == t("command.no_permission")
        saved = await fake.run_slash(mod, general, "parlor config",
                                     {"host_channel": games, "afk_turns": 3,
                                      "turn_seconds": 45})
        assert (await saved.wait_callback()).ephemeral
        text = (await saved.wait_original()).text()
        assert games.mention in text and "3" in text
        elsewhere = await fake.run_slash(alice, general, "lifeboat start", {})
        assert await private_reply(elsewhere) == t("command.host_channel_required",
                                                    channels=games.mention)
        here = await fake.run_slash(alice, games, "lifeboat start", {})
        callback = await here.wait_callback()
        assert callback.accepted and not callback.ephemeral
        off = await fake.run_slash(mod, general, "parlor config",
                                   {"game": "lifeboat", "enabled": False})
        assert (await off.wait_callback()).accepted
        again = await fake.run_slash(alice, games, "lifeboat start", {})
        assert await private_reply(again) in {t("command.game_disabled"),
                                               t("lobby.channel_busy")}


async def test_stats_history_and_the_spoiler_replay_of_a_finished_table(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    alice = fake.create_user("alice")
    guild = fake.create_guild("G", members=[alice])
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake) as client:
        table = await start_table(fake, client, channel, [alice], bots=3)
        running_replay = await fake.run_slash(alice, channel, "parlor replay",
                                              {"match": table.match_id})
        assert await private_reply(running_replay) == t("history.still_running")
        final = await table.play_to_the_end({0: alice}, seed=2, clicks=False)
        await asyncio.sleep(0.05)
        stats = await fake.run_slash(alice, channel, "parlor stats", {})
        assert (await stats.wait_callback()).ephemeral
        stats_text = (await stats.wait_original()).text()
        assert t("stats.line", games=1, wins=int(0 in final.outcome().winners),  # type: ignore[union-attr]
                 average=f"{final.outcome().scores[0]:.1f}") in stats_text  # type: ignore[union-attr]
        history = await fake.run_slash(alice, channel, "parlor history", {})
        assert f"#{final.id}" in (await history.wait_original()).text()
        replay = await fake.run_slash(alice, channel, "parlor replay", {"match": final.id})
        await replay.wait_callback()
        (followup,) = await replay.wait_followups(1)
        assert followup.ephemeral
        (attachment,) = followup.attachments
        assert attachment["filename"].startswith("SPOILER_")
        board = await fake.run_slash(alice, channel, "parlor leaderboard",
                                     {"include_bot_games": True})
        assert alice.mention in (await board.wait_original()).text()


async def test_the_running_bot_tunes_the_interpreter_and_puts_it_back_on_close(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """The collector's thresholds and the GIL's switch interval (bot/collector.py,
    bot/switching.py) hold while the bot runs; closing restores CPython's."""
    import gc
    import sys

    from bot.collector import THRESHOLDS
    from bot.switching import SWITCH_INTERVAL

    before = (sys.getswitchinterval(), gc.get_threshold())
    assert before[0] != SWITCH_INTERVAL
    async with parlor(tmp_path, fake_discord):
        assert sys.getswitchinterval() == SWITCH_INTERVAL
        assert gc.get_threshold() == THRESHOLDS
    assert (sys.getswitchinterval(), gc.get_threshold()) == before
