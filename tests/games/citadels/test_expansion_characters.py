"""The expansion characters of the seed, each chosen through ``Options`` for its rank."""

from __future__ import annotations

from games.citadels import GAME
from games.citadels.actions import Exchange
from games.citadels.scoring import breakdown
from games.citadels.state import CitadelsState
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
    set_hand,
    values,
)

EVERY_EXPANSION = {
    "rank_1": "witch", "rank_2": "tax_collector", "rank_3": "wizard", "rank_4": "emperor",
    "rank_5": "abbot", "rank_6": "alchemist", "rank_7": "navigator", "rank_8": "diplomat",
}

# -- Witch -----------------------------------------------------------------------------------


def test_witch_bewitches_only_after_her_gather_and_her_turn_stops() -> None:
    state, _ = deal(new_game(4, rank_1="witch"), {0: "witch", 2: "architect"})
    assert not offered(state, "bewitch")
    state, _ = do(state, "take_gold")
    assert values(state, "bewitch", "character") >= {"thief", "architect", "warlord"}
    state, events = do(state, "bewitch", character="architect")
    assert "bewitch" in keys(events) and state.bewitched == "architect"
    assert acting(state) == (2, "architect")


def test_bewitched_holder_only_gathers_then_the_witch_plays_the_character() -> None:
    state = new_game(4, rank_1="witch")
    state.gold[0] = 10
    set_hand(state, 0, card("temple"), card("tavern"), card("manor"))
    state, _ = deal(state, {0: "witch", 2: "architect"})
    state, _ = do(state, "take_gold")
    state, _ = do(state, "bewitch", character="architect")
    hand_before = len(state.hands[2])
    assert [a.kind for a in prompt(state).actions] == ["take_gold", "draw_cards"]
    state, events = do(state, "take_gold")
    assert state.gold[2] == 4 and len(state.hands[2]) == hand_before
    assert "witch_takes_over" in keys(events)
    assert acting(state) == (0, "architect")
    assert len(state.hands[0]) == 5  # the Architect's two cards go to the Witch
    for name in ("temple", "tavern", "manor"):
        state, _ = do(state, "build", card=card(name))
    assert len(state.cities[0]) == 3 and state.cities[2] == []


def test_bewitched_king_still_takes_the_crown_while_the_witch_collects() -> None:
    state = new_game(4, rank_1="witch")
    state.crown = 0
    give_city(state, 0, card("manor"), card("castle"))
    state, _ = deal(state, {0: "witch", 3: "king"})
    state, _ = do(state, "take_gold")
    state, _ = do(state, "bewitch", character="king")
    assert state.crown == 3
    state, _ = do(state, "take_gold")
    assert acting(state) == (0, "king")
    before = state.gold[0]
    state, _ = do(state, "take_income")
    assert state.gold[0] == before + 2 and state.crown == 3


def test_witch_loses_the_rest_of_her_turn_if_the_bewitched_character_never_shows() -> None:
    state = new_game(4, rank_1="witch")
    state, _ = deal(state, {0: "witch", 1: "warlord"})
    state, _ = do(state, "take_gold")
    state, events = do(state, "bewitch", character="merchant")
    assert acting(state) == (1, "warlord")
    assert "witch_takes_over" not in keys(events)


def test_witch_may_play_plainly_and_build_instead_of_bewitching() -> None:
    state = new_game(4, rank_1="witch")
    state.gold[0] = 3
    set_hand(state, 0, card("temple"))
    state, _ = deal(state, {0: "witch"})
    state, _ = do(state, "take_gold")
    state, _ = do(state, "build", card=card("temple"))
    assert not offered(state, "bewitch")


def test_thief_cannot_rob_the_witch_nor_the_bewitched() -> None:
    state, _ = deal(new_game(4, rank_1="witch"), {0: "witch", 1: "thief", 2: "merchant"})
    state, _ = do(state, "take_gold")
    state, _ = do(state, "bewitch", character="merchant")
    targets = values(state, "rob", "character")
    assert "witch" not in targets and "merchant" not in targets and "king" in targets


