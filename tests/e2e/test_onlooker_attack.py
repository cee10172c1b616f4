"""The onlooker's digest attack on a Sanguosha table played through the real client: three people
and three bots play its first couple of hundred moves; then an onlooker takes every custom id
that reached any member's client in the channel and, for each seat the board asked at that
version, hashes "this seat can only pass" ([question, clock, [pass]], the digest boards once
carried) to guess who holds no answer card. The guess never matches, and every seat asked one
question — holder of a Nullification, a Dodge or a Peach or not — is given the very same check
(tables/questions.py), so the ids tell nothing about a hand."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from games import registry
from games.core import Prompt
from games.sanguosha.actions import Pass
from storage import MatchStatus
from tables.questions import prompt_digest
from tables.service import LiveMatch
from tests.e2e.parlor import advance_until, parlor, public_payloads, start_table
from tests.fakediscord import FakeDiscord

MOVES = 200
BOARD_ID = re.compile(r"pl:([bqtr]):(\d+):(\d+):([\d:]+):([0-9a-f]{8})\b")


def onlookers_guess(prompt: Prompt) -> str:
    only_pass = prompt.model_copy(update={
        "actions": [a for a in prompt.actions if isinstance(a, Pass)], "pick": None})
    return prompt_digest(only_pass)


def states_by_version(game: Any, seats: int, options: Any, seed: int,
                      entries: list[Any]) -> dict[int, Any]:
    state = game.setup(seats, options, seed=seed)
    states = {0: state}
    for entry in entries:
        state = game.apply(state, game.parse_action(entry.action)).state
        states[entry.version + 1] = state
    return states


async def test_no_board_id_tells_who_holds_an_answer_card(
        tmp_path: Path, fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    people = [fake.create_user(n) for n in ("alice", "bob", "carol")]
    channel = fake.text_channel(fake.create_guild("G", members=people))
    async with parlor(tmp_path, fake) as client:
        table = await start_table(fake, client, channel, people, game="sanguosha", bots=3,
                                  options={}, seed=20261126)
        live = await table.live()
        humans = {s.seat: u for s in live.seats for u in people
                  if not s.is_bot and s.user_id == u.id}
        final = await advance_until(table, humans, lambda lv: lv.version >= MOVES or
                                    lv.record.status != MatchStatus.ACTIVE, seed=3, limit=2_000)
        desk = client.parlor.desk
        entries = await client.parlor.repo.actions(final.id)
        game = registry.get("sanguosha")
        states = states_by_version(game, len(final.seats), final.record.options,
                                   final.record.seed, entries)
        ids = {found.group(0) for text in public_payloads(fake)
               for found in BOARD_ID.finditer(text)}
        assert ids, "no board component carried a check"

        holders = others = 0
        for custom_id in sorted(ids):
            found = BOARD_ID.fullmatch(custom_id)
            assert found is not None
            scope, version, check = found.group(1), int(found.group(3)), found.group(5)
            if version not in states:
                continue  # drawn after the moves looked at here
            drawn = LiveMatch(final.record.model_copy(update={
                "version": version, "status": MatchStatus.ACTIVE}), final.seats,
                states[version])
            asked = [p for p in drawn.pending() if p.blocking and p.seat in humans]
            if scope in "bt":
                asked = [p for p in asked if p.seat == int(found.group(4).split(":")[0])]
            for prompt in asked:
                mine = desk.board_check(drawn, prompt) if scope in "bt" else \
                    desk.question_check(drawn, prompt)
                if not mine:
                    continue  # asked something else, not this question
                assert check != onlookers_guess(prompt), custom_id
                assert check == mine, (custom_id, prompt.seat)
                if any(not isinstance(a, Pass) for a in prompt.actions):
                    holders += 1
                else:
                    others += 1
        print(f"\n{len(ids)} board ids; asked seats holding an answer {holders}, "
              f"holding none {others}")
        assert holders and others, "the game never asked both kinds of seat on the board"
