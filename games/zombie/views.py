"""What a seat (or the table) may know. Everything in this game lies open on the table except
the order of the deck and the tile stacks, and each player's fight-or-flee answer until the
reveal: a seat's view adds only its own answer."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from games.zombie.board import walkable_neighbours
from games.zombie.fight import commitment_id
from games.zombie.health import dying
from games.zombie.scoring import scores
from games.zombie.state import Stage, ZombieState, acting_leader
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

    seats: int
    round: int
    hour: int
    deck_left: int
    discard: list[str]
    reshuffles: int
    leader: int
    acting_leader: int
    stage: Stage
    at: str
    exits: list[str]  # the explored tiles the team can walk to from here
    tiles: list[TileView]
    openings: list[OpeningView]
    house_left: list[str]  # the house tiles still to find, sorted (their order is hidden)
    yard_left: list[str]
    players: list[PlayerView]
    totem: str
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


def _tile_view(state: ZombieState, index: int) -> TileView:
    placed = state.tiles[index]
    tile = TILES[placed.tile]
    return TileView(
        tile=placed.tile,
        area=tile.area,
        x=placed.x,
        y=placed.y,
        turns=placed.turns,
        sides={d: tile.side(d, placed.turns) for d in DIRECTIONS},
    )


def _fight_view(state: ZombieState) -> FightView | None:
    fight = state.fight
    if fight is None:
        return None
    window = state.windows.top
    asked = list(window.seats) if state.stage == "fight" and window is not None else []
    return FightView(
        zombies=fight.zombies,
        asked=asked,
        fighters=fight.fighters,
        fled=fight.fled,
        revved=fight.revved,
        burned=fight.burned,
        damage=fight.damage,
    )


def build_view(state: ZombieState, seat: int | None) -> PublicView:
    fields = {
        "seats": state.seats,
        "round": state.round,
        "hour": state.hour,
        "deck_left": len(state.deck),
        "discard": list(state.discard),
        "reshuffles": state.reshuffles,
        "leader": state.leader,
        "acting_leader": acting_leader(state),
        "stage": state.stage,
        "at": state.at,
        "exits": walkable_neighbours(state, state.at),
        "tiles": [_tile_view(state, i) for i in range(len(state.tiles))],
        "openings": [OpeningView(kind=o.kind, a=o.a, b=o.b) for o in state.openings],
        "house_left": sorted(state.house_stack),
        "yard_left": sorted(state.yard_stack),
        "players": [
            PlayerView(
                seat=s,
                health=max(0, p.health),
                items=list(p.items),
                alive=p.alive,
                leader=s == state.leader,
                totem=state.totem_holder == s,
            )
            for s, p in enumerate(state.players)
        ],
        "totem": state.totem,
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
    if seat is None:
        return PublicView(**fields)
    answer = own_answer(state, seat)
    window = state.windows.top
    serial = window.serial if window is not None else 0
    return SeatView(
        **fields,
        seat=seat,
        commitment=answer,
        commitment_id=commitment_id(serial, seat, answer) if answer else None,
    )


def own_answer(state: ZombieState, seat: int) -> str | None:
    window = state.windows.top
    if state.stage != "fight" or window is None or window.mode != "together":
        return None
    return window.answers.get(seat)
