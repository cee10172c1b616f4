"""Every decision a Renju seat can take, one model per ``kind``. Points are named as players
write them (``H8``)."""

from __future__ import annotations

from typing import Literal

from games.core import Action


class ChooseOpening(Action):
    """Black names one of the 26 standard openings: the first three stones."""

    kind: Literal["choose_opening"] = "choose_opening"
    opening: str


class Swap(Action):
    """White, after the third stone: take black (``take``) or keep white."""

    kind: Literal["swap"] = "swap"
    take: bool


class Place(Action):
    kind: Literal["place"] = "place"
    point: str


class Offer(Action):
    """One of black's two fifth moves offered to white."""

    kind: Literal["offer"] = "offer"
    point: str


class Keep(Action):
    """White keeps one of the two offered fifth moves; the other is taken off."""

    kind: Literal["keep"] = "keep"
    point: str


class Pass(Action):
    kind: Literal["pass"] = "pass"


ACTION_TYPES: tuple[type[Action], ...] = (ChooseOpening, Swap, Place, Offer, Keep, Pass)
