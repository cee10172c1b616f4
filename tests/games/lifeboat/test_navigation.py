"""The navigation phase: the navigator, candidates, the Compass, birds and the end of round."""

from __future__ import annotations

from games.lifeboat import actions as act
from games.lifeboat.options import Options
from tests.games.lifeboat.builders import (
    GAME,
    at_navigation,
    event_keys,
    everyone_done,
    find,
    kinds,
    make_state,
    offered,
    prompt,
    run,
    step,
)

# nav-23: a bird, nobody overboard, nobody thirsty. nav-16: the crossed bird.
CALM = ["nav-23", "nav-10", "nav-12", "nav-14"]


def test_the_stern_most_awake_character_navigates_and_chooses_among_the_rowed_pile() -> None:
    state = make_state(supply=[], wounds={"kid": 3})  # the Kid is unconscious
    at_navigation(state, ["nav-10", "nav-12"])
    assert state.stage == "navigate" and state.navigator == "captain"
    choices = {a.card for a in offered(state, "captain") if isinstance(a, act.ChooseNavigation)}
    assert choices == {"nav-10", "nav-12"}
    assert {"nav-10", "nav-12"} <= GAME.secrets(state, 2)
    public = GAME.view(state, None)
    assert public.candidate_count == 2 and "nav-10" not in public.model_dump_json()
    state, events = step(state, "captain", act.ChooseNavigation, card="nav-12")
    chosen = find(events, "navigation_chosen")[0]
    assert chosen.to is None and chosen.params["card"] == "nav-12"
    assert "nav-10" not in str(chosen.params)
    assert state.navigation[-1] == "nav-10"  # the unchosen card goes to the bottom
    state, _ = everyone_done(state)
    assert state.navigation[-2:] == ["nav-10", "nav-12"]  # and the used one after the day


def test_a_single_rowed_card_is_taken_without_a_choice() -> None:
    state = make_state(supply=[])
    events = at_navigation(state, ["nav-23"])
    assert find(events, "navigation_chosen")[0].params["card"] == "nav-23"
    assert state.birds == 1


def test_with_nothing_rowed_the_top_card_is_revealed() -> None:
    state = make_state(supply=[], navigation=CALM)
    events = at_navigation(state, [])
    assert find(events, "navigation_revealed")[0].params["card"] == "nav-23"


def test_the_compass_adds_the_top_card_to_the_candidates_once() -> None:
    state = make_state(supply=[], navigation=CALM, face_up={"kid": ["compass-01"]})
    at_navigation(state, ["nav-19"])
    assert state.stage == "navigate"  # one candidate, but the Compass is usable
    assert "use_compass" in kinds(state, "kid")
    state, events = step(state, "kid", act.UseCompass)
    assert state.candidates == ["nav-19", "nav-23"]
    assert find(events, "compass_card")[0].to == (3,)
    assert "use_compass" not in kinds(state, "kid")
    state, _ = step(state, "kid", act.ChooseNavigation, card="nav-23")
    assert state.birds == 1


def test_a_compass_in_hand_does_nothing_until_played_face_up() -> None:
    state = make_state(supply=[], navigation=CALM, hands={"kid": ["compass-01"]})
    at_navigation(state, ["nav-10", "nav-19"])
    assert "use_compass" not in kinds(state, "kid")
    state, _ = step(state, "kid", act.PlayFaceUp, card="compass-01", target="kid")
    assert "use_compass" in kinds(state, "kid")


def test_one_card_rowing_variant_adds_the_top_card_before_choosing() -> None:
    state = make_state(supply=[], navigation=CALM, options=Options(one_card_rowing=True))
    at_navigation(state, ["nav-19"])
    assert state.candidates == ["nav-19", "nav-23"] and state.stage == "navigate"
    quiet = make_state(supply=[], navigation=CALM, options=Options(one_card_rowing=True))
    events = at_navigation(quiet, [])
    assert find(events, "navigation_chosen")[0].params["card"] == "nav-23"


def test_a_bird_is_added_and_the_fourth_ends_the_game_before_anything_else() -> None:
    # nav-18: a bird, everyone overboard and thirsty; with three birds out nothing else happens.
    state = make_state(supply=[], birds=3)
    events = at_navigation(state, ["nav-18"])
    assert state.stage == "over" and state.birds == 4
    assert "overboard_window" not in event_keys(events) and "thirst" not in event_keys(events)
    assert all(w == 0 for w in state.wounds.values())
    assert GAME.outcome(state) is not None


def test_the_crossed_bird_removes_a_bird_but_never_below_zero() -> None:
    state = make_state(supply=[], birds=2, characters=("lauren", "stephen", "captain", "kid"))
    events = at_navigation(state, ["nav-16"])
    assert find(events, "bird_flew_away")[0].params["birds"] == 1
    empty = make_state(supply=[], birds=0)
    events = at_navigation(empty, ["nav-16"])
    assert not find(events, "bird_flew_away") and empty.birds == 0


def test_the_round_ends_with_the_card_at_the_bottom_and_markers_cleared() -> None:
    state = make_state(supply=[], navigation=CALM)
    state.row_markers = ["lauren"]
    state.fight_markers = ["kid"]
    at_navigation(state, ["nav-19"])  # Mate is not aboard, Lauren is thirsty
    state, _ = everyone_done(state)
    assert state.round == 2
    assert state.navigation[-1] == "nav-19"
    assert state.row_markers == [] and state.fight_markers == []
    assert state.revealed is None


def test_with_nobody_awake_rounds_resolve_by_themselves_until_land() -> None:
    # Everyone unconscious: the deck is turned up card after card until the fourth bird.
    state = make_state(supply=[], wounds={"lauren": 4, "stephen": 5, "captain": 7, "kid": 3})
    events = run(state)
    assert state.stage == "over"
    assert state.birds == 4
    assert find(events, "navigation_revealed")
    assert GAME.pending(state) == []


def test_nobody_awake_still_waits_for_ghosts_in_the_shark_variant() -> None:
    state = make_state(
        supply=[],
        options=Options(sharks=True),
        wounds={"lauren": 5, "stephen": 6, "captain": 8},
        lost=["kid"],
        navigation=["nav-02", *CALM],
    )
    run(state)
    assert state.stage == "overboard"
    ghost = prompt(state, "kid")
    assert ghost is not None and ghost.blocking and ghost.kind == "lifeboat.prompt.ghost"
