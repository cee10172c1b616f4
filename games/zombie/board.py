"""The map: which tiles the team can walk between, where it can explore, and breaking through.

The house and the yard are laid out on grids of their own; the only way between them is the
Dining Room window, which opens onto the Patio.
"""

from __future__ import annotations

from games.zombie.state import Opening, PlacedTile, ZombieState, here, layout, placed
from games.zombie.tiles import AREA, DIRECTIONS, OPPOSITE, PATIO, TILES, Area, neighbour


def _opened(state: ZombieState, a: str, b: str) -> bool:
    return any({o.a, o.b} == {a, b} for o in state.openings)


def linked(state: ZombieState, a: PlacedTile, direction: str, b: PlacedTile) -> bool:
    """Whether the team can walk from ``a`` to ``b``, its neighbour towards ``direction``."""
    if _opened(state, a.tile, b.tile):
        return True
    return TILES[a.tile].passable(direction, a.turns) and TILES[b.tile].passable(
        OPPOSITE[direction], b.turns
    )


def walkable_neighbours(state: ZombieState, tile_id: str) -> list[str]:
    """The explored tiles the team can walk to from ``tile_id``, in a fixed order."""
    # They follow from the placed tiles and the openings alone: kept with their index.
    exits = layout(state).exits
    found = exits.get(tile_id)
    if found is None:
        found = exits[tile_id] = tuple(_walkable_neighbours(state, tile_id))
    return list(found)


def _walkable_neighbours(state: ZombieState, tile_id: str) -> list[str]:
    start = placed(state, tile_id)
    assert start is not None
    cells = layout(state).cells
    area = AREA[start.tile]
    found: list[str] = []
    for direction in DIRECTIONS:
        x, y = neighbour(start.x, start.y, direction)
        other = cells.get((area, x, y))
        if other is not None and linked(state, start, direction, other):
            found.append(other.tile)
    for opening in state.openings:
        if opening.kind == "window" and tile_id in (opening.a, opening.b):
            found.append(opening.b if opening.a == tile_id else opening.a)
    return found


def stack_of(state: ZombieState, area: Area) -> list[str]:
    return state.house_stack if area == "house" else state.yard_stack


def own_stack_of(state: ZombieState, area: Area) -> list[str]:
    """The stack of ``area``'s tiles, to draw from (games/core/lending.py)."""
    return state.own_list("house_stack" if area == "house" else "yard_stack")


def _free(state: ZombieState, tile: PlacedTile, direction: str) -> bool:
    x, y = neighbour(tile.x, tile.y, direction)
    return (AREA[tile.tile], x, y) not in layout(state).cells


def explore_directions(state: ZombieState) -> list[str]:
    """Directions out of the team's tile that lead onto unexplored ground."""
    tile = here(state)
    if not stack_of(state, tile.area):
        return []
    return list(_free_sides(state, tile, passable_only=True))


def _free_sides(state: ZombieState, tile: PlacedTile, passable_only: bool) -> tuple[str, ...]:
    """The sides of ``tile`` (its passable sides only, if asked) onto unexplored cells: they
    follow from the placed tiles alone, so they are kept with their index."""
    kept = layout(state).free_sides
    key = (tile.tile, passable_only)
    found = kept.get(key)
    if found is None:
        found = kept[key] = tuple(
            d for d in DIRECTIONS
            if (not passable_only or TILES[tile.tile].passable(d, tile.turns))
            and _free(state, tile, d)
        )
    return found


def way_on(state: ZombieState, area: Area) -> bool:
    """Whether any explored tile of ``area`` still has a way out onto unexplored ground."""
    # It follows from the placed tiles alone: kept with their index.
    ways_on = layout(state).ways_on
    found = ways_on.get(area)
    if found is None:
        found = ways_on[area] = _way_on(state, area)
    return found


def _way_on(state: ZombieState, area: Area) -> bool:
    for tile in state.tiles:
        if tile.area != area:
            continue
        for d in DIRECTIONS:
            if TILES[tile.tile].passable(d, tile.turns) and _free(state, tile, d):
                return True
    return False


def breach_directions(state: ZombieState) -> list[str]:
    """Walls of the team's house tile the leader may have broken: only when the house has no
    way on and house tiles are left to find. Never in the yard (the seed: "在屋外你不能穿過
    樹離"), which cannot close anyway: a closed layout needs four tiles with two adjacent
    hedged sides at its corners, and only the Patio, the Garage and the Graveyard have them."""
    tile = here(state)
    if tile.area != "house" or not stack_of(state, "house") or way_on(state, "house"):
        return []
    return list(_free_sides(state, tile, passable_only=False))


def window_open(state: ZombieState) -> bool:
    return placed(state, PATIO.id) is not None


def can_break_window(state: ZombieState) -> bool:
    return state.at == "dining_room" and not window_open(state)


# Turnings by tile and side: a few dozen pairs, asked for every tile drawn and every prompt
# to turn one.
_TURNINGS: dict[tuple[str, str | None], tuple[int, ...]] = {}


def turnings(tile_id: str, towards: str | None) -> list[int]:
    """The quarter turns the leader may give a new tile entered from ``towards`` (the side of
    the new tile facing back); every distinct turning when ``towards`` is None (a breach)."""
    key = (tile_id, towards)
    found = _TURNINGS.get(key)
    if found is None:
        found = _TURNINGS[key] = tuple(_turnings(tile_id, towards))
    return list(found)


def _turnings(tile_id: str, towards: str | None) -> list[int]:
    tile = TILES[tile_id]
    seen: set[tuple[str, ...]] = set()
    allowed: list[int] = []
    for turns in range(4):
        if towards is not None and not tile.passable(towards, turns):
            continue
        layout = tuple(tile.side(d, turns) for d in DIRECTIONS)
        if layout in seen:
            continue
        seen.add(layout)
        allowed.append(turns)
    return allowed


def lay(state: ZombieState, tile_id: str, direction: str, turns: int) -> PlacedTile:
    """Puts ``tile_id`` beyond the team's tile towards ``direction``."""
    origin = here(state)
    x, y = neighbour(origin.x, origin.y, direction)
    new = PlacedTile(tile=tile_id, x=x, y=y, turns=turns)
    state.own_tiles().append(new)
    return new


def lay_patio(state: ZombieState) -> PlacedTile:
    patio = PlacedTile(tile=PATIO.id, x=0, y=0, turns=0)
    state.own_tiles().append(patio)
    state.own_openings().append(Opening(kind="window", a="dining_room", b=PATIO.id))
    return patio

