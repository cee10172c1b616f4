"""Catan at a real Discord table: the real discord.py client, Parlor and the fake Discord, from
``/catan start`` to the reveal, one person and two bots.

Rules checked: a set-up settlement is chosen on the board in two clicks (a hex, then its
corner), roads on the board, a settlement typed with ``/catan place``; a place that names
nothing, one next to a settlement, a road away from its settlement, a click from someone not
at the table and a button of a board the game has left behind each get a private answer and
change nothing; the person offers a trade from the private panel (a pick of terms) and the
bots answer it in public; the person answers a bot's offer on the board; a 7 finds the person
over 7 cards and they give back half in their panel, in secret; the person leaves and the
bots finish the game; the reveal shows every hand and development card; no public message
ever holds a card's id or a private line; the log replays; stats and the leaderboard know the
person's colour; the replay file of the finished table is there.
"""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path
from typing import Any

from games.catan import actions as a
from games.catan.board import CORNER_NEIGHBOURS, corner_label, edge_label
from games.catan.cards import RESOURCES
from games.catan.state import CatanState
from storage import MatchStatus
from tables.pictures import FILENAME
from tables.service import LiveMatch
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

ALICE = 0  # the host's seat
CARD_ID = re.compile(r"\b(brick|lumber|wool|grain|ore|knight|victory|road_building|"
                     r"year_of_plenty|monopoly)-\d\d\b")
# Lines only a seat's own panel or private log shows.
PRIVATE_KEYS = ("catan.event.you_stole", "catan.event.stolen_from_you",
                "catan.event.discard_chosen", "catan.panel.discard_chosen")


def private_markers() -> list[str]:
    markers = []
    for key in PRIVATE_KEYS:
        longest = max(re.split(r"\{[a-z_]+\}", t(key)), key=len).strip()
        assert len(longest) >= 6, key
        markers.append(longest)
    return markers


async def typed(fake: FakeDiscord, table: Table, user: FakeUser, where: str) -> str:
    result = await fake.run_slash(user, table.channel, "catan place", {"where": where})
    return await private_reply(result)


async def refused_unchanged(fake: FakeDiscord, table: Table, user: FakeUser, where: str,
                            expected: str) -> None:
    before = (await table.live()).version
    assert await typed(fake, table, user, where) == expected
    assert (await table.live()).version == before


def drawn_at(panel: Any, match: int) -> int:
    """The version a panel's pick was drawn at (the other seats may move meanwhile: the bots
    give back their cards at once, and their answers leave the question as it is)."""
    found = next(c for c in panel.custom_ids() if c.startswith(f"pl:k:{match}:"))
    return int(found.split(":")[3])


