"""The engine contract on every variant (the generic suite only plays the first options).

Set ``PARLOR_CITADELS_SEEDS`` for more seeds per variant and player count.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

import pytest

from games.citadels import GAME
from games.core.conformance import (
    mixed_chooser,
    playout,
    random_action,
    replay,
)
from tests.games import test_conformance as generic

SEEDS = int(os.environ.get("PARLOR_CITADELS_SEEDS", "1"))
VARIANTS = GAME.options_for_conformance(4)
# Every variant at every count of players with PARLOR_SOAK=1; by default each variant at three
# counts, the counts turning with the variant so that every count meets several variants.
SOAK = os.environ.get("PARLOR_SOAK") == "1"
CASES = [(seats, i) for seats in range(2, 8) for i in range(len(VARIANTS))
         if SOAK or (seats - i) % 2 == 0]


@pytest.mark.parametrize(("seats", "variant"), CASES)
def test_random_playouts_keep_the_contract_on_every_variant(seats: int, variant: int) -> None:
    options = VARIANTS[variant]
    for seed in range(100 * variant, 100 * variant + SEEDS):
        # A game the generic conformance run plays too (the same seed, options and chooser) is
        # checked for leaks and round trips there, step by step: here only for what that run
        # does not ask, a default in every prompt, and the replay.
        generic_run = seed < generic.SEEDS and options == generic._options_for("citadels", seats)

        contract = None if generic_run else generic.step_checker(GAME)

        def check(before: Any, action: Any, transition: Any,
                  contract: Callable[[Any, Any, Any], None] | None = contract) -> None:
            prompts = GAME.pending(transition.state)
            assert all(p.actions and p.default is not None for p in prompts)
            if contract is not None:
                contract(before, action, transition)

        result = playout(GAME, seats, seed=seed, options=options, on_step=check)
        assert GAME.outcome(result.state) is not None
        again = replay(GAME, seats, result.actions, seed=seed, options=options)
        assert again == result.state


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_bots_finish_every_variant_at_every_player_count(variant: int) -> None:
    for seats in range(2, 8):
        result = playout(
            GAME, seats, seed=seats + variant, options=VARIANTS[variant],
            chooser=mixed_chooser(set(range(seats))),
        )
        assert GAME.outcome(result.state) is not None


def test_every_action_has_a_json_form_the_game_parses_back() -> None:
    rng = random.Random(5)
    state = GAME.setup(5, VARIANTS[1], seed=5)
    for _ in range(300):
        if GAME.outcome(state) is not None:
            break
        for prompt in GAME.pending(state):
            for action in prompt.actions:
                assert GAME.parse_action(action.model_dump_json()) == action
        state = GAME.apply(state, random_action(GAME, state, rng)).state


def test_the_bot_beats_random_players() -> None:
    wins = 0
    for seed in range(20):
        result = playout(GAME, 4, seed=seed, chooser=mixed_chooser({0}))
        outcome = GAME.outcome(result.state)
        assert outcome is not None
        wins += outcome.winners == [0]
    assert wins >= 15


def test_the_bot_is_deterministic_given_its_rng() -> None:
    first = playout(GAME, 5, seed=9, chooser=mixed_chooser(set(range(5))))
    second = playout(GAME, 5, seed=9, chooser=mixed_chooser(set(range(5))))
    assert first.actions == second.actions


def test_the_bot_answers_every_prompt_with_an_offered_action() -> None:
    rng = random.Random(3)
    for variant in VARIANTS:
        state = GAME.setup(4, variant, seed=3)
        while GAME.outcome(state) is None:
            prompt = GAME.pending(state)[0]
            action = GAME.choose(GAME.view(state, prompt.seat), prompt, rng)
            assert action in prompt.actions
            state = GAME.apply(state, action).state
