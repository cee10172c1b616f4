"""The fast state copy shares nothing mutable, and survives JSON."""

from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel

from games.lifeboat.state import Demand, Fight, LifeboatState, Vote, Window
from tests.games.lifeboat.builders import GAME, make_state


def _containers(value: Any) -> list[Any]:
    """Every list and dict reachable from ``value`` (through models, lists and dicts)."""
    found: list[Any] = []
    if isinstance(value, BaseModel):
        for item in value.__dict__.values():
            found += _containers(item)
    elif isinstance(value, list | dict):
        found.append(value)
        for item in value.values() if isinstance(value, dict) else value:
            found += _containers(item)
    return found


def _busy_state() -> LifeboatState:
    state = make_state(hands={"kid": ["water-01"]}, face_up={"lauren": ["oar-01"]})
    state.demand = Demand(kind="rob", actor="lauren", target="kid", card="hand")
    state.fight = Fight(attackers=["lauren"], defenders=["kid"], ready=["lauren"])
    state.vote = Vote(waiting=["captain"], objectors=["stephen"])
    state.window = Window(kind="thirst", waiting=["kid"], thirst={"kid": 1})
    state.rowed_by = {"nav-01": "lauren"}
    return state


def test_clone_shares_no_mutable_part_except_the_setup_only_ones() -> None:
    state = _busy_state()
    copy = state.clone()
    assert copy == state and copy is not state
    shared = {id(c) for c in _containers(state)} & {id(c) for c in _containers(copy)}
    setup_only = {id(state.characters), id(state.character_of), id(state.loves),
                  id(state.hates), id(state.seat_of), id(state.sizes)}
    assert shared <= setup_only


def test_mutating_a_clone_leaves_the_original_alone() -> None:
    state = _busy_state()
    before = state.model_dump_json()
    copy = state.clone()
    setup_only = {id(copy.characters), id(copy.character_of), id(copy.loves), id(copy.hates),
                  id(copy.seat_of), id(copy.sizes)}
    for container in _containers(copy):
        if id(container) in setup_only:
            continue  # shared on purpose: nothing changes them after setup
        if isinstance(container, list):
            container.append("x")
        else:
            container["x"] = 1
    assert state.model_dump_json() == before


def test_states_of_a_whole_game_round_trip_through_json() -> None:
    rng = random.Random(2)
    state = GAME.setup(7, {"cannibalism": True, "sharks": True}, seed=2)
    while GAME.outcome(state) is None:
        assert GAME.parse_state(state.model_dump_json()) == state
        assert state.clone() == state
        prompt = rng.choice([p for p in GAME.pending(state) if p.blocking])
        state = GAME.apply(state, rng.choice(prompt.actions)).state
