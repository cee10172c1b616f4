"""Fuzzing live tables: random users, random and forged custom ids, odd select values and odd
slash command options, sent in concurrent bursts against running tables of every registered
game (one run per game).

What must hold for every interaction: it gets a clear answer inside Discord's 3 seconds (an
accepted callback; a refusal is a translated sentence, never a catalog key), nothing is logged
at ERROR, and a match changes only through legal actions: every player entry in the log comes
from a click the fuzzer really sent, by the seat's owner, at that version, naming that action;
the log replays from the seed to the stored snapshot.

Default run: about 200 interactions per game. ``PARLOR_SOAK=1``: 10,000 per game
(``PARLOR_FUZZ_INTERACTIONS`` overrides the count, ``PARLOR_FUZZ_SEED`` the seed).
"""

from __future__ import annotations

import asyncio
import os
import random
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.app import ParlorClient
from bot.renderers import renderer_for
from games import registry
from storage import MatchNotFound, MatchStatus
from tables.questions import prompt_digest, public_check
from tests.e2e.parlor import Table, assert_log_replays, parlor, start_table
from tests.e2e.signal_table import signal_at_the_table
from tests.every_game import hosted_games, seats_for, start_options
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser, InteractionResult
from tests.fakediscord.fixtures import ErrorLogCollector
from tests.fakediscord.interactions import FakeUsageError
from tests.shown import t

SOAK = os.environ.get("PARLOR_SOAK") == "1"
DEFAULT_INTERACTIONS = 200
SOAK_INTERACTIONS = int(os.environ.get("PARLOR_FUZZ_INTERACTIONS", "10000"))
FUZZ_SEED = int(os.environ.get("PARLOR_FUZZ_SEED", "20261121"))

MEMBER = 0x800 | 0x400  # Send Messages and View Channel: nobody in the fuzz is a moderator
BUTTON, SELECT = 2, 3
LARGEST_SQLITE_ID = 2**63 - 1
# Not about how the bots play: slow ones play quick moves (tests.every_game.SLOW_BOTS).
pytestmark = pytest.mark.usefixtures("quick_bots")
# What an untranslated refusal would look like: the catalog key itself.
RAW_KEY = re.compile(r"^[a-z_]+(\.[a-z0-9_]+)+$")
# An action component's id, with the digest of its named question when it has one.
ACT_ID = re.compile(r"^pl:([ab]):(\d+):(\d+):(\d+):(\d+)(?::([0-9a-f]{8}))?$")
SELECT_ID = re.compile(r"^pl:([st]):(\d+):(\d+):(\d+):(\d+)(?::([0-9a-f]{8}))?$")
PICK_ID = re.compile(r"^pl:(k|kb):(\d+):(\d+):(\d+):")
# The number a pick's act carries: it chose items, not one of the prompt's actions.
PICKED = -1
# The board's questions to several seats at once: no seat in the id (the clicker's is meant).
ASKED_ID = re.compile(r"^pl:([qr]):(\d+):(\d+):(\d+)(?::([0-9a-f]{8}))?$")


@dataclass
class Sent:
    kind: str
    user: FakeUser
    result: InteractionResult
    # (match, version, seat, number, on the board, digest) an action click could have
    # applied, for the log check: a panel's number is the prompt index, a board's its place
    # among the board's own actions (bot/components.py), a pick's PICKED; the digest of the
    # question it was drawn for keeps it valid at later versions (tables/questions.py).
    acts: list[Act] = field(default_factory=list)


Act = tuple[int, int, int, int, bool, str]


def _acts_of(custom_id: str, values: list[str] | None) -> list[Act]:
    found = ACT_ID.match(custom_id)
    if found:
        scope = found.group(1)
        match, version, seat, number = (int(g) for g in found.groups()[1:5])
        return [(match, version, seat, number, scope == "b", found.group(6) or "")]
    found = SELECT_ID.match(custom_id)
    if found and values:
        scope = found.group(1)
        match, version, seat, _ = (int(g) for g in found.groups()[1:5])
        return [(match, version, seat, int(v), scope == "t", found.group(6) or "")
                for v in values if v.isascii() and v.isdigit()]
    found = PICK_ID.match(custom_id)
    if found:
        match, version, seat = (int(g) for g in found.groups()[1:4])
        return [(match, version, seat, PICKED, False, "")]
    return []


