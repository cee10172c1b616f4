"""A character's turn: calling order, the gather, building and income."""

from __future__ import annotations

from games.citadels.cards import district_of
from tests.games.citadels.table import (
    acting,
    can,
    card,
    deal,
    do,
    give_city,
    keys,
    new_game,
    offered,
    pass_turn,
    prompt,
    put_on_deck,
    set_hand,
)


def test_characters_are_called_in_rank_order_not_seat_order() -> None:
    state = new_game(4)
    state, _ = deal(state, {0: "warlord", 1: "merchant", 2: "thief", 3: "king"})
    order = []
    while state.phase == "turns" and state.round == 1:
        order.append(acting(state))
        state, _ = pass_turn(state)
    assert order == [(2, "thief"), (3, "king"), (1, "merchant"), (0, "warlord")]


def test_nobody_answers_for_a_character_nobody_holds() -> None:
    state = new_game(4)
    state, events = deal(state, {0: "king", 1: "bishop", 2: "merchant", 3: "warlord"})
    assert keys(events)[:6] == [
        "character_called", "no_answer", "character_called", "no_answer",
        "character_called", "no_answer",
    ]
    assert acting(state) == (0, "king")


def test_characters_laid_face_up_are_not_called() -> None:
    """Everyone knows a face-up character is out: the calling skips it. A character nobody
    holds but nobody saw (face down) is still called and gets no answer."""
    state = new_game(4)
    state, events = deal(state, {0: "king", 1: "bishop", 2: "merchant", 3: "warlord"},
                         face_up=("assassin", "magician"))
    called = [e.params["character"] for e in events if e.key.endswith("character_called")]
    silent = [e.params["character"] for e in events if e.key.endswith("no_answer")]
    assert called == ["thief", "king"] and silent == ["thief"]
    while state.phase == "turns" and state.round == 1:
        state, more = pass_turn(state)
        events += more
    called = [e.params["character"] for e in events if e.key.endswith("character_called")]
    assert "assassin" not in called and "magician" not in called
    assert called == ["thief", "king", "bishop", "merchant", "architect", "warlord"]


def test_the_gather_comes_before_building() -> None:
    """Seed: first take 2 gold or draw, then build."""
    state = new_game(4)
    state.gold[1] = 10
    set_hand(state, 1, card("temple"))
    state, _ = deal(state, {1: "bishop"})
    assert not offered(state, "build") and not offered(state, "end_turn")
    state, _ = do(state, "take_gold")
    assert can(state, "build", card=card("temple"))


def test_taking_gold_gives_two() -> None:
    state, _ = deal(new_game(4), {2: "thief"})
    before = state.gold[2]
    state, _ = do(state, "take_gold")
    assert state.gold[2] == before + 2


def test_drawing_shows_two_keeps_one_and_the_other_goes_under_the_deck() -> None:
    state = new_game(4)
    put_on_deck(state, card("palace"), card("tavern"))
    state, _ = deal(state, {0: "bishop"})
    state, events = do(state, "draw_cards")
    assert prompt(state).kind == "citadels.prompt.keep"
    seen = [e for e in events if e.key.endswith("cards_seen")]
    assert seen and seen[0].to == (0,)
    state, _ = do(state, "keep_card", card=card("palace"))
    assert card("palace") in state.hands[0]
    assert state.deck[-1] == card("tavern")
    assert offered(state, "end_turn")


def test_no_draw_is_offered_from_an_empty_deck() -> None:
    state = new_game(4)
    state.deck = []
    state, _ = deal(state, {0: "bishop"})
    assert not offered(state, "draw_cards") and offered(state, "take_gold")


def test_building_pays_the_cost_into_the_bank() -> None:
    state = new_game(4)
    state.gold[0] = 5
    set_hand(state, 0, card("castle"))
    state, _ = deal(state, {0: "bishop"})
    state, _ = do(state, "take_gold")
    state, events = do(state, "build", card=card("castle"))
    assert state.gold[0] == 3 and state.cities[0] == [card("castle")]
    assert "district_built" in keys(events)


def test_one_build_per_turn_for_most_characters() -> None:
    state = new_game(4)
    state.gold[0] = 20
    set_hand(state, 0, card("temple"), card("tavern"))
    state, _ = deal(state, {0: "king"})
    state, _ = do(state, "take_gold")
    state, _ = do(state, "build", card=card("temple"))
    assert not offered(state, "build")