def test_bewitched_bishops_shield_covers_the_witchs_city() -> None:
    state = new_game(4, rank_1="witch")
    state.gold[3] = 10
    give_city(state, 0, card("tavern"))
    give_city(state, 1, card("temple"))
    state, _ = deal(state, {0: "witch", 1: "bishop", 3: "warlord"})
    state, _ = do(state, "take_gold")
    state, _ = do(state, "bewitch", character="bishop")
    state = play_until(state, "warlord")
    state, _ = do(state, "take_gold")
    targets = values(state, "destroy", "target")
    assert 0 not in targets and 1 in targets


# -- Tax Collector ---------------------------------------------------------------------------


def test_a_builder_pays_the_tax_collector_one_gold_at_the_end_of_its_turn() -> None:
    state = new_game(4, rank_2="tax_collector")
    state.gold[2] = 5
    set_hand(state, 2, card("temple"))
    state, _ = deal(state, {1: "tax_collector", 2: "king"})
    state, _ = pass_turn(state)
    state, _ = do(state, "take_gold")
    state, _ = do(state, "build", card=card("temple"))
    state, events = do(state, "end_turn")
    assert "tax_paid" in keys(events)
    assert state.gold[2] == 5 + 2 - 1 - 1 and state.gold[1] == 2 + 2 + 1


def test_tax_from_before_the_tax_collector_waits_in_a_pot() -> None:
    state = new_game(4, rank_2="tax_collector")
    state.gold[0] = 5
    set_hand(state, 0, card("temple"))
    state, _ = deal(state, {0: "assassin", 1: "tax_collector"})
    state, _ = do(state, "take_gold")
    state, _ = do(state, "build", card=card("temple"))
    state, _ = do(state, "end_turn")
    assert state.tax_pot == 0 and state.gold[1] == 3  # collected on the reveal
    assert state.gold[0] == 5 + 2 - 1 - 1


def test_the_pot_is_lost_and_taxes_stop_if_the_tax_collector_does_not_answer() -> None:
    state = new_game(4, rank_2="tax_collector")
    state.gold = [5, 5, 5, 5]
    set_hand(state, 0, card("temple"))
    set_hand(state, 2, card("tavern"))
    state, _ = deal(state, {0: "assassin", 2: "king"})
    state, _ = do(state, "take_gold")
    state, _ = do(state, "build", card=card("temple"))
    state, events = do(state, "end_turn")
    assert "tax_pot_lost" in keys(events) and state.tax_pot == 0
    state, _ = do(state, "take_gold")
    state, _ = do(state, "build", card=card("tavern"))
    state, events = do(state, "end_turn")
    assert "tax_paid" not in keys(events)


def test_no_tax_without_gold_left_nor_from_the_tax_collector_himself() -> None:
    state = new_game(4, rank_2="tax_collector")
    state.gold = [0, 1, 0, 0]
    set_hand(state, 1, card("watchtower"))
    set_hand(state, 2, card("temple"))
    state, _ = deal(state, {1: "tax_collector", 2: "king"})
    state, _ = do(state, "take_gold")
    state, _ = do(state, "build", card=card("watchtower"))
    state, events = do(state, "end_turn")
    assert "tax_paid" not in keys(events)
    state.gold[2] = 0
    state, _ = do(state, "draw_cards")
    state, _ = do(state, "keep_card", card=first_card(state))
    state.gold[2] = 1  # exactly the temple
    state, _ = do(state, "build", card=card("temple"))
    state, events = do(state, "end_turn")
    assert "tax_paid" not in keys(events)


def test_a_face_up_tax_collector_collects_nothing() -> None:
    state = new_game(4, rank_2="tax_collector")
    state.gold[0] = 5
    set_hand(state, 0, card("temple"))
    state, _ = deal(state, {0: "assassin"}, face_up=("tax_collector",))
    state, _ = do(state, "take_gold")
    state, _ = do(state, "build", card=card("temple"))
    state, events = do(state, "end_turn")
    assert "tax_paid" not in keys(events)


# -- Wizard ----------------------------------------------------------------------------------