class Fuzzer:
    """Builds random interactions from what is on the tables right now."""

    def __init__(self, fake: FakeDiscord, client: ParlorClient, rng: random.Random,
                 channels: list[FakeChannel], players: list[FakeUser],
                 strangers: list[FakeUser], game: str) -> None:
        self.game = game
        self.seats = seats_for(game, 4)
        self.fake = fake
        self.client = client
        self.rng = rng
        self.forged_others = 0  # the kinds of forged_other are taken in turn
        self.channels = channels
        self.players = players
        self.users = [*players, *strangers]
        self.sent: list[Sent] = []
        self.panels: dict[int, list[FakeMessage]] = {u.id: [] for u in self.users}
        self.hosts: dict[int, int] = {}  # match id -> host user id
        self.known_matches: set[int] = set()

    # -- what is on the tables -------------------------------------------------------------
    async def refresh(self) -> None:
        for channel in self.channels:
            live = await self.client.parlor.service.open_in_channel(channel.id)
            if live is not None:
                self.known_matches.add(live.id)
                self.hosts[live.id] = live.record.host_id

    async def keep_tables_live(self) -> None:
        """The first two channels always have a game in play: when one is over (or the fuzz
        ended it, or opened a lobby there), people open the next one, fill it and start it."""
        service = self.client.parlor.service
        by_id = {u.id: u for u in self.users}
        for channel in self.channels[:2]:
            live = await service.open_in_channel(channel.id)
            if live is not None and live.record.status != MatchStatus.LOBBY:
                continue
            if live is None:
                host = self.rng.choice(self.players)
                lobby = await Table(self.fake, self.client, channel).open(host, self.game)
                live = await service.open_in_channel(channel.id)
                assert live is not None
            else:
                host = by_id[live.record.host_id]
                record = next(m for m in await self.client.parlor.repo.messages(live.id)
                              if m.kind == "lobby")
                lobby = self.fake.message(record.message_id)
            self.known_matches.add(live.id)
            self.hosts[live.id] = host.id
            joining = [u for u in self.players if live.seat_of(u.id) is None]
            self.rng.shuffle(joining)
            for user in joining[:self.rng.randint(0, 3)]:
                await self.fake.click(user, lobby, f"pl:l:{live.id}:join")
            while len((await service.get(live.id)).seats) < self.seats:
                await self.fake.click(host, lobby, f"pl:l:{live.id}:addbot")
            await self.fake.click(host, lobby, f"pl:l:{live.id}:start")
            assert (await service.get(live.id)).record.status == MatchStatus.ACTIVE

    def public_messages(self) -> list[FakeMessage]:
        return [m for channel in self.channels for m in self.fake.messages_in(channel)
                if m.author_id == self.fake.bot_user.id]

    def boards(self) -> list[FakeMessage]:
        return [m for m in self.public_messages()
                if any(c.startswith("pl:h:") for c in m.custom_ids())]

    def any_visible_message(self, user: FakeUser) -> FakeMessage | None:
        choices = self.public_messages()
        panels = [p for p in self.panels[user.id] if p.visible_to(user.id)]
        if panels and self.rng.random() < 0.3:
            return self.rng.choice(panels)
        dms = self.fake.dm_messages(user)
        if dms and self.rng.random() < 0.05:
            return self.rng.choice(dms)
        return self.rng.choice(choices) if choices else None

    def match_number(self) -> int:
        rng = self.rng
        known = sorted(self.known_matches) or [1]
        roll = rng.random()
        if roll < 0.7:
            return rng.choice(known)
        if roll < 0.8:
            return max(known) + rng.randint(1, 1000)
        if roll < 0.9:
            return rng.choice([0, 1, 2, 10**6])
        return rng.choice([LARGEST_SQLITE_ID, 2**63, 10**40])  # beyond what SQLite stores

    async def version_of(self, match: int) -> int:
        if not 0 < match <= LARGEST_SQLITE_ID:
            return self.rng.randint(0, 50)  # not even a storable id: no version to be near
        try:
            return (await self.client.parlor.service.get(match)).version
        except MatchNotFound:
            return self.rng.randint(0, 50)

    async def number_near(self, value: int) -> int:
        return max(0, self.rng.choice([value, value, value - 1, value + 1, 0,
                                       self.rng.randint(0, 10**9)]))

    def odd_value(self, size: int) -> str:
        rng = self.rng
        return rng.choice([str(rng.randint(0, max(0, size - 1))), str(rng.randint(size, size + 40)),
                           "-1", "", "abc", " 1", "1.0", "007", "1e3", "9" * 30, "0x1", "+2",
                           "²", "٣", "１"])

    # -- one random interaction ----------------------------------------------------------------
    async def one(self) -> Sent | None:
        roll = self.rng.random()
        try:
            if roll < 0.10:
                return await self.board_click()
            if roll < 0.20:
                return await self.owner_move()
            if roll < 0.30:
                return await self.own_panel()
            if roll < 0.42:
                return await self.panel_click()
            if roll < 0.62:
                return await self.forged_act()
            if roll < 0.74:
                return await self.forged_select()
            if roll < 0.80:
                return await self.forged_other()
            if roll < 0.86:
                return await self.forged_pick()
            return await self.slash()
        except FakeUsageError:
            return None  # the table changed under the pick: Discord would not send that

    async def board_click(self) -> Sent | None:
        boards = self.boards()
        if not boards:
            return None
        board = self.rng.choice(boards[-6:])
        custom_id = self.rng.choice(board.custom_ids())
        user = self.rng.choice(self.users)
        return await self._real(user, board, custom_id)

    async def _real(self, user: FakeUser, message: FakeMessage, custom_id: str) -> Sent:
        component = message.find_component(custom_id) or {}
        if int(component.get("type", BUTTON)) == SELECT:
            offered = [str(o["value"]) for o in component["options"]]
            low = int(component.get("min_values", 1))
            high = min(int(component.get("max_values", 1)), len(offered))
            values = self.rng.sample(offered, self.rng.randint(min(low, high), high))
            acts = await self._asked_acts(user, custom_id, values)
            result = await self.fake.select(user, message, custom_id, values, wait=False)
            return Sent("select", user, result, _acts_of(custom_id, values) + acts)
        acts = await self._asked_acts(user, custom_id, None)
        result = await self.fake.click(user, message, custom_id, wait=False)
        return Sent("click", user, result, _acts_of(custom_id, None) + acts)

    async def _asked_acts(self, user: FakeUser, custom_id: str, values: list[str] | None
                          ) -> list[Act]:
        """What a click on a board question could apply, worked out as it is sent: the id
        names no seat, so the action is the clicker's seat's answer at the id's version, and
        only while the match is still at that version (versions only grow) or, for a named
        question (the id's public check), while the seat is asked that very question, its
        choices in the same places. Such an answer is recorded with the seat's whole-prompt
        digest, which a named question keeps while it stands."""
        found = ASKED_ID.match(custom_id)
        if not found:
            return []
        match, version, number = (int(g) for g in found.groups()[1:4])
        digest = found.group(5) or ""
        places = [number] if found.group(1) == "q" else [
            int(v) for v in values or [] if v.isascii() and v.isdigit()]
        try:
            live = await self.client.parlor.service.get(match)
        except MatchNotFound:
            return []
        seat = live.seat_of(user.id)
        if seat is None or live.state is None or live.version < version:
            return []
        prompt = live.game.prompt_for(live.state, seat)
        if prompt is None:
            return []
        desk = self.client.parlor.desk
        asked = bool(digest) and bool(prompt.question) and \
            desk.question_check(live, prompt) == digest
        if live.version != version and not asked:
            return []
        indices = [desk.question_action(live, prompt, place) for place in places]
        return [(match, version, seat, index, False, prompt_digest(prompt) if asked else "")
                for index in indices if index is not None]

    async def owner_move(self) -> Sent | None:
        """A seated player the game waits for opens their panel and clicks one of its choices
        (a legal move unless the game moved on in between): this keeps the tables going."""
        waiting: list[tuple[FakeMessage, FakeUser]] = []
        by_id = {u.id: u for u in self.users}
        for board in self.boards()[-6:]:
            match = int(next(c for c in board.custom_ids() if c.startswith("pl:h:"))[5:])
            live = await self.client.parlor.service.get(match)
            if live.record.status != MatchStatus.ACTIVE:
                continue
            for prompt in live.pending():
                seat = live.seats[prompt.seat]
                if prompt.blocking and not seat.is_bot and seat.user_id in by_id:
                    waiting.append((board, by_id[seat.user_id]))
        if not waiting:
            return None
        board, owner = self.rng.choice(waiting)
        hand = next(c for c in board.custom_ids() if c.startswith("pl:h:"))
        opened = Sent("panel", owner, await self.fake.click(owner, board, hand))
        await self.settle([opened])
        self.sent.append(opened)
        panel = await opened.result.wait_original()
        choices = [c for c in panel.custom_ids()
                   if c.startswith(("pl:a:", "pl:s:", "pl:k:", "pl:kb:"))]
        if not choices:
            return None
        return await self._real(owner, panel, self.rng.choice(choices))

    async def own_panel(self) -> Sent | None:
        boards = self.boards()
        if not boards:
            return None
        board = self.rng.choice(boards[-6:])
        hand = next(c for c in board.custom_ids() if c.startswith("pl:h:"))
        user = self.rng.choice(self.users)
        result = await self.fake.click(user, board, hand, wait=False)
        return Sent("panel", user, result)

    async def panel_click(self) -> Sent | None:
        """A click in a panel the user opened before, maybe long ago (stale versions)."""
        owners = [u for u in self.users if any(p.custom_ids() for p in self.panels[u.id])]
        if not owners:
            return None
        user = self.rng.choice(owners)
        panel = self.rng.choice([p for p in self.panels[user.id] if p.custom_ids()][-4:])
        if not panel.visible_to(user.id):
            return None
        return await self._real(user, panel, self.rng.choice(panel.custom_ids()))

    async def forged_act(self) -> Sent | None:
        user = self.rng.choice(self.users)
        message = self.any_visible_message(user)
        if message is None:
            return None
        match = self.match_number()
        version = await self.number_near(await self.version_of(match))
        seat = self.rng.choice([0, 1, 2, 3, 4, 5, 6, 7, 99, 2**31])
        index = self.rng.choice([*range(12), 40, 10**6])
        zeros = "0" * self.rng.choice([0, 0, 0, 1, 3])
        custom_id = f"pl:a:{match}:{zeros}{version}:{seat}:{index}"
        if self.rng.random() < 0.2:  # a board question's answer: no seat
            custom_id = f"pl:{self.rng.choice('qr')}:{match}:{zeros}{version}:{index}"
        if self.rng.random() < 0.3:  # a question's digest: made up, or another seat's
            custom_id += ":" + await self.some_digest(match)
        kind = BUTTON if self.rng.random() < 0.95 else SELECT
        values = None if kind != SELECT else \
            [self.odd_value(6)] if custom_id.startswith("pl:r:") else ["0"]
        acts = await self._asked_acts(user, custom_id, values)
        result = await self.fake.raw_component(user, message, custom_id, values, kind,
                                               wait=False)
        return Sent("forged_act", user, result, _acts_of(custom_id, None) + acts)

    async def some_digest(self, match: int) -> str:
        """A digest a forged click may carry: random, or a real one of some seat's question
        (its panel's, its board button's or its board question's)."""
        try:
            live = await self.client.parlor.service.get(match)
        except MatchNotFound:
            live = None
        prompts = [] if live is None or live.state is None else live.pending()
        if prompts and self.rng.random() < 0.5:
            prompt = self.rng.choice(prompts)
            desk = self.client.parlor.desk
            assert live is not None
            real = [prompt_digest(prompt), desk.board_check(live, prompt),
                    desk.question_check(live, prompt)]
            return self.rng.choice([check for check in real if check] or real[:1])
        return f"{self.rng.getrandbits(32):08x}"

    async def forged_pick(self) -> Sent | None:
        """A choice of several items made up: any page, any values, any step."""
        user = self.rng.choice(self.users)
        message = self.any_visible_message(user)
        if message is None:
            return None
        match = self.match_number()
        version = await self.number_near(await self.version_of(match))
        seat = self.rng.choice([0, 1, 2, 3, 99])
        digest = "" if self.rng.random() < 0.3 else ":" + await self.some_digest(match)
        if self.rng.random() < 0.6:
            custom_id = f"pl:k:{match}:{version}:{seat}:{self.rng.choice([0, 1, 5])}{digest}"
            values = [self.odd_value(30) for _ in range(self.rng.choice([0, 1, 2, 3, 30]))]
            result = await self.fake.raw_component(user, message, custom_id, values, SELECT,
                                                   wait=False)
        else:
            op = self.rng.choice(["go", "ok", "clear"])
            custom_id = f"pl:kb:{match}:{version}:{seat}:{op}:{self.rng.choice([0, 1, 9])}" \
                + digest
            result = await self.fake.raw_component(user, message, custom_id, None, BUTTON,
                                                   wait=False)
        return Sent("forged_pick", user, result, _acts_of(custom_id, None))

    async def forged_select(self) -> Sent | None:
        user = self.rng.choice(self.users)
        message = self.any_visible_message(user)
        if message is None:
            return None
        match = self.match_number()
        version = await self.number_near(await self.version_of(match))
        seat = self.rng.choice([0, 1, 2, 3, 4, 99])
        custom_id = f"pl:s:{match}:{version}:{seat}:{self.rng.randint(0, 4)}"
        count = self.rng.choice([1, 1, 1, 2, 3, 0])
        values = [self.odd_value(12) for _ in range(count)]
        result = await self.fake.raw_component(user, message, custom_id, values, SELECT,
                                               wait=False)
        return Sent("forged_select", user, result, _acts_of(custom_id, values))

    async def forged_other(self) -> Sent | None:
        user = self.rng.choice(self.users)
        message = self.any_visible_message(user)
        if message is None:
            return None
        match = self.match_number()
        rng = self.rng
        # In turn rather than at random: a run of a few hundred sends every kind.
        kind = ("hand", "page", "seat", "lobby")[self.forged_others % 4]
        self.forged_others += 1
        if kind == "hand":
            custom_id = f"pl:h:{match}"
        elif kind == "page":
            custom_id = f"pl:p:{match}:{rng.choice([0, 1, 2, 7, 10**9])}"
        elif kind == "seat":
            custom_id = f"pl:seat:{match}:{rng.choice(['back', 'leave', 'leaveyes'])}"
        else:
            ops = ["join", "leave", "addbot", "rmbot", "start", "x", "joinx", "zzzzzz"]
            if self.hosts.get(match) != user.id:
                ops.append("cancel")  # a host ending their own table is legal, not fuzz
            custom_id = f"pl:l:{match}:{rng.choice(ops)}"
        result = await self.fake.raw_component(user, message, custom_id, None, BUTTON,
                                               wait=False)
        return Sent(f"forged_{kind}", user, result)

    async def slash(self) -> Sent | None:
        rng = self.rng
        user = rng.choice(self.users)
        channel = rng.choice(self.channels)
        live = await self.client.parlor.service.open_in_channel(channel.id)
        host = None if live is None else live.record.host_id
        odd_int = rng.choice([-1, 0, 1, 2**31, -(2**53), 2**53, rng.randint(-99, 10**6)])
        game = self.game
        odd_text = rng.choice(["", " ", game, game.upper(), "nope", "x" * 100, "🂠", "'; --"])
        commands: list[tuple[str, dict[str, Any]]] = [
            ("parlor help", {}),
            ("parlor games", {}),
            ("parlor history", {}),
            ("parlor log", {}),
            ("parlor replay", {"match": odd_int}),
            ("parlor replay", {"match": self.match_number() % 2**53}),
            ("parlor stats", {"game": odd_text}),
            ("parlor stats", {"user": rng.choice(self.users)}),
            ("parlor leaderboard", {"game": odd_text, "include_bot_games": rng.random() < .5}),
            ("parlor config", {"turn_seconds": odd_int, "afk_turns": odd_int}),
            ("parlor config", {"game": odd_text, "enabled": False}),
            ("parlor kick", {"member": rng.choice(self.users)}),
            ("parlor leaderboard", {"game": game, "playing": odd_text}),
            (f"{game} rules", {}),
            (f"{game} status", {}),
            (f"{game} resume", {}),
            (f"{game} start", start_options(game, self.seats, rng)),
            (f"{game} config", {"turn_seconds": odd_int}),
        ]
        if host is not None and host != user.id:
            commands.append((f"{game} end", {}))
        name, options = rng.choice(commands)
        result = await self.fake.run_slash(user, channel, name, options, wait=False)
        return Sent(f"/{name}", user, result)

    # -- checking the answers --------------------------------------------------------------------
    async def settle(self, batch: list[Sent]) -> None:
        for sent in batch:
            callback = await sent.result.wait_callback(timeout=5.0)
            assert callback.accepted, f"{sent.kind} by {sent.user.name}: {callback}"
            assert callback.elapsed <= self.fake.ack_deadline, f"{sent.kind} answered late"
            if callback.type == 4:
                data = callback.data or {}
                content = str(data.get("content") or "")
                assert content or data.get("embeds"), f"{sent.kind}: an empty answer"
                assert not RAW_KEY.match(content), f"{sent.kind}: untranslated {content!r}"
            if sent.kind == "panel" and callback.type == 4 and callback.ephemeral:
                self.panels[sent.user.id].append(await sent.result.wait_original())
        await self.refresh()


