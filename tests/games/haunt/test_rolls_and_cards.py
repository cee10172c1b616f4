"""Trait rolls (forced and chosen), carried cards, piles and companions."""

from __future__ import annotations

import random

from games.core import Event
from games.haunt import GAME, traits
from games.haunt.actions import Drop, Give, Move, PickUp, RoomAction, UseCard
from games.haunt.catalog import catalog
from games.haunt.options import Options
from tests.games.haunt.builders import act, keys, new_game, place, set_value


def _actions(state, seat):  # type: ignore[no-untyped-def]
    prompt = GAME.prompt_for(state, seat)
    return [] if prompt is None else prompt.actions


def _first() -> object:
    return new_game(3, options=Options(today="03-01"))  # Ines (seat 0) starts


def test_dice_show_zero_one_or_two_and_a_roll_uses_the_trait_value() -> None:
    rng = random.Random(3)
    faces = traits.roll_dice(600, rng)
    assert set(faces) == {0, 1, 2}
    state = new_game(3, options=Options(today="03-01"))
    events: list[Event] = []
    traits.trait_roll(state, 0, "knowledge", rng, events)
    assert len(events[0].params["dice"]) == traits.value(state, 0, "knowledge")


def test_carried_cards_add_dice_to_trait_rolls() -> None:
    state = new_game(3, options=Options(today="03-01"))
    state.seat(0).cards.append("storm-lantern")
    events: list[Event] = []
    traits.trait_roll(state, 0, "knowledge", random.Random(1), events)
    assert len(events[0].params["dice"]) == traits.value(state, 0, "knowledge") + 1


def test_entering_a_room_with_a_forced_roll_makes_the_roll() -> None:
    state = new_game(3, options=Options(today="03-01"))
    place(state, "cellar-door", "ground", 0, 1)
    place(state, "boiler-room", "basement", 0, 1, doors=("N", "E", "S", "W"))
    state.seat(0).room = "basement-landing"
    state, events = act(state, Move(seat=0, to="boiler-room"))
    assert "haunt.roll" in keys(events)


def test_a_chosen_roll_is_made_once_a_turn() -> None:
    state = new_game(3, options=Options(today="03-01"))
    state.seat(0).cards.append("chalk-stub")
    state.forget_pending()
    assert UseCard(seat=0, card="chalk-stub") in _actions(state, 0)
    state, _ = act(state, UseCard(seat=0, card="chalk-stub"))
    assert UseCard(seat=0, card="chalk-stub") not in _actions(state, 0)


def test_a_once_a_game_room_roll_is_offered_once_to_each_explorer() -> None:
    state = new_game(3, options=Options(today="03-01"))
    place(state, "reading-room", "ground", 0, 1, doors=("N", "E", "S"))
    state.seat(0).room = "reading-room"
    state.forget_pending()
    state, events = act(state, RoomAction(seat=0))
    assert "haunt.room_action" in keys(events)
    assert RoomAction(seat=0) not in _actions(state, 0)
    assert state.seat(0).used_room_actions == ["reading-room"]


def test_gaining_a_card_applies_its_gain_and_losing_it_takes_it_back() -> None:
    state = new_game(3, options=Options(today="03-01"))
    before = state.seat(0).marks["speed"]
    state.item_deck.append("pocket-watch")
    from games.haunt import cards

    cards.draw_item(state, 0, random.Random(0), [])
    assert state.seat(0).marks["speed"] == before + 1
    state.forget_pending()
    state, _ = act(state, Drop(seat=0, card="pocket-watch"))
    assert state.seat(0).marks["speed"] == before
    assert state.piles == {"entrance-hall": ["pocket-watch"]}


def test_a_card_may_be_given_to_an_explorer_in_the_same_room_once_a_turn() -> None:
    state = new_game(3, options=Options(today="03-01"))
    state.seat(0).cards += ["crowbar", "spyglass"]
    state.forget_pending()
    assert Give(seat=0, card="crowbar", to=1) in _actions(state, 0)
    state, _ = act(state, Give(seat=0, card="crowbar", to=1))
    assert state.seat(1).cards == ["crowbar"]
    assert not any(isinstance(a, Give) for a in _actions(state, 0))


def test_no_giving_to_an_explorer_in_another_room() -> None:
    state = new_game(3, options=Options(today="03-01"))
    state.seat(0).cards.append("crowbar")
    state.seat(1).room = "upper-landing"
    state.seat(2).room = "upper-landing"
    state.forget_pending()
    assert not any(isinstance(a, Give) for a in _actions(state, 0))


def test_a_card_used_this_turn_cannot_be_given_or_dropped() -> None:
    state = new_game(3, options=Options(today="03-01"))
    state.seat(0).cards.append("tin-whistle")
    state.forget_pending()
    state, _ = act(state, UseCard(seat=0, card="tin-whistle"))
    kinds = {(a.kind, getattr(a, "card", None)) for a in _actions(state, 0)}
    assert ("drop", "tin-whistle") not in kinds and ("give", "tin-whistle") not in kinds


def test_dropped_cards_form_a_pile_anyone_in_the_room_may_pick_up() -> None:
    state = new_game(3, options=Options(today="03-01"))
    state.piles["entrance-hall"] = ["crowbar"]
    state.forget_pending()
    state, _ = act(state, PickUp(seat=0, card="crowbar"))
    assert state.seat(0).cards == ["crowbar"] and state.piles == {}


def test_companions_cannot_be_given_or_dropped() -> None:
    state = new_game(3, options=Options(today="03-01"))
    state.seat(0).cards.append("stray-cat")
    state.forget_pending()
    cards_in_actions = {getattr(a, "card", None) for a in _actions(state, 0)}
    assert "stray-cat" not in cards_in_actions
    assert catalog().card("stray-cat").companion


def test_a_consumable_is_discarded_after_use() -> None:
    state = new_game(3, options=Options(today="03-01"))
    set_value(state, 0, "might", 0)
    set_value(state, 0, "speed", 0)
    state.seat(0).cards.append("field-dressing")
    state.forget_pending()
    state, _ = act(state, UseCard(seat=0, card="field-dressing"))
    assert state.seat(0).cards == []
    start = catalog().explorer("ines-valdor")
    assert state.seat(0).marks["might"] == start.might.start
    assert state.seat(0).marks["speed"] == start.speed.start
