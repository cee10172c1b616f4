"""The action phase: the fixed order, rowing, swapping, robbing, special cards, free moves."""

from __future__ import annotations

from typing import Any

from games.lifeboat import actions as act
from games.lifeboat.options import Options
from games.lifeboat.state import LifeboatState
from tests.games.lifeboat.builders import (
    GAME,
    at_turn,
    everyone_done,
    find,
    kinds,
    make_state,
    offered,
    prompt,
    run,
    step,
)

NAV = [f"nav-{n:02d}" for n in range(1, 25)]


def _turn(actor: str = "lauren", **kwargs: Any) -> LifeboatState:
    return at_turn(make_state(supply=[], **kwargs), actor)


# -- order ---------------------------------------------------------------------------------


def test_action_order_is_fixed_when_the_phase_starts_and_swaps_do_not_change_it() -> None:
    state = make_state(supply=[])
    run(state)
    assert state.turn_order == ["lauren", "stephen", "captain", "kid"]
    state, _ = step(state, "lauren", act.Swap, target="kid")
    state, _ = step(state, "kid", act.GiveIn)
    assert state.boat == ["kid", "stephen", "captain", "lauren"]
    assert state.actor == "stephen"
    state, _ = step(state, "stephen", act.DoNothing)
    state, _ = step(state, "captain", act.DoNothing)
    assert state.actor == "kid"
    state, _ = step(state, "kid", act.DoNothing)
    state, _ = everyone_done(state)
    # Lauren does not act twice: the round ends; the next one follows the new boat order.
    assert state.round == 2
    assert state.turn_order == ["kid", "stephen", "captain", "lauren"]
    assert state.actor == "kid"


def test_unconscious_and_dead_characters_skip_their_turn() -> None:
    state = _turn("lauren", wounds={"stephen": 5, "captain": 9})
    state, _ = step(state, "lauren", act.DoNothing)
    assert state.actor == "kid"


def test_the_actor_may_do_nothing_row_swap_rob_or_use_a_special_card() -> None:
    state = _turn("lauren", hands={"lauren": ["medkit-01"], "kid": ["cash-01"]},
                  wounds={"lauren": 1})
    assert {"do_nothing", "row", "swap", "rob", "use_medkit"} <= kinds(state, "lauren")
    found = prompt(state, "lauren")
    assert found is not None and found.blocking and found.default == 0
    assert found.actions[0].kind == "do_nothing"


# -- rowing --------------------------------------------------------------------------------


def test_rowing_draws_two_navigation_cards_and_keeps_a_chosen_subset() -> None:
    state = _turn("stephen")
    state, events = step(state, "stephen", act.Row)
    assert state.drawn == ["nav-01", "nav-02"]
    assert find(events, "rowing_drawn")[0].to == (1,)
    assert find(events, "rowing")[0].params == {"character": "stephen", "count": 2}
    keeps = [a for a in offered(state, "stephen") if isinstance(a, act.KeepRowed)]
    assert {a.cards for a in keeps} == {
        ("nav-01", "nav-02"), ("nav-01",), ("nav-02",), (),
    }
    assert "nav-01" in GAME.secrets(state, 1)
    assert GAME.view(state, None).drawn_count == 2
    state, _ = step(state, "stephen", act.KeepRowed, cards=("nav-02",))
    assert state.rowed == ["nav-02"]
    assert state.navigation[-1] == "nav-01"
    assert state.row_markers == ["stephen"]
    assert state.actor == "captain"


def test_a_rower_keeping_nothing_takes_no_row_marker() -> None:
    state = _turn("stephen")
    state, _ = step(state, "stephen", act.Row)
    state, _ = step(state, "stephen", act.KeepRowed, cards=())
    assert state.rowed == [] and state.row_markers == []
    assert state.navigation[-2:] == ["nav-01", "nav-02"]


def test_each_face_up_oar_adds_a_navigation_card_when_rowing() -> None:
    state = _turn("stephen", face_up={"stephen": ["oar-01", "oar-02"]})
    state, _ = step(state, "stephen", act.Row)
    assert state.drawn == ["nav-01", "nav-02", "nav-03", "nav-04"]
    held = _turn("stephen", hands={"stephen": ["oar-01"]})
    held, _ = step(held, "stephen", act.Row)
    assert len(held.drawn) == 2  # an Oar in hand does not row


