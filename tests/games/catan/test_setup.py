"""The founding: the snake (each seat a settlement and a road, then in reverse order a second
pair), the distance rule from the first settlement on, the road beside the settlement just
placed, and the second settlement's yield of one card of each resource around it."""

from __future__ import annotations

from games.catan import GAME
from games.catan import actions as a
from games.catan.board import CORNER_EDGES, CORNER_NEIGHBOURS
from games.catan.layout import BEGINNER, facts
from tests.games.catan.table import corner, event, hand, keys, new_game, play, prompt_of


def _place(state, settlement: str):
    seat = state.current
    state, _ = play(state, a.PlaceSettlement(seat=seat, corner=corner(settlement)))
    road = prompt_of(state, seat).actions[0]
    state, events = play(state, road)
    return state, events


def test_the_snake_goes_round_and_back() -> None:
    state = new_game(4, seed=3)
    first = state.first
    order = []
    spots = ["1", "3", "12", "21", "29", "38", "44", "50"]
    for spot in spots:
        order.append(state.current)
        state, _ = _place(state, spot)
    assert order == [first, (first + 1) % 4, (first + 2) % 4, (first + 3) % 4,
                     (first + 3) % 4, (first + 2) % 4, (first + 1) % 4, first]
    assert state.phase == "turns" and state.stage == "roll" and state.current == first
    assert state.turn == 1


def test_the_distance_rule_holds_from_the_first_settlement() -> None:
    state = new_game(3)
    seat = state.current
    state, _ = play(state, a.PlaceSettlement(seat=seat, corner=corner("18")))
    # Its road must touch it.
    roads = {act.edge for act in prompt_of(state, seat).actions}
    assert roads == set(CORNER_EDGES[corner("18")])
    state, _ = play(state, prompt_of(state, seat).actions[0])
    offered = {act.corner for act in prompt_of(state, state.current).actions}
    assert corner("18") not in offered
    assert not offered & set(CORNER_NEIGHBOURS[corner("18")])
    assert len(offered) == 54 - 1 - 3


def test_only_the_second_settlement_yields() -> None:
    state = new_game(3)
    seats = []
    for spot in ("18", "3", "44"):  # round one: no cards
        seats.append(state.current)
        state, events = _place(state, spot)
        assert "founding_yield" not in keys(events)
    assert all(not hand(state, s) for s in range(3))
    # Round two, in reverse order: corner 32 yields a card for each hex around it.
    seat = state.current
    assert seat == seats[-1]
    spot = corner("32")
    state, events = play(state, a.PlaceSettlement(seat=seat, corner=spot))
    expected: dict[str, int] = {}
    for _, kind, _ in facts(BEGINNER).corner_yields[spot]:
        expected[kind] = expected.get(kind, 0) + 1
    assert event(events, "founding_yield").params["gains"] == expected
    assert hand(state, seat) == expected
    assert sum(len(state.bank[k]) for k in state.bank) == 95 - sum(expected.values())


def test_a_setup_timeout_places_on_the_richest_free_corner() -> None:
    state = new_game(4)
    prompt = prompt_of(state, state.current)
    chosen = prompt.default_action()
    pips = facts(BEGINNER).corner_pips
    assert isinstance(chosen, a.PlaceSettlement)
    assert pips[chosen.corner] == max(pips)
    assert GAME.apply(state, chosen).state.corner_owner[chosen.corner] == state.current
