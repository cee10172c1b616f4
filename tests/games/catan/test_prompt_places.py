"""The actions a prompt lists for places (set-up settlements and roads, roads, settlements and
cities to build, free roads) are read off one table per kind and seat of every corner or edge
(``prompts._listed``): each is the action built afresh for that place, validated, and the
places are the rules' own, in their order."""

from __future__ import annotations

import random
from collections.abc import Callable

from games.catan import GAME
from games.catan import actions as a
from games.catan.building import (
    city_corners,
    road_edges,
    settlement_corners,
    setup_corners,
    setup_road_edges,
)
from games.catan.state import CatanState
from games.core import Action
from tests.games.catan.table import new_game

# The places each kind of action is offered at, as the rules work them out.
_PLACES: dict[type, Callable[[CatanState, int], list[int]]] = {
    a.PlaceSettlement: lambda state, seat: setup_corners(state),
    a.PlaceRoad: lambda state, seat: setup_road_edges(state),
    a.PlaceFreeRoad: road_edges,
    a.BuildRoad: road_edges,
    a.BuildSettlement: settlement_corners,
    a.BuildCity: city_corners,
}


def _place(action: Action) -> int:
    return action.corner if hasattr(action, "corner") else action.edge  # type: ignore[attr-defined]


def _states() -> list[CatanState]:
    found = []
    for seed, board in ((4, "beginner"), (5, "variable")):
        state = new_game(4, seed, board=board)
        rng = random.Random(seed)
        for _ in range(250):
            if GAME.outcome(state) is not None:
                break
            found.append(state)
            prompt = rng.choice([p for p in GAME.pending(state) if p.blocking])
            state = GAME.apply(state, GAME.choose(GAME.view(state, prompt.seat), prompt,
                                                  rng)).state
    return found


def test_listed_places_are_the_rules_places_each_action_as_built_afresh() -> None:
    seen: set[type] = set()
    for state in _states():
        for prompt in GAME.pending(state):
            for kind, places in _PLACES.items():
                listed = [act for act in prompt.actions if type(act) is kind]
                if not listed:
                    continue
                seen.add(kind)
                assert [_place(act) for act in listed] == list(places(state, prompt.seat))
                for act in listed:
                    assert act.seat == prompt.seat
                    assert type(act).model_validate(act.model_dump()) == act
    expected: set[type] = {a.PlaceSettlement, a.PlaceRoad, a.BuildRoad, a.BuildSettlement}
    assert expected <= seen