def test_one_card_rowing_variant_draws_one_card_plus_oars() -> None:
    state = _turn("stephen", options=Options(one_card_rowing=True))
    state, _ = step(state, "stephen", act.Row)
    assert state.drawn == ["nav-01"]
    oar = _turn("stephen", options=Options(one_card_rowing=True),
                face_up={"stephen": ["oar-01"]})
    oar, _ = step(oar, "stephen", act.Row)
    assert oar.drawn == ["nav-01", "nav-02"]


# -- swapping and robbing ------------------------------------------------------------------


def test_swapping_with_an_awake_character_asks_them_to_give_in_or_fight() -> None:
    state = _turn("lauren")
    state, events = step(state, "lauren", act.Swap, target="captain")
    assert state.stage == "demand"
    answer = prompt(state, "captain")
    assert answer is not None and answer.kind == "lifeboat.prompt.answer_demand"
    assert {"give_in", "resist"} <= {a.kind for a in answer.actions}
    assert answer.params == {"demand": "swap", "attacker": "lauren", "card": None}
    state, events = step(state, "captain", act.GiveIn)
    assert state.boat == ["captain", "stephen", "lauren", "kid"]
    assert find(events, "places_swapped")


def test_unconscious_or_dead_characters_are_swapped_and_robbed_without_a_fight() -> None:
    state = _turn("lauren", wounds={"captain": 7}, hands={"captain": ["cash-01"]},
                  face_up={"kid": ["knife-01"]})
    state, _ = step(state, "lauren", act.Swap, target="captain")
    assert state.boat == ["captain", "stephen", "lauren", "kid"]
    assert state.actor == "stephen"
    state, events = step(state, "stephen", act.Rob, target="captain", card=act.HAND)
    assert state.hand["stephen"] == ["cash-01"]
    assert find(events, "robbed_card")[0].to == (1, 2)

    dead = _turn("lauren", wounds={"kid": 4}, face_up={"kid": ["knife-01"]})
    dead, _ = step(dead, "lauren", act.Rob, target="kid", card="knife-01")
    assert dead.hand["lauren"] == ["knife-01"] and dead.face_up["kid"] == []


def test_robbing_a_named_face_up_card_from_an_awake_character_who_gives_in() -> None:
    state = _turn("lauren", face_up={"captain": ["cash-01", "hook-01"]})
    assert {a for a in offered(state, "lauren") if isinstance(a, act.Rob)} == {
        act.Rob(seat=0, target="captain", card="cash-01"),
        act.Rob(seat=0, target="captain", card="hook-01"),
    }
    state, _ = step(state, "lauren", act.Rob, target="captain", card="hook-01")
    state, events = step(state, "captain", act.GiveIn)
    assert state.hand["lauren"] == ["hook-01"]
    assert state.face_up["captain"] == ["cash-01"]
    public = find(events, "card_robbed")[0]
    assert public.to is None and public.params["card_type"] == "hook"
    assert "hook-01" not in str(public.params)


def test_robbing_the_hand_takes_a_random_card() -> None:
    taken = set()
    for seed in range(12):
        state = _turn("lauren", hands={"captain": ["cash-01", "water-01", "knife-01"]})
        state.seed = seed
        state, _ = step(state, "lauren", act.Rob, target="captain", card=act.HAND)
        state, _ = step(state, "captain", act.GiveIn)
        assert len(state.hand["lauren"]) == 1 and len(state.hand["captain"]) == 2
        taken.add(state.hand["lauren"][0])
    assert len(taken) > 1


def test_nothing_to_rob_means_no_robbery_offered() -> None:
    state = _turn("lauren", hands={"stephen": ["water-01"]})
    targets = {a.target for a in offered(state, "lauren") if isinstance(a, act.Rob)}
    assert targets == {"stephen"}


