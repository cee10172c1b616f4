"""Every decision a Citadels seat can take, one model per ``kind``.

Characters are named by role (``"king"``) when they are the target of a power and by card id
(``"char-king"``) when a seat picks or discards the card itself during the draft. Districts are
card ids; seats are ints.
"""

from __future__ import annotations

from typing import Literal

from games.core import Action


# -- the draft -------------------------------------------------------------------------------
class DraftPick(Action):
    kind: Literal["draft_pick"] = "draft_pick"
    card: str


class DraftDiscard(Action):
    """Two players: put a character card face down after picking."""

    kind: Literal["draft_discard"] = "draft_discard"
    card: str


# -- the gather and building -----------------------------------------------------------------
class TakeGold(Action):
    kind: Literal["take_gold"] = "take_gold"


class DrawCards(Action):
    kind: Literal["draw_cards"] = "draw_cards"


class KeepCard(Action):
    kind: Literal["keep_card"] = "keep_card"
    card: str


class Build(Action):
    kind: Literal["build"] = "build"
    card: str


class TakeIncome(Action):
    kind: Literal["take_income"] = "take_income"


class EndTurn(Action):
    kind: Literal["end_turn"] = "end_turn"


# -- base characters -------------------------------------------------------------------------
class Murder(Action):
    kind: Literal["murder"] = "murder"
    character: str


class Rob(Action):
    kind: Literal["rob"] = "rob"
    character: str


class MagicianSwap(Action):
    kind: Literal["magician_swap"] = "magician_swap"
    target: int


class MagicianDiscard(Action):
    """Set one hand card aside; ``MagicianRedraw`` then draws as many as were set aside."""

    kind: Literal["magician_discard"] = "magician_discard"
    card: str


class MagicianRedraw(Action):
    kind: Literal["magician_redraw"] = "magician_redraw"


class Destroy(Action):
    kind: Literal["destroy"] = "destroy"
    target: int
    card: str


# -- purple districts ------------------------------------------------------------------------
class GraveyardBuyBack(Action):
    kind: Literal["graveyard"] = "graveyard"
    accept: bool


class UseLaboratory(Action):
    kind: Literal["laboratory"] = "laboratory"
    card: str


class UseSmithy(Action):
    kind: Literal["smithy"] = "smithy"


# -- expansion characters --------------------------------------------------------------------
class Bewitch(Action):
    kind: Literal["bewitch"] = "bewitch"
    character: str


class WizardPeek(Action):
    kind: Literal["wizard_peek"] = "wizard_peek"
    target: int


class WizardTake(Action):
    kind: Literal["wizard_take"] = "wizard_take"
    card: str
    build: bool


class GiveCrown(Action):
    """The Emperor hands the crown to another seat."""

    kind: Literal["give_crown"] = "give_crown"
    target: int


class Tribute(Action):
    """The new crown holder pays the Emperor: ``card=None`` is one gold."""

    kind: Literal["tribute"] = "tribute"
    card: str | None = None


class AbbotCollect(Action):
    kind: Literal["abbot_collect"] = "abbot_collect"


class NavigatorBonus(Action):
    kind: Literal["navigator_bonus"] = "navigator_bonus"
    take: Literal["gold", "cards"]


class Exchange(Action):
    """The Diplomat swaps one of his districts for another seat's."""

    kind: Literal["exchange"] = "exchange"
    give: str
    target: int
    take: str


class Beautify(Action):
    kind: Literal["beautify"] = "beautify"
    card: str


ACTION_TYPES: tuple[type[Action], ...] = (
    DraftPick, DraftDiscard, TakeGold, DrawCards, KeepCard, Build, TakeIncome, EndTurn, Murder,
    Rob, MagicianSwap, MagicianDiscard, MagicianRedraw, Destroy, GraveyardBuyBack,
    UseLaboratory, UseSmithy, Bewitch, WizardPeek, WizardTake, GiveCrown, Tribute,
    AbbotCollect, NavigatorBonus, Exchange, Beautify,
)
