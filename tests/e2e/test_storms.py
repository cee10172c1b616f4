"""Error storms from Discord: rate limits (429), server errors (500), the board deleted (10008),
the bot's permissions taken away (50013) and the channel deleted (10003). The table recovers —
waits and retries, re-posts its board, or pauses and tells the host — and nothing is lost: the
log stays whole and replays, the board ends up showing the game as it is. Every storm blows on a
table of every registered game. After its faults a table plays some moves more (the game goes
on), its log replays and its board catches up; the tables whose board is deleted again and again
are played to their end (a short variant where the game has one: ``SHORT_TABLES``), which must
be shown on the last board with one reveal. Whole tables through the client are also the public
payloads' (``test_public_payloads.py``)."""

from __future__ import annotations

import asyncio
import os
import random
from pathlib import Path

import pytest

from storage import MatchStatus
from tests.e2e.parlor import (
    Table,
    advance_until,
    assert_log_replays,
    board_message,
    parlor,
    start_table,
    wait_board_current,
)
from tests.every_game import bot_pace, hosted_games, reveal_title, short_table
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser
from tests.fakediscord.faults import FaultRule
from tests.shown import t

MESSAGES = "/channels/{channel_id}/messages"
STALL_SECONDS = 15.0
MESSAGE = "/channels/{channel_id}/messages/{message_id}"
# Moves a table plays once its faults have all come, to show that the game goes on.
MOVES_AFTER = 6
# Waves of 429s in the rate-limit storm (twice as many with PARLOR_SOAK=1).
WAVES_429 = 40 if os.environ.get("PARLOR_SOAK") == "1" else 20

every_game = pytest.mark.parametrize("game", hosted_games())
# Not about how the bots play: slow ones play quick moves (tests.every_game.SLOW_BOTS).
pytestmark = pytest.mark.usefixtures("quick_bots")


async def _hand_seat_to_bot(fake: FakeDiscord, table: Table, user: FakeUser) -> None:
    panel = await table.open_panel(user)
    for op in ("leave", "leaveyes"):
        click = await fake.click(user, panel, f"pl:seat:{table.match_id}:{op}")
        assert (await click.wait_callback()).accepted
        panel = await click.wait_original()


async def _bots_finish(table: Table) -> None:
    """Waits while the bots keep moving, not for a fixed time: a long table (Catan's hundreds
    of moves, 30 ms apart at the least) takes as long as it takes; a stalled one is caught in
    ``STALL_SECONDS``."""
    loop = asyncio.get_running_loop()
    version, moved = -1, loop.time()
    while loop.time() - moved < STALL_SECONDS:
        live = await table.live()
        if live.record.status == MatchStatus.FINISHED:
            return
        if live.version != version:
            version, moved = live.version, loop.time()
        await asyncio.sleep(0.01)


async def _finished_and_shown(fake: FakeDiscord, table: Table) -> None:
    """Over; the log replays; the board shows the end; the reveal was posted once."""
    live = await table.live()
    assert live.record.status == MatchStatus.FINISHED
    await assert_log_replays(table.client.parlor.repo, live.id)
    shown = await wait_board_current(fake, table.client, live.id)
    assert shown.content == t("board.finished") and not shown.custom_ids()
    title = reveal_title(live.record.game)
    await fake.wait_for_message(table.channel, lambda m: title in m.text())
    assert len([m for m in fake.messages_in(table.channel) if title in m.text()]) == 1


async def _goes_on_and_shown(fake: FakeDiscord, table: Table,
                             humans: dict[int, FakeUser]) -> None:
    """Once the faults have come, the people play ``MOVES_AFTER`` moves more (the game goes
    on; a short game may end meanwhile): the log replays — nothing lost, nothing doubled —
    and the board catches up with the game as it is (an ended one: ``_finished_and_shown``)."""
    live = await table.live()
    target = live.version + MOVES_AFTER
    live = await advance_until(table, humans,
                               lambda lv: lv.outcome() is not None or lv.version >= target,
                               seed=live.version)
    if live.outcome() is not None:
        await _finished_and_shown(fake, table)
        return
    await assert_log_replays(table.client.parlor.repo, live.id)
    await wait_board_current(fake, table.client, live.id)


