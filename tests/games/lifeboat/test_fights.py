"""Fights: refusing a swap or robbery, joining sides, weapons, ties, wounds, markers; and the
Cannibalism card's vote and fight."""

from __future__ import annotations

import random
from typing import Any

from games.lifeboat import actions as act
from games.lifeboat.options import Options
from games.lifeboat.state import LifeboatState, awake_characters
from games.lifeboat.wishes import rob
from tests.games.lifeboat.builders import (
    at_turn,
    everyone_done,
    find,
    kinds,
    make_state,
    play_card,
    prompt,
    step,
)

SIX = ("lauren", "stephen", "captain", "mate", "frenchy", "kid")


def _fight(attacker: str, target: str, **kwargs: Any) -> LifeboatState:
    """``attacker`` asks to swap with ``target``, who resists."""
    state = at_turn(make_state(SIX, supply=[], **kwargs), attacker)
    state, _ = step(state, attacker, act.Swap, target=target)
    state, _ = step(state, target, act.Resist)
    return state


def _all_stay_out(state: LifeboatState) -> tuple[LifeboatState, list[Any]]:
    events: list[Any] = []
    while state.stage == "fight" and state.fight is not None:
        fight = state.fight
        character = next(c for c in awake_characters(state) if c not in fight.ready)
        member = character in fight.attackers or character in fight.defenders
        state, more = step(state, character, act.FightReady if member else act.StayOut)
        events.extend(more)
    return state, events


def test_a_refused_swap_opens_a_fight_window_for_every_awake_character() -> None:
    state = _fight("lauren", "stephen", wounds={"mate": 8})
    assert state.fight is not None
    assert state.fight.attackers == ["lauren"] and state.fight.defenders == ["stephen"]
    assert "fight_ready" in kinds(state, "lauren") and "fight_ready" in kinds(state, "stephen")
    assert {"stay_out", "join_fight"} <= kinds(state, "captain")
    assert prompt(state, "mate") is None  # unconscious characters cannot fight
    by_kind = prompt(state, "kid")
    assert by_kind is not None and by_kind.kind == "lifeboat.prompt.fight_bystander"


def test_each_seat_in_a_fight_is_asked_only_what_it_may_answer() -> None:
    """The two sides say Ready (their side named in the prompt); only onlookers may join or
    stay out."""
    state = _fight("lauren", "stephen")
    for fighter, side in (("lauren", "attackers"), ("stephen", "defenders")):
        asked = prompt(state, fighter)
        assert asked is not None and asked.kind == "lifeboat.prompt.fight_member"
        assert asked.params["side"] == side
        assert kinds(state, fighter) & {"stay_out", "join_fight"} == set()
    onlooker = prompt(state, "captain")
    assert onlooker is not None and onlooker.kind == "lifeboat.prompt.fight_bystander"
    assert "side" not in onlooker.params and "fight_ready" not in kinds(state, "captain")
    state, _ = step(state, "captain", act.JoinFight, side="defenders")
    state, _ = step(state, "lauren", act.FightReady)
    rejoined = prompt(state, "stephen")  # a join lets the others answer again
    assert rejoined is not None and rejoined.kind == "lifeboat.prompt.fight_member"
    assert prompt(state, "captain") is None  # the joiner is ready


def test_the_bigger_side_wins_and_each_loser_takes_a_wound() -> None:
    state = _fight("lauren", "stephen")  # 4 against 5
    state, events = _all_stay_out(state)
    resolved = find(events, "fight_resolved")[0].params
    assert (resolved["attack"], resolved["defence"], resolved["winner"]) == (4, 5, "defenders")
    assert state.wounds["lauren"] == 1 and state.wounds["stephen"] == 0
    assert state.boat[:2] == ["lauren", "stephen"]  # no swap
    assert sorted(state.fight_markers) == ["lauren", "stephen"]
    assert state.actor == "stephen"  # the attacker's action is over


