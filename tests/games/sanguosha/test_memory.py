"""A state parsed from its snapshot shares its card ids and field sets with every other parsed
state (most of a live match's memory after a restart), and is still the same state."""

from __future__ import annotations

import random

from games.sanguosha import GAME
from games.sanguosha.state import SanguoshaState


def _middle_of_game(seed: int) -> SanguoshaState:
    rng = random.Random(seed)
    state = GAME.setup(8, seed=seed)
    for _ in range(300):
        prompt = rng.choice(GAME.pending(state))
        state = GAME.apply(state, GAME.choose(GAME.view(state, prompt.seat), prompt, rng)).state
    return state


def test_parsed_states_share_strings_and_field_sets_and_equal_the_original() -> None:
    state = _middle_of_game(2)
    text = state.model_dump_json()
    first, second = GAME.parse_state(text), GAME.parse_state(text)
    assert first == state and second == state
    assert first.model_dump_json() == text
    assert GAME.pending(first) == GAME.pending(state)
    assert all(a is b for a, b in zip(first.deck, second.deck, strict=True))
    assert all(
        a is b
        for p, q in zip(first.players, second.players, strict=True)
        for a, b in zip(p.hand, q.hand, strict=True)
    )
    assert first.players[0].__pydantic_fields_set__ is second.players[1].__pydantic_fields_set__
    # Setting a field (pydantic records it in the shared set) changes no other state.
    first.players[0].hp = 99
    assert second.players[0].hp == state.players[0].hp
    assert first.players[0].__pydantic_fields_set__ == set(type(first.players[0]).model_fields)


def test_a_parsed_state_plays_on_like_the_original() -> None:
    state = _middle_of_game(5)
    parsed = GAME.parse_state(state.model_dump_json())
    rng_a, rng_b = random.Random(1), random.Random(1)
    for _ in range(200):
        if GAME.outcome(state) is not None:
            break
        prompt = rng_a.choice(GAME.pending(state))
        assert rng_b.choice(GAME.pending(parsed)) == prompt
        action = GAME.choose(GAME.view(state, prompt.seat), prompt, rng_a)
        assert GAME.choose(GAME.view(parsed, prompt.seat), prompt, rng_b) == action
        state, parsed = GAME.apply(state, action).state, GAME.apply(parsed, action).state
        assert parsed == state
