"""Overboard: wounds, Frenchy, the Life Preserver, drowning, Chum and sharks, ghosts."""

from __future__ import annotations

from typing import Any

from games.core import Event
from games.lifeboat import actions as act
from games.lifeboat.options import Options
from games.lifeboat.state import LifeboatState
from tests.games.lifeboat.builders import (
    everyone_done,
    find,
    kinds,
    make_state,
    play_card,
    prompt,
    step,
)

CREW = ("lauren", "stephen", "captain", "frenchy")
# nav-01: the Captain overboard (Frenchy thirsty). nav-05: a bird, Frenchy overboard.
# nav-21: everyone overboard (and thirsty). nav-23: nobody overboard.


def _wounds_by(events: list[Event], cause: str) -> dict[str, int]:
    found: dict[str, int] = {}
    for event in find(events, "wounded"):
        if event.params["cause"] == cause:
            found[event.params["character"]] = event.params["amount"]
    return found


def _overboard(card: str, **kwargs: Any) -> tuple[LifeboatState, list[Event]]:
    state = make_state(CREW, supply=[], **kwargs)
    events = play_card(state, card)
    state, more = everyone_done(state)
    return state, events + more


def test_an_awake_character_overboard_takes_a_wound_and_loses_face_up_cards() -> None:
    state, events = _overboard(
        "nav-01", hands={"captain": ["cash-01"]}, face_up={"captain": ["knife-01", "oar-01"]}
    )
    assert _wounds_by(events, "overboard") == {"captain": 1}
    assert state.face_up["captain"] == [] and state.hand["captain"] == ["cash-01"]
    assert {"knife-01", "oar-01"} <= set(state.discard)
    assert "captain" in state.boat


def test_frenchy_swims_without_a_wound() -> None:
    state, events = _overboard("nav-05", face_up={"frenchy": ["knife-01"]})
    assert _wounds_by(events, "overboard") == {}
    assert state.face_up["frenchy"] == []  # still loses his face-up cards


def test_a_life_preserver_prevents_the_wound_and_is_kept() -> None:
    state, events = _overboard("nav-01", face_up={"captain": ["preserver-01", "cash-01"]})
    assert _wounds_by(events, "overboard") == {}
    assert state.face_up["captain"] == ["preserver-01"]


def test_the_unconscious_without_a_preserver_drown_with_all_their_cards() -> None:
    state, events = _overboard(
        "nav-01", wounds={"captain": 7}, hands={"captain": ["jewels-01"]},
        face_up={"captain": ["knife-01"]},
    )
    assert "captain" in state.lost and "captain" not in state.boat
    assert state.hand["captain"] == [] and state.face_up["captain"] == []
    # Face-up cards were public and are discarded; the hand leaves the game face down.
    assert "knife-01" in state.discard and "jewels-01" not in state.discard
    assert "jewels-01" in state.set_aside
    lost = next(e for e in events if e.key == "lifeboat.event.character_lost")
    assert lost.to is None and "jewels-01" not in str(lost.params)
    assert lost.params["hand_count"] == 1
    assert find(events, "character_lost")[0].params["character"] == "captain"


def test_the_unconscious_with_a_preserver_float_back_aboard() -> None:
    state, _ = _overboard("nav-01", wounds={"captain": 7},
                          face_up={"captain": ["preserver-01"]})
    assert "captain" in state.boat and state.wounds["captain"] == 7


def test_the_dead_go_overboard_for_good() -> None:
    state, _ = _overboard("nav-01", wounds={"captain": 8}, face_up={"captain": ["preserver-01"]})
    assert "captain" in state.lost


def test_frenchy_unconscious_drowns_all_the_same() -> None:
    state, _ = _overboard("nav-05", wounds={"frenchy": 6})
    assert "frenchy" in state.lost


def test_chum_thrown_from_hand_brings_sharks_on_everyone_in_the_water() -> None:
    state = make_state(CREW, supply=[], hands={"lauren": ["chum-01"]},
                       face_up={"captain": ["preserver-01"]})
    play_card(state, "nav-21")  # everyone overboard
    assert {"done", "throw_chum"} <= kinds(state, "lauren")
    state, events = step(state, "lauren", act.ThrowChum, card="chum-01")
    state, more = everyone_done(state)
    events += more
    assert _wounds_by(events, "sharks") == {c: 1 for c in CREW}  # Frenchy and preserver too
    assert _wounds_by(events, "overboard") == {"lauren": 1, "stephen": 1}
    assert "chum-01" in state.discard