def test_the_kid_pickpockets_a_hand_card_and_nobody_can_refuse() -> None:
    state = _turn("kid", hands={"mate": ["jewels-01"]},
                  **{"characters": ("lauren", "mate", "captain", "kid")})
    state, events = step(state, "kid", act.Rob, target="mate", card=act.HAND)
    assert state.hand["kid"] == ["jewels-01"]
    assert state.demand is None and state.fight is None
    assert find(events, "robbery")[0].params["pickpocket"] is True


def test_the_kid_robbing_a_face_up_card_can_be_refused() -> None:
    state = _turn("kid", face_up={"captain": ["jewels-01"]})
    state, _ = step(state, "kid", act.Rob, target="captain", card="jewels-01")
    assert state.stage == "demand"
    assert "resist" in kinds(state, "captain")


# -- special cards -------------------------------------------------------------------------


def test_medical_kit_heals_one_wound_and_is_discarded() -> None:
    state = _turn("lauren", hands={"lauren": ["medkit-01"]}, wounds={"captain": 2})
    targets = {a.target for a in offered(state, "lauren") if isinstance(a, act.UseMedkit)}
    assert targets == {"captain"}  # only the wounded
    state, _ = step(state, "lauren", act.UseMedkit, card="medkit-01", target="captain")
    assert state.wounds["captain"] == 1
    assert "medkit-01" in state.discard and state.hand["lauren"] == []
    assert state.actor == "stephen"


def test_medical_kit_wakes_the_unconscious_but_not_the_dead() -> None:
    state = _turn("lauren", face_up={"lauren": ["medkit-01"]},
                  wounds={"captain": 7, "stephen": 6})
    targets = {a.target for a in offered(state, "lauren") if isinstance(a, act.UseMedkit)}
    assert targets == {"captain"}
    state, _ = step(state, "lauren", act.UseMedkit, card="medkit-01", target="captain")
    assert state.wounds["captain"] == 6
    assert state.actor == "captain"  # awake again in time for his own turn


def test_dr_harter_keeps_his_medical_kit_face_up() -> None:
    state = _turn(
        "harter",
        **{"characters": ("lauren", "frenchy", "harter", "kid")},
        hands={"harter": ["medkit-04"]},
        wounds={"kid": 1, "lauren": 2},
    )
    state, _ = step(state, "harter", act.UseMedkit, card="medkit-04", target="kid")
    assert state.face_up["harter"] == ["medkit-04"]
    assert "medkit-04" not in state.discard and state.wounds["kid"] == 0
    # Used again from face up next time, still kept.
    state = at_turn(state, "harter")
    state, _ = step(state, "harter", act.UseMedkit, card="medkit-04", target="lauren")
    assert state.face_up["harter"] == ["medkit-04"] and state.wounds["lauren"] == 1


def test_flare_gun_applies_only_the_birds_of_the_top_three_cards() -> None:
    # nav-04 +1, nav-16 crossed bird (-1), nav-05 +1; the cards go to the bottom.
    deck = ["nav-04", "nav-16", "nav-05", "nav-01", "nav-02"]
    state = _turn("lauren", hands={"lauren": ["flare-01"]}, navigation=deck, birds=1)
    state, events = step(state, "lauren", act.FireFlare, card="flare-01")
    assert state.birds == 2
    assert state.navigation == ["nav-01", "nav-02", "nav-04", "nav-16", "nav-05"]
    assert "flare-01" in state.discard
    assert [e.params["birds"] for e in events if "bird" in e.key] == [2, 1, 2]
    assert state.wounds == {c: 0 for c in state.characters}  # nothing else of the cards


def test_flare_gun_reaching_the_fourth_bird_ends_the_game_at_once() -> None:
    deck = ["nav-04", "nav-05", "nav-16"]
    state = _turn("lauren", face_up={"lauren": ["flare-01"]}, navigation=deck, birds=2)
    state, events = step(state, "lauren", act.FireFlare, card="flare-01")
    assert state.birds == 4 and state.stage == "over"
    assert GAME.outcome(state) is not None
    assert GAME.pending(state) == []
    assert "bird_flew_away" not in [e.key.split(".")[-1] for e in events]


