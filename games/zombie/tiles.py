"""The house and yard tiles: their sides, turning, and which side meets which.

A tile's sides are listed north, east, south, west at its printed orientation; a placed tile is
turned clockwise a number of quarter turns. Indoor sides are doors or walls; outdoor sides are
open or hedged. The Patio's north side is the way back into the house (the Dining Room window).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Area = Literal["house", "yard"]
Side = Literal["door", "wall", "open", "hedge", "house"]

DIRECTIONS: tuple[str, ...] = ("N", "E", "S", "W")
STEP: dict[str, tuple[int, int]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE: dict[str, str] = {"N": "S", "E": "W", "S": "N", "W": "E"}


@dataclass(frozen=True)
class Tile:
    id: str
    area: Area
    sides: tuple[Side, Side, Side, Side]  # N, E, S, W at the printed orientation
    special: str = ""

    def side(self, direction: str, turns: int) -> Side:
        """The side facing ``direction`` once the tile is turned ``turns`` quarters clockwise."""
        index = _TURNED.get((direction, turns))
        if index is None:
            index = (DIRECTIONS.index(direction) - turns) % 4
        return self.sides[index]

    def passable(self, direction: str, turns: int) -> bool:
        return self.side(direction, turns) in _PASSABLE


_PASSABLE = ("door", "open")
# Which printed side faces each direction at each turning: the map asks this many times a move.
_TURNED: dict[tuple[str, int], int] = {
    (d, turns): (i - turns) % 4 for i, d in enumerate(DIRECTIONS) for turns in range(4)
}


def _indoor(tile_id: str, n: bool, e: bool, s: bool, w: bool, special: str = "") -> Tile:
    sides: tuple[Side, Side, Side, Side] = tuple(  # type: ignore[assignment]
        "door" if d else "wall" for d in (n, e, s, w)
    )
    return Tile(tile_id, "house", sides, special)


def _outdoor(tile_id: str, n: bool, e: bool, s: bool, w: bool, special: str = "") -> Tile:
    sides: tuple[Side, Side, Side, Side] = tuple(  # type: ignore[assignment]
        "open" if d else "hedge" for d in (n, e, s, w)
    )
    return Tile(tile_id, "yard", sides, special)


PATIO = Tile("patio", "yard", ("house", "open", "open", "hedge"))
FOYER = "foyer"

TILES: dict[str, Tile] = {
    tile.id: tile
    for tile in (
        _indoor("foyer", True, False, False, False),
        _indoor("bathroom", True, False, False, False, "carving"),
        _indoor("kitchen", True, True, False, True, "hearth"),
        _indoor("storage", True, False, False, False, "search"),
        _indoor("evil_temple", False, True, False, True, "temple"),
        _indoor("family_room", True, True, False, True),
        _indoor("dining_room", True, True, True, True, "window"),
        _indoor("bedroom", True, False, False, True),
        PATIO,
        _outdoor("garden", False, True, True, True, "hearth"),
        _outdoor("gazebo", False, True, True, True, "carving"),
        _outdoor("yard_1", False, True, True, True),
        _outdoor("yard_2", False, True, True, True),
        _outdoor("yard_3", False, True, True, True),
        _outdoor("garage", False, False, True, True, "search"),
        _outdoor("graveyard", False, True, True, False, "grave"),
    )
}

HOUSE_STACK: tuple[str, ...] = tuple(
    t.id for t in TILES.values() if t.area == "house" and t.id != FOYER
)
YARD_STACK: tuple[str, ...] = tuple(
    t.id for t in TILES.values() if t.area == "yard" and t.id != PATIO.id
)
CARVING_ROOMS: frozenset[str] = frozenset(t.id for t in TILES.values() if t.special == "carving")
HEARTHS: frozenset[str] = frozenset(t.id for t in TILES.values() if t.special == "hearth")
SEARCH_ROOMS: frozenset[str] = frozenset(t.id for t in TILES.values() if t.special == "search")


# A tile's area by its id: the map looks it up for every placed tile it indexes.
AREA: dict[str, Area] = {tile_id: tile.area for tile_id, tile in TILES.items()}


def neighbour(x: int, y: int, direction: str) -> tuple[int, int]:
    dx, dy = STEP[direction]
    return x + dx, y + dy
