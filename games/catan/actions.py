"""Every decision a Catan seat can take, one model per ``kind``.

Places are indices (``board``: corners 0–53, edges 0–71, hexes 0–18; a person reads and types
them by their names, ``board.corner_label`` …). Resources are named (``"brick"``). Cards given
up are card ids. Trade terms are words of ``trading`` (``"give:brick:1"``, ``"want:ore:2"``,
``"to:3"``), chosen several at once from the prompt's pick.
"""

from __future__ import annotations

from typing import Literal

from games.core import Action


# -- the set-up ------------------------------------------------------------------------------
class PlaceSettlement(Action):
    kind: Literal["place_settlement"] = "place_settlement"
    corner: int


class PlaceRoad(Action):
    kind: Literal["place_road"] = "place_road"
    edge: int


# -- a turn ----------------------------------------------------------------------------------
class Roll(Action):
    kind: Literal["roll"] = "roll"


class EndTurn(Action):
    kind: Literal["end_turn"] = "end_turn"


class BuildRoad(Action):
    kind: Literal["build_road"] = "build_road"
    edge: int


class BuildSettlement(Action):
    kind: Literal["build_settlement"] = "build_settlement"
    corner: int


class BuildCity(Action):
    kind: Literal["build_city"] = "build_city"
    corner: int


class BuyDevelopment(Action):
    kind: Literal["buy_development"] = "buy_development"


# -- the robber ------------------------------------------------------------------------------
class Discard(Action):
    """A 7: the cards a seat holding more than 7 gives back, chosen in secret (a pick)."""

    kind: Literal["discard"] = "discard"
    cards: tuple[str, ...] = ()


class MoveRobber(Action):
    """The robber to ``hex``, robbing ``victim`` (None when nobody there holds a card)."""

    kind: Literal["move_robber"] = "move_robber"
    hex: int
    victim: int | None = None


# -- development cards -----------------------------------------------------------------------
class PlayKnight(Action):
    kind: Literal["play_knight"] = "play_knight"


class PlayRoadBuilding(Action):
    kind: Literal["play_road_building"] = "play_road_building"


class PlaceFreeRoad(Action):
    """One of Road Building's two free roads."""

    kind: Literal["place_free_road"] = "place_free_road"
    edge: int


class PlayYearOfPlenty(Action):
    """Two resources from the bank (one when the bank holds a single card)."""

    kind: Literal["play_year_of_plenty"] = "play_year_of_plenty"
    take: tuple[str, ...]


class PlayMonopoly(Action):
    kind: Literal["play_monopoly"] = "play_monopoly"
    resource: str


# -- trading ---------------------------------------------------------------------------------
class BankTrade(Action):
    """Maritime trade: ``give`` at the seat's best rate for it (4, or 3 / 2 at a harbour) for
    one ``get``."""

    kind: Literal["bank_trade"] = "bank_trade"
    give: str
    get: str


class OfferTrade(Action):
    """The seat on turn puts a trade to the others (a pick of terms)."""

    kind: Literal["offer_trade"] = "offer_trade"
    terms: tuple[str, ...] = ()


class AnswerTrade(Action):
    """Accept or decline the open offer, as it stands."""

    kind: Literal["answer_trade"] = "answer_trade"
    accept: bool


class CounterTrade(Action):
    """Answer the open offer with other terms (a pick of terms, the answering seat's side)."""

    kind: Literal["counter_trade"] = "counter_trade"
    terms: tuple[str, ...] = ()


class ConfirmTrade(Action):
    """The proposer trades with one seat that accepted or countered."""

    kind: Literal["confirm_trade"] = "confirm_trade"
    partner: int


class WithdrawTrade(Action):
    kind: Literal["withdraw_trade"] = "withdraw_trade"


ACTION_TYPES: tuple[type[Action], ...] = (
    PlaceSettlement, PlaceRoad, Roll, EndTurn, BuildRoad, BuildSettlement, BuildCity,
    BuyDevelopment, Discard, MoveRobber, PlayKnight, PlayRoadBuilding, PlaceFreeRoad,
    PlayYearOfPlenty, PlayMonopoly, BankTrade, OfferTrade, AnswerTrade, CounterTrade,
    ConfirmTrade, WithdrawTrade,
)