def test_parasol_is_opened_with_an_action_and_stays_face_up() -> None:
    state = _turn("lauren", hands={"lauren": ["parasol-01"]})
    state, _ = step(state, "lauren", act.OpenParasol, card="parasol-01")
    assert state.face_up["lauren"] == ["parasol-01"] and state.parasol_open_by == "lauren"
    state = at_turn(state, "lauren")
    assert "open_parasol" not in kinds(state, "lauren")


def test_a_robbed_opened_parasol_closes() -> None:
    state = _turn("captain", face_up={"lauren": ["parasol-01"]})
    state.parasol_open_by = "lauren"
    state, _ = step(state, "captain", act.Rob, target="lauren", card="parasol-01")
    state, _ = step(state, "lauren", act.GiveIn)
    assert state.parasol_open_by is None and state.hand["captain"] == ["parasol-01"]


# -- free moves ----------------------------------------------------------------------------


def test_any_awake_player_may_play_a_card_face_up_at_any_time() -> None:
    state = _turn("lauren", hands={"captain": ["knife-01"]})
    free = prompt(state, "captain")
    assert free is not None and not free.blocking and free.default is None
    assert free.kind == "lifeboat.prompt.free_moves"
    state, events = step(state, "captain", act.PlayFaceUp, card="knife-01", target="captain")
    assert state.face_up["captain"] == ["knife-01"] and state.actor == "lauren"
    assert find(events, "card_played")[0].to is None


def test_unconscious_and_dead_players_have_no_moves_at_all() -> None:
    state = _turn("lauren", hands={"captain": ["knife-01"], "stephen": ["water-01"]},
                  wounds={"captain": 7, "stephen": 6})
    assert prompt(state, "captain") is None and prompt(state, "stephen") is None


def test_a_life_preserver_goes_in_front_of_any_awake_character() -> None:
    state = _turn("lauren", hands={"captain": ["preserver-01"]}, wounds={"stephen": 5})
    targets = {
        a.target for a in offered(state, "captain")
        if isinstance(a, act.PlayFaceUp) and a.card == "preserver-01"
    }
    assert targets == {"lauren", "captain", "kid"}
    state, _ = step(state, "captain", act.PlayFaceUp, card="preserver-01", target="kid")
    assert state.face_up["kid"] == ["preserver-01"]


def test_hand_cards_may_be_given_to_another_awake_character() -> None:
    state = _turn("lauren", hands={"captain": ["water-01"]}, wounds={"stephen": 5})
    targets = {a.target for a in offered(state, "captain") if isinstance(a, act.GiveCard)}
    assert targets == {"lauren", "kid"}
    state, events = step(state, "captain", act.GiveCard, card="water-01", target="kid")
    assert state.hand["kid"] == ["water-01"]
    assert find(events, "card_received")[0].to == (2, 3)
    assert "water-01" not in str(find(events, "card_given")[0].params)


# -- offered actions -------------------------------------------------------------------------
def _sample(annotation: Any) -> object:
    """A value of a field's type, as the rules pass it."""
    if annotation is str:
        return "lauren"
    if annotation == tuple[str, ...]:
        return ("nav-01", "nav-02")
    return annotation.__args__[-1]  # a literal: its last value


def test_an_offered_action_is_the_one_the_constructor_builds() -> None:
    # ``offer`` builds without validation: the same fields, in the same order and of the same
    # types, counted as set the same way, for every kind of action.
    for cls in act.ACTION_TYPES:
        values = [_sample(cls.model_fields[name].annotation)
                  for name in cls.model_fields if name not in ("kind", "seat")]
        built = cls(seat=3, **dict(zip(act._FIELDS[cls], values, strict=True)))
        offered_action = act.offer(cls, 3, *values)
        assert offered_action == built
        assert list(offered_action.__dict__.items()) == list(built.__dict__.items())
        assert [type(v) for v in offered_action.__dict__.values()] == [
            type(v) for v in built.__dict__.values()]
        assert offered_action.model_fields_set == built.model_fields_set
        assert offered_action.model_dump_json() == built.model_dump_json()
        assert hash(offered_action) == hash(built)
