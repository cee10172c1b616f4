"""Thirst: the three sources (each at most once), the Parasol, Water from anyone, wounds."""

from __future__ import annotations

from typing import Any

from games.core import Event
from games.lifeboat import actions as act
from games.lifeboat.state import LifeboatState
from tests.games.lifeboat.builders import (
    everyone_done,
    find,
    kinds,
    make_state,
    offered,
    play_card,
    step,
)

SIX = ("lauren", "stephen", "captain", "mate", "frenchy", "kid")
# nav-06: Frenchy overboard; row and fight icons; thirsty: Captain, Mate, Frenchy, Stephen.
# nav-16: the crossed bird, Lauren overboard, row icon, everyone thirsty except the Kid.
# nav-12: Mate overboard, row icon, Captain and Mate thirsty.


def _thirst(events: list[Event]) -> dict[str, int]:
    found = find(events, "thirst")
    return dict(found[0].params["thirst"]) if found else {}


def _thirst_wounds(events: list[Event]) -> dict[str, int]:
    return {
        e.params["character"]: e.params["amount"]
        for e in find(events, "wounded")
        if e.params["cause"] == "thirst"
    }


def _table(**kwargs: Any) -> LifeboatState:
    return make_state(SIX, supply=[], **kwargs)


def _to_thirst(
    state: LifeboatState, card: str, **markers: Any
) -> tuple[LifeboatState, list[Event]]:
    """Play ``card`` and let the overboard window close; returns the events so far."""
    events = play_card(state, card, **markers)
    state, more = everyone_done(state, ("overboard",))
    return state, events + more


def test_rowing_fighting_and_being_named_each_make_one_thirsty() -> None:
    state = _table()
    state, events = _to_thirst(state, "nav-06", rowed_by=["captain", "lauren"],
                               fought=["captain"])
    assert _thirst(events) == {"captain": 3, "lauren": 1, "mate": 1, "frenchy": 1, "stephen": 1}
    state, more = everyone_done(state)
    assert _thirst_wounds(more) == _thirst(events)


def test_icons_only_count_with_the_matching_marker() -> None:
    state = _table()
    state, events = _to_thirst(state, "nav-12", rowed_by=["kid"], fought=["lauren"])
    assert _thirst(events) == {"kid": 1, "captain": 1, "mate": 1}


def test_everyone_except_spares_only_the_named_one() -> None:
    state = _table()
    state, events = _to_thirst(state, "nav-16")
    assert set(_thirst(events)) == {"lauren", "stephen", "captain", "mate", "frenchy"}


def test_an_opened_parasol_shades_its_owner_from_one_thirst() -> None:
    state = _table(face_up={"captain": ["parasol-01"]})
    state.parasol_open_by = "captain"
    state, events = _to_thirst(state, "nav-06", rowed_by=["captain"])
    assert find(events, "parasol_shade")[0].params["character"] == "captain"
    assert _thirst(events)["captain"] == 1


def test_a_parasol_that_is_not_opened_does_nothing() -> None:
    state = _table(face_up={"captain": ["parasol-01"]})
    state, events = _to_thirst(state, "nav-06", rowed_by=["captain"])
    assert _thirst(events)["captain"] == 2


def test_water_from_any_player_cancels_one_thirst_and_is_discarded() -> None:
    state = _table(hands={"kid": ["water-01", "water-02"], "lauren": ["cash-01"]})
    state, _ = _to_thirst(state, "nav-12")  # Captain and Mate thirsty
    assert state.stage == "thirst"
    targets = {a.target for a in offered(state, "kid") if isinstance(a, act.GiveWater)}
    assert targets == {"captain", "mate"}
    assert kinds(state, "lauren") >= {"done"} and "give_water" not in kinds(state, "lauren")
    state, events = step(state, "kid", act.GiveWater, card="water-01", target="captain")
    assert "water-01" in state.discard
    assert find(events, "water_given")[0].params["target"] == "captain"
    state, more = everyone_done(state)
    assert _thirst_wounds(more) == {"mate": 1}


def test_the_window_closes_once_every_thirst_is_quenched() -> None:
    state = _table(hands={"kid": ["water-01", "water-02"], "lauren": ["cash-01"]})
    state, _ = _to_thirst(state, "nav-12")
    state, _ = step(state, "kid", act.GiveWater, card="water-01", target="captain")
    state, events = step(state, "kid", act.GiveWater, card="water-02", target="mate")
    assert state.stage != "thirst" and not _thirst_wounds(events)


def test_face_up_water_can_be_drunk() -> None:
    state = _table(face_up={"captain": ["water-03"]})
    state, _ = _to_thirst(state, "nav-12")
    state, _ = step(state, "captain", act.GiveWater, card="water-03", target="captain")
    state, events = everyone_done(state)
    assert _thirst_wounds(events) == {"mate": 1}


def test_the_unconscious_get_thirsty_and_may_be_given_water_the_dead_never() -> None:
    state = _table(wounds={"captain": 7, "mate": 9}, hands={"kid": ["water-01"]})
    state, events = _to_thirst(state, "nav-12")
    assert _thirst(events) == {"captain": 1}  # the dead Mate is not thirsty
    state, _ = step(state, "kid", act.GiveWater, card="water-01", target="captain")
    assert state.wounds["captain"] == 7


def test_unquenched_thirst_wounds_and_can_kill_the_unconscious() -> None:
    state = _table(wounds={"captain": 7})
    events = play_card(state, "nav-12")
    state, more = everyone_done(state)
    assert _thirst_wounds(events + more) == {"captain": 1, "mate": 1}
    assert state.wounds["captain"] == 8  # dead now, still aboard
    assert "captain" in state.boat
