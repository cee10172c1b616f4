"""No secret in any public message, for every registered game: a whole table of two people
and bots is played through the real client, then every private event of the game (one with an
audience, ``Event.to``) is rendered as the table would show it, and none of those lines may be
in anything the whole channel could see — boards, notices, the reveal, public answers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.renderers import renderer_for
from games import registry
from tests.e2e.parlor import Table, parlor, public_payloads
from tests.every_game import hosted_games, seats_for
from tests.fakediscord import FakeDiscord

# Not about how the bots play: slow ones play quick legal moves (tests.every_game.SLOW_BOTS).
pytestmark = pytest.mark.usefixtures("quick_bots")


def _as_in_json(text: str) -> str:
    """``text`` as it appears inside a JSON payload (quotes, newlines and backslashes
    escaped)."""
    return json.dumps(text, ensure_ascii=False)[1:-1]


def _all_payloads(fake: FakeDiscord) -> list[str]:
    return [json.dumps(r.json, ensure_ascii=False) for r in fake.requests
            if r.method in {"POST", "PATCH"} and isinstance(r.json, dict)]


@pytest.mark.parametrize("game", hosted_games())
async def test_no_private_event_reaches_a_public_message(
    tmp_path: Path, fake_discord: FakeDiscord, game: str
) -> None:
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    channel = fake.text_channel(fake.create_guild("G", members=[alice, bob]))
    seats = seats_for(game, 4)
    async with parlor(tmp_path, fake) as client:
        client.parlor.service.new_seed = lambda: 20261123
        table = Table(fake, client, channel)
        await table.open(alice, game)
        await table.lobby_click(bob, "join")
        for _ in range(seats - 2):
            await table.lobby_click(alice, "addbot")
        assert (await table.lobby_click(alice, "start")).callback.accepted
        final = await table.play_to_the_end({0: alice, 1: bob}, seed=5)

        engine = registry.get(game)
        renderer = renderer_for(game)
        locale = final.record.locale
        state = engine.setup(len(final.seats), final.record.options, seed=final.record.seed)
        public: set[str] = set()
        private: set[str] = set()
        for entry in await client.parlor.repo.actions(final.id):
            transition = engine.apply(state, engine.parse_action(entry.action))
            for event in transition.events:
                line = renderer.event_line(final, event, locale)
                (public if event.to is None else private).add(line)
            state = transition.state
    shown_publicly = public_payloads(fake)
    if not getattr(engine, "hidden_information", True):
        # A game that hides nothing (Renju) has nothing to leak: every event is public.
        assert not private, f"{game} hides nothing, yet played private events"
        assert any(_as_in_json(line) in text for line in public for text in shown_publicly), \
            f"{game}: no public event line found on the board either"
        return
    secret_lines = {_as_in_json(line) for line in private - public if line.strip()}
    assert secret_lines, f"{game}: no private event was played; the check would bite on nothing"
    leaks = sorted(line for line in secret_lines
                   for text in shown_publicly if line in text)
    assert not leaks, f"{game}: private lines in public messages: {leaks[:5]}"
    # The same lines did reach their readers privately (panels, DMs): the check compares what
    # the table really sends, not text it never renders.
    private_payloads = set(_all_payloads(fake)) - set(shown_publicly)
    assert any(line in text for line in secret_lines for text in private_payloads), \
        f"{game}: no private line found in any private payload"
    assert any(_as_in_json(line) in text for line in public for text in shown_publicly), \
        f"{game}: no public event line found on the board either"
    assert fake.client_errors == []


def test_the_check_would_see_a_private_line_in_a_public_payload() -> None:
    line = 'alice drew "Parasol"\nand kept it'
    payload = json.dumps({"content": f"board: {line}"}, ensure_ascii=False)
    assert _as_in_json(line) in payload
    assert line not in payload  # compared raw, the escaped newline and quotes would hide it
