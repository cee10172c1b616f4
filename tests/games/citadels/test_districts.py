"""Every purple district of the seed."""

from __future__ import annotations

from games.citadels.actions import GraveyardBuyBack
from games.citadels.scoring import breakdown
from tests.games.citadels.table import (
    can,
    card,
    deal,
    do,
    first_card,
    give_city,
    keys,
    new_game,
    offered,
    prompt,
    put_on_deck,
    set_hand,
    values,
)

COLOURS_BUT_PURPLE = ("manor", "temple", "tavern", "watchtower")


def test_library_keeps_both_drawn_cards() -> None:
    state = new_game(4)
    give_city(state, 0, card("library"))
    put_on_deck(state, card("palace"), card("tavern"))
    state, _ = deal(state, {0: "bishop"})
    hand = len(state.hands[0])
    state, _ = do(state, "draw_cards")
    assert len(state.hands[0]) == hand + 2
    assert not offered(state, "keep_card") and offered(state, "end_turn")


def test_observatory_draws_three_keeps_one_and_buries_two() -> None:
    state = new_game(4)
    give_city(state, 0, card("observatory"))
    put_on_deck(state, card("palace"), card("tavern"), card("docks"))
    state, _ = deal(state, {0: "bishop"})
    state, _ = do(state, "draw_cards")
    assert values(state, "keep_card", "card") == {card("palace"), card("tavern"), card("docks")}
    state, _ = do(state, "keep_card", card=card("docks"))
    assert state.deck[-2:] == [card("palace"), card("tavern")]


def test_observatory_with_library_draws_three_and_keeps_two() -> None:
    state = new_game(4)
    give_city(state, 0, card("observatory"), card("library"))
    put_on_deck(state, card("palace"), card("tavern"), card("docks"))
    state, _ = deal(state, {0: "bishop"})
    state, _ = do(state, "draw_cards")
    state, _ = do(state, "keep_card", card=card("docks"))
    assert prompt(state).kind == "citadels.prompt.keep"
    state, _ = do(state, "keep_card", card=card("palace"))
    assert {card("docks"), card("palace")} <= set(state.hands[0])
    assert state.deck[-1] == card("tavern")


def test_laboratory_turns_one_hand_card_into_a_gold_once_per_turn() -> None:
    state = new_game(4)
    give_city(state, 0, card("laboratory"))
    set_hand(state, 0, card("temple"), card("tavern"))
    state, _ = deal(state, {0: "bishop"})
    state, events = do(state, "laboratory", card=card("temple"))
    assert state.gold[0] == 3 and state.hands[0] == [card("tavern")]
    assert state.deck[-1] == card("temple")
    assert [e.to for e in events if e.key.endswith("laboratory_discard")] == [(0,)]
    assert not offered(state, "laboratory")


def test_smithy_pays_three_gold_for_two_cards_once_per_turn() -> None:
    state = new_game(4)
    state.gold[0] = 7
    give_city(state, 0, card("smithy"))
    state, _ = deal(state, {0: "bishop"})
    hand = len(state.hands[0])
    state, _ = do(state, "smithy")
    assert state.gold[0] == 4 and len(state.hands[0]) == hand + 2
    assert not offered(state, "smithy")


def test_smithy_needs_three_gold() -> None:
    state = new_game(4)
    state.gold[0] = 2
    give_city(state, 0, card("smithy"))
    state, _ = deal(state, {0: "bishop"})
    assert not offered(state, "smithy")


def test_school_of_magic_counts_as_the_income_colour() -> None:
    state = new_game(4)
    give_city(state, 0, card("school_of_magic"), card("manor"))
    state, _ = deal(state, {0: "king"})
    state, _ = do(state, "take_income")
    assert state.gold[0] == 2 + 2


def test_school_of_magic_pays_nothing_to_a_character_without_income() -> None:
    state = new_game(4)
    give_city(state, 0, card("school_of_magic"))
    state, _ = deal(state, {0: "thief"})
    assert not offered(state, "take_income")


def test_keep_cannot_be_destroyed() -> None:
    state = new_game(4)
    state.gold[3] = 10
    give_city(state, 0, card("keep"), card("temple"))
    state, _ = deal(state, {3: "warlord"})
    state, _ = do(state, "take_gold")
    assert values(state, "destroy", "card") == {card("temple")}


def test_great_wall_makes_the_owners_other_districts_cost_one_more() -> None:
    state = new_game(4)
    state.gold[3] = 0
    give_city(state, 0, card("great_wall"), card("temple"), card("church"))
    state, _ = deal(state, {3: "warlord"})
    state, _ = do(state, "take_gold")  # 2 gold
    # temple: 0 + 1; church: 1 + 1; the wall itself: 6 - 1 = 5, not raised
    assert values(state, "destroy", "card") == {card("temple"), card("church")}
    state, _ = do(state, "destroy", target=0, card=card("church"))
    assert state.gold[3] == 0


