"""The state's copy (``HauntState.clone``, run on every move) is a deep copy: equal to the
state, and sharing no list, dict or unfrozen model with it at any depth, so that applying a
move to the copy can never change the state it came from."""

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


def _states() -> list[HauntState]:
    game = registry.get("haunt")
    states = []
    for seed in range(12):
        state = game.setup(3 + seed % 4, {}, seed)
        rng = random.Random(seed)
        for _ in range(120):
            if game.outcome(state) is not None:
                break
            prompt = rng.choice([p for p in game.pending(state) if p.blocking])
            action = game.choose(game.view(state, prompt.seat), prompt, rng)
            state = game.apply(state, action).state
            states.append(state)
    return states


def test_copy_is_deep_and_equal() -> None:
    states = _states()
    # The playouts reach the haunt, where monsters, damage owed and progress are filled in.
    assert any(s.haunt is not None for s in states)
    for state in states:
        copy = state.clone()
        assert copy == state
        assert copy.model_dump() == state.model_dump()
        assert copy.__pydantic_fields_set__ == state.__pydantic_fields_set__
        original: dict[int, str] = {}
        copied: dict[int, str] = {}
        _mutables(state, original, "state")
        _mutables(copy, copied, "copy")
        shared = sorted(original[i] for i in original.keys() & copied.keys())
        assert not shared, f"shared with the copy: {shared[:5]}"


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
