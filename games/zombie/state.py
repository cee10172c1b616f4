"""The complete state of a Zombie in My Pocket game and the small queries every module uses."""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from pydantic import BaseModel, Field, PrivateAttr

from games.core import StateBase
from games.core.construct import copied
from games.core.windows import Windows
from games.zombie.layout import Layout
from games.zombie.options import Options
from games.zombie.tiles import TILES, Area

Stage = Literal[
    "auto",  # the engine works through ``plan`` by itself
    "lead",  # the leader chooses the round: cower, move, explore or a room action
    "turn",  # the leader turns the drawn tile
    "victim",  # the leader names who loses 1 (the window, a broken wall)
    "item",  # the leader takes the item drawn or lets it go
    "other_item",  # the leader picks an item the team has not found yet
    "fight",  # every living player commits to fight or flee (a together window)
    "arms",  # holders of the chainsaw or of the candle's fuel decide (an in-order window)
    "remainder",  # the leader settles the damage that does not divide evenly
    "rescue",  # the Concoction's holder may save a dying player (an in-order window)
    "bequest",  # the dead leave their items and the totem to a living player
    "flee",  # the leader leads the fleeing team to an explored neighbour
    "totem",  # the leader names who carries the totem
    "over",
]

Result = Literal["won", "lost"]
Totem = Literal["hidden", "held", "buried"]


class Player(BaseModel):
    health: int
    items: list[str] = Field(default_factory=list)
    alive: bool = True
    # Players who die at the same moment share a number; the highest died last.
    death: int | None = None


class PlacedTile(BaseModel):
    tile: str
    x: int
    y: int
    turns: int = 0

    @property
    def area(self) -> Area:
        return TILES[self.tile].area


class Opening(BaseModel):
    """A way between two tiles whatever their sides say: a broken wall, the window."""

    kind: Literal["wall", "window"]
    a: str
    b: str


class Fight(BaseModel):
    zombies: int
    fighters: list[int] = Field(default_factory=list)
    fled: list[int] = Field(default_factory=list)
    revved: bool = False
    burned: bool = False
    damage: int = 0


class ZombieState(StateBase):
    options: Options = Field(default_factory=Options)
    extra_zombies: int
    players: list[Player]
    leader: int
    round: int = 1
    hour: int = 9
    deck: list[str]
    discard: list[str] = Field(default_factory=list)
    reshuffles: int = 0
    tiles: list[PlacedTile]
    openings: list[Opening] = Field(default_factory=list)
    at: str
    house_stack: list[str]
    yard_stack: list[str]
    totem: Totem = "hidden"
    totem_holder: int | None = None
    # The holder's open offer of the totem: it changes hands only when the receiver accepts.
    totem_offer: int | None = None
    totem_offer_from: int | None = None
    searched: list[str] = Field(default_factory=list)
    found: list[str] = Field(default_factory=list)
    chainsaw_fuel: int = 0
    deaths: int = 0
    stage: Stage = "auto"
    plan: list[str] = Field(default_factory=list)
    windows: Windows = Field(default_factory=Windows)
    ask: int = 0  # counts the questions put, so a question asked again gets a new id
    # What the current round is in the middle of.
    drawn_tile: str | None = None
    drawn_from: str | None = None  # the direction from ``at`` the drawn tile goes
    breach: bool = False  # the drawn tile goes behind a broken wall
    victim_for: Literal["window", "wall"] | None = None
    offered_item: str | None = None
    fight: Fight | None = None
    round_action: str | None = None  # the leader's choice for this round (its action kind)
    held_on: bool = True  # nobody met zombies, or a fighter is still standing
    result: Result | None = None

    # The placed tiles indexed (``layout``): shared by the copies whose tiles still match.
    _layout: Layout | None = PrivateAttr(default=None)


def living(state: ZombieState) -> list[int]:
    return [seat for seat, p in enumerate(state.players) if p.alive]


def clockwise_from(state: ZombieState, start: int) -> list[int]:
    """Living seats, starting at ``start`` (if alive) and going clockwise."""
    order = [(start + k) % state.seats for k in range(state.seats)]
    return [seat for seat in order if state.players[seat].alive]


def acting_leader(state: ZombieState) -> int:
    """The leader, or the next living player clockwise if the leader has fallen this round."""
    order = clockwise_from(state, state.leader)
    return order[0] if order else state.leader


def layout(state: ZombieState) -> Layout:
    """The index of the state's placed tiles (read from pydantic's private store directly, as
    ``Game.pending`` reads its cache: this runs several times a move)."""
    private = state.__pydantic_private__
    found = None if private is None else private.get("_layout")
    if found is None or not found.fits(state.tiles, state.openings):
        found = Layout(state.tiles, state.openings)
        if private is None:
            state._layout = found
        else:
            private["_layout"] = found
    return found


def tile_at(state: ZombieState, area: Area, x: int, y: int) -> PlacedTile | None:
    return layout(state).cells.get((area, x, y))


def placed(state: ZombieState, tile_id: str) -> PlacedTile | None:
    return layout(state).ids.get(tile_id)


def here(state: ZombieState) -> PlacedTile:
    tile = placed(state, state.at)
    assert tile is not None
    return tile


def holder_of(state: ZombieState, item: str) -> int | None:
    for seat, player in enumerate(state.players):
        if player.alive and item in player.items:
            return seat
    return None


def new_question(state: ZombieState, stage: Stage) -> None:
    state.stage = stage
    state.ask += 1


_set = object.__setattr__
M = TypeVar("M", bound=BaseModel)


def _with(model: M, changed: dict[str, Any]) -> M:
    """``copied(model, changed)`` for a model of plain data without private attributes or
    extra fields (a player, a window, the fight): the state is copied on every move, several
    of these each time."""
    new = model.__class__.__new__(model.__class__)
    fields = model.__dict__.copy()
    fields.update(changed)
    fields_set = set(model.__pydantic_fields_set__)
    fields_set.update(changed)
    _set(new, "__dict__", fields)
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_fields_set__", fields_set)
    _set(new, "__pydantic_private__", None)
    return new


def clone(state: ZombieState) -> ZombieState:
    """A copy sharing nothing the rules change: every list and sub-model the rules mutate is
    copied, the never-changed placed tiles and openings are shared. (``copied`` and ``_with``
    are ``model_copy`` without its bookkeeping: the state is copied on every move.)"""
    windows = state.windows
    fight = state.fight
    copy = copied(
        state,
        {
            "players": [_with(p, {"items": p.items.copy()}) for p in state.players],
            "deck": state.deck.copy(),
            "discard": state.discard.copy(),
            "tiles": state.tiles.copy(),
            "openings": state.openings.copy(),
            "house_stack": state.house_stack.copy(),
            "yard_stack": state.yard_stack.copy(),
            "searched": state.searched.copy(),
            "found": state.found.copy(),
            "plan": state.plan.copy(),
            "windows": _with(windows, {"stack": [
                _with(w, {"answers": w.answers.copy(), "data": w.data.copy()})
                for w in windows.stack
            ]}),
            "fight": None if fight is None else _with(
                fight, {"fighters": fight.fighters.copy(), "fled": fight.fled.copy()}),
        },
    )
    copy.forget_pending()
    return copy
