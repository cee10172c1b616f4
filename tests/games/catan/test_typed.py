"""A place typed by name (``/catan place``): the move it means for the seat's question, or the
reason it is none (rules: the distance rule, roads joined to one's network, the set-up road
beside its settlement, costs and pieces)."""

from __future__ import annotations

import pytest

from games.catan import GAME
from games.catan import actions as a
from games.catan.typed import typed_place
from games.core import IllegalAction
from tests.games.catan.table import build, corner, edge, founded, give, new_game, on_turn


def _typed(state, seat: int, text: str):
    prompt = GAME.prompt_for(state, seat)
    return typed_place(state, seat, text, list(prompt.actions) if prompt else [])


def _refused(state, seat: int, text: str) -> str:
    with pytest.raises(IllegalAction) as caught:
        _typed(state, seat, text)
    return caught.value.key


def test_every_name_of_a_corner_places_the_set_up_settlement() -> None:
    state = new_game()
    seat = state.current
    expected = a.PlaceSettlement(seat=seat, corner=corner("J n"))
    for text in ("J n", "jn", "J-N", str(corner("J n") + 1)):
        assert _typed(state, seat, text) == expected
    assert _refused(state, (seat + 1) % 4, "J n") == "catan.refused.not_your_turn"
    assert _refused(state, seat, "middle") == "catan.refused.not_a_place"
    assert _refused(state, seat, "99") == "catan.refused.not_a_place"


def test_the_set_up_road_must_touch_its_settlement_and_ne_means_the_edge() -> None:
    state = new_game()
    seat = state.current
    state = GAME.apply(state, a.PlaceSettlement(seat=seat, corner=corner("J n"))).state
    # "J ne" names a corner and an edge: the question asks for a road, so it is the edge.
    assert _typed(state, seat, "J ne") == a.PlaceRoad(seat=seat, edge=edge("J ne"))
    assert _refused(state, seat, "S e") == "catan.refused.road_by_settlement"
    # The distance rule, for the next seat's settlement.
    state = GAME.apply(state, a.PlaceRoad(seat=seat, edge=edge("J ne"))).state
    nxt = state.current
    assert _refused(state, nxt, "J n") == "catan.refused.corner_taken"
    assert _refused(state, nxt, "J nw") == "catan.refused.too_close"


def test_on_ones_turn_a_corner_is_a_settlement_or_a_city_and_an_edge_a_road() -> None:
    state = on_turn(founded(), 0, "main")
    build(state, 0, settlements=("J n",), roads=("J ne",))
    assert _refused(state, 0, "J n") == "catan.refused.cost_city"
    assert _refused(state, 0, "L e") == "catan.refused.not_connected"
    assert _refused(state, 0, "J e") == "catan.refused.cost_road"
    give(state, 0, grain=2, ore=3, brick=1, lumber=1)
    on_turn(state, 0, "main")
    assert _typed(state, 0, "J n") == a.BuildCity(seat=0, corner=corner("J n"))
    assert _typed(state, 0, "J e") == a.BuildRoad(seat=0, edge=edge("J e"))
    assert _refused(state, 0, "E s") == "catan.refused.too_close"  # J nw, by its other hex
    assert _refused(state, 0, "A n") == "catan.refused.no_road_there"
    on_turn(state, 0, "roll")
    assert _refused(state, 0, "J e") == "catan.refused.roll_first"
