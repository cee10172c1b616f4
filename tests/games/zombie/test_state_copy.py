"""The state's copy (``state.clone``, run on every move) equals the state and shares no list,
dict or model the rules change with it, at any depth: applying a move to the copy can never
change the state it came from. Placed tiles and openings are the exception the copy makes on
purpose: the rules never change one once it is on the map."""

from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel

from games import registry
from games.zombie.state import Opening, PlacedTile, ZombieState, clone

_NEVER_CHANGED = (PlacedTile, Opening)


def _mutables(value: Any, found: dict[int, str], where: str) -> None:
    if isinstance(value, _NEVER_CHANGED):
        return
    if isinstance(value, (list, dict)):
        found[id(value)] = where
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            _mutables(item, found, f"{where}[{key!r}]")
    elif isinstance(value, BaseModel) and not value.model_config.get("frozen"):
        found[id(value)] = where
        for name, item in value.__dict__.items():
            _mutables(item, found, f"{where}.{name}")


def _states() -> list[ZombieState]:
    game = registry.get("zombie")
    states = []
    for seed in range(12):
        state = game.setup(2 + seed % 5, {}, seed)
        rng = random.Random(seed)
        for _ in range(150):
            if game.outcome(state) is not None:
                break
            prompt = rng.choice([p for p in game.pending(state) if p.blocking])
            action = game.choose(game.view(state, prompt.seat), prompt, rng)
            state = game.apply(state, action).state
            states.append(state)
    return states


def test_copy_is_deep_and_equal() -> None:
    states = _states()
    # The playouts reach fights and open windows, whose parts the copy must copy too.
    assert any(s.fight is not None for s in states)
    assert any(s.windows.stack for s in states)
    for state in states:
        copy = clone(state)
        assert copy == state
        assert copy.model_dump() == state.model_dump()
        original: dict[int, str] = {}
        copied: dict[int, str] = {}
        _mutables(state, original, "state")
        _mutables(copy, copied, "copy")
        shared = sorted(original[i] for i in original.keys() & copied.keys())
        assert not shared, f"shared with the copy: {shared[:5]}"
