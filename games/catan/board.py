"""The island's geometry and the names a person gives its places.

The island is 19 land hexes (radius 2) inside a frame of 18 sea hexes (radius 3): 37 tiles.
Hexes stand point up, in five rows of 3, 4, 5, 4 and 3. Everything here is fixed for every game;
what a game's board puts where (terrains, numbers, harbour kinds) is ``layout``'s.

Names (stable for every board, shown on the picture and typed by players):

- **Hexes** are the letters ``A``–``S`` in reading order (top row left to right, then the next
  row): ``A B C / D E F G / H I J K L / M N O P / Q R S``.
- **Corners** (where settlements and cities stand) are the numbers ``1``–``54`` in reading
  order: by height from the top, then from the left.
- **Edges** (where roads run) are named by their two corners, smaller first: ``"12-17"``.
- A corner is also named by a hex and the corner's direction (``"J n"``: the top corner of hex
  J; ``n ne se s sw nw``), an edge by a hex and the side's direction (``"J e"``; ``ne e se sw
  w nw``). Every corner and edge has one number name and one to three hex names; ``parse_corner``
  and ``parse_edge`` read any of them, so a table can offer "a hex, then one of its corners" in
  two clicks and still log the one id.

Internally hexes, corners and edges are indices from 0 (``HEX_LABELS[h]``, ``corner_label(c)``,
``edge_label(e)`` give the names). Drawing positions are in units of a hex's circumradius, y
growing downwards, the island's centre at (0, 0): ``HEX_XY``, ``CORNER_XY``, ``SEA_XY``.
"""

from __future__ import annotations

import math
import re

SQRT3 = math.sqrt(3.0)

CORNER_DIRECTIONS: tuple[str, ...] = ("n", "ne", "se", "s", "sw", "nw")
EDGE_DIRECTIONS: tuple[str, ...] = ("ne", "e", "se", "sw", "w", "nw")
# A hex's neighbour across each side, in axial coordinates (q, r) with rows of constant r.
_STEP: dict[str, tuple[int, int]] = {
    "ne": (1, -1), "e": (1, 0), "se": (0, 1), "sw": (-1, 1), "w": (-1, 0), "nw": (0, -1),
}
# Corner offsets in doubled integer coordinates (X = 2q + r + dx, Y = 3r + dy): exact keys that
# two hexes sharing a corner compute alike.
_CORNER_OFFSET: dict[str, tuple[int, int]] = {
    "n": (0, -2), "ne": (1, -1), "se": (1, 1), "s": (0, 2), "sw": (-1, 1), "nw": (-1, -1),
}
# The two corners of each side.
_SIDE_CORNERS: dict[str, tuple[str, str]] = {
    "ne": ("n", "ne"), "e": ("ne", "se"), "se": ("se", "s"),
    "sw": ("s", "sw"), "w": ("sw", "nw"), "nw": ("nw", "n"),
}


def _distance(q: int, r: int) -> int:
    return max(abs(q), abs(r), abs(q + r))


def _ring(radius: int) -> list[tuple[int, int]]:
    """The hexes at ``radius`` from the centre, clockwise from the left end of the top row."""
    cells = []
    q, r = 0, -radius
    for direction in ("e", "se", "sw", "w", "nw", "ne"):
        dq, dr = _STEP[direction]
        for _ in range(radius):
            cells.append((q, r))
            q, r = q + dq, r + dr
    return cells


def _x(q: int, r: int) -> float:
    return SQRT3 * (q + r / 2)


def _y(q: int, r: int) -> float:
    return 1.5 * r


# -- land hexes ------------------------------------------------------------------------------
HEX_COORDS: tuple[tuple[int, int], ...] = tuple(sorted(
    ((q, r) for r in range(-2, 3) for q in range(-2, 3) if _distance(q, r) <= 2),
    key=lambda cell: (cell[1], cell[0])))
HEX_COUNT = len(HEX_COORDS)  # 19
HEX_LABELS: tuple[str, ...] = tuple(chr(ord("A") + h) for h in range(HEX_COUNT))
HEX_XY: tuple[tuple[float, float], ...] = tuple((_x(q, r), _y(q, r)) for q, r in HEX_COORDS)
HEX_ROWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(h for h, (_, r) in enumerate(HEX_COORDS) if r == row) for row in range(-2, 3))
_HEX_AT: dict[tuple[int, int], int] = {cell: h for h, cell in enumerate(HEX_COORDS)}