async def _play(fuzzer: Fuzzer, count: int) -> int:
    while len(fuzzer.sent) < count:
        batch: list[Sent] = []
        for _ in range(fuzzer.rng.randint(1, 8)):
            one = await fuzzer.one()
            if one is not None:
                batch.append(one)
        await fuzzer.settle(batch)
        fuzzer.sent.extend(batch)
        await fuzzer.keep_tables_live()
    return len(fuzzer.sent)


async def _check_tables(fuzzer: Fuzzer) -> int:
    """Only legal actions changed any match: the log replays, every player entry is a click
    the fuzzer sent by the seat's owner naming that very action, bots and timers act as
    nobody."""
    repo = fuzzer.client.parlor.repo
    # (match, seat, number, on the board) -> (version, digest, user) of each click
    clicked: dict[tuple[int, int, int, bool], list[tuple[int, str, int]]] = {}
    for sent in fuzzer.sent:
        for match, version, seat, number, board, digest in sent.acts:
            clicked.setdefault((match, seat, number, board), []).append(
                (version, digest, sent.user.id))

    def clickers(match: int, version: int, seat: int, number: int, board: bool,
                 digest: str) -> set[int]:
        """Who sent a click that could have made this move at ``version``: drawn at that
        version, or earlier for the same named question."""
        return {user for drawn, carried, user in clicked.get((match, seat, number, board), [])
                if drawn == version or (digest and carried == digest and drawn <= version)
                or (number == PICKED and drawn <= version)}

    player_moves = 0
    for match_id in sorted(fuzzer.known_matches):
        record = await repo.get_match(match_id)
        if record.status in (MatchStatus.LOBBY, MatchStatus.CANCELLED) and record.version == 0:
            continue
        await assert_log_replays(repo, match_id)
        game = registry.get(record.game)
        seats = await repo.seats(match_id)
        state = game.setup(len(seats), record.options, seed=record.seed)
        for entry in await repo.actions(match_id):
            action = game.parse_action(entry.action)
            if entry.source == "player":
                player_moves += 1
                assert entry.user_id == seats[entry.seat].user_id, "a move by a non-owner"
                prompt = game.prompt_for(state, entry.seat)
                assert prompt is not None
                digest = prompt_digest(prompt) if prompt.question else ""
                if action not in prompt.actions:
                    assert prompt.pick is not None and prompt.pick.accepts(action)
                    who = clickers(match_id, entry.version, entry.seat, PICKED, False, "")
                else:
                    index = prompt.actions.index(action)
                    who = clickers(match_id, entry.version, entry.seat, index, False, digest)
                    live = await fuzzer.client.parlor.service.get(match_id)
                    shown = renderer_for(record.game).board_actions(
                        live, game.view(state, None), prompt)
                    if index in shown:
                        board_check = public_check(
                            prompt, [prompt.actions[i] for i in shown], 0)
                        who |= clickers(match_id, entry.version, entry.seat,
                                        shown.index(index), True, board_check)
                    if prompt.pick is not None and prompt.pick.accepts(action):
                        who |= clickers(match_id, entry.version, entry.seat, PICKED, False, "")
                assert entry.user_id in who, f"match {match_id} v{entry.version}: no such click"
            else:
                assert entry.user_id is None and entry.source in {"bot", "timer", "response"}
            state = game.apply(state, action).state
    assert player_moves > 0, "the fuzz never made a legal move: it tested too little"
    return player_moves


