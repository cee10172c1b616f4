"""Rule (the totem goes only to a willing receiver): a bot that offered the totem waits for the
answer. Offering it again replaced the open offer before the one asked could take it, and two
equally healthy players were offered it in turn forever (a soak table made 290,000 moves)."""

from __future__ import annotations

import random

from games.core.conformance import bot_action
from games.zombie import GAME
from games.zombie.actions import GiveTotem


def test_a_bot_that_offered_the_totem_offers_it_again_only_after_an_answer() -> None:
    offers = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = GAME.setup(3, None, seed=seed)
        for _ in range(3_000):
            if not GAME.pending(state):
                break
            action = bot_action(GAME, state, rng)
            state = GAME.apply(state, action).state
            if isinstance(action, GiveTotem):
                offers += 1
                holder = action.seat
                own = [p for p in GAME.pending(state) if p.seat == holder]
                for prompt in own:
                    again = GAME.choose(GAME.view(state, holder), prompt, random.Random(0))
                    assert not isinstance(again, GiveTotem), (seed, again)
    assert offers, "no bot offered the totem: the check would bite on nothing"