def test_chum_face_up_in_front_of_a_swimmer_brings_the_sharks() -> None:
    state, events = _overboard("nav-01", face_up={"captain": ["chum-01"]})
    assert _wounds_by(events, "sharks") == {"captain": 1}
    assert "chum-01" in state.discard


def test_chum_face_up_in_front_of_someone_dry_can_still_be_thrown() -> None:
    state = make_state(CREW, supply=[], face_up={"lauren": ["chum-01"]})
    play_card(state, "nav-01")
    assert "throw_chum" in kinds(state, "lauren")
    state, events = step(state, "lauren", act.ThrowChum, card="chum-01")
    state, more = everyone_done(state)
    assert _wounds_by(events + more, "sharks") == {"captain": 1}


def test_sharks_add_at_most_one_wound_however_many_calls() -> None:
    # A Chum thrown, another face up in front of the swimmer and a ghost calling: still one.
    state = make_state(
        CREW, supply=[], options=Options(sharks=True), lost=["stephen"],
        hands={"lauren": ["chum-01"]}, face_up={"captain": ["chum-02"]},
    )
    play_card(state, "nav-01")
    state, events = step(state, "lauren", act.ThrowChum, card="chum-01")
    state, more = step(state, "stephen", act.CallSharks)
    state, rest = everyone_done(state)
    assert _wounds_by(events + more + rest, "sharks") == {"captain": 1}


def test_ghosts_of_the_drowned_may_call_the_sharks_in_the_shark_variant() -> None:
    state = make_state(CREW, supply=[], options=Options(sharks=True), lost=["stephen"])
    play_card(state, "nav-01")
    ghost = prompt(state, "stephen")
    assert ghost is not None and ghost.blocking
    assert {a.kind for a in ghost.actions} == {"call_sharks", "spare_swimmers"}
    state, events = step(state, "stephen", act.CallSharks)
    state, more = everyone_done(state)
    assert _wounds_by(events + more, "sharks") == {"captain": 1}


def test_ghosts_are_not_asked_without_the_shark_variant() -> None:
    state = make_state(CREW, supply=[], lost=["stephen"])
    play_card(state, "nav-01")
    assert prompt(state, "stephen") is None


def test_a_preserver_may_be_thrown_to_an_awake_swimmer_in_the_window() -> None:
    state = make_state(CREW, supply=[], hands={"lauren": ["preserver-01"]})
    play_card(state, "nav-01")
    window = prompt(state, "lauren")
    assert window is not None and window.kind == "lifeboat.prompt.overboard"
    state, _ = step(state, "lauren", act.PlayFaceUp, card="preserver-01", target="captain")
    state, events = everyone_done(state)
    assert _wounds_by(events, "overboard") == {}
    assert state.face_up["captain"] == ["preserver-01"]


def test_the_window_is_skipped_when_nobody_named_is_aboard() -> None:
    state = make_state(CREW, supply=[], hands={"lauren": ["chum-01"]})
    events = play_card(state, "nav-19")  # the Mate is not in this game
    assert not find(events, "overboard_window") and state.stage != "overboard"


def test_every_awake_player_is_asked_in_the_window_cards_or_not() -> None:
    # Asking only Chum holders would tell the table who holds Chum.
    state = make_state(CREW, supply=[], hands={"lauren": ["water-01"]}, wounds={"stephen": 5})
    play_card(state, "nav-01")
    assert state.window is not None
    assert state.window.waiting == ["lauren", "captain", "frenchy"]
    asked = prompt(state, "frenchy")
    assert asked is not None and asked.blocking and [a.kind for a in asked.actions] == ["done"]
    assert prompt(state, "stephen") is None  # unconscious


def test_wounds_in_the_water_apply_and_the_survivor_comes_back_in_that_state() -> None:
    # Captain (size 7) with 6 wounds: awake when he falls, then the fall and the sharks kill him.
    state, _ = _overboard("nav-01", wounds={"captain": 6}, face_up={"captain": ["chum-01"]})
    assert "captain" in state.boat and state.wounds["captain"] == 8
