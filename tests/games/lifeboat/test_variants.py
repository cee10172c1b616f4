"""Every variant (and combination) keeps the engine contract (no leak, a prompt open exactly while
the game runs, the JSON round trip at the steps the generic run's ``Moments`` picks, every step
with PARLOR_SOAK=1); variant rules in play."""

from __future__ import annotations

import itertools
import os
from typing import Any

import pytest

from games.core.conformance import mixed_chooser, playout
from games.lifeboat import actions as act
from games.lifeboat.options import Options
from games.lifeboat.state import status_of
from tests.games import test_conformance as generic
from tests.games.lifeboat.builders import GAME, at_turn, find, make_state, step

FULL = os.environ.get("PARLOR_LIFEBOAT_VARIANTS") == "1"

ALL_COMBOS = [
    Options(one_card_rowing=a, sharks=b, quick=c, cannibalism=d)
    for a, b, c, d in itertools.product([False, True], repeat=4)
]
QUICK_COMBOS = [
    Options(one_card_rowing=True),
    Options(sharks=True),
    Options(quick=True),
    Options(cannibalism=True),
    Options(one_card_rowing=True, sharks=True, quick=True, cannibalism=True),
]


def _cases() -> list[tuple[Options, int]]:
    combos = ALL_COMBOS if FULL else QUICK_COMBOS
    seat_counts = (4, 5, 6, 7) if FULL else (4, 6, 7)
    return [
        (options, seats)
        for options in combos
        for seats in seat_counts
        if seats < 7 or options.cannibalism
    ]


@pytest.mark.parametrize(("options", "seats"), _cases())
def test_variant_playouts_keep_the_contract(options: Options, seats: int) -> None:
    seeds = range(3) if FULL else range(1)
    for seed in seeds:
        result = playout(GAME, seats, seed=seed, options=options,
                         on_step=generic.step_checker(GAME), chooser=mixed_chooser({0, 2}))
        assert GAME.outcome(result.state) is not None


def test_options_for_conformance_seat_every_count_simplest_first() -> None:
    for seats in range(4, 8):
        candidates = GAME.options_for_conformance(seats)
        first = candidates[0]
        GAME.setup(seats, first, seed=0)
        assert len(candidates) > 1
    assert GAME.options_for_conformance(4)[0] is None


def test_shark_variant_makes_everyone_one_size_bigger() -> None:
    state = make_state(options=Options(sharks=True), wounds={"kid": 3, "lauren": 5})
    assert state.sizes["kid"] == 4 and status_of(state, "kid") == "awake"
    assert status_of(state, "lauren") == "unconscious"
    view = GAME.view(state, None)
    assert {c.id: c.size for c in view.boat}["captain"] == 8


def test_shark_variant_fights_use_the_bigger_sizes() -> None:
    state = at_turn(make_state(options=Options(sharks=True), supply=[]), "lauren")
    state, _ = step(state, "lauren", act.Swap, target="stephen")
    state, _ = step(state, "stephen", act.Resist)
    events: list[Any] = []
    for character in ("lauren", "stephen"):
        state, more = step(state, character, act.FightReady)
        events += more
    for character in ("captain", "kid"):
        state, more = step(state, character, act.StayOut)
        events += more
    resolved = find(events, "fight_resolved")[0].params
    assert (resolved["attack"], resolved["defence"]) == (5, 6)
