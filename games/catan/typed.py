"""A place a player types (``/catan place 17``, ``J n``, ``12-17``): the move it means for the
seat's question now, or the reason it is not one.

The question says what a place is for: a set-up settlement or its road, a free road of Road
Building, and on one's own turn after the roll a settlement or a city (a corner: a city where
the seat's own settlement stands) or a road (an edge). A name that could be a corner or an edge
(``J ne``) is whichever the question asks for; where both are asked, the one that is a legal
move. Every refusal names its reason through the catalog (``catan.refused.*``).
"""

from __future__ import annotations

from games.catan import actions as a
from games.catan.board import (
    CORNER_EDGES,
    CORNER_NEIGHBOURS,
    corner_label,
    edge_label,
    parse_corner,
    parse_edge,
)
from games.catan.building import road_edges
from games.catan.state import CatanState, can_afford, pieces_left
from games.core import Action, IllegalAction

CORNERS = "corners"
EDGES = "edges"


def asked_places(state: CatanState, seat: int) -> frozenset[str]:
    """What ``seat`` may name a place for now: corners, edges, both or neither."""
    if state.phase == "over" or seat != state.current:
        return frozenset()
    if state.stage == "place_settlement":
        return frozenset({CORNERS})
    if state.stage in ("place_road", "free_roads"):
        return frozenset({EDGES})
    if state.stage == "main":
        return frozenset({CORNERS, EDGES})
    return frozenset()


def typed_place(state: CatanState, seat: int, text: str, offered: list[Action]) -> Action:
    """The move ``text`` names for ``seat`` among ``offered`` (its prompt's actions). Raises
    ``IllegalAction`` with the reason when it names none."""
    asked = asked_places(state, seat)
    if not asked:
        if state.phase != "over" and seat == state.current and state.stage == "roll":
            raise IllegalAction("Roll the dice first.", key="catan.refused.roll_first")
        if state.phase != "over" and seat == state.current and state.stage == "robber":
            raise IllegalAction("Move the robber first.", key="catan.refused.robber_first")
        raise IllegalAction("It is not your turn to place a piece.",
                            key="catan.refused.not_your_turn")
    corner = parse_corner(text) if CORNERS in asked else None
    edge = parse_edge(text) if EDGES in asked else None
    if corner is None and edge is None:
        raise IllegalAction(f"{text!r} names no corner or edge of the island.",
                            key="catan.refused.not_a_place", text=text[:40])
    candidates = [m for m in (_corner_move(state, seat, corner) if corner is not None else None,
                              _edge_move(state, seat, edge) if edge is not None else None)
                  if m is not None]
    for move in candidates:
        if move in offered:
            return move
    if corner is not None:
        raise _corner_problem(state, seat, corner)
    assert edge is not None
    raise _edge_problem(state, seat, edge)


def _corner_move(state: CatanState, seat: int, corner: int) -> Action:
    if state.stage == "place_settlement":
        return a.PlaceSettlement(seat=seat, corner=corner)
    if state.corner_owner[corner] == seat and not state.corner_city[corner]:
        return a.BuildCity(seat=seat, corner=corner)
    return a.BuildSettlement(seat=seat, corner=corner)


def _edge_move(state: CatanState, seat: int, edge: int) -> Action:
    if state.stage == "place_road":
        return a.PlaceRoad(seat=seat, edge=edge)
    if state.stage == "free_roads":
        return a.PlaceFreeRoad(seat=seat, edge=edge)
    return a.BuildRoad(seat=seat, edge=edge)


def _corner_problem(state: CatanState, seat: int, corner: int) -> IllegalAction:
    name = corner_label(corner)
    owner = state.corner_owner[corner]
    if owner == seat and state.corner_city[corner]:
        return IllegalAction(f"A city stands on {name} already.",
                             key="catan.refused.city_there", place=name)
    if owner == seat:  # a city asked for on one's own settlement
        return _cost_problem(state, seat, "city", name)
    if owner >= 0:
        return IllegalAction(f"Corner {name} is taken.", key="catan.refused.corner_taken",
                             place=name)
    if any(state.corner_owner[n] >= 0 for n in CORNER_NEIGHBOURS[corner]):
        return IllegalAction(f"Corner {name} is next to a settlement.",
                             key="catan.refused.too_close", place=name)
    if state.stage == "main":
        if not any(state.road_owner[e] == seat for e in CORNER_EDGES[corner]):
            return IllegalAction(f"None of your roads reaches corner {name}.",
                                 key="catan.refused.no_road_there", place=name)
        return _cost_problem(state, seat, "settlement", name)
    return IllegalAction(f"A settlement cannot go on {name} now.",
                         key="catan.refused.corner_not_now", place=name)


def _edge_problem(state: CatanState, seat: int, edge: int) -> IllegalAction:
    name = edge_label(edge)
    if state.road_owner[edge] >= 0:
        return IllegalAction(f"Edge {name} has a road already.",
                             key="catan.refused.edge_taken", place=name)
    if state.stage == "place_road":
        placed = state.placed
        return IllegalAction("The road must touch the settlement you have just placed.",
                             key="catan.refused.road_by_settlement",
                             place=corner_label(placed) if placed is not None else "?")
    if pieces_left(state, seat, "road") <= 0:
        return IllegalAction("You have no road left to build.",
                             key="catan.refused.no_road_left", place=name)
    if edge not in road_edges(state, seat):
        return IllegalAction(f"Edge {name} does not join your roads or buildings.",
                             key="catan.refused.not_connected", place=name)
    if state.stage == "main":
        return _cost_problem(state, seat, "road", name)
    return IllegalAction(f"A road cannot go on {name} now.",
                         key="catan.refused.edge_not_now", place=name)


def _cost_problem(state: CatanState, seat: int, piece: str, name: str) -> IllegalAction:
    if pieces_left(state, seat, piece) <= 0:
        return IllegalAction(f"You have no {piece} left to build.",
                             key=f"catan.refused.no_{piece}_left", place=name)
    if not can_afford(state, seat, piece):
        return IllegalAction(f"You cannot pay for a {piece}.",
                             key=f"catan.refused.cost_{piece}", place=name)
    return IllegalAction(f"That cannot be built on {name} now.",
                         key="catan.refused.not_now", place=name)

