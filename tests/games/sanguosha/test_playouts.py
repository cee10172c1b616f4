"""Random and bot playouts at every player count: the engine contract, no leaks, JSON round
trips and replay determinism."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

import pytest

from games.core.conformance import (
    mixed_chooser,
    playout,
    random_action,
    replay,
)
from games.sanguosha import GAME, Options
from games.sanguosha.intent import aimed, deed
from games.sanguosha.state import own_player, own_top
from tests.games import test_conformance as generic

# One seed per count by default (each count plays another of the conformance option sets):
# two with PARLOR_SOAK=1. The seeds start after those of the generic conformance run
# (tests/games/test_conformance.py plays seed 0 at every count, with the options that seat it
# first), which at some counts would otherwise be the very game played there.
SEEDS = int(os.environ.get("SANGUOSHA_PLAYOUT_SEEDS",
                           "2" if os.environ.get("PARLOR_SOAK") == "1" else "1"))
FIRST_SEED = 1


def _checker() -> Callable[[Any, Any, Any], None]:
    """A playout's check of each step (``generic.step_checker``)."""
    return generic.step_checker(GAME)


@pytest.mark.parametrize("seats", range(4, 11))
def test_random_playouts_keep_the_contract_and_leak_nothing(seats: int) -> None:
    # Per seat count: a league's options name its seats (league_points, league_table).
    option_sets = GAME.options_for_conformance(seats)
    for seed in range(FIRST_SEED, FIRST_SEED + SEEDS):
        options = option_sets[(seats + seed) % len(option_sets)]
        if options is not None and options.protected_seat is not None:
            options = options.model_copy(update={"protected_seat": seats - 1})
        result = playout(GAME, seats, seed=seed, options=options, on_step=_checker())
        assert GAME.outcome(result.state) is not None
        again = replay(GAME, seats, result.actions, seed=seed, options=options)
        assert again == result.state


@pytest.mark.parametrize("seats", range(4, 11))
def test_bot_tables_finish_and_replay(seats: int) -> None:
    seed = 100 + seats
    result = playout(
        GAME, seats, seed=seed, chooser=mixed_chooser(set(range(seats))), max_steps=20_000
    )
    assert GAME.outcome(result.state) is not None
    random.seed(12345)  # the engine must not depend on the global RNG
    assert replay(GAME, seats, result.actions, seed=seed) == result.state


def test_every_listed_action_of_a_prompt_applies() -> None:
    state = GAME.setup(6, Options(ex_cards=True), seed=3)
    rng = random.Random(3)
    for _ in range(300):
        if GAME.outcome(state) is not None:
            break
        for prompt in GAME.pending(state):
            for action in prompt.actions:
                GAME.apply(state, action)
        state = GAME.apply(state, random_action(GAME, state, rng)).state


def test_a_state_copy_shares_nothing_the_rules_change() -> None:
    state = GAME.setup(6, seed=8)
    rng = random.Random(8)
    for _ in range(300):  # into the middle of a game, windows open
        state = GAME.apply(state, random_action(GAME, state, rng)).state
    copied = GAME.copy_state(state)
    assert copied == state
    deep = state.model_copy(deep=True)
    # Players are shared until a rule changes one, which it does through ``own_player``: the
    # first call puts a copy in the state's place, later ones give that same copy.
    assert all(a is b for a, b in zip(copied.players, state.players, strict=True))
    player = own_player(copied, 0)
    assert player is not state.players[0] and player == state.players[0]
    assert own_player(copied, 0) is player is copied.players[0]
    player.hand.append("x")
    player.equips["weapon"] = "x"
    player.flags["x"] = 1
    player.hp -= 1
    copied.deck.append("x")
    # The public records' rows are shared and replaced, never changed (intent.py): the rules'
    # own way of adding to them leaves the original alone.
    deed(copied, 0, 1, 5)
    aimed(copied, 2, 1, 3)
    # Frames are shared until a rule changes one, which it does through ``own_top``.
    if copied.frames:
        own_top(copied).d["x"] = [1]
    if copied.windows.stack:
        copied.windows.stack[-1].data["x"] = 1
    assert state == deep
