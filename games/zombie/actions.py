"""Every decision a Zombie in My Pocket seat can take, one model per ``kind``.

Seats are numbers, tiles and items their ids. The leader's round choices come first, then the
answers to the questions the round raises, then the moves a player may make at any time.
"""

from __future__ import annotations

from typing import Literal

from games.core import Action
from games.core.made import made


# -- the leader's round ----------------------------------------------------------------------
class Cower(Action):
    kind: Literal["cower"] = "cower"


class Move(Action):
    kind: Literal["move"] = "move"
    to: str


class Explore(Action):
    kind: Literal["explore"] = "explore"
    direction: str


class SearchTotem(Action):
    kind: Literal["search_totem"] = "search_totem"


class Bury(Action):
    kind: Literal["bury"] = "bury"


class SearchItem(Action):
    kind: Literal["search_item"] = "search_item"


class BreakWindow(Action):
    kind: Literal["break_window"] = "break_window"


class BreakThrough(Action):
    """Break a wall of a house tile towards ``direction``."""

    kind: Literal["break_through"] = "break_through"
    direction: str


# -- questions the round raises --------------------------------------------------------------
class Turn(Action):
    kind: Literal["turn"] = "turn"
    turns: int


class Hurt(Action):
    """The leader names who loses 1 for the window or the wall."""

    kind: Literal["hurt"] = "hurt"
    target: int


class TakeItem(Action):
    kind: Literal["take_item"] = "take_item"


class LeaveItem(Action):
    kind: Literal["leave_item"] = "leave_item"


class ChooseItem(Action):
    kind: Literal["choose_item"] = "choose_item"
    item: str


class Commit(Action):
    kind: Literal["commit"] = "commit"
    choice: Literal["fight", "flee"]


class Arm(Action):
    """A fighter's use of the chainsaw, or burning the zombies with the candle and a fuel."""

    kind: Literal["arm"] = "arm"
    choice: Literal["pass", "rev", "burn_oil", "burn_gasoline"]


class Settle(Action):
    """The fighters (seat numbers as strings) who take one more wound of the remainder."""

    kind: Literal["settle"] = "settle"
    seats: tuple[str, ...] = ()


class Rescue(Action):
    """Spend the Concoction on a dying player, or (``target`` None) let it be."""

    kind: Literal["rescue"] = "rescue"
    target: int | None = None


class Bequeath(Action):
    kind: Literal["bequeath"] = "bequeath"
    to: int


class Flee(Action):
    kind: Literal["flee"] = "flee"
    to: str


class NameHolder(Action):
    """The leader names who carries the totem just found."""

    kind: Literal["name_holder"] = "name_holder"
    to: int


# -- at any time -----------------------------------------------------------------------------
class Give(Action):
    kind: Literal["give"] = "give"
    item: str
    to: int


class GiveTotem(Action):
    kind: Literal["give_totem"] = "give_totem"
    to: int


class AcceptTotem(Action):
    """Take the totem its holder offered (the seat offered it answers)."""

    kind: Literal["accept_totem"] = "accept_totem"


class RefuseTotem(Action):
    kind: Literal["refuse_totem"] = "refuse_totem"


class Drink(Action):
    """Use the Concoction on ``target`` (oneself included)."""

    kind: Literal["drink"] = "drink"
    target: int


class Refuel(Action):
    """Pour the Gasoline into the chainsaw."""

    kind: Literal["refuel"] = "refuel"


ACTION_TYPES: tuple[type[Action], ...] = (
    Cower,
    Move,
    Explore,
    SearchTotem,
    Bury,
    SearchItem,
    BreakWindow,
    BreakThrough,
    Turn,
    Hurt,
    TakeItem,
    LeaveItem,
    ChooseItem,
    Commit,
    Arm,
    Settle,
    Rescue,
    Bequeath,
    Flee,
    NameHolder,
    GiveTotem,
    AcceptTotem,
    RefuseTotem,
    Give,
    Drink,
    Refuel,
)

# The prompts offer the same frozen actions move after move: each distinct one is built once.
make = made