def test_wizard_looks_at_a_hand_and_takes_one_card_into_his_own() -> None:
    state = new_game(4, rank_3="wizard")
    set_hand(state, 3, card("palace"), card("temple"))
    state, _ = deal(state, {1: "wizard"})
    state, events = do(state, "wizard_peek", target=3)
    view = GAME.view(state, 1)
    assert view.me is not None
    assert [d.id for d in view.me.peek] == [card("palace"), card("temple")]
    # While he looks, the hand is known to both: a secret two seats share.
    assert {card("palace"), card("temple")} <= GAME.secrets(state, 3)
    assert {card("palace"), card("temple")} <= GAME.secrets(state, 1)
    assert not {card("palace"), card("temple")} & (GAME.secrets(state, 0) | GAME.secrets(state, 2))
    state, events = do(state, "wizard_take", card=card("palace"), build=False)
    assert card("palace") in state.hands[1] and state.hands[3] == [card("temple")]
    private = [e for e in events if e.key.endswith("wizard_card")]
    assert private[0].to == (1, 3)
    public = [e for e in events if e.key.endswith("wizard_took")]
    assert "card" not in public[0].params


def test_wizard_may_build_the_taken_card_at_once_outside_the_build_limit() -> None:
    """Seed: building it at once is not the turn's build, and it may duplicate a district."""
    state = new_game(4, rank_3="wizard")
    state.gold[1] = 10
    give_city(state, 1, card("temple", 1))
    set_hand(state, 1, card("tavern"))
    set_hand(state, 3, card("temple", 2))
    state, _ = deal(state, {1: "wizard"})
    state, _ = do(state, "take_gold")
    state, _ = do(state, "wizard_peek", target=3)
    state, _ = do(state, "wizard_take", card=card("temple", 2), build=True)
    assert state.cities[1] == [card("temple", 1), card("temple", 2)]
    assert can(state, "build", card=card("tavern"))


# -- Emperor ---------------------------------------------------------------------------------


def test_emperor_must_give_the_crown_to_another_seat_before_ending() -> None:
    state = new_game(4, rank_4="emperor")
    state.crown = 2
    give_city(state, 1, card("manor"))
    state, _ = deal(state, {1: "emperor"})
    state, _ = do(state, "take_gold")
    assert not offered(state, "end_turn")
    assert values(state, "give_crown", "target") == {0, 3}
    assert prompt(state).default is not None
    assert prompt(state).default_action() in offered(state, "give_crown")
    state, _ = do(state, "take_income")
    assert state.gold[1] == 5


def test_the_new_crown_holder_pays_the_emperor_a_gold_or_a_card() -> None:
    state = new_game(4, rank_4="emperor")
    state.crown = 2
    state.gold[3] = 4
    set_hand(state, 3, card("docks"))
    state, _ = deal(state, {1: "emperor"})
    state, _ = do(state, "give_crown", target=3)
    assert state.crown == 3
    tribute = prompt(state)
    assert tribute.seat == 3 and tribute.kind == "citadels.prompt.tribute"
    state, events = do(state, "tribute", card=card("docks"))
    assert card("docks") in state.hands[1]
    assert [e.to for e in events if e.key.endswith("tribute_card")] == [(1, 3)]
    assert acting(state) == (1, "emperor")
    state2, _ = deal(new_game(4, rank_4="emperor"), {1: "emperor"})
    state2.gold[0] = 3
    state2, _ = do(state2, "give_crown", target=0)
    state2, _ = do(state2, "tribute", card=None)
    assert state2.gold[0] == 2 and state2.gold[1] == 3


def test_a_murdered_emperor_passes_the_crown_at_round_end_without_tribute() -> None:
    state = new_game(4, rank_4="emperor")
    state.crown = 0
    state, _ = deal(state, {0: "assassin", 2: "emperor", 3: "warlord"})
    state, _ = do(state, "murder", character="emperor")
    state = play_until(state, "warlord")
    state, _ = pass_turn(state)
    assert state.phase == "crown"
    p = prompt(state)
    assert p.seat == 2 and p.kind == "citadels.prompt.give_crown"
    state, _ = do(state, "give_crown", target=1)
    assert state.crown == 1 and state.phase == "draft" and prompt(state).seat == 1
    assert state.gold[1] == 2


# -- Abbot -----------------------------------------------------------------------------------


def test_abbot_earns_for_blue_and_takes_a_gold_from_the_richest() -> None:
    state = new_game(4, rank_5="abbot")
    state.gold = [9, 2, 4, 1]
    give_city(state, 2, card("temple"))
    state, _ = deal(state, {2: "abbot"})
    state, _ = do(state, "abbot_collect")
    assert state.gold[0] == 8 and state.gold[2] == 5
    state, _ = do(state, "take_income")
    assert state.gold[2] == 6
    assert not offered(state, "abbot_collect")


