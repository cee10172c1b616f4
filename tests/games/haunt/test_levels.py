"""The table's ``bot_level``: easy bots play as a new player would, read from their own view.

Rule checked: the option is every view's (``view.options``), so the bot decides from its view
alone; an easy bot still never makes an absurd move (the positions below), never plays
against its own side, and plays whole legal games.
"""

from __future__ import annotations

import random

import pytest

from games.core.conformance import bot_action, playout
from games.haunt import GAME
from games.haunt.options import Options
from games.haunt.state import HauntState
from tests.games.haunt import test_tactics as tactics

NEVER_ABSURD = (
    "explore_an_open_door", "walk_to_new_ground", "pick_up_what_lies_about",
    "take_the_chapels_roll", "wounds_on_the_sturdy_trait", "ring_the_bell",
    "walk_to_the_bell", "escape_through_the_front_door", "head_for_the_front_door",
    "no_attack_on_a_far_stronger_traitor", "stun_the_hound", "keep_off_the_skull",
    "end_the_turn_with_nothing_to_do", "dig_the_grave", "walk_to_the_grave",
    "no_attack_on_a_stronger_hero", "moths_fly_at_the_heroes", "ignore_a_harmful_event",
    "take_a_helpful_event",
)


def _easy(state: HauntState) -> HauntState:
    state.options = state.options.model_copy(update={"bot_level": "easy"})
    state.forget_pending()
    return state


def _choose(state: HauntState, seat: int) -> object:
    prompt = GAME.prompt_for(state, seat)
    assert prompt is not None
    return GAME.choose(GAME.view(state, seat), prompt, random.Random(0))


def test_the_level_is_a_table_option_every_view_carries() -> None:
    assert Options().bot_level == "normal"
    state = GAME.setup(4, {"bot_level": "easy"}, seed=2)
    assert GAME.view(state, 0).options.bot_level == "easy"  # type: ignore[attr-defined]
    assert GAME.view(state, None).options.bot_level == "easy"  # type: ignore[attr-defined]


def test_an_easy_bot_takes_the_risky_roll_a_normal_one_declines() -> None:
    state, seat, expected = tactics.no_risky_roll_with_a_weak_trait()
    assert callable(expected) and expected(_choose(state, seat))
    assert not expected(_choose(_easy(state), seat)), "a new player tries the card"


@pytest.mark.parametrize("name", NEVER_ABSURD)
def test_an_easy_bot_never_makes_an_absurd_move(name: str) -> None:
    position = next(p for p in tactics.POSITIONS if p.name == name)
    state, seat, expected = position.build()
    chosen = _choose(_easy(state), seat)
    right = expected(chosen) if callable(expected) else chosen == expected
    assert right, f"easy {name}: chose {chosen!r} ({position.reason})"


@pytest.mark.parametrize("seats", [3, 5])
def test_easy_bots_play_whole_legal_games(seats: int) -> None:
    done = playout(GAME, seats, seed=seats, options=Options(bot_level="easy"),
                   chooser=bot_action)
    assert GAME.outcome(done.state) is not None
