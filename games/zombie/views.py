"""What a seat (or the table) may know. Everything in this game lies open on the table except
the order of the deck and the tile stacks, and each player's fight-or-flee answer until the
reveal: a seat's view adds only its own answer."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from games.core.construct import assembled, built
from games.zombie.board import walkable_neighbours
from games.zombie.fight import commitment_id
from games.zombie.health import dying
from games.zombie.items import open_offer
from games.zombie.options import Options
from games.zombie.scoring import scores
from games.zombie.state import Stage, ZombieState, acting_leader, layout
from games.zombie.tiles import DIRECTIONS, TILES


class PlayerView(BaseModel):
    model_config = ConfigDict(frozen=True)

    seat: int
    health: int
    items: list[str]
    alive: bool
    leader: bool
    totem: bool


class TileView(BaseModel):
    model_config = ConfigDict(frozen=True)

    tile: str
    area: str
    x: int
    y: int
    turns: int
    sides: dict[str, str]  # direction -> door, wall, open, hedge or house, as turned


class OpeningView(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: str
    a: str
    b: str


class FightView(BaseModel):
    model_config = ConfigDict(frozen=True)

    zombies: int
    asked: list[int]  # every living player while the commitments are open, whoever answered
    fighters: list[int]
    fled: list[int]
    revved: bool
    burned: bool
    damage: int


class PublicView(BaseModel):
    model_config = ConfigDict(frozen=True)

    options: Options  # the table's options: how its bots play among them
    seats: int
    round: int
    hour: int
    deck_left: int
    discard: list[str]
    reshuffles: int
    leader: int
    acting_leader: int
    stage: Stage
    round_action: str | None  # what the leader chose this round
    at: str
    exits: list[str]  # the explored tiles the team can walk to from here
    tiles: list[TileView]
    openings: list[OpeningView]
    house_left: list[str]  # the house tiles still to find, sorted (their order is hidden)
    yard_left: list[str]
    players: list[PlayerView]
    totem: str
    totem_offer: int | None  # the player the holder offered the totem to, until they answer
    totem_refused: list[int]  # who refused the totem this round
    searched: list[str]
    found: list[str]
    chainsaw_fuel: int
    extra_zombies: int
    drawn_tile: str | None
    drawn_from: str | None
    offered_item: str | None
    fight: FightView | None
    dying: list[int]
    result: str | None
    scores: dict[int, float] | None


class SeatView(PublicView):
    seat: int
    commitment: str | None  # this seat's fight-or-flee answer before the reveal
    commitment_id: str | None


_TILE_VIEWS: dict[tuple[str, int, int, int], TileView] = {}


def _tile_view(state: ZombieState, index: int) -> TileView:
    placed = state.tiles[index]
    key = (placed.tile, placed.x, placed.y, placed.turns)
    cached = _TILE_VIEWS.get(key)
    if cached is None:
        cached = _TILE_VIEWS[key] = _new_tile_view(placed.tile, placed.x, placed.y, placed.turns)
    return cached


def _new_tile_view(tile_id: str, x: int, y: int, turns: int) -> TileView:
    # A few thousand placements exist at most (16 tiles, small grids, four turnings).
    tile = TILES[tile_id]
    return TileView.model_construct(
        tile=tile_id,
        area=tile.area,
        x=x,
        y=y,
        turns=turns,
        sides={d: tile.side(d, turns) for d in DIRECTIONS},
    )


_OPENING_VIEWS: dict[tuple[str, str, str], OpeningView] = {}


def _opening_view(kind: str, a: str, b: str) -> OpeningView:
    # Views are frozen: one per opening there can be (broken walls and the window between
    # sixteen tiles), shared by every view that shows it.
    key = (kind, a, b)
    found = _OPENING_VIEWS.get(key)
    if found is None:
        found = _OPENING_VIEWS[key] = built(OpeningView, {"kind": kind, "a": a, "b": b})
    return found


_PLAYER_VIEWS: dict[tuple[int, int, tuple[str, ...], bool, bool, bool], PlayerView] = {}


def _player_view(seat: int, health: int, items: tuple[str, ...], alive: bool, leader: bool,
                 totem: bool) -> PlayerView:
    # Bounded: seats, health 0-6, a few items each and three flags; views are frozen.
    key = (seat, health, items, alive, leader, totem)
    found = _PLAYER_VIEWS.get(key)
    if found is None:
        if len(_PLAYER_VIEWS) > 50_000:
            _PLAYER_VIEWS.clear()
        found = _PLAYER_VIEWS[key] = PlayerView(
            seat=seat, health=health, items=list(items), alive=alive, leader=leader, totem=totem
        )
    return found


def _player_views(state: ZombieState) -> list[PlayerView]:
    leader = state.leader
    holder = state.totem_holder
    found = _PLAYER_VIEWS.get
    views: list[PlayerView] = []
    for seat, player in enumerate(state.players):
        health = player.health
        key = (seat, health if health > 0 else 0, tuple(player.items), player.alive,
               seat == leader, holder == seat)
        view = found(key)
        views.append(_player_view(*key) if view is None else view)
    return views


def _fight_view(state: ZombieState) -> FightView | None:
    fight = state.fight
    if fight is None:
        return None
    window = state.windows.top
    asked = list(window.seats) if state.stage == "fight" and window is not None else []
    return assembled(FightView, {
        "zombies": fight.zombies,
        "asked": asked,
        "fighters": fight.fighters,
        "fled": fight.fled,
        "revved": fight.revved,
        "burned": fight.burned,
        "damage": fight.damage,
    })


def _map_views(state: ZombieState) -> tuple[list[TileView], list[OpeningView]]:
    """The rows of the placed tiles and the openings, fresh lists of shared frozen rows. The
    rows follow from the tiles and openings alone: kept with their index (``layout``)."""
    index = layout(state)
    rows = index.views
    if rows is None:
        rows = index.views = (
            [_tile_view(state, i) for i in range(len(state.tiles))],
            [_opening_view(o.kind, o.a, o.b) for o in state.openings],
        )
    return list(rows[0]), list(rows[1])


def build_view(state: ZombieState, seat: int | None) -> PublicView:
    tiles, openings = _map_views(state)
    fields: dict[str, Any] = {
        "options": state.options,
        "seats": state.seats,
        "round": state.round,
        "hour": state.hour,
        "deck_left": len(state.deck),
        "discard": list(state.discard),
        "reshuffles": state.reshuffles,
        "leader": state.leader,
        "acting_leader": acting_leader(state),
        "stage": state.stage,
        "round_action": state.round_action,
        "at": state.at,
        "exits": walkable_neighbours(state, state.at),
        "tiles": tiles,
        "openings": openings,
        "house_left": sorted(state.house_stack),
        "yard_left": sorted(state.yard_stack),
        "players": _player_views(state),
        "totem": state.totem,
        "totem_offer": open_offer(state),
        "totem_refused": list(state.totem_refused),
        "searched": list(state.searched),
        "found": list(state.found),
        "chainsaw_fuel": state.chainsaw_fuel,
        "extra_zombies": state.extra_zombies,
        "drawn_tile": state.drawn_tile,
        "drawn_from": state.drawn_from,
        "offered_item": state.offered_item,
        "fight": _fight_view(state),
        "dying": dying(state),
        "result": state.result,
        "scores": scores(state) if state.result is not None else None,
    }
    # Built without validation (``assembled``): every value is of its field's type, and a view
    # is built for a seat on every move.
    if seat is None:
        return assembled(PublicView, fields)
    answer = own_answer(state, seat)
    window = state.windows.top
    serial = window.serial if window is not None else 0
    fields["seat"] = seat
    fields["commitment"] = answer
    fields["commitment_id"] = commitment_id(serial, seat, answer) if answer else None
    return assembled(SeatView, fields)


def own_answer(state: ZombieState, seat: int) -> str | None:
    window = state.windows.top
    if state.stage != "fight" or window is None or window.mode != "together":
        return None
    return window.answers.get(seat)
