"""The engine contract run on Catan beyond what the generic run covers
(tests/games/test_conformance.py, test_twins.py, test_answer_order.py: the standard game, random
players, replays, forged seats, twins at every step of bot games): every variant the game
lists, with bots at two seats, with the helpers of games.core.conformance.

Random playouts (bots at two seats so games end in hundreds of moves, random players at the
others, random several-card picks and trade words) at both player counts under every variant
the game lists; at every step no view or event shows anyone a hidden id it does not know, a
prompt is open exactly while the game runs, every prompt offers actions of its own seat, the
state survives a JSON round trip (at the steps the generic run's ``Moments`` picks, every step
with PARLOR_SOAK=1); every tenth step the twins keep the views they must."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.catan import GAME
from games.core.conformance import check_twins, mixed_chooser, playout
from tests.games import test_conformance as generic

CASES = [(seats, i) for seats in (3, 4) for i in range(len(GAME.options_for_conformance(seats)))]


@pytest.mark.parametrize(("seats", "variant"), CASES)
def test_random_playouts_keep_the_contract(seats: int, variant: int) -> None:
    options = GAME.options_for_conformance(seats)[variant]
    twins = random.Random(variant)

    def own_seat(prompt: Any) -> None:
        assert all(act.seat == prompt.seat for act in prompt.actions)

    # No leak, a prompt open exactly while the game runs, every prompt with actions of its own
    # seat, the JSON round trip at the steps ``Moments`` picks.
    contract = generic.step_checker(GAME, own_seat)

    def check(before: Any, action: Any, transition: Any) -> None:
        assert transition.state is not before
        contract(before, action, transition)
        if before.step % 10 == 0:
            problems = check_twins(GAME, before, twins)
            assert not problems, problems
        for event in transition.events:
            json.dumps(event.params)  # plain JSON for the words and the log

    result = playout(GAME, seats, seed=variant, options=options, on_step=check,
                     chooser=mixed_chooser({0, 1}))
    outcome = GAME.outcome(result.state)
    assert outcome is not None and len(outcome.winners) == 1
    assert set(outcome.scores) == set(range(seats))
    assert outcome.scores[outcome.winners[0]] >= options.points_to_win