def _corner_key(cell: tuple[int, int], direction: str) -> tuple[int, int]:
    q, r = cell
    dx, dy = _CORNER_OFFSET[direction]
    return (2 * q + r + dx, 3 * r + dy)


_KEYS = sorted({_corner_key(cell, d) for cell in HEX_COORDS for d in CORNER_DIRECTIONS},
               key=lambda key: (key[1], key[0]))
_CORNER_AT: dict[tuple[int, int], int] = {key: c for c, key in enumerate(_KEYS)}
CORNER_COUNT = len(_KEYS)  # 54
CORNER_XY: tuple[tuple[float, float], ...] = tuple(
    (x * SQRT3 / 2, y / 2) for x, y in _KEYS)

# Each hex's corners in CORNER_DIRECTIONS order (n, ne, se, s, sw, nw).
HEX_CORNERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_CORNER_AT[_corner_key(cell, d)] for d in CORNER_DIRECTIONS) for cell in HEX_COORDS)

_edge_pairs = sorted({
    tuple(sorted((_CORNER_AT[_corner_key(cell, a)], _CORNER_AT[_corner_key(cell, b)])))
    for cell in HEX_COORDS for a, b in _SIDE_CORNERS.values()})
EDGE_CORNERS: tuple[tuple[int, int], ...] = tuple((a, b) for a, b in _edge_pairs)
EDGE_COUNT = len(EDGE_CORNERS)  # 72
_EDGE_AT: dict[tuple[int, int], int] = {pair: e for e, pair in enumerate(EDGE_CORNERS)}


def edge_between(a: int, b: int) -> int | None:
    """The edge joining corners ``a`` and ``b``, if they are neighbours."""
    return _EDGE_AT.get((a, b) if a < b else (b, a))


def _side_edge(h: int, side: str) -> int:
    a, b = (HEX_CORNERS[h][CORNER_DIRECTIONS.index(d)] for d in _SIDE_CORNERS[side])
    return _EDGE_AT[(a, b) if a < b else (b, a)]


# Each hex's sides in EDGE_DIRECTIONS order (ne, e, se, sw, w, nw).
HEX_EDGES: tuple[tuple[int, ...], ...] = tuple(
    tuple(_side_edge(h, side) for side in EDGE_DIRECTIONS) for h in range(HEX_COUNT))
CORNER_HEXES: tuple[tuple[int, ...], ...] = tuple(
    tuple(h for h in range(HEX_COUNT) if c in HEX_CORNERS[h]) for c in range(CORNER_COUNT))
CORNER_EDGES: tuple[tuple[int, ...], ...] = tuple(
    tuple(e for e, pair in enumerate(EDGE_CORNERS) if c in pair) for c in range(CORNER_COUNT))
CORNER_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(EDGE_CORNERS[e][1] if EDGE_CORNERS[e][0] == c else EDGE_CORNERS[e][0]
          for e in CORNER_EDGES[c]) for c in range(CORNER_COUNT))
# Edges sharing a corner with each edge: where a road may continue.
EDGE_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted({f for c in EDGE_CORNERS[e] for f in CORNER_EDGES[c] if f != e}))
    for e in range(EDGE_COUNT))
HEX_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for d in EDGE_DIRECTIONS
          if (n := _HEX_AT.get((HEX_COORDS[h][0] + _STEP[d][0],
                                HEX_COORDS[h][1] + _STEP[d][1]), -1)) >= 0)
    for h in range(HEX_COUNT))

# -- the sea frame and the harbours' places ------------------------------------------------------
SEA_COORDS: tuple[tuple[int, int], ...] = tuple(_ring(3))
SEA_XY: tuple[tuple[float, float], ...] = tuple((_x(q, r), _y(q, r)) for q, r in SEA_COORDS)


class HarbourPlace:
    """Where a harbour lies: on a sea tile, facing one side of a coastal land hex; its two
    corners are that side's."""

    __slots__ = ("corners", "edge", "hex", "sea", "side")

    def __init__(self, hex_: int, side: str) -> None:
        self.hex = hex_
        self.side = side
        self.edge = HEX_EDGES[hex_][EDGE_DIRECTIONS.index(side)]
        self.corners = EDGE_CORNERS[self.edge]
        q, r = HEX_COORDS[hex_]
        dq, dr = _STEP[side]
        self.sea = SEA_COORDS.index((q + dq, r + dr))


def hex_named(label: str) -> int:
    return HEX_LABELS.index(label)


