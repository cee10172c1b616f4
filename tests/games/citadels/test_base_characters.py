"""The eight base characters' powers, as the seed gives them."""

from __future__ import annotations

from games.citadels import GAME
from tests.games.citadels.table import (
    acting,
    can,
    card,
    deal,
    do,
    first_card,
    give_city,
    keys,
    new_game,
    offered,
    pass_turn,
    play_until,
    prompt,
    put_on_deck,
    set_hand,
    values,
)

# -- Assassin --------------------------------------------------------------------------------


def test_assassin_names_a_character_not_a_player() -> None:
    state, _ = deal(new_game(4), {0: "assassin", 1: "king"}, face_up=("bishop", "merchant"))
    targets = values(state, "murder", "character")
    assert targets == {"thief", "magician", "king", "architect", "warlord"}


def test_murdered_character_is_skipped_silently() -> None:
    """The murdered holder does not answer: the table hears exactly what it hears for a
    character nobody holds; only the victim is told, and speaks up after the round."""
    state, _ = deal(new_game(4), {0: "assassin", 1: "king", 2: "warlord"})
    state, events = do(state, "murder", character="king")
    assert "murder" in keys(events)
    state, events = pass_turn(state)
    public = [(e.key.removeprefix("citadels.event."), e.params) for e in events if e.to is None]
    king = {"rank": 4, "character": "king"}
    bishop = {"rank": 5, "character": "bishop"}  # held by nobody
    at = public.index(("character_called", king))
    assert public[at + 1] == ("no_answer", king)
    at = public.index(("character_called", bishop))
    assert public[at + 1] == ("no_answer", bishop)
    private = [e for e in events if e.to is not None]
    assert [(e.key, e.to) for e in private] == [("citadels.event.murdered_turn_lost", (1,))]
    assert acting(state) == (2, "warlord")
    state, events = pass_turn(state)
    revealed = [e for e in events if e.key.endswith("murdered_revealed")]
    assert revealed and revealed[0].params["seat"] == 1


def test_murdered_victim_keeps_its_gold_and_does_not_build() -> None:
    state = new_game(4)
    state, _ = deal(state, {0: "assassin", 1: "merchant"})
    state, _ = do(state, "murder", character="merchant")
    state, _ = pass_turn(state)
    assert state.phase == "draft" and state.gold[1] == 2


# -- Thief -----------------------------------------------------------------------------------


def test_thief_cannot_rob_the_assassin_or_the_murdered() -> None:
    state, _ = deal(new_game(4), {0: "assassin", 1: "thief", 2: "king"})
    state, _ = do(state, "murder", character="king")
    state, _ = pass_turn(state)
    targets = values(state, "rob", "character")
    assert "assassin" not in targets and "king" not in targets and "thief" not in targets
    assert {"magician", "bishop", "merchant", "architect", "warlord"} <= targets


def test_robbed_gold_moves_when_the_victim_is_revealed() -> None:
    state = new_game(4)
    state.gold = [2, 0, 7, 2]
    state, _ = deal(state, {1: "thief", 2: "merchant"})
    state, _ = do(state, "rob", character="merchant")
    assert state.gold[2] == 7
    state, events = pass_turn(state)
    assert acting(state) == (2, "merchant")
    assert state.gold[2] == 0 and state.gold[1] == 2 + 7
    robbed = [e for e in events if e.key.endswith("robbed")]
    assert robbed[0].params == {"seat": 2, "thief": 1, "gold": 7}


def test_robbing_a_character_nobody_holds_takes_nothing() -> None:
    state = new_game(4)
    state, _ = deal(state, {1: "thief", 2: "warlord"})
    state, _ = do(state, "rob", character="merchant")
    state, _ = pass_turn(state)
    assert state.gold[1] == 4 and state.gold[2] == 2


# -- Magician --------------------------------------------------------------------------------


def test_magician_swaps_whole_hands_with_a_player() -> None:
    state = new_game(4)
    set_hand(state, 0, card("temple"))
    set_hand(state, 3, card("palace"), card("castle"), card("manor"))
    state, _ = deal(state, {0: "magician"})
    state, events = do(state, "magician_swap", target=3)
    assert state.hands[0] == [card("palace"), card("castle"), card("manor")]
    assert state.hands[3] == [card("temple")]
    assert not offered(state, "magician_swap") and not offered(state, "magician_discard")
    swap = next(e for e in events if e.key.endswith("hands_swapped"))
    assert swap.to is None and swap.params == {"seat": 0, "target": 3, "gave": 1, "got": 3}


