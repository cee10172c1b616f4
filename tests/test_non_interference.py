"""Non-interference, for every registered game: what the bot shows a reader is a function of
what that reader may know.

Seeded tables of the built-in bots are played, and at every step the state is given twins
(``Game.twin``): states that differ only in what the public may not know — hands dealt
again, identities swapped, decks shuffled, secret commitments changed. Every public payload
of the state and of its twin is rendered through the real Desk, components, renderers and
pictures, and must be byte for byte the same: the board's content, embeds and components
(labels, custom ids, select options and values, their count and order, disabled flags), the
picture's scene (and at a few steps its PNG bytes, encoded as the drawing worker does), the
public log's lines, the team threads' names. Per seat, a twin that keeps what that seat knows
must leave its private panel, its opening DM and its team's thread text unchanged.

``PARLOR_SOAK=1`` plays more tables (four and six seats, both table languages, the games'
variants, random players beside the bots) and checks every seat at every step.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.history import public_log
from bot.renderers import renderer_for
from bot.table import Desk
from games import registry
from games.core import Event, IllegalAction
from games.core.conformance import Chooser, bot_action, mixed_chooser
from storage import MatchRecord, MatchStatus, SeatRecord
from tables.pictures.png import TableEncoder
from tables.questions import prompt_digest
from tables.service import LiveMatch
from tables.text import Text
from tests.every_game import hosted_games, seats_for, short_table

SOAK = bool(os.environ.get("PARLOR_SOAK"))
SEEDS = range(4) if SOAK else range(1)
# The picture is painted (about 25 ms) and encoded as the drawing worker does, a table's
# pictures one after another, at these steps; its scene is compared at every step.
PAINTED_STEPS = {0, 20, 40}
LOCALES = ("en", "zh-CN")
# The public log is compared over its last lines at every step (all of them with PARLOR_SOAK):
# a line is rendered from its event and the table as it is now, so every event is compared
# over the twenty or more steps after it, and a table of hundreds of moves (Catan's thousand
# events) is not rendered whole again at each one.
LOG_TAIL = None if SOAK else 20
# Not about how the bots play: slow ones play quick moves (tests.every_game.SLOW_BOTS).
pytestmark = pytest.mark.usefixtures("quick_bots")


def _desk() -> Desk:
    # Rendering reads only the turn deadlines and a pick's ticked items from the app.
    return Desk(cast(Any, SimpleNamespace(
        timers=SimpleNamespace(deadline=lambda match, seat: None),
        interactions=SimpleNamespace(picks=SimpleNamespace(chosen=lambda key: (),
                                                      page=lambda key: 0)))))


def _live(game: str, seats: int, seed: int, locale: str) -> LiveMatch:
    """A table of people but for its last seat, which a bot plays."""
    now = datetime.now(UTC)
    record = MatchRecord(id=7, game=game, guild_id=1, channel_id=2, host_id=100,
                         status=MatchStatus.ACTIVE, version=0, seed=seed, options={},
                         created_at=now, updated_at=now, locale=locale)
    players = [SeatRecord(match_id=7, seat=s, user_id=100 + s, display_name=f"P{s}",
                          is_bot=s == seats - 1, locale=LOCALES[s % 2]) for s in range(seats)]
    return LiveMatch(record=record, seats=players)


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=repr)


def _message(content: str, embeds: list[discord.Embed], view: discord.ui.View | None) -> str:
    """A message as the bot sends it to Discord: content, embeds, components."""
    return _dump({"content": content, "embeds": [e.to_dict() for e in embeds],
                  "components": view.to_components() if view is not None else []})


def public_payloads(desk: Desk, live: LiveMatch, events: list[Event], *,
                    paint: TableEncoder | None) -> dict[str, Any]:
    """Everything the table's channel receives about ``live`` as it is now (its picture's
    bytes too when given the table's encoder)."""
    renderer = renderer_for(live.record.game)
    locale = live.record.locale
    public = live.game.view(live.state, None)
    payloads: dict[str, Any] = {"board": _message(*desk.board(live, locale))}
    picture = renderer.board_picture(live, public, locale)
    if picture is not None:
        payloads["picture"] = (repr(picture.scene), picture.key)
        if paint is not None:
            payloads["picture.png"] = paint.png(picture.canvas().image)
    payloads["log"] = public_log(live, events[-LOG_TAIL:] if LOG_TAIL else events, locale)
    payloads["threads"] = [(team.key, team.seats, team.name)
                           for team in renderer.team_threads(live, locale)]
    if live.outcome() is not None:
        outcome = live.outcome()
        assert outcome is not None
        payloads["reveal"] = _dump(renderer.reveal_embed(live, public, outcome,
                                                         locale).to_dict())
    return payloads


def private_payloads(desk: Desk, live: LiveMatch, seat: int) -> dict[str, Any]:
    """Everything ``seat``'s player receives privately: the panel (its first two pages, or
    the last one of a table that is over), the opening DM, the texts of the team threads it is
    on."""
    renderer = renderer_for(live.record.game)
    locale = live.seats[seat].locale
    own = live.game.view(live.state, seat)
    if live.record.status != MatchStatus.ACTIVE:
        content, embeds = desk.closed_panel(live, seat, locale)
        panel = _message(content, embeds, None)
    else:
        panel = _message(*desk.panel(live, seat, locale)) + \
            _message(*desk.panel(live, seat, locale, page=1))
    return {
        "panel": panel,
        "opening": _dump(renderer.opening_embed(live, own, seat, locale).to_dict()),
        "teams": [(team.key, team.name, team.content)
                  for team in renderer.team_threads(live, locale) if seat in team.seats],
    }


