"""Every decision a Haunt seat can take, one model per ``kind``.

Targets of attacks are ``seat:<n>`` for explorers and a monster piece's id for monsters.
"""

from __future__ import annotations

from typing import Literal

from games.core import Action
from games.core.made import made
from games.haunt.schema import Direction, Trait


class ChooseExplorer(Action):
    kind: Literal["choose_explorer"] = "choose_explorer"
    explorer: str


class Move(Action):
    """Into a placed room through a door, a stair or a passage."""

    kind: Literal["move"] = "move"
    to: str


class Explore(Action):
    """Through an open door of the current room, into the unknown."""

    kind: Literal["explore"] = "explore"
    direction: Direction


class TurnRoom(Action):
    """Which way the drawn room is turned: its doors after turning."""

    kind: Literal["turn_room"] = "turn_room"
    doors: tuple[Direction, ...]


class RoomAction(Action):
    kind: Literal["room_action"] = "room_action"


class UseCard(Action):
    kind: Literal["use_card"] = "use_card"
    card: str


class Give(Action):
    kind: Literal["give"] = "give"
    card: str
    to: int


class Drop(Action):
    kind: Literal["drop"] = "drop"
    card: str


class PickUp(Action):
    kind: Literal["pick_up"] = "pick_up"
    card: str


class Attack(Action):
    kind: Literal["attack"] = "attack"
    target: str
    trait: Trait
    ranged: bool = False


class Special(Action):
    """One of the haunt's special actions for this seat's side."""

    kind: Literal["special"] = "special"
    action: str


class EndTurn(Action):
    kind: Literal["end_turn"] = "end_turn"


class TakeDamage(Action):
    """One step of damage taken on ``trait`` (the loser spreads damage step by step)."""

    kind: Literal["take_damage"] = "take_damage"
    trait: Trait


class Steal(Action):
    """After a hit of 2 or more: take ``card`` instead of dealing damage (None: the damage)."""

    kind: Literal["steal"] = "steal"
    card: str | None


class FaceEvent(Action):
    """The traitor decides whether an event drawn after the haunt affects them."""

    kind: Literal["face_event"] = "face_event"
    resolve: bool


class MonsterMove(Action):
    kind: Literal["monster_move"] = "monster_move"
    monster: str
    to: str


class MonsterAttack(Action):
    kind: Literal["monster_attack"] = "monster_attack"
    monster: str
    target: int


class MonsterDone(Action):
    kind: Literal["monster_done"] = "monster_done"
    monster: str


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseExplorer,
    Move,
    Explore,
    TurnRoom,
    RoomAction,
    UseCard,
    Give,
    Drop,
    PickUp,
    Attack,
    Special,
    EndTurn,
    TakeDamage,
    Steal,
    FaceEvent,
    MonsterMove,
    MonsterAttack,
    MonsterDone,
)


# The prompts offer the same frozen actions move after move: each distinct one is built once.
make = made
