"""Rule (the totem goes only to a willing receiver): a bot that offered the totem waits for the
answer. Offering it again replaced the open offer before the one asked could take it, and two
equally healthy players were offered it in turn forever (a soak table made 290,000 moves). A
refusal stands for the round: the holder does not offer it to the same seat again before the
next round."""

from __future__ import annotations

import random

import pytest

from games.core.conformance import bot_action
from games.zombie import GAME
from games.zombie.actions import Cower, GiveTotem, RefuseTotem
from games.zombie.state import ZombieState
from tests.games.test_answer_order import ORDERS, play_in_order
from tests.games.zombie.builders import play, prompt_of, table


def _bot(state: ZombieState, seat: int) -> object:
    return GAME.choose(GAME.view(state, seat), prompt_of(state, seat), random.Random(0))


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


def test_a_refused_totem_is_not_offered_to_the_same_seat_again_that_round() -> None:
    state = table(seats=3, health=3)
    state.players[0].health = 1
    state.players[2].health = 5
    state.totem, state.totem_holder = "held", 0
    state.forget_pending()
    offer = _bot(state, 0)
    assert offer == GiveTotem(seat=0, to=2)
    state, _ = play(state, offer, RefuseTotem(seat=2))
    assert GAME.view(state, None).totem_refused == [2]  # type: ignore[attr-defined]
    assert not isinstance(_bot(state, 0), GiveTotem)
    state, _ = play(state, Cower(seat=0))
    assert GAME.view(state, None).totem_refused == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("order", ORDERS)
def test_bots_never_answer_fight_or_flee_again_whatever_order_they_are_asked_in(
        order: str) -> None:
    """Rule: an answer to fight or flee stands until the reveal; the question is not put anew
    when someone gives an item or offers the totem meanwhile, so a bot that has answered is
    not asked again (it could only repeat itself or turn round)."""
    for seed in range(12):
        _, repeated = play_in_order(GAME, 4 + seed % 3, seed, order)
        assert not repeated, (seed, repeated)
