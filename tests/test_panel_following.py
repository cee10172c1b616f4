"""What an open panel follows (bot/panels.py: shown_question): the seat's question, not the
moves it may make at any time."""

from __future__ import annotations

import random
from itertools import pairwise
from types import SimpleNamespace
from typing import Any

from bot.panels import shown_question
from games import registry
from games.core.conformance import bot_action
from storage import MatchStatus
from tables.questions import prompt_digest

SEAT = 2


def _live(game: Any, state: Any, *, bot_holds: bool = False) -> Any:
    seats = [SimpleNamespace(is_bot=bot_holds) for _ in range(4)]
    return SimpleNamespace(record=SimpleNamespace(status=MatchStatus.ACTIVE), state=state,
                           game=game, seats=seats)


def _states() -> tuple[Any, list[Any]]:
    game = registry.get("lifeboat")
    state = game.setup(4, None, seed=3)
    rng = random.Random(1)
    states = [state]
    while game.outcome(state) is None and len(states) < 400:
        state = game.apply(state, bot_action(game, state, rng)).state
        states.append(state)
    return game, states


def test_moves_allowed_at_any_time_changing_redraw_no_panel() -> None:
    game, states = _states()
    pairs = 0
    for before, after in pairwise(states):
        old, new = game.prompt_for(before, SEAT), game.prompt_for(after, SEAT)
        if old is None or new is None or old.blocking or new.blocking:
            continue
        if prompt_digest(old) == prompt_digest(new):
            continue
        pairs += 1  # Lifeboat's gifts came or went: the panel stays as it is
        assert shown_question(_live(game, before), SEAT) == shown_question(_live(game, after),
                                                                            SEAT)
    assert pairs > 0, "the playout never changed the seat's free moves: it tests nothing"


def test_a_question_asked_or_changed_redraws_the_panel() -> None:
    game, states = _states()
    changes = 0
    for before, after in pairwise(states):
        old, new = game.prompt_for(before, SEAT), game.prompt_for(after, SEAT)
        if new is None or not new.blocking:
            continue
        if old is not None and old.blocking and prompt_digest(old) == prompt_digest(new):
            continue
        changes += 1
        assert shown_question(_live(game, before), SEAT) != shown_question(_live(game, after),
                                                                            SEAT)
    assert changes > 0


def test_the_end_of_the_game_redraws_the_panel() -> None:
    game, states = _states()
    live = _live(game, states[0])
    playing = shown_question(live, SEAT)
    live.record.status = MatchStatus.FINISHED
    assert shown_question(live, SEAT) != playing


def test_a_seat_a_bot_holds_redraws_its_panel_for_no_question() -> None:
    # Its panel offers only "take it back": following the bot's questions cost 180 panel
    # edits a second at 1,000 tables whose hosts had left.
    game, states = _states()
    shown = {shown_question(_live(game, state, bot_holds=True), SEAT) for state in states}
    assert len(shown) == 1
    live = _live(game, states[0], bot_holds=True)
    live.seats[SEAT].is_bot = False
    assert shown_question(live, SEAT) not in shown, "the player taking the seat back redraws it"
