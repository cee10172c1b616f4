"""The state's copy (``state.clone``, run on every move) equals the state, and once it has owned
each of its parts (``own_list``, ``own_player``, ...; games/core/lending.py) it shares no list,
dict or model the rules change with it, at any depth: a move that changes only what it owned
can never change the state it came from. Placed tiles and openings are the exception the copy
makes on purpose: the rules never change one once it is on the map."""

from __future__ import annotations

import random
from typing import Any, get_args

from pydantic import BaseModel

from games import registry
from games.zombie.state import Opening, Pile, PlacedTile, ZombieState, clone

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


def _own_everything(copy: ZombieState) -> None:
    for name in get_args(Pile):
        copy.own_list(name)
    for seat in range(len(copy.players)):
        copy.own_player(seat)
    copy.own_windows()
    if copy.fight is not None:
        copy.own_fight()
    copy.own_tiles()
    copy.own_openings()
    copy.own_refused()


def test_copy_is_deep_and_equal_once_it_owns_its_parts() -> None:
    states = _states()
    # The playouts reach fights and open windows, whose parts the copy must copy too.
    assert any(s.fight is not None for s in states)
    assert any(s.windows.stack for s in states)
    for state in states:
        copy = clone(state)
        assert copy == state
        assert copy.model_dump() == state.model_dump()
        _own_everything(copy)
        assert copy == state
        original: dict[int, str] = {}
        copied: dict[int, str] = {}
        _mutables(state, original, "state")
        _mutables(copy, copied, "copy")
        shared = sorted(original[i] for i in original.keys() & copied.keys())
        assert not shared, f"shared with the copy: {shared[:5]}"