async def _fuzz(tmp_path: Path, fake: FakeDiscord, game: str, count: int, seed: int) -> None:
    rng = random.Random(seed)
    players = [fake.create_user(n) for n in ("alice", "bob", "carol", "dave", "erin")]
    strangers = [fake.create_user(n) for n in ("eve", "frank")]
    guild = fake.create_guild("Fuzz", members=[*players, *strangers],
                              channels=("general", "games", "lobby"))
    for user in [*players, *strangers]:
        fake.set_member_permissions(guild, user, MEMBER)
    channels = [fake.text_channel(guild, n) for n in ("general", "games", "lobby")]
    async with parlor(tmp_path, fake) as client:
        client.parlor.service.new_seed = lambda: rng.getrandbits(62)
        seats = seats_for(game, 4)
        four_humans = Table(fake, client, channels[0])
        await four_humans.open(players[0], game)
        for user in players[1:seats]:
            await four_humans.lobby_click(user, "join")
        await four_humans.lobby_click(players[0], "start")
        with_bots = Table(fake, client, channels[1])
        await with_bots.open(players[4], game)
        for _ in range(seats - 1):
            await with_bots.lobby_click(players[4], "addbot")
        await with_bots.lobby_click(players[4], "start")
        lobby = Table(fake, client, channels[2])
        await lobby.open(players[2], game)

        fuzzer = Fuzzer(fake, client, rng, channels, players, strangers, game)
        await fuzzer.refresh()
        began = asyncio.get_running_loop().time()
        sent = await _play(fuzzer, count)
        seconds = asyncio.get_running_loop().time() - began
        await asyncio.sleep(0.3)  # bot moves and board edits in flight land
        moves = await _check_tables(fuzzer)
    assert sent >= count
    assert fake.take_violations() == [], "an interaction answered late or twice"
    assert fake.unanswered() == []
    assert fake.client_errors == [], "the fuzz provoked a 4xx the bot could have avoided"
    kinds = {s.kind for s in fuzzer.sent}
    slowest = max(s.result.callback.elapsed for s in fuzzer.sent if s.result.callback)
    refused = sum(1 for s in fuzzer.sent if s.result.callback and s.result.callback.ephemeral
                  and s.result.callback.type == 4)
    print(f"\nfuzz {game}: {sent} interactions in {seconds:.1f} s (seed {seed}); {refused} private "
          f"answers; {moves} moves by players in {len(fuzzer.known_matches)} matches; slowest "
          f"answer {slowest:.3f} s; by kind: {dict(Counter(s.kind for s in fuzzer.sent))}")
    assert {"click", "panel", "forged_act", "forged_select", "forged_lobby"} <= kinds


