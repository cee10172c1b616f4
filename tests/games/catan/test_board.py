"""The island: 19 land hexes in a frame of 18 sea tiles (the seed's 37), 54 corners, 72 edges,
9 harbours; the names a person gives places; the beginners' and the variable islands."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.catan import board as b
from games.catan.cards import NUMBER_TOKENS, RED_NUMBERS, TERRAINS
from games.catan.layout import BEGINNER, reds_touch, variable_island


def test_thirty_seven_tiles_54_corners_72_edges() -> None:
    assert b.HEX_COUNT == 19 and len(b.SEA_COORDS) == 18
    assert b.HEX_COUNT + len(b.SEA_COORDS) == 37  # the seed's 37 terrain tiles
    assert [len(row) for row in b.HEX_ROWS] == [3, 4, 5, 4, 3]
    assert b.CORNER_COUNT == 54 and b.EDGE_COUNT == 72
    # Every corner touches one to three land hexes and two or three edges.
    assert {len(h) for h in b.CORNER_HEXES} == {1, 2, 3}
    assert {len(n) for n in b.CORNER_NEIGHBOURS} == {2, 3}


def test_harbours_lie_on_every_other_sea_tile_facing_the_coast() -> None:
    assert [place.sea for place in b.HARBOUR_PLACES] == list(range(0, 18, 2))
    for place in b.HARBOUR_PLACES:
        # Both corners of a harbour are coastal: fewer than three land hexes meet there.
        assert all(len(b.CORNER_HEXES[c]) < 3 for c in place.corners)


def test_names_are_stable_and_read_back() -> None:
    assert b.HEX_LABELS[0] == "A" and b.HEX_LABELS[-1] == "S"
    assert b.corner_label(0) == "1" and b.corner_label(53) == "54"
    for c in range(b.CORNER_COUNT):
        for name in b.corner_names(c):
            assert b.parse_corner(name) == c, name
    for e in range(b.EDGE_COUNT):
        for name in b.edge_names(e):
            assert b.parse_edge(name) == e, name
        first, second = b.edge_label(e).split("-")
        assert b.parse_edge(f"{second}-{first}") == e  # either order
    # The centre hex J's top corner, typed several ways.
    assert b.parse_corner("J n") == b.parse_corner("jn") == b.parse_corner("J-N") == 18
    assert b.parse_corner("55") is None and b.parse_corner("J e") is None
    assert b.parse_edge("1-54") is None and b.parse_edge("J n") is None
    assert b.parse_hex("j") == 9 and b.parse_hex("T") is None


def test_two_clicks_reach_every_corner_and_edge() -> None:
    """A hex, then one of its six corners (or sides), names every place on the island."""
    corners = {b.corner_of(h, d) for h in range(b.HEX_COUNT) for d in b.CORNER_DIRECTIONS}
    edges = {b.edge_of(h, d) for h in range(b.HEX_COUNT) for d in b.EDGE_DIRECTIONS}
    assert corners == set(range(b.CORNER_COUNT)) and edges == set(range(b.EDGE_COUNT))


def test_legal_places_group_by_hex_for_two_clicks() -> None:
    corners = [b.parse_corner("J n"), b.parse_corner("1")]
    grouped = b.corners_by_hex(corners)
    assert grouped[b.parse_hex("J")] == [b.parse_corner("J n")]
    assert grouped[b.parse_hex("A")] == [b.parse_corner("1")]
    assert set(grouped) == {b.parse_hex(h) for h in "AEFJ"}  # 19 is E's se, F's sw, J's n
    assert b.edges_by_hex([b.parse_edge("J e")]) == {b.parse_hex("J"): [b.parse_edge("J e")],
                                                     b.parse_hex("K"): [b.parse_edge("J e")]}


def test_the_beginners_island() -> None:
    assert Counter(BEGINNER.terrains) == Counter(TERRAINS)
    assert sorted(n for n in BEGINNER.numbers if n) == sorted(NUMBER_TOKENS)
    assert BEGINNER.terrains[9] == "desert" and BEGINNER.numbers[9] == 0  # J, the centre
    assert (BEGINNER.terrains[0], BEGINNER.numbers[0]) == ("mountains", 10)
    assert Counter(BEGINNER.harbours) == Counter({"any": 4, "brick": 1, "lumber": 1,
                                                  "wool": 1, "grain": 1, "ore": 1})
    assert not reds_touch(BEGINNER)


@pytest.mark.parametrize("seed", range(40))
def test_a_variable_island_never_puts_6_and_8_side_by_side(seed: int) -> None:
    island = variable_island(random.Random(seed))
    assert Counter(island.terrains) == Counter(TERRAINS)
    assert sorted(n for n in island.numbers if n) == sorted(NUMBER_TOKENS)
    assert island.numbers[island.desert] == 0
    assert Counter(island.harbours) == Counter(BEGINNER.harbours)
    for h in range(b.HEX_COUNT):
        if island.numbers[h] in RED_NUMBERS:
            assert all(island.numbers[n] not in RED_NUMBERS for n in b.HEX_NEIGHBOURS[h])


def test_variable_islands_differ_by_seed() -> None:
    islands = {variable_island(random.Random(seed)) for seed in range(10)}
    assert len(islands) == 10
