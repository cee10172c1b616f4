"""Setup: characters, places, love and hate, decks, player counts and the quick game."""

from __future__ import annotations

from collections import Counter

import pytest

from games.core import IllegalAction
from games.lifeboat.cards import (
    BASE_NAVIGATION,
    CHARACTERS,
    EXPANSION_NAVIGATION,
    START_ORDER,
    card_type,
    supply_cards,
)
from games.lifeboat.options import Options
from games.lifeboat.state import LifeboatState
from tests.games.lifeboat.builders import GAME


def _all_supply(state: LifeboatState) -> list[str]:
    held = [c for cards in state.hand.values() for c in cards]
    return held + state.supply + state.set_aside + state.packet


def test_character_sizes_and_survival_follow_the_seed() -> None:
    expected = {
        "lauren": (4, 8), "stephen": (5, 7), "captain": (7, 5), "mate": (8, 4),
        "frenchy": (6, 6), "kid": (3, 9), "harter": (4, 8),
    }
    assert {c: (v.size, v.survival) for c, v in CHARACTERS.items()} == expected


def test_supply_deck_composition_is_42_cards_plus_2_with_the_expansion() -> None:
    base = supply_cards(False)
    assert len(base) == 42 == len(set(base))
    counts = Counter(card_type(c) for c in base)
    assert counts == {
        "water": 16, "cash": 6, "jewels": 3, "painting": 3, "medkit": 3, "chum": 2, "oar": 2,
        "blackjack": 1, "knife": 1, "hook": 1, "flare": 1, "preserver": 1, "compass": 1,
        "parasol": 1,
    }
    assert "water-01" in base and "water-16" in base and "painting-03" in base
    assert set(supply_cards(True)) - set(base) == {"medkit-04", "cannibalism-01"}


def test_navigation_deck_has_24_cards_and_4_more_with_the_expansion() -> None:
    assert [c.id for c in BASE_NAVIGATION] == [f"nav-{n:02d}" for n in range(1, 25)]
    assert [c.id for c in EXPANSION_NAVIGATION] == [f"nav-{n:02d}" for n in range(25, 29)]
    assert sum(c.birds > 0 for c in BASE_NAVIGATION) == 7
    assert sum(c.birds < 0 for c in BASE_NAVIGATION) == 1
    assert all(c.overboard == ("harter",) for c in EXPANSION_NAVIGATION)


def test_six_players_seat_every_base_character_in_starting_order() -> None:
    state = GAME.setup(6, None, seed=5)
    assert state.boat == ["lauren", "stephen", "captain", "mate", "frenchy", "kid"]
    assert sorted(state.character_of) == sorted(state.boat)
    assert sorted(state.loves) == sorted(state.boat) == sorted(state.hates)
    assert len(_all_supply(state)) == 42 and not state.set_aside
    assert all(len(state.hand[c]) >= 1 for c in state.boat)
    assert len(state.navigation) == 24


@pytest.mark.parametrize(("seats", "removed"), [(4, 2), (5, 1)])
def test_four_or_five_players_remove_characters_and_ten_supply_cards(
    seats: int, removed: int
) -> None:
    for seed in range(8):
        state = GAME.setup(seats, None, seed=seed)
        assert len(state.characters) == seats
        assert len(set(START_ORDER) - {"harter"} - set(state.characters)) == removed
        # Removed characters' love and hate cards are gone too.
        assert set(state.loves) == set(state.characters) == set(state.hates)
        order = [c for c in START_ORDER if c in state.characters]
        assert state.boat == order
        assert len(state.set_aside) == 10
        assert len(_all_supply(state)) == 42


def test_removed_characters_are_chosen_at_random() -> None:
    removed = {
        frozenset(set(START_ORDER) - {"harter"} - set(GAME.setup(4, None, seed=s).characters))
        for s in range(30)
    }
    assert len(removed) > 5


def test_seven_players_need_the_cannibalism_expansion() -> None:
    with pytest.raises(IllegalAction) as refused:
        GAME.setup(7, None, seed=1)
    assert "cannibalism" in str(refused.value)
    assert refused.value.params["option"] == "cannibalism"
    state = GAME.setup(7, Options(cannibalism=True), seed=1)
    assert state.boat == list(START_ORDER)
    assert state.boat.index("harter") == state.boat.index("frenchy") + 1
    assert len(_all_supply(state)) == 44 and not state.set_aside
    assert len(state.navigation) == 28


def test_expansion_with_fewer_players_removes_seven_minus_n_characters() -> None:
    state = GAME.setup(5, Options(cannibalism=True), seed=3)
    assert len(state.characters) == 5
    assert len(state.set_aside) == 10
    assert len(_all_supply(state)) == 44
    state = GAME.setup(6, Options(cannibalism=True), seed=3)
    assert len(state.characters) == 6 and not state.set_aside


def test_love_and_hate_are_dealt_separately_so_a_seat_can_draw_itself() -> None:
    narcissists = misanthropes = same = 0
    for seed in range(200):
        state = GAME.setup(4, None, seed=seed)
        for seat, me in enumerate(state.character_of):
            narcissists += state.loves[seat] == me
            misanthropes += state.hates[seat] == me
            same += state.loves[seat] == state.hates[seat]
    assert narcissists and misanthropes and same


def test_every_player_starts_with_one_supply_card() -> None:
    state = GAME.setup(5, None, seed=9)
    # The first picker already has the round's packet in front of it; hands hold one card.
    assert all(len(state.hand[c]) == 1 for c in state.characters)


def test_quick_game_starts_with_one_wound_each_and_one_bird() -> None:
    state = GAME.setup(4, Options(quick=True), seed=2)
    assert state.birds == 1
    assert all(w == 1 for w in state.wounds.values())


def test_options_default_to_the_standard_game_and_every_combination_sets_up() -> None:
    assert Options() == Options(
        one_card_rowing=False, sharks=False, quick=False, cannibalism=False
    )
    for bits in range(16):
        options = Options(
            one_card_rowing=bool(bits & 1), sharks=bool(bits & 2), quick=bool(bits & 4),
            cannibalism=bool(bits & 8),
        )
        GAME.setup(4, options, seed=bits)
    with pytest.raises(ValueError):
        Options.model_validate({"unknown": True})
