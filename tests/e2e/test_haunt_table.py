"""Marrowgate House at a real Discord table: the real discord.py client, Parlor and the fake
Discord, from ``/haunt start`` through the haunt to the reveal.

Rules checked: people and bots play a whole game by clicks; the public moves (choosing an
explorer, moving, ending the turn) are made on the board, by the seat to move alone; the haunt
is revealed; no public payload ever carries a book's hidden id, and the channel never shows
the traitor's tome or the heroes' secret before the reveal; the heroes' secret is posted in a
private thread whose members are the heroes who are people, never the traitor; the board
carries the house's picture. Runs once the game is registered.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from games import registry
from games.haunt.catalog import catalog
from games.haunt.state import HauntState
from storage import MatchStatus
from tables.games.haunt.words import content
from tables.pictures import FILENAME
from tests.e2e.parlor import (
    Table,
    assert_log_replays,
    parlor,
    private_reply,
    public_payloads,
    start_table,
    wait_board_current,
)
from tests.fakediscord import FakeDiscord, FakeUser
from tests.shown import t

pytestmark = pytest.mark.skipif("haunt" not in registry.names(),
                                reason="haunt is not registered (games/registry.py)")


async def open_table(fake: FakeDiscord, client: Any, users: list[FakeUser], bots: int,
                     seed: int) -> Table:
    channel = fake.text_channel(fake.create_guild("G", members=users))
    return await start_table(fake, client, channel, users, game="haunt", bots=bots, seed=seed)


async def test_people_and_bots_play_through_the_haunt_with_the_books_kept_secret(
        tmp_path: Path, fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    users = [fake.create_user(n) for n in ("alice", "bob", "carol")]
    async with parlor(tmp_path, fake) as client:
        table = await open_table(fake, client, users, bots=1, seed=20261123)
        board = await table.board()
        assert any(a["filename"] == FILENAME for a in board.attachments), "the house picture"
        humans = {0: users[0], 1: users[1], 2: users[2]}
        live = await table.play_to_the_end(humans, seed=3, timeout=240.0)
        assert live.record.status == MatchStatus.FINISHED
        await assert_log_replays(client.parlor.repo, live.id)
        state = live.state
        assert isinstance(state, HauntState)
        assert state.haunt is not None, "the haunt was revealed"
        title = t("haunt.reveal.title")
        await fake.wait_for_message(table.channel, lambda m: title in m.text())
        threads = fake.threads_of(table.channel)
        channel_texts = [m.text() for m in fake.messages_in(table.channel)
                         if title not in m.text()]
    haunt = catalog().haunt(state.haunt)
    hidden_ids = [haunt.secret.id] + ([haunt.tome.id] if haunt.tome else [])
    for payload in public_payloads(fake):
        for hidden in hidden_ids:
            assert hidden not in payload, f"{hidden} reached a public message"
    secret = content(haunt.secret.text, "en").plain
    tome = content(haunt.tome.text, "en").plain if haunt.tome else None
    for text in channel_texts:
        assert secret not in text, "the heroes' secret reached the channel before the reveal"
        assert tome is None or tome not in text, "the tome reached the channel"
    assert len(threads) == 1, "the heroes' thread"
    members = set(fake.thread_members(threads[0]))
    heroes = {users[s].id for s in humans if s != state.traitor}
    assert heroes <= members
    if state.traitor in humans:
        assert users[state.traitor].id not in members, "the traitor is not in the thread"
    posted = " ".join(m.text() for m in fake.messages_in(threads[0]))
    assert secret in posted and (tome is None or tome not in posted)


async def test_start_offers_the_haunts_by_name_and_opens_with_the_picked_ones(
        tmp_path: Path, fake_discord: FakeDiscord) -> None:
    """/haunt start's haunts option: Discord's autocomplete names the haunts in the user's
    language, each pick adds one to what is typed, and the table opens with those haunts."""
    fake = fake_discord
    host = fake.create_user("alice")
    haunts = catalog().haunts
    async with parlor(tmp_path, fake) as client:
        guild = fake.create_guild("G", members=[host])
        channel = fake.text_channel(guild)
        offered = await fake.run_autocomplete(host, channel, "haunt start", "haunts", "")
        assert [choice["value"] for choice in offered] == [h.id for h in haunts[:25]]
        assert offered[0]["name"] == haunts[0].title.en
        first = haunts[0].id
        chinese = await fake.run_autocomplete(host, channel, "haunt start", "haunts",
                                              f"{first} ", locale="zh-CN")
        assert first not in [choice["value"] for choice in chinese], "a haunt is offered once"
        assert chinese[0]["value"] == f"{first} {haunts[1].id}"
        assert chinese[0]["name"] == f"{haunts[0].title.zh_CN} + {haunts[1].title.zh_CN}"
        second = haunts[-1]
        found = await fake.run_autocomplete(host, channel, "haunt start", "haunts",
                                            f"{first} {second.title.en[:5].lower()}")
        assert f"{first} {second.id}" in [choice["value"] for choice in found]
        table = Table(fake, client, channel)
        await table.open(host, game="haunt", options={"haunts": f"{first} {second.id}"})
        live = await table.live()
        assert live.record.options["haunts"] == [first, second.id]
        elsewhere = fake.create_text_channel(guild, "elsewhere")
        refused = await fake.run_slash(host, elsewhere, "haunt start",
                                       {"haunts": "no-such-haunt"})
        assert refused.callback is not None and refused.callback.ephemeral
        assert "no-such-haunt" in str(refused.callback.data)
        assert await client.parlor.service.open_in_channel(elsewhere.id) is None


async def test_public_moves_are_made_on_the_board_by_the_seat_to_move_alone(
        tmp_path: Path, fake_discord: FakeDiscord) -> None:
    """The board offers the moves whose offer and words follow from what the table sees
    (bot/games/haunt/renderer.py ``BOARD_KINDS``): the explorers chosen, the moves between
    rooms, ending the turn. Cards, attacks and the books' special actions stay in the panel.
    A move clicked on the board is answered with the board itself; the same click by someone
    who is not the seat to move, or on a board the game has left behind, gets a private
    answer and changes nothing."""
    fake = fake_discord
    users = [fake.create_user(n) for n in ("alice", "bob", "carol")]
    dave = fake.create_user("dave")
    async with parlor(tmp_path, fake) as client:
        channel = fake.text_channel(fake.create_guild("G", members=[*users, dave]))
        table = await start_table(fake, client, channel, users, game="haunt", seed=20261126)
        desk = client.parlor.desk
        kinds: set[str] = set()
        for _ in range(20):
            live = await table.live()
            version = live.version  # (the match object itself follows the game)
            (prompt,) = [p for p in live.pending() if p.blocking]
            seat = prompt.seat
            board = await wait_board_current(fake, client, live.id)
            shown = desk.board_action_indices(live, prompt)
            kinds |= {prompt.actions[i].kind for i in shown}
            moves = [i for i in shown if prompt.actions[i].kind == "move"]
            if not moves:
                chosen = await table.choose_on_board(users[seat], board, seat, shown[0])
                assert (await chosen.wait_callback()).type == 7
                assert (await table.live()).version == version + 1
                continue
            place = shown.index(moves[0])
            drawn = [c for c in board.custom_ids()
                     if c.startswith(f"pl:b:{live.id}:{version}:{seat}:{place}")] or \
                [c for c in board.custom_ids() if c.startswith(f"pl:t:{live.id}:{version}:")]
            assert drawn, board.custom_ids()
            value = None if drawn[0].startswith("pl:b:") else [str(place)]
            other = users[(seat + 1) % 3]
            for user, refusal in ((other, "act.not_your_seat"), (dave, "act.not_a_player")):
                refused = await (fake.click(user, board, drawn[0]) if value is None
                                 else fake.select(user, board, drawn[0], value))
                assert await private_reply(refused) == t(refusal)
                assert (await table.live()).version == version
            moved = await (fake.click(users[seat], board, drawn[0]) if value is None
                           else fake.select(users[seat], board, drawn[0], value))
            assert (await moved.wait_callback()).type == 7, "answered with the board itself"
            assert (await table.live()).version == version + 1
            log = await client.parlor.repo.actions(live.id)
            assert (log[-1].seat, log[-1].action["kind"]) == (seat, "move")
            late = await fake.raced_click(users[seat], board, drawn[0], value)
            assert (await private_reply(late)).startswith(t("act.stale"))
            assert (await table.live()).version == version + 1
            break
        else:
            raise AssertionError("no move between rooms was offered on the board")
        assert {"choose_explorer", "move"} <= kinds
    assert fake.unanswered() == []
