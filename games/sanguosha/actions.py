"""The decisions a seat takes. Every window's prompt offers some of these."""

from __future__ import annotations

from typing import Literal

from games.core import Action


class Pass(Action):
    """Answer nothing (no Dodge, no Nullification) or end the play phase."""

    kind: Literal["pass"] = "pass"


class Use(Action):
    """Use a card on targets: ``cards`` are the physical cards given up (two for the Spear,
    none for a skill that needs none), ``name`` the card they count as, ``via`` the skill or
    weapon that turns them into it ("" for the card itself)."""

    kind: Literal["use"] = "use"
    cards: tuple[str, ...]
    name: str
    targets: tuple[int, ...] = ()
    via: str = ""


class Respond(Action):
    """Play a card in answer to a question (a Dodge against a Slash, a Peach to save)."""

    kind: Literal["respond"] = "respond"
    cards: tuple[str, ...]
    name: str
    via: str = ""


class Choose(Action):
    """Pick one option by id: a hero, a card of someone's area, "yes"/"no", a suit."""

    kind: Literal["choose"] = "choose"
    option: str


class Discard(Action):
    """Give up several cards at once (down to the hand limit, the Axe's price)."""

    kind: Literal["discard"] = "discard"
    cards: tuple[str, ...] = ()


ACTION_TYPES: tuple[type[Action], ...] = (Pass, Use, Respond, Choose, Discard)
