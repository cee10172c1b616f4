"""The state copy lends its containers until a rule owns one, and survives JSON."""

from __future__ import annotations

import random
from typing import Any, get_args

from pydantic import BaseModel

from games.lifeboat.state import Demand, Fight, LifeboatState, Pile, Vote, Window
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


def test_clone_lends_every_container_and_part() -> None:
    state = _busy_state()
    copy = state.clone()
    assert copy == state and copy is not state
    assert copy.hand is state.hand and copy.discard is state.discard
    assert copy.fight is state.fight and copy.window is state.window


def _owned_by_every_accessor(copy: LifeboatState) -> list[Any]:
    owned: list[Any] = [copy.own_list(name) for name in get_args(Pile)]
    owned += [copy.own_hand(c) for c in copy.hand] + [copy.own_face_up(c) for c in copy.face_up]
    owned += [copy.own_hands(), copy.own_faces_up(), copy.own_counts("wounds"),
              copy.own_counts("regard"), copy.own_rowed_by()]
    for part in (copy.own_fight(), copy.own_vote(), copy.own_window()):
        owned += _containers(part)
    return owned


def test_what_a_clone_owns_it_changes_alone() -> None:
    state = _busy_state()
    before = state.model_dump_json()
    copy = state.clone()
    for container in _owned_by_every_accessor(copy):
        if isinstance(container, list):
            container.append("x")
        else:
            holds_lists = container is copy.hand or container is copy.face_up
            container["x"] = [] if holds_lists else 1
    copy.own_fight().ready = []
    copy.own_window().chum_thrown = True
    assert state.model_dump_json() == before
    # Owned once: asked again, the copy hands over the containers it already owns.
    assert [id(c) for c in _owned_by_every_accessor(copy)] == [
        id(c) for c in _owned_by_every_accessor(copy)]
    assert copy.clone().discard is copy.discard  # the next copy borrows from this one


def test_states_of_a_whole_game_round_trip_through_json() -> None:
    rng = random.Random(2)
    state = GAME.setup(7, {"cannibalism": True, "sharks": True}, seed=2)
    while GAME.outcome(state) is None:
        assert GAME.parse_state(state.model_dump_json()) == state
        assert state.clone() == state
        prompt = rng.choice([p for p in GAME.pending(state) if p.blocking])
        state = GAME.apply(state, rng.choice(prompt.actions)).state