def test_joining_the_attackers_can_win_the_fight_and_grant_the_wish() -> None:
    state = _fight("lauren", "stephen")
    state, _ = step(state, "captain", act.JoinFight, side="attackers")  # 4 + 7 against 5
    state, events = _all_stay_out(state)
    assert find(events, "fight_resolved")[0].params["winner"] == "attackers"
    assert state.wounds["stephen"] == 1 and state.wounds["lauren"] == 0
    assert state.boat[:2] == ["stephen", "lauren"]
    assert sorted(state.fight_markers) == ["captain", "lauren", "stephen"]


def test_a_tie_goes_to_the_defenders() -> None:
    state = _fight("lauren", "captain")  # 4 against 7
    state, _ = step(state, "kid", act.JoinFight, side="attackers")  # 7 against 7
    state, events = _all_stay_out(state)
    params = find(events, "fight_resolved")[0].params
    assert params["attack"] == params["defence"] == 7 and params["winner"] == "defenders"
    assert state.wounds["kid"] == 1 and state.wounds["lauren"] == 1
    assert state.wounds["captain"] == 0


def test_face_up_weapons_add_their_strength() -> None:
    state = _fight("lauren", "stephen", face_up={"lauren": ["knife-01"]})  # 4 + 3 against 5
    state, events = _all_stay_out(state)
    assert find(events, "fight_resolved")[0].params["attack"] == 7
    assert state.wounds["stephen"] == 1


def test_weapons_played_in_the_fight_count_and_let_everyone_answer_again() -> None:
    state = _fight("lauren", "stephen", hands={"stephen": ["hook-01"], "lauren": ["water-01"]})
    state, _ = step(state, "captain", act.StayOut)
    state, _ = step(state, "lauren", act.FightReady)
    state, _ = step(state, "stephen", act.PlayFaceUp, card="hook-01", target="stephen")
    assert state.fight is not None and state.fight.ready == []
    assert "stay_out" in kinds(state, "captain")  # may reconsider
    assert "give_card" not in kinds(state, "lauren")  # no giving while a fight is open
    state, events = _all_stay_out(state)
    assert find(events, "fight_resolved")[0].params["defence"] == 9


def test_joining_is_final_and_resets_the_others_ready_flags() -> None:
    state = _fight("lauren", "stephen")
    state, _ = step(state, "captain", act.StayOut)
    state, _ = step(state, "mate", act.JoinFight, side="defenders")
    fight = state.fight
    assert fight is not None and fight.ready == ["mate"]
    assert "join_fight" in kinds(state, "captain")
    state, _ = step(state, "frenchy", act.JoinFight, side="attackers")
    assert kinds(state, "mate") == {"fight_ready"}  # no changing sides


def test_fight_markers_are_taken_once_per_round_and_thirst_once() -> None:
    state = _fight("lauren", "stephen")
    state, _ = _all_stay_out(state)
    state, _ = step(state, "stephen", act.Swap, target="lauren")
    state, _ = step(state, "lauren", act.Resist)
    state, _ = _all_stay_out(state)
    assert sorted(state.fight_markers) == ["lauren", "stephen"]
    # nav-13: fight icon, only the Kid named, Mate overboard: one thirst each for the fighters.
    fresh = make_state(SIX, supply=[])
    events = play_card(fresh, "nav-13", fought=["lauren", "stephen", "lauren"])
    fresh, more = everyone_done(fresh, ("overboard",))
    thirst = find(events + more, "thirst")[0].params["thirst"]
    assert thirst == {"lauren": 1, "stephen": 1, "kid": 1}


def test_winning_a_robbery_fight_takes_the_named_card_into_hand() -> None:
    state = at_turn(make_state(SIX, supply=[], face_up={"kid": ["jewels-01"]}), "mate")
    state, _ = step(state, "mate", act.Rob, target="kid", card="jewels-01")
    state, _ = step(state, "kid", act.Resist)
    state, _ = _all_stay_out(state)
    assert state.hand["mate"] == ["jewels-01"] and state.wounds["kid"] == 1