# The frame's nine harbour places, clockwise from the top-left (the published frame's places;
# the beginners' board fixes which harbour lies at each, the variable board deals them).
HARBOUR_PLACES: tuple[HarbourPlace, ...] = tuple(
    HarbourPlace(hex_named(label), side) for label, side in (
        ("A", "nw"), ("B", "ne"), ("G", "ne"), ("L", "e"), ("P", "se"),
        ("R", "se"), ("Q", "sw"), ("H", "sw"), ("D", "w")))

# -- names ---------------------------------------------------------------------------------------


def hex_label(h: int) -> str:
    return HEX_LABELS[h]


def corner_label(c: int) -> str:
    return str(c + 1)


def edge_label(e: int) -> str:
    a, b = EDGE_CORNERS[e]
    return f"{a + 1}-{b + 1}"


def corner_names(c: int) -> list[str]:
    """Every name of a corner: its number, then each hex's name for it ("17", "E se", …)."""
    names = [corner_label(c)]
    for h in CORNER_HEXES[c]:
        names.append(f"{HEX_LABELS[h]} {CORNER_DIRECTIONS[HEX_CORNERS[h].index(c)]}")
    return names


def edge_names(e: int) -> list[str]:
    names = [edge_label(e)]
    for h in range(HEX_COUNT):
        if e in HEX_EDGES[h]:
            names.append(f"{HEX_LABELS[h]} {EDGE_DIRECTIONS[HEX_EDGES[h].index(e)]}")
    return names


def corners_by_hex(corners: list[int] | tuple[int, ...]) -> dict[int, list[int]]:
    """The first click of a two-click choice: each hex with the given corners (a prompt's legal
    ones) around it, and those corners in the hex's direction order."""
    wanted = set(corners)
    found: dict[int, list[int]] = {}
    for h in range(HEX_COUNT):
        here = [c for c in HEX_CORNERS[h] if c in wanted]
        if here:
            found[h] = here
    return found


def edges_by_hex(edges: list[int] | tuple[int, ...]) -> dict[int, list[int]]:
    """As ``corners_by_hex``, for edges (roads)."""
    wanted = set(edges)
    found: dict[int, list[int]] = {}
    for h in range(HEX_COUNT):
        here = [e for e in HEX_EDGES[h] if e in wanted]
        if here:
            found[h] = here
    return found


def corner_of(h: int, direction: str) -> int:
    return HEX_CORNERS[h][CORNER_DIRECTIONS.index(direction)]


def edge_of(h: int, direction: str) -> int:
    return HEX_EDGES[h][EDGE_DIRECTIONS.index(direction)]


_HEX_PLACE = re.compile(r"^\s*([a-sA-S])\s*[-:., ]?\s*([nsewNSEW]{1,2})\s*$")
_NUMBER = re.compile(r"^\s*#?(\d{1,2})\s*$")
_PAIR = re.compile(r"^\s*(\d{1,2})\s*[-–—/ ,]\s*(\d{1,2})\s*$")


def parse_hex(text: str) -> int | None:
    """A hex from its letter (``"J"``), or None."""
    cleaned = text.strip().upper()
    return HEX_LABELS.index(cleaned) if cleaned in HEX_LABELS else None


def parse_corner(text: str) -> int | None:
    """A corner from any of its names: ``"17"``, ``"J n"``, ``"j-N"``, ``"Jn"``; None when the
    text names no corner."""
    number = _NUMBER.match(text)
    if number is not None:
        c = int(number.group(1)) - 1
        return c if 0 <= c < CORNER_COUNT else None
    place = _HEX_PLACE.match(text)
    if place is not None:
        direction = place.group(2).lower()
        if direction in CORNER_DIRECTIONS:
            return corner_of(HEX_LABELS.index(place.group(1).upper()), direction)
    return None


def parse_edge(text: str) -> int | None:
    """An edge from any of its names: ``"12-17"`` (either order), ``"J e"``, ``"Jsw"``; None
    when the text names no edge."""
    pair = _PAIR.match(text)
    if pair is not None:
        a, b = int(pair.group(1)) - 1, int(pair.group(2)) - 1
        if 0 <= a < CORNER_COUNT and 0 <= b < CORNER_COUNT:
            return edge_between(a, b)
        return None
    place = _HEX_PLACE.match(text)
    if place is not None:
        direction = place.group(2).lower()
        if direction in EDGE_DIRECTIONS:
            return edge_of(HEX_LABELS.index(place.group(1).upper()), direction)
    return None