@pytest.mark.parametrize("game", hosted_games())
async def test_random_interactions_get_clear_answers_and_change_nothing_illegal(
    tmp_path: Path, fake_discord: FakeDiscord, game: str
) -> None:
    await _fuzz(tmp_path, fake_discord, game, DEFAULT_INTERACTIONS, FUZZ_SEED)


@pytest.mark.soak
@pytest.mark.skipif(not SOAK, reason="long fuzz: set PARLOR_SOAK=1")
@pytest.mark.parametrize("game", hosted_games())
async def test_ten_thousand_random_interactions(tmp_path: Path, fake_discord: FakeDiscord,
                                                game: str) -> None:
    await _fuzz(tmp_path, fake_discord, game, SOAK_INTERACTIONS, FUZZ_SEED + 1)



# -- what the fuzz found --------------------------------------------------------------------
async def _answer(fake: FakeDiscord, errors: ErrorLogCollector,
                  result: InteractionResult) -> str | None:
    """The private answer to ``result``, or None when the bot never answered (the errors it
    logged and the unanswered interaction are taken, so the test itself reports the failure)."""
    try:
        callback = await result.wait_callback(timeout=1.0)
    except AssertionError:
        fake.advance_time(fake.ack_deadline + 1)
        fake.take_unanswered()
        errors.take()
        return None
    return str((callback.data or {}).get("content"))


