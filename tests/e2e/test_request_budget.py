"""The invalid-request budget: Discord bans a bot for a while after 10,000 invalid requests
(401, 403, 429) in 10 minutes, so a whole game must make none it could have avoided.

A four-seat Lifeboat game, two people and two bots, against Discord-like rate-limit buckets
(five edits per five seconds per channel, ...), with one player's DMs closed: the only 4xx is
that closed DM (the world's doing, answered once); no 429, no other error. The counts are
printed (``-s``) and recorded in docs/reliability.md.

And the REST budget of issue #3 (requests per game action, interaction answers included) by
kind of table, with people who answer on the board whenever it offers their move.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from pathlib import Path
from typing import Any

from storage import MatchStatus
from tables.service import LiveMatch
from tests.e2e.parlor import (
    Table,
    assert_log_replays,
    parlor,
    start_table,
    wait_board_current,
)
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser, RateLimitPolicy
from tests.shown import t


async def test_a_whole_game_makes_no_avoidable_4xx_and_few_requests(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    fake.set_rate_limits(RateLimitPolicy.discord_like())
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    channel = fake.text_channel(fake.create_guild("G", members=[alice, bob]))
    fake.close_dms(bob)
    async with parlor(tmp_path, fake) as client:
        mark = fake.mark()
        table = await start_table(fake, client, channel, [alice, bob], bots=2)
        final = await table.play_to_the_end({0: alice, 1: bob}, seed=11)
        assert final.record.status == MatchStatus.FINISHED
        await fake.wait_for_message(channel, lambda m: t("lifeboat.reveal.title") in m.text())
        await assert_log_replays(client.parlor.repo, final.id)
        log = await client.parlor.repo.actions(final.id)

    requests = fake.requests_since(mark)
    errors = [r for r in requests if r.status >= 400]
    assert fake.client_errors == [], "avoidable 4xx (or 429s past announced limits)"
    assert [(r.status, r.error_code, r.cause) for r in errors] == [(403, 50007, "world")], \
        "the closed DM is the only refusal, and it is not tried again"
    bot_token = [r for r in requests if not r.interaction_route]
    answers = [r for r in requests if r.interaction_route]
    clicks = sum(1 for e in log if e.source == "player")
    routes = Counter(f"{r.method} {r.route}" for r in bot_token)
    print(f"\nrequest budget: {len(log)} actions ({clicks} by people), {len(requests)} "
          f"requests: {len(answers)} interaction answers, {len(bot_token)} with the bot token "
          f"({len(bot_token) / len(log):.2f} per action); 4xx: {len(errors)}; "
          f"by route: {dict(routes)}")
    # Board edits are coalesced and clicks answered with the board itself: the bot-token
    # traffic stays below one request per action even with bots moving every 5 ms.
    assert len(bot_token) < len(log)


# -- requests per action, by kind of table ---------------------------------------------------
# Issue #3's target is at most 1.5 REST requests per action (interaction answers included).
# Production pace is squeezed by SQUEEZE (bot moves 1.5 s, board edits 1.2 s, or 3 s while only
# bots are waited for, people thinking 1-5 s); bench/service.py measures the same at 0.1 and at
# production pace. Ceilings per kind, in all and with the bot's token: above what this run
# measures (printed with -s) and below what it measured without the board's shared questions
# or without the slower edits of boards waiting only for bots, so that a regression in either
# (or in clicks answered with the board itself) fails here, with room for a loaded machine
# (which pushes the figures up by up to ~0.1). "2 humans + 2 bots" and "host + 4 bots" sit too
# close to their without-figures to tell them apart on a loaded machine (host + 4 bots measured
# 0.61-0.65 with the bot token beside other tests), so they guard only against gross
# regressions; the slower edits of boards waiting only for bots are held by their own test
# (tests/e2e/test_board_edit_folding.py), whose gaps a load can only lengthen. Measured, five
# runs, alone:
#   2 humans + 2 bots  1.37-1.44, 0.60-0.63; without shared questions 1.50-1.56, 0.65-0.67;
#                      without the slower bot edits 1.48-1.50, 0.68-0.70
#   host + 4 bots      0.93-0.96, 0.50-0.52; without the slower bot edits 1.07, 0.64-0.65
#   4 humans           2.08-2.17, 0.51-0.58; without shared questions 2.47-2.50, 0.71-0.72
# Time runs at this fraction of the production pace. At 0.02 a loaded machine's event-loop lag
# was as long as the board's edit delay, so people clicked in panels what they would have clicked
# on the board: four copies of this test at once measured 4 humans at 2.25-2.36 requests per
# action at 0.02, 1.83-2.04 at 0.04 (29 Nov 2026; the figures above are at 0.02, alone).
SQUEEZE = 0.04
SEED = 3300
CEILINGS = {  # kind: (humans, bots, most requests per action: in all, with the bot token)
    "2 humans + 2 bots": (2, 2, 1.65, 0.7),
    "host + 4 bots": (1, 4, 1.15, 0.75),
    # The bot token here is the board's edits (and the reveal). People's moves come about as
    # far apart as the edit delay, so whether two fold into one edit is chance (0.59-0.85 per
    # action from run to run, more on a loaded machine): the ceiling is one edit per move.
    "4 humans": (4, 0, 2.4, 1.0),
}


class Person:
    """One human seat, clicking as a person does: the move on the board when the board shows
    it, else in their private panel (kept open, refreshed when it belongs to an older
    version). ``think`` seconds pass before each move."""

    def __init__(self, table: Table, user: FakeUser, seat: int, rng: random.Random,
                 think: tuple[float, float]) -> None:
        self.table, self.user, self.seat, self.rng, self.think = table, user, seat, rng, think
        self.panel: FakeMessage | None = None
        self.panel_stale = False
        self.clicks: Counter[str] = Counter()

    async def play(self) -> None:
        while True:
            live = await self.table.live()
            if live.record.status != MatchStatus.ACTIVE:
                return
            prompt = live.game.prompt_for(live.state, self.seat)
            if prompt is None or not prompt.blocking:
                await asyncio.sleep(0.002)
                continue
            await asyncio.sleep(self.rng.uniform(*self.think))
            await self.move()

    async def move(self) -> None:
        """One move; a game that moves on under the person's clicks is no failure (they look
        again), anything else is."""
        table = self.table
        for attempt in range(3):
            live = await table.live()  # the match in memory: it changes as the game moves
            version = live.version
            try:
                await self._move(live, version)
                return
            except (AssertionError, ValueError):
                if (await table.live()).version != version:
                    return
                if attempt == 2:
                    raise
                # A panel drawn a moment before its refresh landed: refresh and look again,
                # as a person would (the clicks count against the table all the same).
                self.panel_stale = True

    async def _move(self, live: LiveMatch, version: int) -> None:
        table = self.table
        game = live.game
        prompt = game.prompt_for(live.state, self.seat) if live.state is not None else None
        if prompt is None or not prompt.blocking:
            return
        index = prompt.actions.index(game.choose(game.view(live.state, self.seat), prompt,
                                                 self.rng))
        board = await table.board()
        if table.board_offers(board, live, self.seat, index):
            self.clicks["board"] += 1
            await table.choose_on_board(self.user, board, self.seat, index)
            return
        panel_current = self.panel is not None and not self.panel_stale and any(
            c.startswith((f"pl:a:{live.id}:{version}:", f"pl:s:{live.id}:{version}:"))
            for c in self.panel.custom_ids())
        if not panel_current:
            self.clicks["panel refresh"] += 1
            opened = await table.fake.click(self.user, self.panel or board, f"pl:h:{live.id}")
            if self.panel is None:
                self.panel = await opened.wait_original()
            else:
                await opened.wait_callback()
            self.panel_stale = False
            if live.version != version:
                return  # the game moved on while the panel was drawn: look again
        self.clicks["panel"] += 1
        assert self.panel is not None
        await table.choose_in_panel(self.user, self.panel, self.seat, version, index)


def _table_channel(fake: FakeDiscord, request: Any, homes: dict[int, int]) -> int | None:
    """The channel of the table a request was made for (DMs by their recipient's table)."""
    parts = request.path.split("/")
    if request.route.startswith("/interactions/"):
        return int(fake.interactions[int(parts[2])].channel.id)
    if request.route.startswith("/webhooks/"):
        return next((int(i.channel.id) for i in fake.interactions.values()
                     if i.token == parts[3]), None)
    if request.route.startswith("/channels/"):
        channel = fake.world.channels.get(int(parts[2]))
        if channel is not None and channel.is_dm:
            return homes.get(int(channel.recipient_id or 0))
        return int(parts[2])
    if request.route == "/users/@me/channels" and isinstance(request.json, dict):
        return homes.get(int(request.json.get("recipient_id", 0)))
    return None


async def test_requests_per_action_stay_under_each_kind_of_tables_ceiling(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """Issue #3: requests per action by kind of table, from the start click's answer to the
    reveal. People answer on the board whatever it offers them (their own buttons, or a
    question put to several of them at once), bots' moves fold into fewer board edits."""
    fake = fake_discord
    fake.set_rate_limits(RateLimitPolicy.unlimited())  # squeezed time: no 429 noise
    tables: dict[str, tuple[Table, list[Person]]] = {}
    homes: dict[int, int] = {}
    async with parlor(tmp_path, fake, bot_move_delay=1.5 * SQUEEZE,
                      board_edit_delay=1.2 * SQUEEZE) as client:
        marks: dict[str, int] = {}
        for number, (kind, (humans, bots, _, _)) in enumerate(CEILINGS.items()):
            users = [fake.create_user(f"k{number}p{i}") for i in range(humans)]
            channel = fake.text_channel(fake.create_guild(kind, members=users))
            homes.update({user.id: channel.id for user in users})
            table = await start_table(fake, client, channel, users, bots=bots,
                                      seed=SEED + number)
            marks[kind] = fake.mark()  # the start click answered: the game's requests follow
            live = await table.live()
            people = [Person(table, user, seat.seat, random.Random(f"{kind}:{seat.seat}"),
                             (1.0 * SQUEEZE, 5.0 * SQUEEZE))
                      for seat in live.seats for user in users if seat.user_id == user.id]
            tables[kind] = (table, people)
        await asyncio.wait_for(asyncio.gather(*(person.play() for _, people in tables.values()
                                                for person in people)), 120)
        title = t("lifeboat.reveal.title")
        for table, _ in tables.values():
            await wait_board_current(fake, client, table.match_id or 0)
            await fake.wait_for_message(table.channel, lambda m: title in m.text())
        actions = {kind: len(await client.parlor.repo.actions(table.match_id or 0))
                   for kind, (table, _) in tables.items()}
        redraws = {kind: client.parlor.panels.redraws[table.match_id or 0]
                   for kind, (table, _) in tables.items()}

    report = []
    for kind, (table, people) in tables.items():
        game = [r for r in fake.requests[marks[kind]:]
                if _table_channel(fake, r, homes) == table.channel.id]
        # Open panels redrawn as the game goes (bot/panels.py) are counted apart: they stand
        # for the clicks a person no longer needs, through the interaction's own token.
        per_action = (len(game) - redraws[kind]) / actions[kind]
        clicks = sum((p.clicks for p in people), Counter[str]())
        bot_token = sum(1 for r in game if not r.interaction_route) / actions[kind]
        over = per_action > CEILINGS[kind][2] or bot_token > CEILINGS[kind][3]
        report.append(f"{kind}: {actions[kind]} actions, {per_action:.2f} requests per action "
                      f"({bot_token:.2f} bot token){' OVER' if over else ''}, "
                      f"{redraws[kind] / actions[kind]:.2f} panel redraws; people's "
                      f"clicks {dict(clicks)}")
    print("\nrequests per action:\n" + "\n".join(report))
    assert not [line for line in report if " OVER" in line], report
    assert fake.client_errors == []
