"""Renju at a real Discord table: the real discord.py client, Parlor and the fake Discord, from
``/renju start`` to the reveal.

Rules checked: the opening steps (the opening, the swap) are chosen on the board; stones are
chosen in two steps (the column, then the row) on the board, by the seat to move alone, or in
the panel, or typed with ``/renju move``; a
point that is not a point, off the board, taken or forbidden for black, a move out of turn and
a move by someone not at the table each get a private answer and change nothing; two passes in
a row draw; the board carries the picture; the log replays; stats and the leaderboard know
each seat's colour; the replay file of a finished table is there.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.app import ParlorClient
from games.renju.actions import ChooseOpening, Pass
from games.renju.state import RenjuState
from storage import MatchStatus
from tables.pictures import FILENAME
from tables.service import LiveMatch
from tests.e2e.parlor import (
    Table,
    assert_log_replays,
    parlor,
    private_reply,
    start_table,
    wait_board_current,
)
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser
from tests.shown import t


async def typed(fake: FakeDiscord, table: Table, user: FakeUser, point: str) -> str:
    result = await fake.run_slash(user, table.channel, "renju move", {"point": point})
    return await private_reply(result)


async def free_table_columns(fake: FakeDiscord, client: ParlorClient, users: list[FakeUser]
                             ) -> tuple[Table, LiveMatch, FakeMessage, str]:
    """A free-opening table of ``users`` (seed 11), its board once current, and the id of the
    select of columns the board offers seat 0 for its first stone."""
    guild = fake.create_guild("G", members=users)
    channel = fake.text_channel(guild)
    table = await start_table(fake, client, channel, users[:2], game="renju",
                              options={"opening": "free"}, seed=11)
    live = await table.live()
    board = await wait_board_current(fake, client, live.id)
    (columns,) = [c for c in board.custom_ids()
                  if c.startswith(f"pl:bs:{live.id}:{live.version}:0:")]
    return table, live, board, columns


async def refused_unchanged(fake: FakeDiscord, table: Table, user: FakeUser, point: str,
                            expected: str) -> None:
    before = (await table.live()).version
    assert await typed(fake, table, user, point) == expected
    assert (await table.live()).version == before


async def test_typed_moves_bad_input_forbidden_point_and_a_draw_by_passes(
        tmp_path: Path, fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    alice, bob, carol = (fake.create_user(n) for n in ("alice", "bob", "carol"))
    guild = fake.create_guild("G", members=[alice, bob, carol])
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake) as client:
        table = await start_table(fake, client, channel, [alice, bob], game="renju",
                                  options={"opening": "free"}, seed=11)
        board = await table.board()
        assert any(a["filename"] == FILENAME for a in board.attachments), "the board picture"
        # Black (alice) builds H9 H10 I8 J8, white answers on the edge: H8 is then a
        # double three for black.
        for (black, point), white in ((("H9", "H9"), "A1"), (("h 10", "H10"), "A3"),
                                      (("8i", "I8"), "A5"), (("J8", "J8"), "A7")):
            assert await typed(fake, table, alice, black) == t("renju.move.done", point=point)
            assert await typed(fake, table, bob, white) == t("renju.move.done", point=white)
        await refused_unchanged(fake, table, alice, "H8",
                                t("renju.refused.double_three", point="H8"))
        await refused_unchanged(fake, table, alice, "H9", t("renju.refused.taken", point="H9"))
        await refused_unchanged(fake, table, alice, "P3",
                                t("renju.refused.off_board", point="P3"))
        await refused_unchanged(fake, table, alice, "A16",
                                t("renju.refused.off_board", point="A16"))
        await refused_unchanged(fake, table, alice, "middle",
                                t("renju.refused.not_a_point", text="middle"))
        await refused_unchanged(fake, table, bob, "K2", t("renju.refused.not_your_turn"))
        await refused_unchanged(fake, table, carol, "K2", t("act.not_a_player"))
        live = await table.live()
        assert isinstance(live.state, RenjuState)
        assert live.state.board.count("x") == 4 and live.state.board.count("o") == 4
        # The board marks the forbidden point; the picture is drawn from the same view.
        shown = await wait_board_current(fake, client, live.id)
        assert "H8" in shown.text()
        # Both pass, through the panel: a draw.
        for seat, user in ((0, alice), (1, bob)):
            live = await table.live()
            prompt = live.game.prompt_for(live.state, seat)
            assert prompt is not None
            index = prompt.actions.index(Pass(seat=seat))
            panel = await table.open_panel(user)
            result = await table.choose_in_panel(user, panel, seat, live.version, index)
            assert result.callback.accepted
        for _ in range(200):
            live = await table.live()
            if live.record.status == MatchStatus.FINISHED:
                break
            await asyncio.sleep(0.01)
        outcome = live.outcome()
        assert outcome is not None and outcome.winners == [] and outcome.scores == {0: 0.5, 1: 0.5}
        await assert_log_replays(client.parlor.repo, live.id)
        title = t("renju.reveal.title")
        await fake.wait_for_message(table.channel, lambda m: title in m.text())
        await refused_unchanged(fake, table, alice, "K2", t("status.no_table",
                                                           game=t("renju.title")))


@pytest.mark.usefixtures("quick_bots")  # a table played to its end, not the bot's strength
async def test_a_person_against_the_bot_plays_to_the_end_through_board_and_panel(
        tmp_path: Path, fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    alice = fake.create_user("alice")
    guild = fake.create_guild("G", members=[alice])
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake) as client:
        table = await start_table(fake, client, channel, [alice], game="renju", bots=1,
                                  seed=5)
        live = await table.live()
        prompt = live.game.prompt_for(live.state, 0)
        assert prompt is not None
        # The opening is chosen on the board, in the select of direct openings.
        index = prompt.actions.index(ChooseOpening(seat=0, opening="kansei"))
        board = await table.board()
        assert table.board_offers(board, live, 0, index)
        chosen = await table.choose_on_board(alice, board, 0, index)
        assert chosen.callback.accepted
        final = await table.play_to_the_end({0: alice}, seed=4, timeout=300)
        assert final.record.status == MatchStatus.FINISHED
        assert table.steps_taken > 0, "stones were chosen column first, then row"
        await assert_log_replays(client.parlor.repo, final.id)
        await asyncio.sleep(0.05)
        state = final.state
        assert isinstance(state, RenjuState) and state.opening == "kansei"
        colour = "black" if state.black == 0 else "white"
        (row,) = await client.parlor.repo.stats_for_user(guild.id, alice.id)
        assert row.role == colour
        board_text = await fake.run_slash(alice, channel, "parlor leaderboard", {
            "game": "renju", "playing": f"role:{colour}", "include_bot_games": True})
        text = (await board_text.wait_original()).text()
        assert alice.mention in text
        replay = await fake.run_slash(alice, channel, "parlor replay", {"match": final.id})
        await replay.wait_callback()
        (followup,) = await replay.wait_followups(1)
        (attachment,) = followup.attachments
        assert attachment["filename"].startswith("SPOILER_")


async def test_a_stone_is_placed_on_the_board_in_two_clicks_by_the_seat_to_move_alone(
        tmp_path: Path, fake_discord: FakeDiscord) -> None:
    """Renju hides nothing, so the board offers the stones (bot/games/renju/renderer.py): the
    column first, then the point in it, each click answered with the board itself (an
    interaction's answer, no request of the bot's token). The column chosen by someone who
    is not the seat to move, or on a board the game has left behind, gets a private answer
    and changes nothing."""
    fake = fake_discord
    alice, bob, carol = (fake.create_user(n) for n in ("alice", "bob", "carol"))
    async with parlor(tmp_path, fake) as client:
        table, live, board, columns = await free_table_columns(fake, client, [alice, bob, carol])
        version = live.version
        prompt = live.game.prompt_for(live.state, 0)
        assert prompt is not None
        shown = client.parlor.desk.board_action_indices(live, prompt)
        options = (board.find_component(columns) or {})["options"]
        assert [o["label"] for o in options] == \
            [t("renju.step.column", column=c) for c in "ABCDEFGHIJKLMNO"]
        (column_h,) = [o["value"] for o in options
                       if getattr(prompt.actions[shown[int(o["value"])]], "point", "")[:1]
                       == "H"]
        drawn = sorted(board.custom_ids())
        for user, refusal in ((bob, "act.not_your_seat"), (carol, "act.not_a_player")):
            refused = await fake.select(user, board, columns, [column_h])
            assert await private_reply(refused) == t(refusal)
            assert sorted(board.custom_ids()) == drawn
            assert (await table.live()).version == version

        chosen = await fake.select(alice, board, columns, [column_h])
        assert (await chosen.wait_callback()).type == 7, "answered with the board itself"
        # The columns stay in view, H chosen, beside H's fifteen points.
        options = (board.find_component(columns) or {})["options"]
        assert [o["value"] for o in options if o.get("default")] == [column_h]
        (points,) = [c for c in board.custom_ids()
                     if c.startswith(f"pl:t:{live.id}:{version}:0:")]
        labels = {o["label"]: o["value"] for o in (board.find_component(points) or {})["options"]}
        assert list(labels) == [t("renju.action.place", point=f"H{row}") for row in range(1, 16)]
        placed = await fake.select(alice, board, points, [labels[t("renju.action.place",
                                                                     point="H8")]])
        assert (await placed.wait_callback()).type == 7
        assert (await table.live()).version == version + 1
        log = await client.parlor.repo.actions(live.id)
        assert (log[-1].seat, log[-1].action) == (0, {"kind": "place", "seat": 0,
                                                      "point": "H8"})
        late = await fake.raced_click(alice, board, columns, [column_h])
        assert (await private_reply(late)).startswith(t("act.stale"))
        assert (await table.live()).version == version + 1
    assert fake.unanswered() == []


async def test_a_column_chosen_on_the_board_stays_chosen_through_an_edit_of_the_board(
        tmp_path: Path, fake_discord: FakeDiscord) -> None:
    """The board is edited while its player is between the two clicks of a stone (a picture
    drawn late, here): the edit keeps showing the column chosen and its points, as long as the
    game has not moved on, instead of taking the choice back."""
    fake = fake_discord
    alice, bob = (fake.create_user(n) for n in ("alice", "bob"))
    async with parlor(tmp_path, fake) as client:
        table, live, board, columns = await free_table_columns(fake, client, [alice, bob])
        version = live.version
        (column_h,) = [o["value"] for o in (board.find_component(columns) or {})["options"]
                       if o["label"] == t("renju.step.column", column="H")]
        chosen = await fake.select(alice, board, columns, [column_h])
        assert (await chosen.wait_callback()).type == 7

        def points_shown() -> list[str]:
            found = [c for c in board.custom_ids()
                     if c.startswith(f"pl:t:{live.id}:{version}:0:")]
            return [o["label"] for c in found
                    for o in (board.find_component(c) or {})["options"]]

        expected = [t("renju.action.place", point=f"H{row}") for row in range(1, 16)]
        assert points_shown() == expected
        desk = client.parlor.desk
        edits, unchanged = board.edit_count, desk.unchanged[live.id]
        desk.picture_ready(live.id)
        # The edit is written, or left out as showing nothing new: either way it was made.
        for _ in range(400):
            if board.edit_count > edits or desk.unchanged[live.id] > unchanged:
                break
            await asyncio.sleep(0.025)
        assert board.edit_count > edits or desk.unchanged[live.id] > unchanged
        assert (await table.live()).version == version
        assert points_shown() == expected
        (columns,) = [c for c in board.custom_ids()
                      if c.startswith(f"pl:bs:{live.id}:{version}:0:")]
        assert [o["value"] for o in (board.find_component(columns) or {})["options"]
                if o.get("default")] == [column_h]
        # Once the game moves on, the next board shows no step of the move before.
        (points,) = [c for c in board.custom_ids() if c.startswith(f"pl:t:{live.id}:")]
        h8 = (board.find_component(points) or {})["options"][7]["value"]
        placed = await fake.select(alice, board, points, [h8])
        assert (await placed.wait_callback()).type == 7
        assert (await table.live()).version == version + 1
        # The Desk forgets the step once it has the move's board (on a busy machine, a little
        # after the click is answered).
        await fake.wait_for(lambda: client.parlor.desk._boards[live.id].step is None,
                            what="the board to forget the chosen column")
    assert fake.unanswered() == []
