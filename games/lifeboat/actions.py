"""Every decision a Lifeboat seat can take, one model per ``kind``.

Targets are character ids, cards are card ids. ``Rob.card`` is a face-up card id or
``"hand"`` (a random card from the hand).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from games.core import Action
from games.core.construct import assembled

HAND = "hand"


class LifeboatAction(Action):
    """The base of every Lifeboat action: pydantic's equality, made cheap for the common case.

    ``apply`` looks each action up in its prompt's list, comparing it with every offer before
    it; pydantic's generic ``__eq__`` costs over a microsecond per comparison. Two actions of
    the same class (no private or extra attributes) are equal exactly when their fields are.
    """

    def __eq__(self, other: object) -> bool:
        if type(other) is type(self):
            return self.__dict__ == other.__dict__
        return super().__eq__(other)

    # Defining ``__eq__`` would otherwise make the class unhashable; subclasses get pydantic's
    # own hash of their fields (frozen models).
    __hash__ = Action.__hash__


# -- supply ----------------------------------------------------------------------------------
class PickSupply(LifeboatAction):
    kind: Literal["pick_supply"] = "pick_supply"
    card: str


# -- the action of a turn --------------------------------------------------------------------
class DoNothing(LifeboatAction):
    kind: Literal["do_nothing"] = "do_nothing"


class Row(LifeboatAction):
    kind: Literal["row"] = "row"


class KeepRowed(LifeboatAction):
    """The drawn navigation cards the rower puts on the rowed pile (the rest go to the bottom)."""

    kind: Literal["keep_rowed"] = "keep_rowed"
    cards: tuple[str, ...]


class Swap(LifeboatAction):
    kind: Literal["swap"] = "swap"
    target: str


class Rob(LifeboatAction):
    kind: Literal["rob"] = "rob"
    target: str
    card: str


class UseMedkit(LifeboatAction):
    kind: Literal["use_medkit"] = "use_medkit"
    card: str
    target: str


class FireFlare(LifeboatAction):
    kind: Literal["fire_flare"] = "fire_flare"
    card: str


class OpenParasol(LifeboatAction):
    kind: Literal["open_parasol"] = "open_parasol"
    card: str


class UseCannibalism(LifeboatAction):
    kind: Literal["use_cannibalism"] = "use_cannibalism"
    card: str
    body: str


# -- resisting and fighting ------------------------------------------------------------------
class GiveIn(LifeboatAction):
    kind: Literal["give_in"] = "give_in"


class Resist(LifeboatAction):
    kind: Literal["resist"] = "resist"


class AllowCannibalism(LifeboatAction):
    kind: Literal["allow_cannibalism"] = "allow_cannibalism"


class ObjectCannibalism(LifeboatAction):
    kind: Literal["object_cannibalism"] = "object_cannibalism"


class JoinFight(LifeboatAction):
    kind: Literal["join_fight"] = "join_fight"
    side: Literal["attackers", "defenders"]


class StayOut(LifeboatAction):
    kind: Literal["stay_out"] = "stay_out"


class FightReady(LifeboatAction):
    kind: Literal["fight_ready"] = "fight_ready"


# -- navigation ------------------------------------------------------------------------------
class ChooseNavigation(LifeboatAction):
    kind: Literal["choose_navigation"] = "choose_navigation"
    card: str


class UseCompass(LifeboatAction):
    kind: Literal["use_compass"] = "use_compass"


class ThrowChum(LifeboatAction):
    kind: Literal["throw_chum"] = "throw_chum"
    card: str


class CallSharks(LifeboatAction):
    kind: Literal["call_sharks"] = "call_sharks"


class SpareSwimmers(LifeboatAction):
    kind: Literal["spare_swimmers"] = "spare_swimmers"


class GiveWater(LifeboatAction):
    kind: Literal["give_water"] = "give_water"
    card: str
    target: str


class Done(LifeboatAction):
    """Nothing more to do in the overboard or water window."""

    kind: Literal["done"] = "done"


# -- free moves, any time --------------------------------------------------------------------
class PlayFaceUp(LifeboatAction):
    """Play a hand card face up in front of ``target`` (always oneself except a Life Preserver,
    which may go in front of any awake character)."""

    kind: Literal["play_face_up"] = "play_face_up"
    card: str
    target: str


class GiveCard(LifeboatAction):
    kind: Literal["give_card"] = "give_card"
    card: str
    target: str


ACTION_TYPES: tuple[type[Action], ...] = (
    PickSupply, DoNothing, Row, KeepRowed, Swap, Rob, UseMedkit, FireFlare, OpenParasol,
    UseCannibalism, GiveIn, Resist, AllowCannibalism, ObjectCannibalism, JoinFight, StayOut,
    FightReady, ChooseNavigation, UseCompass, ThrowChum, CallSharks, SpareSwimmers, GiveWater,
    Done, PlayFaceUp, GiveCard,
)

# The other fields of each action, in declaration order (``kind`` and ``seat`` excluded).
_FIELDS: dict[type[Action], tuple[str, ...]] = {
    cls: tuple(name for name in cls.model_fields if name not in ("kind", "seat"))
    for cls in ACTION_TYPES
}


# Each action's ``kind``, its default (never given: the constructor leaves it unset).
_KINDS: dict[type[Action], str] = {cls: cls.model_fields["kind"].default for cls in ACTION_TYPES}
# Each action's set fields as the constructor counts them (``seat`` and the others, given):
# one set per class, shared by its actions (they are frozen: nothing adds to it).
_GIVEN: dict[type[Action], set[str]] = {cls: {"seat", *_FIELDS[cls]} for cls in ACTION_TYPES}


@lru_cache(maxsize=1 << 16)
def offer(cls: type[Action], seat: int, *values: object) -> Action:
    """The action ``cls(seat, *values)``, shared: actions are immutable and prompts offer the
    same ones over and over. Built without validation (``assembled``): the rules pass ids as
    the strings, tuples of strings and literals their fields hold (checked against the
    constructor in tests/games/lifeboat/test_actions.py); a miss of this cache is a new
    action a prompt offers, and validating it cost as much as the rest of building the prompt.
    """
    fields: dict[str, object] = {"kind": _KINDS[cls], "seat": seat}
    fields.update(zip(_FIELDS[cls], values, strict=True))
    return assembled(cls, fields, _GIVEN[cls])