class Person:
    """Alice's moves through the key moments, and what the test has seen happen."""

    def __init__(self, fake: FakeDiscord, client: Any, table: Table, alice: FakeUser,
                 carol: FakeUser) -> None:
        self.fake, self.client, self.table = fake, client, table
        self.alice, self.carol = alice, carol
        self.settlements = 0
        self.roads = 0
        self.offered = False
        self.answered_on_board = False
        self.discarded = False
        self.stale_checked = False

    async def board(self, live: LiveMatch) -> Any:
        return await wait_board_current(self.fake, self.client, live.id)

    async def on_board(self, live: LiveMatch, action: a.Action) -> None:
        prompt = live.game.prompt_for(live.state, ALICE)
        assert prompt is not None
        board = await self.board(live)
        chosen = await self.table.choose_on_board(self.alice, board, ALICE,
                                                  prompt.actions.index(action))
        assert chosen.callback.accepted

    async def move(self, live: LiveMatch) -> None:
        state = live.state
        assert isinstance(state, CatanState)
        prompt = live.game.prompt_for(state, ALICE)
        assert prompt is not None
        stage = prompt.kind.removeprefix("catan.prompt.")
        own = live.game.view(state, ALICE)
        suggested = live.game.choose(own, prompt, random.Random(live.version))
        if stage == "place_settlement":
            await self.settle(live, prompt, suggested)
        elif stage == "place_road":
            if self.roads == 0:
                await refused_unchanged(self.fake, self.table, self.alice, "middle",
                                        t("catan.refused.not_a_place", text="middle"))
                far = next(e for e in range(72) if state.road_owner[e] < 0
                           and a.PlaceRoad(seat=ALICE, edge=e) not in prompt.actions)
                placed = corner_label(state.placed if state.placed is not None else 0)
                await refused_unchanged(self.fake, self.table, self.alice, edge_label(far),
                                        t("catan.refused.road_by_settlement", place=placed))
            self.roads += 1
            await self.on_board(live, suggested)
        elif stage == "roll":
            await self.roll(live, prompt)
        elif stage == "main":
            await self.main(live, prompt, own)
        elif stage == "trade_answer":
            decline = a.AnswerTrade(seat=ALICE, accept=False)
            await self.on_board(live, decline)
            self.answered_on_board = True
        elif stage == "discard":
            panel = await self.table.open_panel(self.alice)
            assert t("catan.panel.discard", count=prompt.params["count"]) in panel.text()
            action = prompt.actions[prompt.default or 0]
            result = await self.table.choose_pick(self.alice, panel, ALICE,
                                                  drawn_at(panel, live.id), prompt, action)
            assert result.callback.accepted
            self.discarded = True
        else:  # the robber, a free road: on the board as the bot would
            await self.on_board(live, suggested)

    async def settle(self, live: LiveMatch, prompt: Any, suggested: a.Action) -> None:
        state = live.state
        assert isinstance(state, CatanState) and isinstance(suggested, a.PlaceSettlement)
        if self.settlements == 0:
            # Someone not at the table tries the board's first step: refused, nothing moves.
            board = await self.board(live)
            step = next(c for c in board.custom_ids()
                        if c.startswith(f"pl:bs:{live.id}:{live.version}:{ALICE}:"))
            value = (board.find_component(step) or {})["options"][0]["value"]
            refused = await self.fake.select(self.carol, board, step, [value])
            assert await private_reply(refused) == t("act.not_a_player")
            assert (await self.table.live()).version == live.version
            before = self.table.steps_taken
            await self.on_board(live, suggested)
            assert self.table.steps_taken == before + 1, "a hex, then its corner"
        else:
            taken = next(c for c in range(54) if state.corner_owner[c] >= 0)
            near = CORNER_NEIGHBOURS[taken][0]
            await refused_unchanged(self.fake, self.table, self.alice, corner_label(near),
                                    t("catan.refused.too_close", place=corner_label(near)))
            done = await typed(self.fake, self.table, self.alice,
                               corner_label(suggested.corner))
            assert done.startswith(t("catan.place.done", what="")[:4])
        self.settlements += 1

    async def roll(self, live: LiveMatch, prompt: Any) -> None:
        board = await self.board(live)
        old = next(c for c in board.custom_ids()
                   if c.startswith(f"pl:b:{live.id}:{live.version}:{ALICE}:"))
        await self.on_board(live, a.Roll(seat=ALICE))
        if not self.stale_checked:
            # The roll's button, clicked again from a board the game has left behind.
            await self.fake.wait_for(lambda: old not in board.custom_ids(),
                                     what="the board to move on")
            late = await self.fake.raced_click(self.alice, board, old)
            assert (await private_reply(late)).startswith(t("act.stale"))
            self.stale_checked = True

    async def main(self, live: LiveMatch, prompt: Any, own: Any) -> None:
        state = live.state
        assert isinstance(state, CatanState)
        trade = own.trade
        if trade is not None and trade.proposer == ALICE:
            partners = [act for act in prompt.actions if isinstance(act, a.ConfirmTrade)]
            await self.on_board(live, partners[0] if partners else a.WithdrawTrade(seat=ALICE))
            return
        counts = own.me.counts
        if not self.offered and prompt.pick is not None and sum(counts.values()) > 0:
            give = max(RESOURCES, key=lambda k: counts.get(k, 0))
            want = next(k for k in RESOURCES if not counts.get(k))
            terms = [f"give:{give}:1", f"want:{want}:1"]
            panel = await self.table.open_panel(self.alice)
            result = await self.table.choose_pick(self.alice, panel, ALICE,
                                                  drawn_at(panel, live.id), prompt,
                                                  prompt.pick.build(terms))
            assert result.callback.accepted
            self.offered = True
            return
        await self.on_board(live, a.EndTurn(seat=ALICE))


