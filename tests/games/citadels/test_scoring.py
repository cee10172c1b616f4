"""End of the game and scoring: district costs, the five-colour bonus, completing first or
later, and the tie-break by the highest character revealed in the final round."""

from __future__ import annotations

from games.citadels import GAME
from games.citadels.cards import character_card
from games.citadels.state import CitadelsState
from tests.games.citadels.table import (
    card,
    deal,
    do,
    give_city,
    keys,
    new_game,
    pass_turn,
    set_hand,
)

SEVEN = ["temple", "church", "monastery", "manor", "castle", "tavern", "market"]


def _finished(
    cities: dict[int, list[str]], completed: list[int], picks: dict[int, str]
) -> CitadelsState:
    state = new_game(4)
    state.round = 6
    for seat, names in cities.items():
        give_city(state, seat, *names, built_round=1)
    state.completed = completed
    state.picks = [[character_card(picks[s])] if s in picks else [] for s in range(4)]
    state.phase = "over"
    return state


def test_points_are_costs_plus_bonuses_with_a_breakdown_per_seat() -> None:
    five = [card("manor"), card("temple"), card("tavern"), card("watchtower"), card("keep")]
    eight = [card(n, 2) for n in SEVEN] + [card("prison")]
    state = _finished(
        {0: five, 1: eight, 2: [card(n, 3) for n in SEVEN] + [card("fortress")]},
        completed=[2, 1],
        picks={0: "king", 1: "bishop", 2: "merchant", 3: "warlord"},
    )
    outcome = GAME.outcome(state)
    assert outcome is not None
    d0 = outcome.details[0]
    assert d0["districts"] == 3 + 1 + 1 + 1 + 3 and d0["five_colours"] == 3
    assert d0["first_complete"] == 0 and d0["complete"] == 0
    assert outcome.details[2]["first_complete"] == 4
    assert outcome.details[1]["complete"] == 2 and outcome.details[1]["first_complete"] == 0
    for seat, d in outcome.details.items():
        assert outcome.scores[seat] == d["total"]
        assert set(d) == {
            "districts", "artist", "five_colours", "first_complete", "complete", "total",
            "tiebreak_rank",
        }
        parts = d["districts"] + d["artist"] + d["five_colours"] + d["first_complete"]
        assert d["total"] == parts + d["complete"]


def test_a_tie_goes_to_the_highest_character_revealed_in_the_final_round() -> None:
    state = _finished(
        {0: [card("palace")], 1: [card("cathedral")]},
        completed=[],
        picks={0: "merchant", 1: "bishop", 2: "thief", 3: "assassin"},
    )
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores[0] == outcome.scores[1] == 5
    assert outcome.winners == [0]  # the Merchant (6) outranks the Bishop (5)


def test_with_two_characters_the_higher_one_breaks_the_tie() -> None:
    state = new_game(2)
    give_city(state, 0, card("palace"))
    give_city(state, 1, card("cathedral"))
    state.picks = [[character_card("assassin"), character_card("warlord")],
                   [character_card("king"), character_card("architect")]]
    state.phase = "over"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [0]


def test_first_to_complete_gets_four_and_others_completing_that_round_two() -> None:
    state = new_game(4)
    state.gold = [10, 10, 2, 2]
    for seat in (0, 1):
        give_city(state, seat, *(card(n, seat + 1) for n in SEVEN))
    set_hand(state, 0, card("prison", 1))
    set_hand(state, 1, card("prison", 2))
    state, _ = deal(state, {0: "king", 1: "bishop"})
    state, _ = do(state, "take_gold")
    state, _ = do(state, "build", card=card("prison", 1))
    state, _ = do(state, "end_turn")
    state, _ = do(state, "take_gold")
    state, events = do(state, "build", card=card("prison", 2))
    assert "city_completed" in keys(events)
    state, events = do(state, "end_turn")
    assert state.phase == "over"
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.details[0]["first_complete"] == 4
    assert outcome.details[1]["complete"] == 2


def test_no_prompt_after_the_game_is_over() -> None:
    state = _finished({0: [card("palace")]}, completed=[0], picks={0: "king"})
    assert GAME.pending(state) == []
    assert GAME.outcome(state) is not None


def test_the_game_does_not_end_before_the_end_of_the_round() -> None:
    state = new_game(4)
    state.gold[0] = 10
    give_city(state, 0, *(card(n) for n in SEVEN))
    set_hand(state, 0, card("prison"))
    state, _ = deal(state, {0: "thief", 3: "warlord"})
    state, _ = do(state, "take_gold")
    state, _ = do(state, "build", card=card("prison"))
    state, _ = do(state, "end_turn")
    assert GAME.outcome(state) is None
    state, _ = pass_turn(state)
    assert GAME.outcome(state) is not None