def _new_board(fake: FakeDiscord, table: Table, old: int) -> FakeMessage | None:
    """The table's board once it is a message other than ``old``."""
    for message in reversed(fake.messages_in(table.channel)):
        if message.id != old and not message.deleted and \
                f"pl:h:{table.match_id}" in message.custom_ids():
            return message
    return None


async def _wait_version(table: Table, at_least: int, timeout: float = 10.0) -> None:
    """Until the game reaches ``at_least`` actions (or ends before it: a short game)."""
    for _ in range(int(timeout / 0.01)):
        live = await table.live()
        if live.version >= at_least or live.record.status == MatchStatus.FINISHED:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"the game never reached version {at_least}")


@every_game
async def test_a_429_storm_slows_the_game_but_loses_nothing(
    tmp_path: Path, fake_discord: FakeDiscord, game: str
) -> None:
    """``WAVES_429`` waves (20; 40 with PARLOR_SOAK=1) of two 429s on the channel routes (every
    fifth global), a run of seven on
    the board's edit and two on a click's callback. discord.py waits each one out and tries
    again, up to five times; past that the Desk tries the board again after a pause. Every
    click is still answered in time and the game loses nothing. Once the storm has blown
    over, the table goes on."""
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    channel = fake.text_channel(fake.create_guild("G", members=[alice, bob]))
    rules: list[tuple[FaultRule, int]] = []

    async def wave(method: str, route: str, count: int, *, is_global: bool = False) -> None:
        while fake.faults.pending():  # one wave at a time, so no request meets two
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.03)
        rules.append((fake.fail_next(method, route, 429, retry_after=0.02, count=count,
                                     is_global=is_global), count))

    async def storm() -> None:
        for number in range(WAVES_429):
            await wave("*", "/channels/*", 2, is_global=number % 5 == 4)
        await wave("PATCH", MESSAGE, 7)
        # discord.py tries an interaction callback five times: stay below that.
        await wave("POST", "/interactions/*/*/callback", 2)

    async with parlor(tmp_path, fake) as client:
        table = await start_table(fake, client, channel, [alice, bob], game=game, bots=2)
        storming = asyncio.create_task(storm())
        # The players take their time while the storm blows: a short game (Zombie in My
        # Pocket's) would otherwise end before the storm has reached it.
        await table.play_to_the_end({0: alice, 1: bob}, seed=7, think_while=storming,
                                    until=storming.done)
        storming.cancel()
        await _goes_on_and_shown(fake, table, {0: alice, 1: bob})
    fired = sum(count - rule.remaining for rule, count in rules)
    for rule, _ in rules:
        rule.remaining = 0  # the game may end before the storm does
    assert fired >= 20, "the storm hit the table"
    assert len([r for r in fake.requests if r.cause == "injected"]) == fired
    assert fake.client_errors == []