def test_great_wall_itself_costs_the_usual_price() -> None:
    state = new_game(4)
    state.gold[3] = 3
    give_city(state, 0, card("great_wall"))
    state, _ = deal(state, {3: "warlord"})
    state, _ = do(state, "take_gold")
    assert can(state, "destroy", target=0, card=card("great_wall"))


def test_graveyard_owner_may_buy_back_a_destroyed_district_for_one_gold() -> None:
    state = new_game(4)
    state.gold = [3, 2, 2, 10]
    give_city(state, 0, card("graveyard"))
    give_city(state, 1, card("castle"))
    state, _ = deal(state, {3: "warlord"})
    state, _ = do(state, "take_gold")
    state, _ = do(state, "destroy", target=1, card=card("castle"))
    p = prompt(state)
    assert p.seat == 0 and p.kind == "citadels.prompt.graveyard"
    declined = p.default_action()
    assert isinstance(declined, GraveyardBuyBack) and declined.accept is False
    state, events = do(state, "graveyard", accept=True)
    assert card("castle") in state.hands[0] and state.gold[0] == 2
    public = [e for e in events if e.key.endswith("graveyard_decision")]
    assert public[0].to is None and "card" not in public[0].params
    assert state.phase == "draft"


def test_graveyard_declined_sends_the_district_under_the_deck() -> None:
    state = new_game(4)
    state.gold = [3, 2, 2, 10]
    give_city(state, 0, card("graveyard"))
    give_city(state, 1, card("castle"))
    state, _ = deal(state, {3: "warlord"})
    state, _ = do(state, "take_gold")
    state, _ = do(state, "destroy", target=1, card=card("castle"))
    state, _ = do(state, "graveyard", accept=False)
    assert state.deck[-1] == card("castle")


def test_graveyard_does_not_work_for_the_warlord_nor_without_gold() -> None:
    state = new_game(4)
    state.gold = [0, 2, 2, 10]
    give_city(state, 3, card("graveyard"))
    give_city(state, 1, card("castle"), card("manor"))
    state, _ = deal(state, {3: "warlord"})
    state, _ = do(state, "take_gold")
    state, events = do(state, "destroy", target=1, card=card("castle"))
    assert "graveyard_decision" not in keys(events) and state.phase == "draft"
    other = new_game(4)
    other.gold = [0, 2, 2, 10]
    give_city(other, 0, card("graveyard"))
    give_city(other, 1, card("castle"))
    other, _ = deal(other, {3: "warlord"})
    other, _ = do(other, "take_gold")
    other, _ = do(other, "destroy", target=1, card=card("castle"))
    assert other.phase == "draft"  # seat 0 had no gold to pay


def test_a_destroyed_graveyard_cannot_save_itself() -> None:
    state = new_game(4)
    state.gold = [5, 2, 2, 10]
    give_city(state, 0, card("graveyard"))
    state, _ = deal(state, {3: "warlord"})
    state, _ = do(state, "take_gold")
    state, _ = do(state, "destroy", target=0, card=card("graveyard"))
    assert state.phase == "draft"


def test_haunted_city_counts_as_any_colour_for_the_five_colour_bonus() -> None:
    state = new_game(4)
    state.round = 3
    # no yellow district: the Haunted City stands in for it
    give_city(state, 1, card("temple"), card("tavern"), card("watchtower"), card("library"))
    give_city(state, 1, card("haunted_city"), built_round=2)
    assert breakdown(state, 1)["five_colours"] == 3
    # four colours and nothing else purple: it is the purple one
    give_city(state, 0, *(card(n) for n in COLOURS_BUT_PURPLE))
    assert breakdown(state, 0)["five_colours"] == 0
    give_city(state, 0, card("haunted_city"), built_round=2)
    assert breakdown(state, 0)["five_colours"] == 3


def test_haunted_city_built_in_the_last_round_is_only_purple() -> None:
    state = new_game(4)
    state.round = 5
    give_city(state, 0, card("temple"), card("tavern"), card("watchtower"), card("library"))
    give_city(state, 0, card("haunted_city"), built_round=5)
    assert breakdown(state, 0)["five_colours"] == 0
    state.built_round[card("haunted_city")] = 4
    assert breakdown(state, 0)["five_colours"] == 3


def test_university_and_dragon_gate_cost_six_and_score_eight() -> None:
    state = new_game(4)
    state.gold[0] = 6
    set_hand(state, 0, card("university"))
    give_city(state, 1, card("dragon_gate"))
    state, _ = deal(state, {0: "bishop"})
    state, _ = do(state, "draw_cards")
    state, _ = do(state, "keep_card", card=first_card(state))
    state, _ = do(state, "build", card=card("university"))
    assert state.gold[0] == 0
    assert breakdown(state, 0)["districts"] == 8
    assert breakdown(state, 1)["districts"] == 8
