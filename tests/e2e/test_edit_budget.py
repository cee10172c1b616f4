"""One edit budget for the whole process (BOARD_EDITS_PER_SECOND): many tables of bots want
far more board edits than a tiny budget allows; edits wait and fold, the bot never goes over
the budget, and every table still ends showing its final board, with its reveal posted."""

from __future__ import annotations

import asyncio
from pathlib import Path

from storage import MatchStatus
from tests.e2e.parlor import Table, assert_log_replays, parlor, start_table, wait_board_current
from tests.fakediscord import FakeDiscord, FakeUser
from tests.shown import t

TABLES = 5
PER_SECOND = 8.0  # the bucket holds a quarter second's worth: 2 tokens


async def _leave_to_a_bot(fake: FakeDiscord, table: Table, user: FakeUser) -> None:
    panel = await table.open_panel(user)
    for op in ("leave", "leaveyes"):
        click = await fake.click(user, panel, f"pl:seat:{table.match_id}:{op}")
        assert (await click.wait_callback()).accepted
        panel = await click.wait_original()


async def test_a_tiny_budget_holds_and_every_table_ends_with_its_final_board(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    hosts = [fake.create_user(f"host{i}") for i in range(TABLES)]
    guild = fake.create_guild("G", members=hosts, channels=tuple(f"t{i}" for i in range(TABLES)))
    channels = [fake.text_channel(guild, f"t{i}") for i in range(TABLES)]
    async with parlor(tmp_path, fake, board_edits_per_second=PER_SECOND) as client:
        mark = fake.mark()
        tables = [await start_table(fake, client, channel, [host], bots=3, seed=100 + i)
                  for i, (channel, host) in enumerate(zip(channels, hosts, strict=True))]
        await asyncio.gather(*(_leave_to_a_bot(fake, table, host)
                               for table, host in zip(tables, hosts, strict=True)))
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 60
        while [live for live in [await table.live() for table in tables]
               if live.record.status != MatchStatus.FINISHED]:
            assert loop.time() < deadline, "the bots did not finish their games"
            await asyncio.sleep(0.05)
        title = t("lifeboat.reveal.title")
        for table in tables:
            live = await table.live()
            board = await wait_board_current(fake, client, live.id, timeout=30)
            assert board.content == t("board.finished") and not board.custom_ids()
            await fake.wait_for_message(table.channel, lambda m: title in m.text(), timeout=30)
            await assert_log_replays(client.parlor.repo, live.id)
        actions = sum([len(await client.parlor.repo.actions(table.match_id or 0))
                       for table in tables])

    bot_token = fake.requests_since(mark, include_interaction_routes=False)
    times = sorted(r.time for r in bot_token)
    busiest = max(sum(1 for u in times[i:] if u < start + 1.0)
                  for i, start in enumerate(times))
    print(f"\nedit budget: {actions} actions on {TABLES} tables, {len(bot_token)} bot-token "
          f"requests, at most {busiest} in one second (budget {PER_SECOND:g}/s)")
    # The bucket allows its burst plus a second's refill in any second; a request reaches the
    # fake a little after its token, so allow one for that jitter.
    # (Without a budget the same tables make ~60 in their busiest second.)
    assert busiest <= PER_SECOND * 1.25 + 1
    assert fake.client_errors == []