def test_abbot_gets_nothing_when_the_richest_is_tied_or_himself() -> None:
    state = new_game(4, rank_5="abbot")
    state.gold = [6, 6, 1, 1]
    state, _ = deal(state, {2: "abbot"})
    assert not offered(state, "abbot_collect")
    state2 = new_game(4, rank_5="abbot")
    state2.gold = [1, 1, 9, 1]
    state2, _ = deal(state2, {2: "abbot"})
    assert not offered(state2, "abbot_collect")


def test_abbot_collects_at_the_end_of_the_turn_if_he_did_not_ask() -> None:
    state = new_game(4, rank_5="abbot")
    state.gold = [9, 2, 0, 1]
    state, _ = deal(state, {2: "abbot"})
    state, _ = pass_turn(state)
    assert state.gold[0] == 8


# -- Alchemist -------------------------------------------------------------------------------


def test_alchemist_gets_back_what_building_cost_but_not_the_tax() -> None:
    state = new_game(4, rank_2="tax_collector", rank_6="alchemist")
    state.gold[2] = 4
    set_hand(state, 2, card("harbor"))
    state, _ = deal(state, {1: "tax_collector", 2: "alchemist"})
    state = play_until(state, "alchemist")
    state, _ = do(state, "take_gold")
    state, _ = do(state, "build", card=card("harbor"))
    assert state.gold[2] == 2
    state, events = do(state, "end_turn")
    assert "alchemist_refund" in keys(events)
    assert state.gold[2] == 2 + 4 - 1


# -- Navigator -------------------------------------------------------------------------------


def test_navigator_takes_four_gold_or_four_cards_and_builds_nothing() -> None:
    state = new_game(4, rank_7="navigator")
    state.gold[0] = 20
    set_hand(state, 0, card("temple"))
    state, _ = deal(state, {0: "navigator"})
    state, _ = do(state, "take_gold")
    assert not offered(state, "build")
    state, _ = do(state, "navigator_bonus", take="gold")
    assert state.gold[0] == 26 and not offered(state, "navigator_bonus")
    state2, _ = deal(new_game(4, rank_7="navigator"), {0: "navigator"})
    state2, _ = do(state2, "take_gold")
    state2, _ = do(state2, "navigator_bonus", take="cards")
    assert len(state2.hands[0]) == 8


# -- Diplomat --------------------------------------------------------------------------------


def test_diplomat_exchanges_a_district_paying_the_difference_to_its_owner() -> None:
    state = new_game(4, rank_8="diplomat")
    state.gold = [2, 2, 2, 3]
    give_city(state, 3, card("watchtower"))
    give_city(state, 1, card("castle"))
    state, _ = deal(state, {3: "diplomat"})
    state, _ = do(state, "take_gold")
    state, events = do(state, "exchange", give=card("watchtower"), target=1, take=card("castle"))
    assert state.cities[3] == [card("castle")] and state.cities[1] == [card("watchtower")]
    assert state.gold[3] == 5 - 3 and state.gold[1] == 2 + 3
    assert "districts_exchanged" in keys(events)
    assert state.phase == "draft"  # like the Warlord's destroy, it ends the turn


def test_diplomat_cannot_take_the_keep_a_bishops_district_or_from_a_completed_city() -> None:
    state = new_game(4, rank_8="diplomat")
    state.gold[3] = 20
    give_city(state, 3, card("watchtower"))
    give_city(state, 0, card("keep"), card("tavern"))
    give_city(state, 1, card("temple"))
    names = ["church", "monastery", "manor", "castle", "market", "prison", "docks", "harbor"]
    give_city(state, 2, *(card(n) for n in names))
    state.completed = [2]
    state, _ = deal(state, {1: "bishop", 3: "diplomat"})
    state = play_until(state, "diplomat")
    state, _ = do(state, "take_gold")
    taken = values(state, "exchange", "take")
    assert taken == {card("tavern")}


def test_diplomat_exchange_never_makes_a_duplicate() -> None:
    state = new_game(4, rank_8="diplomat")
    state.gold[3] = 20
    give_city(state, 3, card("temple", 1), card("tavern", 1))
    give_city(state, 0, card("temple", 2), card("market"))
    state, _ = deal(state, {3: "diplomat"})
    state, _ = do(state, "take_gold")
    pairs = {(a.give, a.take) for a in offered(state, "exchange") if isinstance(a, Exchange)}
    # temple for market would give seat 0 a second temple; temple for temple is no exchange
    assert pairs == {(card("tavern"), card("market"))}


