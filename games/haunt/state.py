"""The complete state of a game of Haunt and the small queries every rule module uses."""

from __future__ import annotations

from collections.abc import Callable
from types import UnionType
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field

from games.core.construct import assembled, every_field
from games.core.lending import LendingState
from games.haunt.catalog import catalog
from games.haunt.options import Options
from games.haunt.schema import Direction, Floor, Haunt, Trait

M = TypeVar("M", bound=BaseModel)


# Values shared by a copy as they are (immutable): strings, numbers, tuples, and the classes
# of frozen models as the copy meets them.
_SHARED: set[type] = {str, int, bool, float, type(None), tuple}
_SCALARS = (str, int, bool, float, type(None))
Copier = Callable[[Any], Any]
# Per model class, how to copy each of its fields that holds something mutable (worked out
# once from the fields' declared types); every other field is shared by the copy as it is.
_PLANS: dict[type[BaseModel], tuple[tuple[str, Copier], ...]] = {}


def _immutable(annotation: Any) -> bool:
    origin = get_origin(annotation)
    if origin is Literal:
        return all(isinstance(arg, _SCALARS) for arg in get_args(annotation))
    if origin in (Union, UnionType):
        return all(_immutable(arg) for arg in get_args(annotation))
    if origin is tuple:
        return all(arg is Ellipsis or _immutable(arg) for arg in get_args(annotation))
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return bool(annotation.model_config.get("frozen"))
    return annotation in _SCALARS


def _copier(annotation: Any) -> Copier | None:
    """How to copy a value declared as ``annotation`` (None: shared as it is)."""
    if _immutable(annotation):
        return None
    origin, args = get_origin(annotation), get_args(annotation)
    if origin in (Union, UnionType):
        present = [arg for arg in args if arg is not type(None)]
        if len(present) == 1 and len(args) == 2:
            inner = _copier(present[0])
            if inner is not None:
                return _or_none(inner)
    elif origin is list and len(args) == 1:
        item = _copier(args[0])
        return list.copy if item is None else _list_of(item)
    elif origin is dict and len(args) == 2 and _immutable(args[0]):
        item = _copier(args[1])
        return dict.copy if item is None else _dict_of(item)
    elif isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return clone_model
    return _clone_value  # anything else: looked at value by value


def _or_none(copy: Copier) -> Copier:
    return lambda value: None if value is None else copy(value)


# (An empty list or dict, as most of the state's lists of models are, is made without
# starting a comprehension.)
def _list_of(copy: Copier) -> Copier:
    return lambda value: [copy(v) for v in value] if value else []


def _dict_of(copy: Copier) -> Copier:
    return lambda value: {k: copy(v) for k, v in value.items()} if value else {}


def _plan(cls: type[BaseModel]) -> tuple[tuple[str, Copier], ...]:
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _PLANS[cls] = tuple(
            (name, copier) for name, info in cls.model_fields.items()
            if (copier := _copier(info.annotation)) is not None)
    return plan


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
    engine copies the state on every move): the fields are copied as one dict, then each field
    declared mutable is replaced by its own copy, as its declared type says (a list of ids by
    the list's ``copy``, a list of models model by model)."""
    plan = _PLANS.get(model.__class__)
    if plan is None:  # (an empty plan is known too: a model of immutable fields alone)
        plan = _plan(model.__class__)
    return _copy_by(model, plan)


def _copy_by(model: M, plan: tuple[tuple[str, Copier], ...]) -> M:
    """``model`` with each field ``plan`` names replaced by its copier's copy of it."""
    cls = model.__class__
    fields = model.__dict__.copy()
    for name, copy in plan:
        value = fields[name]
        if value is not None:
            fields[name] = copy(value)
    fields_set = model.__pydantic_fields_set__
    every = every_field(cls)
    # Every field set: the class's one shared set of them (``assembled``), not a set a copy.
    return assembled(cls, fields, every if len(fields_set) == len(every) else fields_set.copy())


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


class HauntState(LendingState):
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
        """A copy lending every list, dict and model of this state until a rule owns it
        (``LendingState``): most moves change one explorer, the turn's record and a deck or
        none, and the copy is made on every move. A rule changes a seat through ``own_seat``,
        the turn through ``own_turn``, a monster through ``own_monster``, any other container
        through ``own`` or ``own_entry``, never through what a query returned."""
        return self.lending_copy()

    def own_seat(self, seat: int) -> Seat:
        """The explorer at ``seat``, to be changed (its marks, cards and room actions with it)."""
        owned: Seat = self.own_entry("party", seat, clone_model)
        return owned

    def own_turn(self) -> TurnState:
        """What the seat on turn has done this turn, to be changed."""
        turn: TurnState = self.own("turn", clone_model)
        return turn

    def own_monster_turn(self) -> MonsterTurn:
        """The monsters' turn under way, to be changed."""
        assert self.monster_turn is not None
        turn: MonsterTurn = self.own("monster_turn", clone_model)
        return turn

    def own_monster(self, piece_id: str) -> MonsterPiece:
        """The monster ``piece_id``, to be changed."""
        for i, piece in enumerate(self.monsters):
            if piece.id == piece_id:
                owned: MonsterPiece = self.own_entry("monsters", i, clone_model)
                return owned
        raise KeyError(piece_id)

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
        rolls = self.own("rolls")
        rolls.append(roll)
        del rolls[:-6]
