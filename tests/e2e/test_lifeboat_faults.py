"""Bad input and bad luck at a Lifeboat table: each gets a clear answer and changes nothing;
no action is ever lost or applied twice. Where a table is played to its end after its fault,
the people's moves go through the match service (``clicks=False``): what follows the fault is
checked, and the clicks of a whole table are ``test_lifeboat_table.py``'s."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiohttp

from bot.renderers import renderer_for
from games.core.conformance import replay
from storage import MatchStatus
from tables.service import MatchChange
from tests.e2e.parlor import (
    advance_until,
    make_client,
    make_settings,
    parlor,
    private_reply,
    public_payloads,
    start_table,
    wait_board_current,
    waiting_on_board,
)
from tests.fakediscord import FakeDiscord, running
from tests.shown import t


def _action_button(live, seat: int, kind: str) -> str:  # type: ignore[no-untyped-def]
    """The board button of the seat's action ``kind`` (numbered among the board's actions)."""
    prompt = live.game.prompt_for(live.state, seat)
    index = next(i for i, a in enumerate(prompt.actions) if a.kind == kind)
    shown = renderer_for(live.record.game).board_actions(
        live, live.game.view(live.state, None), prompt)
    place = shown.index(index)
    return f"pl:b:{live.id}:{live.version}:{seat}:{place}"


def _panel_button(live, seat: int, kind: str) -> str:  # type: ignore[no-untyped-def]
    prompt = live.game.prompt_for(live.state, seat)
    index = next(i for i, a in enumerate(prompt.actions) if a.kind == kind)
    return f"pl:a:{live.id}:{live.version}:{seat}:{index}"


async def test_strangers_and_other_players_cannot_use_a_seats_buttons(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    users = [fake.create_user(n) for n in ("alice", "bob", "carol", "dave")]
    eve = fake.create_user("eve")
    guild = fake.create_guild("G", members=[*users, eve])
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake) as client:
        table = await start_table(fake, client, channel, users)
        humans = dict(enumerate(users))
        live = await advance_until(table, humans,
                                   lambda lv: waiting_on_board(lv, "take_action") is not None)
        seat = waiting_on_board(live, "take_action")
        assert seat is not None
        version = live.version
        button = _action_button(live, seat, "do_nothing")
        board = await table.board_showing(button)
        other = users[(seat + 1) % 4]

        stranger = await fake.click(eve, board, button)
        assert await private_reply(stranger) == t("act.not_a_player")
        intruder = await fake.click(other, board, button)
        assert await private_reply(intruder) == t("act.not_your_seat")
        hand = await fake.click(eve, board, f"pl:h:{live.id}")
        assert await private_reply(hand) == t("panel.not_a_player")
        assert (await table.live()).version == version
        assert len(await client.parlor.repo.actions(live.id)) == version


async def test_a_double_click_applies_once_and_an_old_button_is_told_the_game_moved_on(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    users = [fake.create_user(n) for n in ("alice", "bob", "carol", "dave")]
    guild = fake.create_guild("G", members=users)
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake) as client:
        table = await start_table(fake, client, channel, users)
        humans = dict(enumerate(users))
        live = await advance_until(table, humans,
                                   lambda lv: waiting_on_board(lv, "take_action") is not None)
        seat = waiting_on_board(live, "take_action")
        assert seat is not None
        version = live.version
        button = _action_button(live, seat, "do_nothing")
        board = await table.board_showing(button)
        user = users[seat]
        old_panel = await table.open_panel(user)  # opened before the move: it goes stale
        panel_button = _panel_button(live, seat, "do_nothing")
        assert panel_button in old_panel.custom_ids()
        # Only the newest panel a player opened follows the game (bot/panels.py): the older
        # one keeps the buttons it was drawn with.
        await table.open_panel(user)
        first, second = await asyncio.gather(
            fake.click(user, board, button, wait=False), fake.click(user, board, button,
                                                                    wait=False))
        callbacks = [await first.wait_callback(), await second.wait_callback()]
        assert all(c.accepted for c in callbacks)
        after = await table.live()
        assert after.version == version + 1, "exactly one of the two clicks applied"
        log = await client.parlor.repo.actions(live.id)
        assert [e.version for e in log] == list(range(version + 1))
        assert log[-1].action["kind"] == "do_nothing"
        refused = [r for r, c in zip((first, second), callbacks, strict=True) if c.ephemeral]
        assert len(refused) == 1
        assert (await refused[0].wait_original()).content.startswith(t("act.stale"))

        # The same move from the panel opened before it: told the game moved on, shown the
        # current panel instead, and nothing changes.
        stale = await fake.click(user, old_panel, panel_button)
        callback = await stale.wait_callback()
        assert callback.accepted and callback.type == 7
        assert str((await stale.wait_original()).content).startswith(t("act.stale"))
        assert panel_button not in old_panel.custom_ids()
        assert (await table.live()).version == version + 1


async def test_an_opening_dm_discord_cannot_take_now_is_sent_again(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """Rate limits past discord.py's own five tries on bob's DM: his secrets are sent again a
    moment later (not a "your DMs are closed" note), and nothing is logged as an error."""
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    channel = fake.text_channel(fake.create_guild("G", members=[alice, bob]))
    dm = fake.open_dm_channel(bob)
    refused = fake.fail_next("POST", f"/channels/{dm.id}/messages", 429, retry_after=0.01,
                             count=5)
    async with parlor(tmp_path, fake) as client:
        await start_table(fake, client, channel, [alice, bob], bots=2)
        await fake.wait_for(lambda: refused.remaining == 0, what="the five refusals")
        await fake.wait_for(lambda: bool(fake.dm_messages(bob)), timeout=10,
                            what="bob's opening DM, sent again")
        assert t("dm.opening", game=t("lifeboat.title")) in fake.dm_messages(bob)[0].content
        assert fake.dm_messages(alice)
        assert not [m for m in fake.messages_in(channel) if bob.mention in m.content], \
            "no closed-DM note: bob's DMs are open"


async def test_a_closed_dm_falls_back_to_a_secret_free_mention(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    guild = fake.create_guild("G", members=[alice, bob])
    channel = fake.text_channel(guild)
    fake.close_dms(bob)
    async with parlor(tmp_path, fake) as client:
        table = await start_table(fake, client, channel, [alice, bob], bots=2)
        note = await fake.wait_for_message(channel, lambda m: bob.mention in m.content)
        assert t("dm.closed", mentions=bob.mention) == note.content
        assert fake.dm_messages(alice), "alice still got her secrets"
        live = await table.live()
        panel = await table.open_panel(bob)  # bob reads his secrets privately instead
        me = live.game.view(live.state, 1).me
        assert t(f"lifeboat.character.{me.love}") in panel.text()
        assert panel.ephemeral
    for text in public_payloads(fake):
        assert t("lifeboat.panel.love") not in text
    assert fake.client_errors == []


async def test_a_storm_of_429s_slows_the_table_but_loses_nothing(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    alice = fake.create_user("alice")
    guild = fake.create_guild("G", members=[alice])
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake) as client:
        fake.fail_next("*", "/channels/*/messages*", 429, retry_after=0.02, count=12)
        table = await start_table(fake, client, channel, [alice], bots=3)
        final = await table.play_to_the_end({0: alice}, seed=5, clicks=False)
        log = await client.parlor.repo.actions(final.id)
        assert [e.version for e in log] == list(range(len(log)))
        game = final.game
        rebuilt = replay(game, 4, [game.parse_action(e.action) for e in log],
                         seed=final.record.seed, options=final.record.options)
        assert rebuilt == final.state
        await fake.wait_for_message(channel, lambda m: t("lifeboat.reveal.title") in m.text())
    assert [r for r in fake.requests if r.status == 429]


async def test_a_bot_stopped_mid_game_resumes_from_the_old_board(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """Stop the bot mid-game, start a new process on the same database: the old board's
    buttons work, bots and timers resume, nothing is lost or doubled. (Every action is
    committed before it is answered, so a kill loses no more than a stop; the SIGKILL soak
    test of a separate process is in tests/soak.)"""
    fake = fake_discord
    users = [fake.create_user(n) for n in ("alice", "bob")]
    guild = fake.create_guild("G", members=users)
    channel = fake.text_channel(guild)
    settings = make_settings(tmp_path, fake)
    first = make_client(settings)
    task = asyncio.create_task(first.start(fake.token))
    await fake.wait_for(first.is_ready, what="first process ready")
    table = await start_table(fake, first, channel, users, bots=2)
    humans = dict(enumerate(users))
    live = await advance_until(table, humans,
                               lambda lv: lv.version >= 12 and
                               waiting_on_board(lv, "take_action") in humans)
    seat = waiting_on_board(live, "take_action")
    assert seat is not None
    version = live.version
    button = _action_button(live, seat, "do_nothing")
    old_board = await table.board_showing(button)
    await first.close()
    await asyncio.gather(task, return_exceptions=True)

    second = make_client(settings)
    async with running(second, fake):
        table.client = second
        resumed = await second.parlor.service.get(live.id)
        assert resumed.version == version
        assert resumed.state == live.state
        click = await fake.click(users[seat], old_board, button)
        assert click.callback is not None and click.callback.accepted
        assert not click.callback.ephemeral, "the old board answered with the new board"
        final = await table.play_to_the_end(humans, seed=9, clicks=False)
        log = await second.parlor.repo.actions(final.id)
        assert [e.version for e in log] == list(range(len(log)))
        assert log[version].action["kind"] == "do_nothing"
        assert final.record.status == MatchStatus.FINISHED


async def test_a_table_finished_while_the_client_closes_leaves_its_reveal_to_the_next(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """A click saved while the client closes (its table finished) must not start a reveal
    against the closing repository: the Desk drops work asked for after it stopped, and the
    next process posts the missing reveal."""
    fake = fake_discord
    alice = fake.create_user("alice")
    guild = fake.create_guild("G", members=[alice])
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake) as client:
        table = await start_table(fake, client, channel, [alice], bots=3)
        live = await client.parlor.service.get(table.match_id or 0)
    desk = client.parlor.desk
    await desk.on_change(MatchChange(kind="finished", live=live, source="bot"))
    await desk.on_change(MatchChange(kind="acted", live=live, source="bot"))
    assert not desk._background and not desk._edits, "work started after the Desk stopped"


async def test_a_final_board_edit_cut_off_is_tried_again_and_the_reveal_still_posted(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """Discord's connection dropped under the last board edit (aiohttp's "server
    disconnected"): the edit is tried again with back-off, the reveal is posted all the same,
    and nothing is logged as an error."""
    fake = fake_discord
    alice = fake.create_user("alice")
    guild = fake.create_guild("G", members=[alice])
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake) as client:
        desk = client.parlor.desk
        edit = desk._edit_board
        cut: list[int] = []

        async def cut_once_at_the_end(match_id: int) -> None:
            live = await client.parlor.service.get(match_id)
            if live.record.status == MatchStatus.FINISHED and not cut:
                cut.append(match_id)
                raise aiohttp.ServerDisconnectedError()
            await edit(match_id)

        desk._edit_board = cut_once_at_the_end  # type: ignore[method-assign]
        table = await start_table(fake, client, channel, [alice], bots=3)
        final = await table.play_to_the_end({0: alice}, seed=3, clicks=False)
        # The end's edit runs in the background, after the move that ended the game.
        await fake.wait_for(lambda: cut, what="the final board edit to be cut off")
        assert cut == [final.id]
        board = await wait_board_current(fake, client, final.id, timeout=30)
        assert board.content == t("board.finished")
        title = t("lifeboat.reveal.title")
        await fake.wait_for_message(channel, lambda m: title in m.text(), timeout=30)


async def test_a_turn_timer_warns_then_plays_the_default_move(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    alice = fake.create_user("alice")
    guild = fake.create_guild("G", members=[alice])
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake, default_turn_seconds=1) as client:
        table = await start_table(fake, client, channel, [alice], bots=3)

        def timed_out() -> bool:
            return any(e.source == "timer" for e in timer_log)

        timer_log: list = []  # type: ignore[type-arg]

        async def poll() -> bool:
            timer_log[:] = await client.parlor.repo.actions(table.match_id or 0)
            return timed_out()

        for _ in range(400):
            if await poll():
                break
            await asyncio.sleep(0.01)
        assert timed_out(), "the timer never played for alice"
        warning = t("timer.warning", game=t("lifeboat.title"), seconds=0,
                    channel=f"<#{channel.id}>").split("(")[0]
        assert any(warning in m.content for m in fake.dm_messages(alice)[1:])
        entry = next(e for e in timer_log if e.source == "timer")
        assert entry.user_id is None and entry.seat == 0


async def test_lost_permissions_pause_the_table_and_the_host_resumes_it(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    guild = fake.create_guild("G", members=[alice, bob])
    fake.set_member_permissions(guild, bob, 0x800 | 0x400)  # an ordinary member
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake) as client:
        table = await start_table(fake, client, channel, [alice, bob], bots=2)
        humans = {0: alice, 1: bob}
        live = await advance_until(table, humans, lambda lv: lv.version >= 2 and any(
            p.blocking and p.seat in humans for p in lv.pending()))
        fake.fail_next("PATCH", "/channels/*/messages/*", 403, code=50013)
        seat = next(p.seat for p in live.pending() if p.blocking)
        await table.play_human_move(humans[seat], seat, __import__("random").Random(1))
        await fake.wait_for(lambda: any("⏸️" in m.content for m in fake.dm_messages(alice)),
                            what="the host told about the pause")
        paused = await table.live()
        assert paused.record.status == MatchStatus.PAUSED
        version = paused.version
        refused = await fake.click(bob, await table.board(), f"pl:h:{paused.id}")
        assert await private_reply(refused) == t("match.paused", command="/lifeboat resume")
        not_host = await fake.run_slash(bob, channel, "lifeboat resume", {})
        assert await private_reply(not_host) == t("lobby.host_only")
        assert (await table.live()).record.status == MatchStatus.PAUSED
        resumed = await fake.run_slash(alice, channel, "lifeboat resume", {})
        assert await private_reply(resumed) == t("resume.done")
        assert (await table.live()).record.status == MatchStatus.ACTIVE
        assert (await table.live()).version == version, "nothing was lost or added"
        final = await table.play_to_the_end(humans, seed=4, clicks=False)
        assert final.record.status == MatchStatus.FINISHED