def test_diplomat_earns_for_red() -> None:
    state = new_game(4, rank_8="diplomat")
    give_city(state, 3, card("prison"), card("fortress"))
    state, _ = deal(state, {3: "diplomat"})
    state, _ = do(state, "take_income")
    assert state.gold[3] == 4


# -- Artist ----------------------------------------------------------------------------------


def test_artist_beautifies_up_to_two_districts_for_a_point_each() -> None:
    state = new_game(4, rank_9="artist")
    state.gold[1] = 5
    give_city(state, 1, card("temple"), card("castle"), card("docks"))
    state, _ = deal(state, {1: "artist"})
    state, _ = do(state, "beautify", card=card("castle"))
    assert not can(state, "beautify", card=card("castle"))
    state, events = do(state, "beautify", card=card("temple"))
    assert "district_beautified" in keys(events)
    assert not offered(state, "beautify")
    assert state.gold[1] == 3
    assert breakdown(state, 1)["artist"] == 2
    assert GAME.view(state, None).players[1].city[1].beautified


def test_a_beautified_district_costs_the_warlord_one_more() -> None:
    def warlord_with(gold: int) -> CitadelsState:
        state = new_game(4, rank_9="artist")
        state.gold[3] = gold
        give_city(state, 0, card("church"), card("tavern"))
        state.beautified = [card("church")]
        state, _ = deal(state, {3: "warlord"})
        state, _ = do(state, "draw_cards")
        state, _ = do(state, "keep_card", card=first_card(state))
        return state

    assert not can(warlord_with(1), "destroy", target=0, card=card("church"))
    assert can(warlord_with(2), "destroy", target=0, card=card("church"))


# -- Queen -----------------------------------------------------------------------------------


def test_queen_next_to_the_king_gets_three_gold() -> None:
    state = new_game(4, rank_9="queen")
    state, _ = deal(state, {1: "king", 2: "queen"})
    state = play_until(state, "queen")
    assert state.gold[2] == 2 + 3


def test_queen_not_next_to_the_king_gets_nothing() -> None:
    state = new_game(5, rank_9="queen")
    state, _ = deal(state, {0: "king", 2: "queen"})
    state = play_until(state, "queen")
    assert state.gold[2] == 2


def test_queen_is_paid_even_if_the_king_was_murdered_once_he_speaks_up() -> None:
    state = new_game(4, rank_9="queen")
    state, _ = deal(state, {0: "assassin", 3: "king", 2: "queen"})
    state, _ = do(state, "murder", character="king")
    state = play_until(state, "queen")
    assert state.gold[2] == 2  # nothing yet: that would tell where the King sits
    state, events = pass_turn(state)
    assert state.gold[2] == 2 + 2 + 3
    ks = keys(events)
    assert ks.index("murdered_revealed") < ks.index("queen_gold")


def test_every_expansion_character_plays_through_a_bot_game() -> None:
    from games.core.conformance import mixed_chooser, playout

    result = playout(
        GAME, 5, seed=3, options=GAME.Options(**EVERY_EXPANSION, rank_9="queen"),
        chooser=mixed_chooser(set(range(5))),
    )
    assert GAME.outcome(result.state) is not None
    kinds = {a.kind for a in result.actions}
    assert {"bewitch", "wizard_peek", "give_crown"} <= kinds


def test_witch_never_draws_a_card_the_bewitched_holder_just_put_back() -> None:
    """The holder's unkept card goes under the deck after the Witch's Architect bonus, so a
    nearly empty deck cannot hand her a card only the holder has seen."""
    state = new_game(4, rank_1="witch")
    state.deck = [card("palace"), card("tavern"), card("docks")]
    state, _ = deal(state, {0: "witch", 2: "architect"})
    state, _ = do(state, "take_gold")
    state, _ = do(state, "bewitch", character="architect")
    state, _ = do(state, "draw_cards")
    hand_before = list(state.hands[0])
    state, _ = do(state, "keep_card", card=card("palace"))
    assert state.hands[0] == [*hand_before, card("docks")]
    assert state.deck == [card("tavern")]