def test_magician_with_an_empty_hand_takes_the_other_hand() -> None:
    state = new_game(4)
    set_hand(state, 0)
    set_hand(state, 2, card("temple"), card("tavern"))
    state, _ = deal(state, {0: "magician"})
    state, _ = do(state, "magician_swap", target=2)
    assert state.hands[0] == [card("temple"), card("tavern")] and state.hands[2] == []


def test_magician_discards_any_number_under_the_deck_and_draws_as_many() -> None:
    state = new_game(4)
    set_hand(state, 0, card("temple"), card("tavern"), card("palace"))
    put_on_deck(state, card("harbor"), card("docks"))
    state, _ = deal(state, {0: "magician"})
    state, _ = do(state, "magician_discard", card=card("temple"))
    assert prompt(state).kind == "citadels.prompt.magician_redraw"
    state, _ = do(state, "magician_discard", card=card("tavern"))
    state, _ = do(state, "magician_redraw")
    assert sorted(state.hands[0]) == sorted([card("palace"), card("harbor"), card("docks")])
    assert state.deck[-2:] == [card("temple"), card("tavern")]
    assert not offered(state, "magician_swap")
    assert offered(state, "take_gold")  # back to the gather


# -- King ------------------------------------------------------------------------------------


def test_king_takes_the_crown_when_called_and_earns_for_yellow() -> None:
    state = new_game(4)
    state.crown = 0
    give_city(state, 2, card("manor"), card("palace"))
    state, events = deal(state, {2: "king"})
    assert state.crown == 2 and "crown_moved" in keys(events)
    state, _ = do(state, "take_income")
    assert state.gold[2] == 4


def test_crown_stays_put_when_nobody_picks_the_king() -> None:
    state = new_game(4)
    state.crown = 3
    state, _ = deal(state, {0: "thief", 1: "bishop"}, face_up=("king",))
    while state.phase == "turns":
        state, _ = pass_turn(state)
    assert state.crown == 3


def test_murdered_king_still_takes_the_crown_at_the_end_of_the_round() -> None:
    state = new_game(4)
    state.crown = 0
    state, _ = deal(state, {0: "assassin", 2: "king", 3: "warlord"})
    state, _ = do(state, "murder", character="king")
    state, _ = pass_turn(state)
    assert state.crown == 0  # still silent
    state, events = pass_turn(state)  # the Warlord's turn ends the round
    assert state.crown == 2 and state.round == 2
    assert prompt(state).seat == 2  # and picks first next round
    assert keys(events).index("murdered_revealed") < keys(events).index("round_started")


# -- Bishop ----------------------------------------------------------------------------------


def test_bishop_earns_for_blue_and_shields_from_the_warlord() -> None:
    state = new_game(4)
    state.gold[3] = 10
    give_city(state, 1, card("temple"), card("church"))
    give_city(state, 2, card("tavern"))
    state, _ = deal(state, {1: "bishop", 3: "warlord"})
    state, _ = do(state, "take_income")
    assert state.gold[1] == 4
    state = play_until(state, "warlord")
    state, _ = do(state, "take_gold")
    targets = values(state, "destroy", "target")
    assert 1 not in targets and 2 in targets


def test_a_murdered_bishop_shields_nobody() -> None:
    state = new_game(4)
    state.gold[3] = 10
    give_city(state, 1, card("temple"))
    state, _ = deal(state, {0: "assassin", 1: "bishop", 3: "warlord"})
    state, _ = do(state, "murder", character="bishop")
    state = play_until(state, "warlord")
    state, _ = do(state, "take_gold")
    assert can(state, "destroy", target=1, card=card("temple"))


# -- Merchant --------------------------------------------------------------------------------


