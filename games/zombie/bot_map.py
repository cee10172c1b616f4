"""The map as a bot reads it from its view: who can walk where, and where the ground is new."""

from __future__ import annotations

from collections import deque

from games.core.memo import Memo
from games.zombie.tiles import DIRECTIONS, OPPOSITE, neighbour
from games.zombie.views import PublicView, TileView

_PASSABLE = ("door", "open")
FAR = 99  # the distance to a tile the team cannot walk to


class BotMap:
    def __init__(self, view: PublicView) -> None:
        self.tiles: dict[str, TileView] = {t.tile: t for t in view.tiles}
        self.cells: dict[tuple[str, int, int], TileView] = {
            (t.area, t.x, t.y): t for t in view.tiles
        }
        self.opened = {frozenset((o.a, o.b)) for o in view.openings}
        self._distances: dict[str, dict[str, int]] = {}
        self._neighbours: dict[str, list[str]] = {}
        self._has_stack = {"house": bool(view.house_left), "yard": bool(view.yard_left)}
        self._frontiers: dict[str, frozenset[str]] = {}
        # The rows the map is charted from, held for as long as the map is kept (``chart_of``).
        self.rows = (tuple(view.tiles), tuple(view.openings))
        # What ``bot_time.rounds_needed`` worked out, by the facts it reads besides the map.
        self.rounds: dict[tuple[object, ...], float] = {}

    def neighbours(self, tile_id: str) -> list[str]:
        found = self._neighbours.get(tile_id)
        if found is None:
            found = self._neighbours[tile_id] = self._find_neighbours(tile_id)
        return found

    def _find_neighbours(self, tile_id: str) -> list[str]:
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

    def distances(self, start: str) -> dict[str, int]:
        """Moves from ``start`` to every tile the team can walk to."""
        found = self._distances.get(start)
        if found is None:
            found = {start: 0}
            queue: deque[str] = deque([start])
            while queue:
                current = queue.popleft()
                for nxt in self.neighbours(current):
                    if nxt not in found:
                        found[nxt] = found[current] + 1
                        queue.append(nxt)
            self._distances[start] = found
        return found

    def distance(self, start: str, goal: str) -> int:
        if start not in self.tiles:
            return FAR
        return self.distances(start).get(goal, FAR)

    def frontier(self, area: str) -> set[str]:
        """Tiles of ``area`` the team can explore from (a passable side onto new ground), while
        tiles of that area are left to find."""
        if not self._has_stack[area]:
            return set()
        found = self._frontiers.get(area)
        if found is None:
            # Asked several times a decision (the plans, the rounds still needed).
            found = self._frontiers[area] = frozenset(
                t for t, tile in self.tiles.items() if tile.area == area and self.free_sides(t))
        return set(found)

    def frontier_distance(self, start: str | None, area: str) -> int:
        """Moves from ``start`` to the nearest tile it can explore ``area`` from (0 when the
        team stands on one); a broken wall's round when the house has none."""
        if start is None or start not in self.tiles:
            return 0
        if not self._has_stack[area]:
            return 1
        self.frontier(area)
        ends = self._frontiers[area]
        if not ends:
            return 1
        reach = self.distances(start)
        return min((reach.get(t, FAR) for t in ends), default=FAR)


# The maps charted lately, by the rows a map reads of its view: its placed tiles and openings
# (the engine's frozen rows, one object per placement and opening, shared by every view that
# shows it: see ``views``) and whether each stack has tiles left. Every seat asked in a fight
# and every view a decision derives (a round's stakes, the team healed) shows the same map, and
# a map stays the same for several rounds: charted once, its paths and the rounds the curse
# needs are worked out once too. Bounded (a map with its answers is a few KiB): enough for the
# current map of a few thousand live tables.
_CHARTS: Memo[tuple[object, ...], BotMap] = Memo(2048)


def chart_of(view: PublicView) -> BotMap:
    """The map ``view`` shows: the same ``BotMap`` for every view that shows the same rows of
    tiles and openings and the same stacks left (all a map and its answers depend on)."""
    fields = view.__dict__
    tiles, openings = fields["tiles"], fields["openings"]
    # Found by the rows' identities, which cost a few nanoseconds a row where their contents
    # cost four attribute reads each; the map holds the rows, so that no other row takes one
    # of their identities while it is kept. A view built with rows of its own (equal but not
    # the engine's) is charted afresh, to the same map.
    key = (tuple(map(id, tiles)), tuple(map(id, openings)),
           bool(fields["house_left"]), bool(fields["yard_left"]))
    found = _CHARTS.get(key)
    if found is None:
        found = _CHARTS.remember(key, BotMap(view))
    return found