@every_game
async def test_board_edits_slowed_by_a_429_still_end_showing_the_last_move_and_the_end(
    tmp_path: Path, fake_discord: FakeDiscord, game: str
) -> None:
    """Two regressions on one table of four people. Two moves while one board edit sleeps on
    a 429: the edit renders the first, and the board must still end up showing the second
    (the Desk once recorded the version reached during the edit as the one it had rendered,
    and stopped there). Then the host ends the game while the edit of the next move waits out
    a 429: the board must end up saying the game was ended, without buttons (the slowed edit
    once landed last and left a cancelled table showing live buttons)."""
    fake = fake_discord
    users = [fake.create_user(n) for n in ("alice", "bob", "carol", "dave")]
    channel = fake.text_channel(fake.create_guild("G", members=users))
    humans = dict(enumerate(users))
    async with parlor(tmp_path, fake) as client:
        table = await start_table(fake, client, channel, users, game=game)
        live = await advance_until(table, humans, lambda lv: lv.version >= 3)
        await wait_board_current(fake, client, live.id)
        fake.fail_next("PATCH", MESSAGE, 429, retry_after=0.5)
        version = live.version
        rng = random.Random(1)
        for _ in range(2):
            live = await table.live()
            seat = next(p.seat for p in live.pending() if p.blocking)
            assert await table.play_human_move(humans[seat], seat, rng)
            await asyncio.sleep(0.15)  # the first edit is now waiting out its 429
        assert (await table.live()).version == version + 2
        await wait_board_current(fake, client, live.id, timeout=5)

        live = await table.live()
        fake.fail_next("PATCH", MESSAGE, 429, retry_after=0.5)
        seat = next(p.seat for p in live.pending() if p.blocking)
        assert await table.play_human_move(humans[seat], seat, random.Random(1))
        await asyncio.sleep(0.15)  # the edit of that move is now waiting out its 429
        ended = await fake.run_slash(users[0], channel, f"{game} end", {})
        assert (await ended.wait_callback()).accepted
        assert (await table.live()).record.status == MatchStatus.CANCELLED
        await asyncio.sleep(0.6)  # the slowed edit lands
        board = await board_message(fake, client, live.id)
        assert board is not None
        assert board.content == t("board.cancelled") and not board.custom_ids()
    assert fake.client_errors == []


@every_game
async def test_a_500_storm_is_retried_and_the_table_goes_on(
    tmp_path: Path, fake_discord: FakeDiscord, game: str
) -> None:
    """Server errors on the board's post and edits, a DM and a click's callback: each is
    tried again (discord.py waits a second per 5xx) and the game loses nothing. Once every
    fault has come, the table goes on."""
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    channel = fake.text_channel(fake.create_guild("G", members=[alice, bob]))
    async with parlor(tmp_path, fake) as client:
        fake.fail_next("POST", MESSAGES, 500)
        fake.fail_next("POST", "/users/@me/channels", 502)
        table = await start_table(fake, client, channel, [alice, bob], game=game, bots=2)
        await fake.wait_for(lambda: fake.dm_messages(alice) and fake.dm_messages(bob),
                            what="the opening DMs, despite the 502")
        fake.fail_next("PATCH", MESSAGE, 500)
        fake.fail_next("POST", "/interactions/*/*/callback", 500)
        await table.play_to_the_end({0: alice, 1: bob}, seed=8,
                                    until=lambda: not fake.faults.pending())
        await _goes_on_and_shown(fake, table, {0: alice, 1: bob})
    assert len([r for r in fake.requests if r.cause == "injected"]) == 4
    assert fake.client_errors == []


@every_game
async def test_a_board_deleted_again_and_again_is_posted_anew_each_time(
    tmp_path: Path, fake_discord: FakeDiscord, game: str
) -> None:
    """A moderator deletes the board three times mid-game (and Discord answers 10008 to three
    more edits): each time a new board is posted with the current state, the game goes on to
    its end, shown on the last board (a short table: the end is what is checked, not how
    long the way to it is)."""
    fake = fake_discord
    alice = fake.create_user("alice")
    channel = fake.text_channel(fake.create_guild("G", members=[alice]))
    async with parlor(tmp_path, fake, bot_move_delay=0.03 * bot_pace(game)) as client:
        table = await start_table(fake, client, channel, [alice], game=game, bots=3,
                                  options=short_table(game))
        await _hand_seat_to_bot(fake, table, alice)
        boards = set()
        board = await board_message(fake, client, table.match_id or 0)
        for _ in range(3):
            assert board is not None and not board.deleted
            boards.add(board.id)
            fake.delete_message(board)
            live = await table.live()
            await _wait_version(table, live.version + 2)
            # The next board is posted anew (bots keep moving meanwhile, faster than a board
            # of bots is edited, so it shows the current state only once the game waits).
            replaced = await fake.wait_for(
                lambda old=board.id: _new_board(fake, table, old), timeout=10,
                what="a new board posted")
            assert replaced.id != board.id
            board = replaced
        fake.fail_next("PATCH", MESSAGE, 404, code=10008, count=3)
        await fake.wait_for(lambda: not fake.faults.pending(), timeout=10,
                            what="three edits answered 10008")
        await _bots_finish(table)
        await _finished_and_shown(fake, table)
        final = await board_message(fake, client, table.match_id or 0)
        assert final is not None and final.id not in boards
    for board_id in boards:
        assert fake.message(board_id).deleted
    assert fake.client_errors == [], "10008 after a moderator's deletion is the world's doing"