def test_merchant_gets_one_more_gold_and_earns_for_green() -> None:
    state = new_game(4)
    give_city(state, 2, card("tavern"), card("market"), card("temple"))
    state, _ = deal(state, {2: "merchant"})
    state, _ = do(state, "take_gold")
    assert state.gold[2] == 2 + 2 + 1
    state, _ = do(state, "take_income")
    assert state.gold[2] == 5 + 2


def test_merchant_bonus_also_comes_with_drawing() -> None:
    state, _ = deal(new_game(4), {2: "merchant"})
    state, _ = do(state, "draw_cards")
    state, _ = do(state, "keep_card", card=first_card(state))
    assert state.gold[2] == 3


# -- Architect -------------------------------------------------------------------------------


def test_architect_draws_two_more_cards_and_builds_up_to_three() -> None:
    state = new_game(4)
    state.gold[1] = 20
    set_hand(state, 1, card("temple"), card("tavern"), card("manor"), card("prison"))
    state, _ = deal(state, {1: "architect"})
    state, events = do(state, "take_gold")
    assert len(state.hands[1]) == 6
    received = [e for e in events if e.key.endswith("cards_received")]
    assert received and received[0].to == (1,)
    for name in ("temple", "tavern", "manor"):
        state, _ = do(state, "build", card=card(name))
    assert len(state.cities[1]) == 3 and not offered(state, "build")


# -- Warlord ---------------------------------------------------------------------------------


def test_warlord_destroys_for_cost_minus_one_and_a_one_cost_district_for_free() -> None:
    state = new_game(4)
    state.gold[3] = 4
    give_city(state, 0, card("castle"), card("temple"))
    state, _ = deal(state, {3: "warlord"})
    state, _ = do(state, "take_gold")
    assert can(state, "destroy", target=0, card=card("temple"))
    state, events = do(state, "destroy", target=0, card=card("castle"))
    assert state.gold[3] == 6 - 3
    assert card("castle") not in state.cities[0] and state.deck[-1] == card("castle")
    assert "district_destroyed" in keys(events)
    assert state.phase == "draft"  # destroying closes the Warlord's turn (and this round)


def test_warlord_pays_nothing_for_a_one_gold_district() -> None:
    state = new_game(4)
    state.gold[3] = 0
    give_city(state, 0, card("temple"), card("castle"))
    state, _ = deal(state, {3: "warlord"})
    state, _ = do(state, "draw_cards")
    state, _ = do(state, "keep_card", card=first_card(state))
    targets = values(state, "destroy", "card")
    assert targets == {card("temple")}


def test_warlord_cannot_touch_a_completed_city() -> None:
    state = new_game(4)
    state.gold[3] = 30
    names = ["temple", "church", "monastery", "manor", "castle", "tavern", "market", "prison"]
    give_city(state, 0, *(card(n) for n in names))
    state.completed = [0]
    give_city(state, 1, card("docks"))
    state, _ = deal(state, {3: "warlord"})
    state, _ = do(state, "take_gold")
    targets = values(state, "destroy", "target")
    assert 0 not in targets and 1 in targets


def test_warlord_earns_for_red_and_may_hit_his_own_city() -> None:
    state = new_game(4)
    give_city(state, 3, card("watchtower"), card("prison"))
    state, _ = deal(state, {3: "warlord"})
    state, _ = do(state, "take_income")
    assert state.gold[3] == 4
    state, _ = do(state, "take_gold")
    assert can(state, "destroy", target=3, card=card("prison"))


def test_destroyed_district_no_longer_counts_toward_completion_or_score() -> None:
    state = new_game(4)
    state.gold[3] = 10
    give_city(state, 0, card("palace"))
    state, _ = deal(state, {3: "warlord"})
    state, _ = do(state, "take_gold")
    state, _ = do(state, "destroy", target=0, card=card("palace"))
    assert state.cities[0] == [] and card("palace") not in state.built_round


def test_warlord_turn_in_the_middle_of_a_round_passes_to_the_next_character() -> None:
    state = new_game(4, rank_9="queen")
    state.gold[3] = 10
    give_city(state, 0, card("temple"))
    state, _ = deal(state, {3: "warlord", 0: "queen"})
    state, _ = do(state, "take_gold")
    state, _ = do(state, "destroy", target=0, card=card("temple"))
    assert acting(state) == (0, "queen")
    assert GAME.outcome(state) is None
