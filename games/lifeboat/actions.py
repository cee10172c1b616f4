"""Every decision a Lifeboat seat can take, one model per ``kind``.

Targets are character ids, cards are card ids. ``Rob.card`` is a face-up card id or
``"hand"`` (a random card from the hand).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from games.core import Action

HAND = "hand"


# -- supply ----------------------------------------------------------------------------------
class PickSupply(Action):
    kind: Literal["pick_supply"] = "pick_supply"
    card: str


# -- the action of a turn --------------------------------------------------------------------
class DoNothing(Action):
    kind: Literal["do_nothing"] = "do_nothing"


class Row(Action):
    kind: Literal["row"] = "row"


class KeepRowed(Action):
    """The drawn navigation cards the rower puts on the rowed pile (the rest go to the bottom)."""

    kind: Literal["keep_rowed"] = "keep_rowed"
    cards: tuple[str, ...]


class Swap(Action):
    kind: Literal["swap"] = "swap"
    target: str


class Rob(Action):
    kind: Literal["rob"] = "rob"
    target: str
    card: str


class UseMedkit(Action):
    kind: Literal["use_medkit"] = "use_medkit"
    card: str
    target: str


class FireFlare(Action):
    kind: Literal["fire_flare"] = "fire_flare"
    card: str


class OpenParasol(Action):
    kind: Literal["open_parasol"] = "open_parasol"
    card: str


class UseCannibalism(Action):
    kind: Literal["use_cannibalism"] = "use_cannibalism"
    card: str
    body: str


# -- resisting and fighting ------------------------------------------------------------------
class GiveIn(Action):
    kind: Literal["give_in"] = "give_in"


class Resist(Action):
    kind: Literal["resist"] = "resist"


class AllowCannibalism(Action):
    kind: Literal["allow_cannibalism"] = "allow_cannibalism"


class ObjectCannibalism(Action):
    kind: Literal["object_cannibalism"] = "object_cannibalism"


class JoinFight(Action):
    kind: Literal["join_fight"] = "join_fight"
    side: Literal["attackers", "defenders"]


class StayOut(Action):
    kind: Literal["stay_out"] = "stay_out"


class FightReady(Action):
    kind: Literal["fight_ready"] = "fight_ready"


# -- navigation ------------------------------------------------------------------------------
class ChooseNavigation(Action):
    kind: Literal["choose_navigation"] = "choose_navigation"
    card: str


class UseCompass(Action):
    kind: Literal["use_compass"] = "use_compass"


class ThrowChum(Action):
    kind: Literal["throw_chum"] = "throw_chum"
    card: str


class CallSharks(Action):
    kind: Literal["call_sharks"] = "call_sharks"


class SpareSwimmers(Action):
    kind: Literal["spare_swimmers"] = "spare_swimmers"


class GiveWater(Action):
    kind: Literal["give_water"] = "give_water"
    card: str
    target: str


class Done(Action):
    """Nothing more to do in the overboard or water window."""

    kind: Literal["done"] = "done"


# -- free moves, any time --------------------------------------------------------------------
class PlayFaceUp(Action):
    """Play a hand card face up in front of ``target`` (always oneself except a Life Preserver,
    which may go in front of any awake character)."""

    kind: Literal["play_face_up"] = "play_face_up"
    card: str
    target: str


class GiveCard(Action):
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


@lru_cache(maxsize=1 << 16)
def offer(cls: type[Action], seat: int, *values: object) -> Action:
    """The action ``cls(seat, *values)``, shared: actions are immutable and prompts offer the
    same ones over and over."""
    return cls(seat=seat, **dict(zip(_FIELDS[cls], values, strict=True)))
