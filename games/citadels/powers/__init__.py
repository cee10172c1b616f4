"""The characters' powers: who they may target right now, and what using them does.

Every ``*_targets`` / ``*_options`` function returns what the acting seat may choose this
moment (empty when the power is spent or does not belong to the character being played).
"""

from games.citadels.powers.base import (
    destroy,
    destroy_options,
    destroy_price,
    graveyard,
    magician_discards,
    murder,
    murder_targets,
    redraw,
    rob,
    rob_targets,
    set_aside,
    swap_hands,
    swap_targets,
)
from games.citadels.powers.expansion import (
    abbot_open,
    beautify,
    beautify_options,
    bewitch,
    bewitch_targets,
    collect_from_richest,
    exchange,
    exchange_options,
    exchange_price,
    give_crown,
    give_crown_targets,
    must_give_crown,
    navigator_bonus,
    navigator_options,
    pay_tribute,
    peek,
    peek_targets,
    tribute_options,
    wizard_take,
    wizard_take_options,
)

__all__ = [
    "abbot_open", "beautify", "beautify_options", "bewitch", "bewitch_targets",
    "collect_from_richest", "destroy", "destroy_options", "destroy_price", "exchange",
    "exchange_options", "exchange_price", "give_crown", "give_crown_targets", "graveyard",
    "magician_discards", "murder", "murder_targets", "must_give_crown", "navigator_bonus",
    "navigator_options", "pay_tribute", "peek", "peek_targets", "redraw", "rob", "rob_targets",
    "set_aside", "swap_hands", "swap_targets", "tribute_options", "wizard_take",
    "wizard_take_options",
]
