"""The state's copy (``HauntState.clone``, run on every move) is equal to the state and lends
it every list, dict and model (``games.core.lending``) until a rule owns one
(``own_seat``, ``own_turn``, ``own_monster``, ``own``): applying a move to the copy never
changes the state it came from, and what a rule owns is a deep copy."""

from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel

from games import registry
from games.haunt.state import HauntState, clone_model


def _mutables(value: Any, found: dict[int, str], where: str) -> None:
    if isinstance(value, (list, dict)):
        found[id(value)] = where
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            _mutables(item, found, f"{where}[{key!r}]")
    elif isinstance(value, BaseModel) and not value.model_config.get("frozen"):
        found[id(value)] = where
        for name, item in value.__dict__.items():
            _mutables(item, found, f"{where}.{name}")


def _states(games: int = 12, moves: int = 120) -> list[HauntState]:
    """The states of seeded games, each move the bot's but one in five a random legal action
    (the rules the bot seldom reaches change seats too), every state checked unchanged by the
    move applied to it."""
    game = registry.get("haunt")
    states = []
    for seed in range(games):
        state = game.setup(3 + seed % 4, {}, seed)
        rng = random.Random(seed)
        for _ in range(moves):
            if game.outcome(state) is not None:
                break
            prompt = rng.choice([p for p in game.pending(state) if p.blocking])
            if rng.random() < 0.2:
                action = rng.choice(prompt.actions)
            else:
                action = game.choose(game.view(state, prompt.seat), prompt, rng)
            before = state.model_dump_json()
            new = game.apply(state, action).state
            assert state.model_dump_json() == before, f"{action!r} changed the state before it"
            state = new
            states.append(state)
    return states


def test_copy_is_equal_and_lends_every_field() -> None:
    states = _states()
    # The playouts reach the haunt, where monsters, damage owed and progress are filled in.
    assert any(s.haunt is not None for s in states)
    for state in states:
        copy = state.clone()
        assert copy == state
        assert copy.model_dump() == state.model_dump()
        assert copy.__pydantic_fields_set__ == state.__pydantic_fields_set__
        assert all(copy.__dict__[name] is value for name, value in state.__dict__.items())


def test_what_a_rule_owns_shares_nothing_with_the_state_before() -> None:
    state = next(s for s in _states() if s.monster_turn is not None and s.damage)
    copy = state.clone()
    owned = [copy.own_seat(0), copy.own_turn(), copy.own_monster_turn(),
             copy.own_monster(state.monsters[0].id), copy.own_entry("damage", 0, clone_model)]
    original: dict[int, str] = {}
    _mutables(state, original, "state")
    for i, part in enumerate(owned):
        mine: dict[int, str] = {}
        _mutables(part, mine, f"owned[{i}]")
        shared = sorted(original[k] for k in original.keys() & mine.keys())
        assert not shared, f"owned[{i}] shares {shared[:5]}"
    assert copy == state


def test_applying_a_move_never_changes_the_state_it_came_from() -> None:
    # Checked in ``_states``, move by move, over games played to their end.
    states = _states(games=16, moves=2_000)
    assert sum(1 for s in states if s.winners is not None) == 16


def test_a_seat_and_the_turn_are_copied_once_before_they_change() -> None:
    state = _states(games=1, moves=30)[-1]
    copy = state.clone()
    assert copy.seat(1) is state.seat(1)
    owned = copy.own_seat(1)
    assert owned is not state.seat(1) and owned == state.seat(1)
    assert copy.own_seat(1) is owned
    owned.cards.append("x")
    assert "x" not in state.seat(1).cards
    turn = copy.own_turn()
    assert turn is not state.turn and turn == state.turn
    assert copy.own_turn() is turn
    turn.used.append("x")
    assert "x" not in state.turn.used


class _Loose(BaseModel):
    """Fields whose declared types say nothing the copy can plan with."""

    anything: Any = None
    nested: list[dict[str, list[int]]] = []


def test_copy_of_undeclared_values_is_deep() -> None:
    inner = {"a": [1, 2]}
    loose = _Loose(anything={"k": [inner]}, nested=[inner])
    copy = clone_model(loose)
    assert copy == loose
    copy.anything["k"][0]["a"].append(3)
    copy.nested[0]["a"].append(4)
    assert inner == {"a": [1, 2]}