@every_game
async def test_lost_permissions_pause_and_resume_then_a_deleted_channel_pauses_for_good(
    tmp_path: Path, fake_discord: FakeDiscord, game: str
) -> None:
    """The bot loses Send Messages and its board is deleted: the new board is refused
    (50013), so the table pauses — bots stop, clicks are told — and the host gets a DM. With
    the permission back, /<game> resume posts a fresh board and the game goes on, its log
    whole. Then the channel is deleted: the next board edit gets 10003, the table pauses for
    good, the host is told by DM, and the log up to then is whole."""
    fake = fake_discord
    alice = fake.create_user("alice")
    channel = fake.text_channel(fake.create_guild("G", members=[alice]))
    # A short game's bots (Zombie's) move slower: the table must still be playing when its
    # channel is deleted.
    async with parlor(tmp_path, fake, bot_move_delay=0.03 * bot_pace(game)) as client:
        table = await start_table(fake, client, channel, [alice], game=game, bots=3)
        await _hand_seat_to_bot(fake, table, alice)
        await _wait_version(table, 5)
        board = await board_message(fake, client, table.match_id or 0)
        assert board is not None
        fake.deny_send(channel)
        fake.delete_message(board)
        await fake.wait_for(lambda: any(m.content == t(
            "match.paused_dm.no_permission", game=t(f"{game}.title"),
            channel=channel.mention, command=f"/{game} resume")
            for m in fake.dm_messages(alice)), what="the host told about the pause")
        paused = await table.live()
        assert paused.record.status == MatchStatus.PAUSED
        await asyncio.sleep(0.5)  # bots move every 30 ms (180 ms) when the clock runs
        assert (await table.live()).version == paused.version, "bots stopped while paused"
        status = await fake.run_slash(alice, channel, f"{game} status", {})
        assert (await status.wait_callback()).accepted
        channel.bot_can_send = True  # a moderator gives the permission back
        resumed = await fake.run_slash(alice, channel, f"{game} resume", {})
        assert (await resumed.wait_original()).content == t("resume.done")
        # A fresh board, not a current one: bots 30 ms apart outpace a board's coalesced
        # edits, so a board of bots shows the game as it is only once the game has ended.
        new_board = await fake.wait_for(lambda: _new_board(fake, table, board.id), timeout=10,
                                        what="a new board posted on resume")
        assert new_board.id != board.id
        await _wait_version(table, paused.version + MOVES_AFTER)
        await assert_log_replays(client.parlor.repo, paused.id)
        assert (await table.live()).record.status == MatchStatus.ACTIVE, \
            "the table ended before its channel could be deleted"

        fake.delete_channel(channel)
        await fake.wait_for(lambda: any(m.content == t(
            "match.paused_dm.channel_gone", game=t(f"{game}.title"),
            channel=channel.mention, command=f"/{game} resume")
            for m in fake.dm_messages(alice)), what="the host told about the pause")
        gone = await table.live()
        assert gone.record.status == MatchStatus.PAUSED
        await asyncio.sleep(0.5)
        assert (await table.live()).version == gone.version, "bots stopped"
        await assert_log_replays(client.parlor.repo, gone.id)
    assert fake.client_errors == []
    refused = [r for r in fake.requests if r.status == 403]
    assert refused and all(r.error_code == 50013 and r.cause == "world" for r in refused)
    gone_10003 = [r for r in fake.requests if r.error_code == 10003]
    assert gone_10003 and all(r.cause == "world" for r in gone_10003)