def test_a_named_card_that_is_gone_becomes_a_random_hand_card() -> None:
    state = make_state(SIX, supply=[], hands={"kid": ["cash-02"]})
    rob(state, "mate", "kid", "jewels-01", random.Random(1), [])
    assert state.hand["mate"] == ["cash-02"]
    rob(state, "mate", "kid", "jewels-01", random.Random(1), [])  # empty hand: nothing
    assert state.hand["mate"] == ["cash-02"]


# -- cannibalism ---------------------------------------------------------------------------

SEVEN = ("lauren", "stephen", "captain", "mate", "frenchy", "harter", "kid")


def _cannibal_table(**kwargs: Any) -> LifeboatState:
    wounds = {"stephen": 6, "lauren": 2, "captain": 1, "kid": 3, **kwargs.pop("wounds", {})}
    state = make_state(
        SEVEN,
        supply=[],
        options=Options(cannibalism=True),
        hands={"mate": ["cannibalism-01"], "stephen": ["cash-01"]},
        wounds=wounds,
        **kwargs,
    )
    return at_turn(state, "mate")


def test_cannibalism_needs_a_dead_body_and_is_put_to_the_awake() -> None:
    state = _cannibal_table()
    bodies = {a.body for a in state_actions(state, "mate", act.UseCannibalism)}
    assert bodies == {"stephen"}
    state, _ = step(state, "mate", act.UseCannibalism, card="cannibalism-01", body="stephen")
    assert state.stage == "vote"
    assert state.vote is not None and set(state.vote.waiting) == {
        "lauren", "captain", "frenchy", "harter",
    }  # the Kid (3 wounds, size 3) is unconscious
    assert {"allow_cannibalism", "object_cannibalism"} <= kinds(state, "harter")


def state_actions(state: LifeboatState, character: str, cls: type[Any]) -> list[Any]:
    found = prompt(state, character)
    return [a for a in (found.actions if found else []) if isinstance(a, cls)]


def _vote_all(state: LifeboatState, objectors: set[str]) -> tuple[LifeboatState, list[Any]]:
    events: list[Any] = []
    while state.stage == "vote" and state.vote is not None:
        voter = state.vote.waiting[0]
        cls = act.ObjectCannibalism if voter in objectors else act.AllowCannibalism
        state, more = step(state, voter, cls)
        events.extend(more)
    return state, events


def test_unopposed_cannibalism_loses_the_body_and_heals_every_living_character() -> None:
    state = _cannibal_table()
    state, _ = step(state, "mate", act.UseCannibalism, card="cannibalism-01", body="stephen")
    state, events = _vote_all(state, set())
    assert "stephen" in state.lost and "stephen" not in state.boat
    assert "cash-01" in state.set_aside  # the body's hand leaves the game, face down
    assert "cash-01" not in state.discard
    assert state.wounds["lauren"] == 1 and state.wounds["captain"] == 0
    assert state.wounds["kid"] == 2  # unconscious characters heal too (and wake)
    assert "cannibalism-01" in state.discard
    assert find(events, "cannibalism_done")


def test_objected_cannibalism_is_a_fight_and_winning_it_carries_the_act_out() -> None:
    state = _cannibal_table()
    state, _ = step(state, "mate", act.UseCannibalism, card="cannibalism-01", body="stephen")
    state, _ = _vote_all(state, {"lauren"})
    assert state.fight is not None
    assert state.fight.attackers == ["mate"] and state.fight.defenders == ["lauren"]
    assert "join_fight" in kinds(state, "captain")  # those who allowed may still join
    state, _ = _all_stay_out(state)  # 8 against 4
    assert "stephen" in state.lost
    assert state.wounds["lauren"] == 2  # lost the fight (+1), then healed (-1)


def test_cannibalism_lost_in_a_fight_leaves_the_card_face_up_with_its_user() -> None:
    state = _cannibal_table()
    state, _ = step(state, "mate", act.UseCannibalism, card="cannibalism-01", body="stephen")
    state, _ = _vote_all(state, {"lauren", "captain"})  # 8 against 4 + 7
    state, _ = _all_stay_out(state)
    assert "stephen" in state.boat
    assert state.face_up["mate"] == ["cannibalism-01"]
    assert state.wounds["mate"] == 1
