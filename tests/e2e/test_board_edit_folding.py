"""Board edits that cost no bot-token request (issue #23: every game at <= 0.6 bot-token requests
per action, the part Discord's global limit counts).

- A move clicked on the board is answered with the fresh board (an interaction callback, which
  the global limit leaves out). The board's own edit, due before that answer when the answer is
  slow, waits for it instead of sending the same board with the bot's token.
- While a table waits only for bots, its board is edited at most every `board_edit_delay_bots`,
  and a first edit waits for the next move: a person's move in their panel and the bot's
  answer share one edit, which shows both.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from pathlib import Path
from typing import Any

from games.renju.actions import ChooseOpening
from tests.e2e.parlor import board_message, parlor, start_table, wait_board_current
from tests.fakediscord import FakeDiscord, FakeMessage


def board_edits(fake: FakeDiscord, mark: int, board: FakeMessage) -> list[Any]:
    """The bot-token edits of ``board`` since ``mark``."""
    return [r for r in fake.requests_since(mark, include_interaction_routes=False)
            if r.method == "PATCH" and r.path.endswith(f"/messages/{board.id}")]


def moves_shown(desk: Any, before: Counter[tuple[int, str]], match_id: int) -> list[str]:
    """The board writes since ``before`` that showed moves, by what they showed."""
    writes = desk.writes - before
    return [why for (match, why), n in writes.items() if match == match_id
            for _ in range(n) if "move" in why]


async def test_a_slow_answer_to_a_board_click_is_not_raced_by_the_boards_own_edit(
        tmp_path: Path, fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    channel = fake.text_channel(fake.create_guild("G", members=[alice, bob]))
    async with parlor(tmp_path, fake) as client:
        table = await start_table(fake, client, channel, [alice, bob], game="renju", seed=5)
        desk = client.parlor.desk
        answer = desk._answer_with_board

        async def slow_answer(interaction: Any, live: Any, *rest: Any) -> None:
            # Slower than the board edit's own wait (a quarter of its 0.05 s delay): the edit
            # is due while the answer is still being drawn.
            await asyncio.sleep(0.3)
            await answer(interaction, live, *rest)

        desk._answer_with_board = slow_answer  # type: ignore[method-assign]
        live = await table.live()
        version = live.version  # (the match object itself follows the game)
        board = await wait_board_current(fake, client, live.id)
        prompt = live.game.prompt_for(live.state, 0)
        assert prompt is not None
        index = prompt.actions.index(ChooseOpening(seat=0, opening="kansei"))
        mark = fake.mark()
        chosen = await table.choose_on_board(alice, board, 0, index)
        assert chosen.callback.accepted
        # Rule: Renju's opening is chosen on the board; next a person (bob) is asked, so no
        # bot's move follows and nothing else changes the board.
        after = await table.live()
        assert after.version == version + 1
        assert not any(after.seats[p.seat].is_bot for p in after.pending() if p.blocking)
        await wait_board_current(fake, client, live.id)
        await asyncio.sleep(0.3)  # whatever edit was due has had its time
        assert (await table.live()).version == version + 1
        assert board_edits(fake, mark, board) == [], \
            "the click's answer showed the board; no bot-token edit repeated it"


async def test_a_panel_move_and_the_bots_answer_share_one_board_edit(
        tmp_path: Path, fake_discord: FakeDiscord, quick_bots: None) -> None:
    fake = fake_discord
    alice = fake.create_user("alice")
    channel = fake.text_channel(fake.create_guild("G", members=[alice]))
    # The bot moves 0.3 s after it is asked (a quick player: the Desk is under test, not
    # the search, whose time on a busy machine is its own); a board waiting only for bots is
    # edited at most every second (a first edit then used to go out after a quarter of that,
    # before the bot).
    async with parlor(tmp_path, fake, bot_move_delay=0.3, board_edit_delay=0.05,
                      board_edit_delay_bots=1.0) as client:
        table = await start_table(fake, client, channel, [alice], game="renju", bots=1,
                                  options={"opening": "free"}, seed=7)
        desk = client.parlor.desk
        rng = random.Random(3)
        rounds = 0
        while rounds < 3:
            live = await table.live()
            version = live.version  # (the match object itself follows the game)
            prompt = live.game.prompt_for(live.state, 0)
            if prompt is None or not prompt.blocking:
                await asyncio.sleep(0.02)  # the bot is asked (it moves first as black)
                continue
            board = await wait_board_current(fake, client, live.id)
            mark = fake.mark()
            before = desk.writes.copy()
            assert await table.play_human_move(alice, 0, rng)
            # Rule: Renju alternates, so the bot answers; then alice is asked again.
            for _ in range(200):
                now = await table.live()
                if now.version >= version + 2:
                    break
                await asyncio.sleep(0.02)
            else:
                raise AssertionError("the bot did not answer")
            for _ in range(200):  # (the text and buttons look alike before and after)
                if moves_shown(desk, before, live.id):
                    break
                await asyncio.sleep(0.02)
            await asyncio.sleep(0.2)  # any further edit has had its time
            shown = moves_shown(desk, before, live.id)
            assert shown == ["edit: bot move + move in a panel"], shown
            edits = board_edits(fake, mark, board)
            # The one edit; a picture drawn too late for it may follow with one more.
            assert 1 <= len(edits) <= 2, edits
            rounds += 1
        assert await board_message(fake, client, table.match_id or 0) is not None


async def test_a_board_waiting_only_for_bots_is_edited_at_the_slower_pace(
        tmp_path: Path, fake_discord: FakeDiscord, quick_bots: None) -> None:
    """Rule of the Desk: while a table waits only for bots, its board is edited at most every
    ``board_edit_delay_bots`` and their moves fold into those edits. Their count is an upper
    bound that a loaded machine only lowers, so this holds where a count of requests per
    action (tests/e2e/test_request_budget.py) drifts with the load."""
    watched = 2.2  # seconds
    fake = fake_discord
    alice = fake.create_user("alice")
    channel = fake.text_channel(fake.create_guild("G", members=[alice]))
    async with parlor(tmp_path, fake, bot_move_delay=0.04, board_edit_delay=0.04,
                      board_edit_delay_bots=0.5) as client:
        table = await start_table(fake, client, channel, [alice], bots=3, seed=21)
        panel = await table.open_panel(alice)
        for op in ("leave", "leaveyes"):  # the host hands the seat to a bot: only bots play
            click = await fake.click(alice, panel, f"pl:seat:{table.match_id}:{op}")
            assert (await click.wait_callback()).accepted
            panel = await click.wait_original()
        board = await board_message(fake, client, table.match_id or 0)
        assert board is not None
        await asyncio.sleep(0.6)  # past any edit the person's last click made urgent
        mark, start = fake.mark(), (await table.live()).version
        await asyncio.sleep(watched)
        live = await table.live()
        moves = live.version - start
        edits = board_edits(fake, mark, board)
    # At most one edit every half second, and the one under way when the watch began: a
    # loaded machine makes fewer (an edit sent late may land closer to the next one, so the
    # gaps between them are no bound).
    assert 2 <= len(edits) <= watched / 0.5 + 1, [r.time for r in edits]
    assert moves >= 2 * len(edits), (moves, len(edits))