async def test_a_match_number_too_large_to_store_is_told_the_table_does_not_exist(
    tmp_path: Path, fake_discord: FakeDiscord, fail_on_logged_errors: ErrorLogCollector
) -> None:
    fake = fake_discord
    alice = fake.create_user("alice")
    channel = fake.text_channel(fake.create_guild("G", members=[alice]))
    async with parlor(tmp_path, fake):
        lobby = await (await fake.run_slash(alice, channel, "lifeboat start", {})).wait_original()
        forged = await fake.raw_component(alice, lobby, f"pl:h:{2**63}", wait=False)
        answer = await _answer(fake, fail_on_logged_errors, forged)
    assert answer == t("act.unknown_match")


async def test_a_select_value_of_non_ascii_digits_is_refused_as_unreadable(
    tmp_path: Path, fake_discord: FakeDiscord, fail_on_logged_errors: ErrorLogCollector
) -> None:
    fake = fake_discord
    alice = fake.create_user("alice")
    channel = fake.text_channel(fake.create_guild("G", members=[alice]))
    async with parlor(tmp_path, fake) as client:
        table = await start_table(fake, client, channel, [alice], bots=3)
        board = await table.board()
        forged = await fake.raw_component(alice, board, f"pl:s:{table.match_id}:0:0:0", ["²"],
                                          SELECT, wait=False)
        answer = await _answer(fake, fail_on_logged_errors, forged)
    assert answer == t("act.malformed")


async def test_random_interactions_at_tables_of_response_windows(
    tmp_path: Path, fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fuzz on the Signal test game: first-come, in-order and together windows, old clicks
    valid while their own question stands, forged question digests, closed windows, picks of
    several cards (one select, paged) and forged pick pages, answered clearly and changing
    nothing illegal."""
    with signal_at_the_table(monkeypatch):
        await _fuzz(tmp_path, fake_discord, "signal", DEFAULT_INTERACTIONS, FUZZ_SEED + 2)
