"""No move changes a state it was played from: a state's copy shares its containers until a
rule owns one (games/core/lending.py), so a rule that changes a container in place without
owning it would change the states before it. Random tables of every game, at every seat
count, check after every move that the last few states are still what they were, and that a
twin (``Game.twin``, which changes a copy too) leaves its state alone."""

from __future__ import annotations

import random
from collections import deque

import pytest

from games import registry
from games.core.conformance import random_action
from games.core.lending import LendingState
from tests.games.test_conformance import CASES, _options_for

MOVES = 400
KEPT = 4  # states before the current one checked after every move
TWIN_EVERY = 10


# Games whose option sets open rules the smallest options leave shut (Citadels' expansion
# characters: the Wizard, the Diplomat, the Emperor...): each of their conformance option sets
# is played too, at every seat count.
EVERY_OPTION_SET = ("citadels",)


def _option_cases() -> list[tuple[str, int, int]]:
    cases = []
    for name in EVERY_OPTION_SET:
        game = registry.get(name)
        for seats in range(game.spec.min_players, game.spec.max_players + 1):
            count = len(game.options_for_conformance(seats))  # type: ignore[attr-defined]
            cases += [(name, seats, index) for index in range(count)]
    return cases


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_no_move_changes_the_states_before_it(name: str, seats: int) -> None:
    _play_checking_the_states_before(name, seats, _options_for(name, seats))


@pytest.mark.parametrize(("name", "seats", "index"), _option_cases())
def test_no_move_changes_the_states_before_it_with_every_option_set(
    name: str, seats: int, index: int,
) -> None:
    game = registry.get(name)
    options = game.options_for_conformance(seats)[index]  # type: ignore[attr-defined]
    _play_checking_the_states_before(name, seats, options)


def _play_checking_the_states_before(name: str, seats: int, options: object) -> None:
    game = registry.get(name)
    rng = random.Random(seats)
    state = game.setup(seats, options, seed=seats)
    before: deque[tuple[int, object, str]] = deque(maxlen=KEPT)
    for step in range(MOVES):
        if game.outcome(state) is not None:
            break
        before.append((step, state, state.model_dump_json()))
        if step % TWIN_EVERY == 0:
            game.twin(state, random.Random(step), frozenset({step % seats}))
        state = game.apply(state, random_action(game, state, rng)).state
        for made_at, earlier, json in before:
            assert earlier.model_dump_json() == json, (  # type: ignore[attr-defined]
                f"the state of step {made_at} changed by step {step}")


class _Shelves(LendingState):
    piles: dict[str, list[str]] = {}


def test_an_entry_owned_or_added_is_the_copys_own_and_the_source_keeps_its_own() -> None:
    source = _Shelves(seed=0, seats=1, piles={"hall": ["key"]})
    copy = source.lending_copy()
    assert copy.piles is source.piles
    hall = copy.own_or_add_entry("piles", "hall")
    assert hall == ["key"] and hall is not source.piles["hall"]
    assert copy.own_or_add_entry("piles", "hall") is hall
    attic = copy.own_or_add_entry("piles", "attic")
    assert attic == [] and copy.own_or_add_entry("piles", "attic") is attic
    hall.append("lamp")
    attic.append("rope")
    assert source.piles == {"hall": ["key"]}
    assert copy.piles == {"hall": ["key", "lamp"], "attic": ["rope"]}
