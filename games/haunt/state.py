"""The complete state of a game of Haunt and the small queries every rule module uses."""

from __future__ import annotations

from typing import Any, Literal, TypeVar, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field

from games.core import StateBase
from games.haunt.catalog import catalog
from games.haunt.options import Options
from games.haunt.schema import Direction, Floor, Haunt, Trait

M = TypeVar("M", bound=BaseModel)


# Values shared by a copy as they are (immutable): strings, numbers, tuples, and the classes
# of frozen models as the copy meets them. Most of the state is lists of ids and dicts of
# numbers: their items are checked against this set instead of going through ``_clone_value``
# one call each (the copy runs on every move).
_SHARED: set[type] = {str, int, bool, float, type(None), tuple}
_SCALARS = (str, int, bool, float)
# Per model class, its fields declared as a list or dict of scalars or of frozen models: a copy
# of such a value is the container's own ``copy`` (its items are immutable by their type),
# with no look at them.
_FLAT: dict[type[BaseModel], frozenset[str]] = {}


def _immutable(annotation: Any) -> bool:
    if get_origin(annotation) is Literal:
        return all(isinstance(arg, _SCALARS) for arg in get_args(annotation))
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return bool(annotation.model_config.get("frozen"))
    return annotation in _SCALARS


def _flat_fields(cls: type[BaseModel]) -> frozenset[str]:
    flat = _FLAT.get(cls)
    if flat is None:
        flat = _FLAT[cls] = frozenset(
            name for name, info in cls.model_fields.items()
            if get_origin(info.annotation) in (list, dict)
            and all(_immutable(arg) for arg in get_args(info.annotation)))
    return flat


def _clone_value(value: Any) -> Any:
    if isinstance(value, list):
        return [v if v.__class__ in _SHARED else _clone_value(v) for v in value]
    if isinstance(value, dict):
        return {k: v if v.__class__ in _SHARED else _clone_value(v) for k, v in value.items()}
    if isinstance(value, BaseModel):
        if not value.model_config.get("frozen"):
            return clone_model(value)
        _SHARED.add(value.__class__)
    # Strings, numbers, tuples and frozen models are shared.
    return value