async def test_a_person_and_two_bots_play_catan_with_trades_a_seven_and_bad_input(
        tmp_path: Path, fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    alice, carol = fake.create_user("alice"), fake.create_user("carol")
    guild = fake.create_guild("G", members=[alice, carol])
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake) as client:
        table = await start_table(fake, client, channel, [alice], game="catan", bots=2,
                                  seed=4)
        board = await table.board()
        assert any(at["filename"] == FILENAME for at in board.attachments), "the island"
        person = Person(fake, client, table, alice, carol)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 240
        while not (person.offered and person.answered_on_board and person.discarded):
            assert loop.time() < deadline, "the key moments did not all come"
            live = await table.live()
            assert live.record.status == MatchStatus.ACTIVE, "the game ended too soon"
            prompt = live.game.prompt_for(live.state, ALICE)
            if prompt is None or not prompt.blocking:
                await asyncio.sleep(0.01)
                continue
            await person.move(live)
        log = await client.parlor.repo.actions(table.match_id or 0)
        kinds = [(entry.seat, entry.action.get("kind")) for entry in log]
        assert (ALICE, "offer_trade") in kinds and (ALICE, "discard") in kinds
        assert any(k == "answer_trade" and s != ALICE for s, k in kinds), "bots answered"
        # Alice leaves: a bot takes her seat and the bots finish the game.
        panel = await table.open_panel(alice)
        for op in ("leave", "leaveyes"):
            click = await fake.click(alice, panel, f"pl:seat:{table.match_id}:{op}")
            assert click.callback is not None and click.callback.accepted
            panel = await click.wait_original()
        for _ in range(6000):
            live = await table.live()
            if live.record.status == MatchStatus.FINISHED:
                break
            await asyncio.sleep(0.02)
        assert live.record.status == MatchStatus.FINISHED
        await assert_log_replays(client.parlor.repo, live.id)
        title = t("catan.reveal.title")
        reveal = await fake.wait_for_message(table.channel, lambda m: title in m.text())
        assert reveal.text().count(t("catan.reveal.hand", cards="")[:5]) == 3
        shown = await wait_board_current(fake, client, live.id)
        assert shown.content == t("board.finished")
        await asyncio.sleep(0.05)
        (row,) = await client.parlor.repo.stats_for_user(guild.id, alice.id)
        assert (row.character, row.is_bot) == ("red", True)  # a bot finished her game
        stats = await fake.run_slash(alice, channel, "parlor stats", {})
        assert t("catan.character.red") in (await stats.wait_original()).text()
        # The leaderboard by colour (people's own games only: hers ended in a bot's hands).
        leaderboard = await fake.run_slash(alice, channel, "parlor leaderboard", {
            "game": "catan", "playing": "character:red", "include_bot_games": True})
        assert t("leaderboard.title_playing", game=t("catan.title"),
                 name=t("catan.character.red")) in (await leaderboard.wait_original()).text()
        replay = await fake.run_slash(alice, channel, "parlor replay", {"match": live.id})
        await replay.wait_callback()
        (followup,) = await replay.wait_followups(1)
        assert followup.attachments[0]["filename"].startswith("SPOILER_")
    payloads = public_payloads(fake)
    assert payloads
    markers = private_markers()
    for payload in payloads:
        assert not CARD_ID.search(payload), "a card's id reached a public message"
        for marker in markers:
            assert marker not in payload, f"{marker!r} reached a public message"
    assert fake.unanswered() == []
