"""Where pieces may go and what building costs: the distance rule (no settlement next to
another), roads joined to one's own network (never through another's settlement), cities on
one's own settlements, pieces running out."""

from __future__ import annotations

from collections.abc import Callable

from games.catan.board import (
    CORNER_COUNT,
    CORNER_EDGES,
    CORNER_NEIGHBOURS,
    EDGE_CORNERS,
)
from games.catan.cards import COSTS, PIECES
from games.catan.context import Context
from games.catan.longest_road import update_longest_road
from games.catan.state import CatanState


def distance_ok(state: CatanState, corner: int) -> bool:
    """Free, and no settlement or city on a neighbouring corner (the distance rule)."""
    owner = state.corner_owner
    if owner[corner] >= 0:
        return False
    return all(owner[n] < 0 for n in CORNER_NEIGHBOURS[corner])


def setup_corners(state: CatanState) -> list[int]:
    """The corners the distance rule leaves free, in order: every corner but the few
    buildings' own and their neighbours."""
    blocked: set[int] = set()
    for c, owner in enumerate(state.corner_owner):
        if owner >= 0:
            blocked.add(c)
            blocked.update(CORNER_NEIGHBOURS[c])
    return [c for c in range(CORNER_COUNT) if c not in blocked]


def setup_road_edges(state: CatanState) -> list[int]:
    corner = state.placed
    if corner is None:
        return []
    return [e for e in CORNER_EDGES[corner] if state.road_owner[e] < 0]


def road_edges(state: CatanState, seat: int) -> list[int]:
    """Every free edge a road of ``seat`` may go on (worked out once per arrangement of the
    island's pieces, like ``settlement_corners``)."""
    return _places(state, seat, "road_edges", _road_edges)


def settlement_corners(state: CatanState, seat: int) -> list[int]:
    """Corners where ``seat`` may build a settlement: by the distance rule, at one of its
    roads."""
    return _places(state, seat, "settlement_corners", _settlement_corners)


def _places(state: CatanState, seat: int, kind: str,
            work_out: Callable[[CatanState, int], list[int]]) -> list[int]:
    known: dict[int, list[int]] = getattr(state.board(), kind)
    found = known.get(seat)
    if found is None:
        found = known[seat] = work_out(state, seat)
    return found


def _road_edges(state: CatanState, seat: int) -> list[int]:
    settlements, cities, mine, _ = state.pieces()[seat]
    if len(mine) >= PIECES["road"]:
        return []
    roads, owner = state.road_owner, state.corner_owner
    # The corners the network reaches: its buildings, and its roads' ends where no one
    # else's building stands.
    reached = {*settlements, *cities}
    for e in mine:
        a, b = EDGE_CORNERS[e]
        if owner[a] < 0:
            reached.add(a)
        if owner[b] < 0:
            reached.add(b)
    return sorted({f for c in reached for f in CORNER_EDGES[c] if roads[f] < 0})


def _settlement_corners(state: CatanState, seat: int) -> list[int]:
    settlements, _, roads, _ = state.pieces()[seat]
    if len(settlements) >= PIECES["settlement"]:
        return []
    spots = {c for e in roads for c in EDGE_CORNERS[e]}
    return sorted(c for c in spots if distance_ok(state, c))


def city_corners(state: CatanState, seat: int) -> list[int]:
    settlements, cities, _, _ = state.pieces()[seat]
    if len(cities) >= PIECES["city"]:
        return []
    return list(settlements)


# -- building ----------------------------------------------------------------------------------


def place_road(ctx: Context, seat: int, edge: int, how: str) -> None:
    """A road goes on ``edge``: ``how`` is ``"setup"``, ``"built"`` or ``"free"``."""
    state = ctx.state
    state.own("road_owner")[edge] = seat
    state.carry_board(seat, road=edge)
    ctx.public("road", seat=seat, edge=edge, how=how)
    update_longest_road(ctx, changed=(seat,))


def place_settlement(ctx: Context, seat: int, corner: int, how: str) -> None:
    state = ctx.state
    state.own("corner_owner")[corner] = seat
    state.carry_board(seat, settlement=corner)
    ctx.public("settlement", seat=seat, corner=corner, how=how)
    # A settlement may cut another player's road in two.
    cut = {state.road_owner[e] for e in CORNER_EDGES[corner]} - {seat, -1}
    if cut:
        update_longest_road(ctx, changed=tuple(sorted(cut)))


def build_road(ctx: Context, seat: int, edge: int) -> None:
    ctx.pay(seat, COSTS["road"])
    place_road(ctx, seat, edge, "built")


def build_settlement(ctx: Context, seat: int, corner: int) -> None:
    ctx.pay(seat, COSTS["settlement"])
    place_settlement(ctx, seat, corner, "built")


def build_city(ctx: Context, seat: int, corner: int) -> None:
    ctx.pay(seat, COSTS["city"])
    ctx.state.own("corner_city")[corner] = True
    ctx.state.carry_board(seat, city=corner)
    ctx.public("city", seat=seat, corner=corner)