def _differences(ours: dict[str, Any], theirs: dict[str, Any]) -> list[str]:
    return [name for name in ours if ours[name] != theirs.get(name)]


def _variant(game_name: str, seats: int, seed: int) -> tuple[dict[str, Any], Chooser]:
    """The game played by the bots for the first seed, short where the game has a short
    variant (``SHORT_TABLES``: a twin's payloads do not depend on how long the table runs,
    and a standard Catan table of bots is some 650 steps, each rendered four times); after it,
    a variant the game plays in its conformance runs, and every other table half random
    players, who make the odd moves bots avoid."""
    if seed == 0:
        game = registry.get(game_name)
        return game.Options.model_validate(short_table(game_name)).model_dump(mode="json"), \
            bot_action
    game = registry.get(game_name)
    offered = getattr(game, "options_for_conformance", lambda n: [None])(seats)
    for options in random.Random(seed).sample(offered, len(offered)):
        try:
            game.setup(seats, options, seed=seed)
        except IllegalAction:
            continue
        chosen = game.Options.model_validate(options or {}).model_dump(mode="json")
        return chosen, mixed_chooser(set(range(0, seats, 2))) if seed % 2 else bot_action
    return {}, bot_action


def play_and_compare(game_name: str, seed: int, *, every_seat: bool) -> tuple[int, list[str]]:
    """A table played by the bots, its twins' payloads compared at every step; the steps
    played and the differences found (empty: nothing private reaches a payload)."""
    game = registry.get(game_name)
    seats = seats_for(game_name, 4 + 2 * (seed % 2))
    desk = _desk()
    live = _live(game_name, seats, seed, LOCALES[seed % 2])
    options, chooser = _variant(game_name, seats, seed)
    live.record = live.record.model_copy(update={"options": options})
    live.state = game.setup(seats, options, seed=seed)
    rng, twins = random.Random(seed), random.Random(seed + 7)
    events: list[Event] = []
    problems: list[str] = []
    encoders = TableEncoder(), TableEncoder()  # the table's pictures, and its twins'
    step = 0
    while True:
        painted = step in PAINTED_STEPS
        ours = public_payloads(desk, live, events, paint=encoders[0] if painted else None)
        twin = dataclasses.replace(live, state=game.twin(live.state, twins))
        theirs = public_payloads(desk, twin, events, paint=encoders[1] if painted else None)
        problems += [f"step {step}: public {name}" for name in _differences(ours, theirs)]
        for seat in range(seats) if every_seat else [step % seats]:
            kept = dataclasses.replace(
                live, state=game.twin(live.state, twins, frozenset({seat})))
            problems += [f"step {step}: seat {seat}'s {name}" for name in _differences(
                private_payloads(desk, live, seat), private_payloads(desk, kept, seat))]
        if problems or game.outcome(live.state) is not None:
            return step, problems
        transition = game.apply(live.state, chooser(game, live.state, rng))
        for event in transition.events:
            live.recent.append(event)
        events += transition.events
        live.state = transition.state
        step += 1
        live.record = live.record.model_copy(update={"version": step})
        if game.outcome(live.state) is not None:
            live.record = live.record.model_copy(update={"status": MatchStatus.FINISHED})


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", hosted_games())
def test_twins_render_the_same_payloads(game: str, seed: int) -> None:
    steps, problems = play_and_compare(game, seed, every_seat=SOAK)
    assert not problems, f"{game} (seed {seed}) shows a secret: {problems[:5]}"
    # Random players may end a table early (a resignation); the bots' table must be long.
    assert steps > 10 or seed % 2, f"{game}: a table of {steps} steps proves little"



def test_the_check_sees_a_board_that_tells_what_a_seat_may_answer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The onlooker's attack: a board that carries a digest of each asked seat's whole prompt
    # (its cards among its moves) tells a seat holding an answer from one holding none.
    renderer = renderer_for("sanguosha")
    line = renderer.prompt_line

    def with_digest(live: LiveMatch, view: Any, prompt: Any, locale: str | None) -> Text:
        return line(live, view, prompt, locale) + " " + prompt_digest(prompt)

    monkeypatch.setattr(renderer, "prompt_line", with_digest)
    _, problems = play_and_compare("sanguosha", 0, every_seat=False)
    assert any(problem.endswith("public board") for problem in problems), problems


def test_the_check_sees_a_panel_that_shows_another_seats_secret(
        monkeypatch: pytest.MonkeyPatch) -> None:
    renderer = renderer_for("lifeboat")
    embed = renderer.panel_embed

    def with_neighbour(live: LiveMatch, view: Any, seat: int, locale: str | None
                       ) -> discord.Embed:
        drawn = embed(live, view, seat, locale)
        neighbour = live.game.view(live.state, (seat + 1) % len(live.seats))
        drawn.set_footer(text=neighbour.model_dump_json()[-200:])
        return drawn

    monkeypatch.setattr(renderer, "panel_embed", with_neighbour)
    _, problems = play_and_compare("lifeboat", 0, every_seat=False)
    assert any(problem.endswith("panel") for problem in problems), problems