def test_a_city_never_holds_two_districts_of_the_same_name() -> None:
    state = new_game(4)
    state.gold[0] = 20
    give_city(state, 0, card("temple", 1))
    set_hand(state, 0, card("temple", 2), card("tavern"))
    state, _ = deal(state, {0: "king"})
    state, _ = do(state, "take_gold")
    assert not can(state, "build", card=card("temple", 2))
    assert can(state, "build", card=card("tavern"))


def test_a_district_too_expensive_is_not_offered() -> None:
    state = new_game(4)
    state.gold[0] = 0
    set_hand(state, 0, card("palace"))
    state, _ = deal(state, {0: "bishop"})
    state, _ = do(state, "take_gold")
    assert not offered(state, "build")


def test_income_counts_districts_of_the_characters_colour_in_one_go() -> None:
    state = new_game(4)
    give_city(state, 0, card("manor"), card("castle"), card("temple"))
    state, _ = deal(state, {0: "king"})
    before = state.gold[0]
    state, _ = do(state, "take_income")
    assert state.gold[0] == before + 2
    assert not offered(state, "take_income")


def test_income_may_be_taken_before_the_gather_to_afford_a_build() -> None:
    """Seed: income at any time of the turn, e.g. first collect, then build with it."""
    state = new_game(4)
    state.gold[0] = 1
    give_city(state, 0, card("manor"), card("castle"))
    set_hand(state, 0, card("palace"))
    state, _ = deal(state, {0: "king"})
    state, _ = do(state, "take_income")
    state, _ = do(state, "take_gold")
    assert can(state, "build", card=card("palace"))


def test_income_taken_after_building_counts_the_new_district() -> None:
    state = new_game(4)
    state.gold[0] = 3
    set_hand(state, 0, card("manor"))
    state, _ = deal(state, {0: "king"})
    state, _ = do(state, "take_gold")
    state, _ = do(state, "build", card=card("manor"))
    state, _ = do(state, "take_income")
    assert state.gold[0] == 5 - 3 + 1


def test_income_not_taken_is_collected_when_the_turn_ends() -> None:
    state = new_game(4)
    give_city(state, 0, card("temple"), card("church"))
    state, _ = deal(state, {0: "bishop"})
    state, _ = do(state, "take_gold")
    before = state.gold[0]
    state, events = do(state, "end_turn")
    assert state.gold[0] == before + 2
    assert "income" in keys(events)


def test_characters_without_a_colour_have_no_income() -> None:
    state, _ = deal(new_game(4), {0: "thief"})
    assert not offered(state, "take_income")


def test_completing_a_city_ends_the_game_at_the_end_of_that_round() -> None:
    state = new_game(4)
    names = ["temple", "church", "monastery", "manor", "castle", "tavern", "market"]
    give_city(state, 1, *(card(n) for n in names))
    state.gold[1] = 10
    set_hand(state, 1, card("watchtower"))
    state, _ = deal(state, {1: "king", 2: "bishop"})
    state, _ = do(state, "take_gold")
    state, events = do(state, "build", card=card("watchtower"))
    assert "city_completed" in keys(events) and state.completed == [1]
    state, _ = do(state, "end_turn")
    assert state.phase == "turns" and acting(state) == (2, "bishop")
    state, events = pass_turn(state)
    assert state.phase == "over" and "game_over" in keys(events)


def test_district_catalog_costs_match_the_seed() -> None:
    expected = {
        "temple": 1, "church": 2, "monastery": 3, "cathedral": 5, "watchtower": 1, "prison": 2,
        "battlefield": 3, "fortress": 5, "manor": 3, "castle": 4, "palace": 5, "tavern": 1,
        "trading_post": 2, "market": 2, "docks": 3, "harbor": 4, "town_hall": 5,
        "library": 6, "dragon_gate": 6, "graveyard": 5, "haunted_city": 2,
        "school_of_magic": 6, "laboratory": 5, "smithy": 5, "observatory": 5, "university": 6,
        "keep": 3, "great_wall": 6,
    }
    for name, cost in expected.items():
        assert district_of(card(name)).cost == cost, name
