"""Minimal cases of what the SIGKILL soak found: work done only after a change was saved (arming
the next timers, posting the reveal) was lost when the process died in between, and a restart
did not redo it. In process, so that the moment of the "kill" is exact."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from bot.app import ParlorClient
from storage import MatchStatus
from tests.e2e.parlor import Table, make_client, make_settings, start_table
from tests.fakediscord import FakeDiscord, FakeUser, running
from tests.shown import t


async def _hand_every_seat_to_bots(fake: FakeDiscord, client: ParlorClient, table: Table,
                                   host: FakeUser) -> None:
    panel = await table.open_panel(host)
    for op in ("leave", "leaveyes"):
        click = await fake.click(host, panel, f"pl:seat:{table.match_id}:{op}")
        assert (await click.wait_callback()).accepted
        panel = await click.wait_original()
    live = await table.live()
    assert all(seat.is_bot for seat in live.seats)


async def test_the_schedule_is_saved_with_every_move_so_a_kill_loses_no_move(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """Rule: what a move makes the game wait for is stored by the same statement that logs the
    move. (The soak once found the schedule stored by a listener after the move's transaction: a
    kill in between left a bot-only game waiting forever.) So whenever the process dies, the
    stored schedule is exactly what the stored state waits for, and a bot-only game always
    moves on after a restart."""
    fake = fake_discord
    alice = fake.create_user("alice")
    channel = fake.text_channel(fake.create_guild("G", members=[alice]))
    checked = 0
    async with running(make_client(make_settings(tmp_path, fake)), fake) as first:
        table = await start_table(fake, first, channel, [alice], bots=3)
        repo = first.parlor.repo
        game = (await table.live()).game
        append = repo.append_action

        async def append_checking_the_schedule(match_id: int, **fields: Any) -> int:
            nonlocal checked
            # The state this move leads to (the append carries it only now and then).
            before = (await table.live()).state
            upcoming = game.apply(before, game.parse_action(fields["action"])).state
            kept = {timer.seat for timer in await repo.timers(match_id)}
            version = await append(match_id, **fields)
            stored = {timer.seat for timer in await repo.timers(match_id)}
            if game.outcome(upcoming) is None:
                waiting = {p.seat for p in game.pending(upcoming) if p.blocking}
                bots = {s.seat for s in (await table.live()).seats if s.is_bot}
                # No set given: the schedule stored already is the one the move leads to.
                given = fields["timers"]
                sent = kept if given is None else {t[0] for t in json.loads(given.json)}
                assert sent == waiting & bots == stored, "a move was saved without its schedule"
                checked += 1
            else:
                assert stored == set()
            return version

        repo.append_action = append_checking_the_schedule  # type: ignore[method-assign]
        await _hand_every_seat_to_bots(fake, first, table, alice)
        for _ in range(200):
            if checked >= 25:
                break
            await asyncio.sleep(0.01)
        assert checked >= 25, "the bots should have played on"
        version = (await table.live()).version
    async with running(make_client(make_settings(tmp_path, fake)), fake) as second:
        table.client = second
        for _ in range(200):
            if (await table.live()).version > version:
                break
            await asyncio.sleep(0.02)
        assert (await table.live()).version > version, "the bots never moved again"


async def test_a_reveal_refused_before_a_restart_is_posted_after_it(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    alice = fake.create_user("alice")
    channel = fake.text_channel(fake.create_guild("G", members=[alice]))
    settings = make_settings(tmp_path, fake)
    title = t("lifeboat.reveal.title")
    async with running(make_client(settings), fake) as first:
        table = await start_table(fake, first, channel, [alice], bots=3)
        # The board is posted before the permission goes (a new board may wait seconds for
        # its first picture while a worker process starts): only its edits are left to send.
        await table.board()
        fake.deny_send(channel)  # posts refused (50013); the board's edits still go through
        await _hand_every_seat_to_bots(fake, first, table, alice)
        await fake.wait_for(lambda: any(
            r.status == 403 and r.route == "/channels/{channel_id}/messages"
            and title in json.dumps(r.json, ensure_ascii=False) for r in fake.requests),
            timeout=20, what="the reveal refused")
        assert (await table.live()).record.status == MatchStatus.FINISHED
    channel.bot_can_send = True  # the moderator gives the permission back
    async with running(make_client(settings), fake):
        for _ in range(150):
            if any(title in m.text() for m in fake.messages_in(channel)):
                break
            await asyncio.sleep(0.02)
    reveals = [m for m in fake.messages_in(channel) if title in m.text()]
    assert len(reveals) == 1, f"{len(reveals)} reveals: once, neither lost nor doubled"


async def test_stats_of_a_game_whose_process_died_after_the_last_move_are_recorded(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    alice = fake.create_user("alice")
    channel = fake.text_channel(fake.create_guild("G", members=[alice]))
    settings = make_settings(tmp_path, fake)
    async with running(make_client(settings), fake) as first:
        repo = first.parlor.repo

        async def dies_here(rows: Any) -> None:
            await asyncio.Event().wait()  # the process "dies" before the stats are written

        repo.record_stats = dies_here  # type: ignore[method-assign]
        table = await start_table(fake, first, channel, [alice], bots=3)
        await _hand_every_seat_to_bots(fake, first, table, alice)
        for _ in range(1000):
            if (await repo.get_match(table.match_id or 0)).status == MatchStatus.FINISHED:
                break
            await asyncio.sleep(0.01)
        assert (await repo.get_match(table.match_id or 0)).status == MatchStatus.FINISHED
    async with running(make_client(settings), fake) as second:
        for _ in range(100):
            rows = await second.parlor.repo.stats_for_user(channel.guild_id or 0, alice.id)
            if rows:
                break
            await asyncio.sleep(0.02)
        assert [row.match_id for row in rows] == [table.match_id], "the stats are lost"


async def test_a_reveal_posted_just_before_a_kill_is_not_posted_again(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    alice = fake.create_user("alice")
    channel = fake.text_channel(fake.create_guild("G", members=[alice]))
    settings = make_settings(tmp_path, fake)
    title = t("lifeboat.reveal.title")

    def reveals() -> int:
        return sum(1 for m in fake.messages_in(channel) if title in m.text())

    async with running(make_client(settings), fake) as first:
        repo = first.parlor.repo
        save_message = repo.save_message

        async def dies_after_the_reveal(match_id: int, kind: str, channel_id: int,
                                        message_id: int) -> None:
            if kind == "reveal" and message_id != 0:
                # Discord has the reveal; the process "dies" before saving its id (the intent
                # to post, id 0, was saved before posting).
                await asyncio.Event().wait()
            await save_message(match_id, kind, channel_id, message_id)

        repo.save_message = dies_after_the_reveal  # type: ignore[method-assign]
        table = await start_table(fake, first, channel, [alice], bots=3)
        await _hand_every_seat_to_bots(fake, first, table, alice)
        await fake.wait_for(reveals, timeout=20, what="the reveal")
    async with running(make_client(settings), fake):
        for _ in range(100):  # missing reveals are posted right after the start
            if reveals() > 1:
                break
            await asyncio.sleep(0.02)
    assert reveals() == 1, f"{reveals()} reveals of one game"
