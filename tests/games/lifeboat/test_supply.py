"""The supply phase: drawing as many cards as awake characters, picking and passing sternwards."""

from __future__ import annotations

from typing import Any

from games.core import Event
from games.lifeboat import actions as act
from games.lifeboat.state import LifeboatState
from tests.games.lifeboat.builders import find, kinds, make_state, offered, run, step

SUPPLY = ["water-01", "cash-01", "knife-01", "jewels-01", "water-02", "water-03"]


def _supply_round(**kwargs: Any) -> tuple[LifeboatState, list[Event]]:
    state = make_state(supply=SUPPLY, **kwargs)
    events = run(state)
    return state, events


def test_bow_most_awake_draws_one_card_per_awake_character_and_picks_secretly() -> None:
    state, events = _supply_round()
    assert state.stage == "supply" and state.picker == "lauren"
    assert state.packet == SUPPLY[:4]
    assert state.supply == SUPPLY[4:]
    packet_event = find(events, "supply_packet")[0]
    assert packet_event.to == (0,)
    assert {a.kind for a in offered(state, "lauren") if a.kind == "pick_supply"}
    # Nobody else decides now.
    assert kinds(state, "stephen") <= {"play_face_up"}


def test_rest_of_the_packet_passes_sternwards_and_the_last_card_is_simply_taken() -> None:
    state, _ = _supply_round()
    state, events = step(state, "lauren", act.PickSupply, card="knife-01")
    assert state.hand["lauren"] == ["knife-01"]
    handed = find(events, "supply_handed")[0]
    assert handed.to == (0,) and handed.params["cards"] == ["water-01", "cash-01", "jewels-01"]
    received = find(events, "supply_received")[0]
    assert received.to == (1,) and received.params["cards"] == handed.params["cards"]
    assert find(events, "supply_passed")[0].to is None
    assert "cards" not in find(events, "supply_passed")[0].params
    assert state.picker == "stephen"
    state, _ = step(state, "stephen", act.PickSupply, card="jewels-01")
    state, events = step(state, "captain", act.PickSupply, card="water-01")
    # The Kid receives the last card without a choice; the passer was told which card it
    # passed, and the Kid reads the lines written for the receiver.
    assert state.hand["kid"] == ["cash-01"]
    assert find(events, "supply_picked")[-1].to == (3,)
    assert find(events, "supply_handed")[-1].to == (2,)
    assert find(events, "supply_received")[-1].to == (3,)
    assert state.stage == "turn" and state.actor == "lauren"


def test_unconscious_and_dead_characters_are_skipped_in_the_supply() -> None:
    # Stephen (size 5) unconscious, the Captain (size 7) dead: two awake pickers only.
    state, _ = _supply_round(wounds={"stephen": 5, "captain": 8})
    assert state.supply_order == ["lauren", "kid"]
    assert state.packet == SUPPLY[:2]
    state, _ = step(state, "lauren", act.PickSupply, card="cash-01")
    assert state.hand["kid"] == ["water-01"]
    assert state.hand["stephen"] == [] and state.hand["captain"] == []


def test_when_the_deck_runs_short_the_stern_most_pickers_get_nothing() -> None:
    state = make_state(supply=["water-01", "cash-01"])
    run(state)
    assert state.packet == ["water-01", "cash-01"] and state.supply == []
    state, _ = step(state, "lauren", act.PickSupply, card="water-01")
    assert state.hand["stephen"] == ["cash-01"]
    assert state.hand["captain"] == [] and state.hand["kid"] == []
    assert state.stage == "turn"


def test_an_empty_supply_deck_means_no_more_supply_phases() -> None:
    state = make_state(supply=[])
    events = run(state)
    assert not find(events, "supply_drawn")
    assert state.stage == "turn" and state.actor == "lauren"


def test_no_giving_during_the_supply_phase_but_cards_may_be_played_face_up() -> None:
    state, _ = _supply_round(hands={"stephen": ["water-10"]})
    assert "give_card" not in kinds(state, "stephen")
    assert "play_face_up" in kinds(state, "stephen")
    assert "give_card" not in kinds(state, "lauren")
