"""The table's ``bot_level``: easy bots play as casual teammates, read from their own view.

Rule checked: the option is every view's (``view.options``), so the bot decides from its view
alone; an easy bot still never makes an absurd move (the positions below are the suite's
plainest), and plays whole legal games at every table size.
"""

from __future__ import annotations

import random

import pytest

from games.core.conformance import bot_action, playout
from games.zombie import GAME
from games.zombie.options import Options
from games.zombie.state import ZombieState
from tests.games.zombie import test_tactics as tactics
from tests.games.zombie.builders import prompt_of

NEVER_ABSURD = (
    "last_card_burial", "temple_still_in_the_house", "head_for_the_temple",
    "search_the_temple", "head_for_the_graveyard", "bury_the_totem",
    "break_the_window_with_the_totem", "no_window_before_the_totem",
    "explore_the_house_for_the_temple", "break_through_a_closed_house",
    "concoction_for_the_dying", "accept_the_totem", "name_the_healthiest_holder",
    "flee_a_large_horde_at_one_health", "the_healthy_fight_the_large_horde",
    "refuel_the_empty_chainsaw", "no_cower_when_time_runs_out",
)


def _easy(state: ZombieState) -> ZombieState:
    state.options = state.options.model_copy(update={"bot_level": "easy"})
    state.forget_pending()
    return state


def _choose(state: ZombieState, seat: int) -> object:
    return GAME.choose(GAME.view(state, seat), prompt_of(state, seat), random.Random(0))


def test_the_level_is_a_table_option_every_view_carries() -> None:
    assert Options().bot_level == "normal"
    state = GAME.setup(3, {"bot_level": "easy"}, seed=2)
    assert GAME.view(state, 0).options.bot_level == "easy"  # type: ignore[attr-defined]
    assert GAME.view(state, None).options.bot_level == "easy"  # type: ignore[attr-defined]


def test_an_easy_team_fights_all_together_where_the_chainsaw_would_fight_alone() -> None:
    state, seat, expected = tactics.the_others_let_the_chainsaw_fight()
    assert callable(expected) and expected(_choose(state, seat))
    easy = _choose(_easy(state), seat)
    assert not expected(easy), "an easy teammate does not leave the horde to the chainsaw"


@pytest.mark.parametrize("name", NEVER_ABSURD)
def test_an_easy_bot_never_makes_an_absurd_move(name: str) -> None:
    position = next(p for p in tactics.POSITIONS if p.name == name)
    state, seat, expected = position.build()
    chosen = _choose(_easy(state), seat)
    right = expected(chosen) if callable(expected) else chosen == expected
    assert right, f"easy {name}: chose {chosen!r} ({position.reason})"


@pytest.mark.parametrize("seats", [1, 3, 6])
def test_easy_bots_play_whole_legal_games(seats: int) -> None:
    for seed in range(2):
        done = playout(GAME, seats, seed=seed, options=Options(bot_level="easy"),
                       chooser=bot_action)
        assert GAME.outcome(done.state) is not None
