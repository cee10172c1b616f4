"""The placed tiles indexed by cell and by id, with the map's answers that follow from them.

The map is asked on every move (the team's exits for the view and the leader's choices, the
free sides for exploring, whether the house has a way on), and scanning the placed tiles for
each question was a large share of a move. Placed tiles and openings are only ever appended
and never changed (``clone`` shares them), so an index built for a list of ``n`` tiles ending
with a given tile object stays right for every later copy whose list still has ``n`` tiles
ending with that object: the state keeps it (a private attribute, copied with the state) and
builds a new one whenever its lists no longer match.
"""

from __future__ import annotations

from typing import Any

from games.zombie.placed import Opening, PlacedTile
from games.zombie.tiles import AREA, Area


class Layout:
    def __init__(self, tiles: list[PlacedTile], openings: list[Opening]) -> None:
        self.count = len(tiles)
        self.last = tiles[-1] if tiles else None
        self.opening_count = len(openings)
        self.last_opening = openings[-1] if openings else None
        cells: dict[tuple[Area, int, int], PlacedTile] = {}
        ids: dict[str, PlacedTile] = {}
        for tile in tiles:
            # The first tile found wins, as a scan in order would find it.
            cells.setdefault((AREA[tile.tile], tile.x, tile.y), tile)
            ids.setdefault(tile.tile, tile)
        self.cells = cells
        self.ids = ids
        # Answers worked out from these tiles and openings alone, filled in as asked.
        self.exits: dict[str, tuple[str, ...]] = {}
        self.ways_on: dict[str, bool] = {}
        # A tile's sides onto unexplored cells: (tile id, passable sides only) -> directions.
        self.free_sides: dict[tuple[str, bool], tuple[str, ...]] = {}
        # The views' rows of the tiles and openings (views.py), each shared by every view.
        self.views: tuple[list[Any], list[Any]] | None = None

    def fits(self, tiles: list[PlacedTile], openings: list[Opening]) -> bool:
        return (
            len(tiles) == self.count
            and (not tiles or tiles[-1] is self.last)
            and len(openings) == self.opening_count
            and (not openings or openings[-1] is self.last_opening)
        )
