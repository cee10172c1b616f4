"""The map as a bot reads it from its view: who can walk where, and where the ground is new."""

from __future__ import annotations

from collections import deque

from games.zombie.tiles import DIRECTIONS, OPPOSITE, neighbour
from games.zombie.views import PublicView, TileView

_PASSABLE = ("door", "open")


class BotMap:
    def __init__(self, view: PublicView) -> None:
        self.tiles: dict[str, TileView] = {t.tile: t for t in view.tiles}
        self.cells: dict[tuple[str, int, int], TileView] = {
            (t.area, t.x, t.y): t for t in view.tiles
        }
        self.opened = {frozenset((o.a, o.b)) for o in view.openings}

    def neighbours(self, tile_id: str) -> list[str]:
        tile = self.tiles[tile_id]
        found = []
        for d in DIRECTIONS:
            x, y = neighbour(tile.x, tile.y, d)
            other = self.cells.get((tile.area, x, y))
            if other is None:
                continue
            if frozenset((tile_id, other.tile)) in self.opened or (
                tile.sides[d] in _PASSABLE and other.sides[OPPOSITE[d]] in _PASSABLE
            ):
                found.append(other.tile)
        for pair in self.opened:
            if tile_id in pair and len(pair) == 2:
                (other_id,) = pair - {tile_id}
                if self.tiles[other_id].area != tile.area:
                    found.append(other_id)
        return found

    def free_sides(self, tile_id: str, passable_only: bool = True) -> list[str]:
        tile = self.tiles[tile_id]
        sides = []
        for d in DIRECTIONS:
            if passable_only and tile.sides[d] not in _PASSABLE:
                continue
            if tile.sides[d] == "house":
                continue
            x, y = neighbour(tile.x, tile.y, d)
            if (tile.area, x, y) not in self.cells:
                sides.append(d)
        return sides

    def paths_from(self, start: str) -> dict[str, str | None]:
        """Breadth-first: every reachable tile and the first step towards it from ``start``."""
        first: dict[str, str | None] = {start: None}
        queue: deque[str] = deque([start])
        while queue:
            current = queue.popleft()
            for nxt in self.neighbours(current):
                if nxt not in first:
                    first[nxt] = nxt if current == start else first[current]
                    queue.append(nxt)
        return first

    def step_towards(self, start: str, goals: set[str]) -> str | None:
        """The neighbour of ``start`` on a shortest path to the nearest of ``goals``."""
        first: dict[str, str | None] = {start: None}
        queue: deque[str] = deque([start])
        while queue:
            current = queue.popleft()
            if current in goals and current != start:
                return first[current]
            for nxt in self.neighbours(current):
                if nxt not in first:
                    first[nxt] = nxt if current == start else first[current]
                    queue.append(nxt)
        return None