def clone_model(model: M) -> M:
    """A deep copy of a model of plain data, without ``copy.deepcopy``'s bookkeeping (the
    engine copies the state on every move)."""
    cls = model.__class__
    flat = _flat_fields(cls)
    copied = cls.__new__(cls)
    fields = {k: v if v.__class__ in _SHARED
              else v.copy() if k in flat and v.__class__ in (list, dict)
              else _clone_value(v)
              for k, v in model.__dict__.items()}
    object.__setattr__(copied, "__dict__", fields)
    object.__setattr__(copied, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    object.__setattr__(copied, "__pydantic_extra__", None)
    object.__setattr__(copied, "__pydantic_private__", None)
    return copied


Phase = Literal["choose", "explore", "haunt", "over"]
MONSTERS = -1  # the monsters' place in the turn order after the haunt


class PlacedRoom(BaseModel):
    # A placed room is never changed, only replaced (a turn puts a turned copy in its place):
    # frozen, it is shared by the state's copy on every move and by the views.
    model_config = ConfigDict(frozen=True)

    id: str
    floor: Floor
    x: int
    y: int
    doors: list[Direction]


class Seat(BaseModel):
    """One explorer. ``marks`` index each trait track (0..7); -1 is the skull."""

    explorer: str = ""
    room: str = ""
    marks: dict[Trait, int] = Field(default_factory=dict)
    cards: list[str] = Field(default_factory=list)
    alive: bool = True
    escaped: bool = False
    used_room_actions: list[str] = Field(default_factory=list)


class MonsterPiece(BaseModel):
    id: str
    kind: str
    room: str
    stunned: bool = False


class TurnState(BaseModel):
    """What the seat whose turn it is has done this turn."""

    number: int = 0
    moves: int = 0
    stopped: bool = False
    omen_drawn: bool = False
    used: list[str] = Field(default_factory=list)


class DamageOwed(BaseModel):
    seat: int
    kind: Literal["physical", "mental"]
    amount: int


class Placement(BaseModel):
    """A room drawn for an exploration, waiting for the explorer to turn it."""

    room: str
    floor: Floor
    x: int
    y: int
    choices: list[list[Direction]]
    # Every room left would close the floor: once placed, one other room of the floor is
    # turned to open it again (board.reopening_turn).
    reopen: bool = False


class StealChoice(BaseModel):
    attacker: int
    defender: int
    kind: Literal["physical", "mental"]
    amount: int


class MonsterTurn(BaseModel):
    """The monsters' turn: who is still to act, the movement rolled for each kind this turn,
    and what the acting monster has done."""

    queue: list[str] = Field(default_factory=list)
    kind_moves: dict[str, int] = Field(default_factory=dict)
    moves_left: int = 0
    attacked: bool = False
    moved: bool = False


class Roll(BaseModel):
    """A roll the table saw: who, what for, the dice and the total. Never changed once logged:
    frozen, it is shared by the state's copy on every move and by the views."""

    model_config = ConfigDict(frozen=True)

    who: str
    trait: str
    dice: list[int]
    total: int


class HauntState(StateBase):
    options: Options = Field(default_factory=Options)
    phase: Phase = "choose"
    party: list[Seat] = Field(default_factory=list)
    rooms: list[PlacedRoom] = Field(default_factory=list)
    stack: list[str] = Field(default_factory=list)
    room_discards: list[str] = Field(default_factory=list)
    omen_deck: list[str] = Field(default_factory=list)
    item_deck: list[str] = Field(default_factory=list)
    event_deck: list[str] = Field(default_factory=list)
    event_discards: list[str] = Field(default_factory=list)
    piles: dict[str, list[str]] = Field(default_factory=dict)
    omens_drawn: int = 0
    last_omen: str | None = None
    last_omen_room: str | None = None
    current: int = 0
    turn: TurnState = Field(default_factory=TurnState)
    damage: list[DamageOwed] = Field(default_factory=list)
    placement: Placement | None = None
    steal: StealChoice | None = None
    event_choice: str | None = None
    # After the haunt.
    haunt: str | None = None
    revealer: int | None = None
    traitor: int | None = None
    haunt_room: str | None = None
    order: list[int] = Field(default_factory=list)
    order_at: int = 0
    round: int = 0
    monsters: list[MonsterPiece] = Field(default_factory=list)
    monster_turn: MonsterTurn | None = None
    progress: dict[str, int] = Field(default_factory=dict)
    progress_rooms: dict[str, list[str]] = Field(default_factory=dict)
    rolls: list[Roll] = Field(default_factory=list)
    winners: list[int] | None = None
    end_reason: str = ""

    def clone(self) -> HauntState:
        copied = clone_model(self)
        object.__setattr__(copied, "__pydantic_private__", {"_pending": None})
        return copied

    # -- queries ------------------------------------------------------------------------------
    def seat(self, seat: int) -> Seat:
        return self.party[seat]

    def haunt_rules(self) -> Haunt | None:
        return None if self.haunt is None else catalog().haunt(self.haunt)

    def placed(self, room_id: str) -> PlacedRoom | None:
        for room in self.rooms:
            if room.id == room_id:
                return room
        return None

    def in_house(self, seat: int) -> bool:
        s = self.party[seat]
        return s.alive and not s.escaped

    def side_of(self, seat: int) -> str:
        """``traitor``, ``heroes``, or the seat's own key when every explorer plays alone."""
        if self.haunt is None:
            return ""
        if self.traitor is None:
            return f"seat:{seat}"
        return "traitor" if seat == self.traitor else "heroes"

    def heroes(self) -> list[int]:
        if self.haunt is None or self.traitor is None:
            return []
        return [s for s in range(self.seats) if s != self.traitor]

    def monster(self, piece_id: str) -> MonsterPiece:
        for piece in self.monsters:
            if piece.id == piece_id:
                return piece
        raise KeyError(piece_id)

    def log_roll(self, roll: Roll) -> None:
        self.rolls.append(roll)
        del self.rolls[:-6]
