"""Guose 国色 (Da Qiao): any ♦ card, in hand or equipped, counts as an Indulgence."""

from __future__ import annotations

from games.sanguosha.cards import card
from games.sanguosha.skills.conversions import converter
from games.sanguosha.state import SanguoshaState


@converter("guose", "lebu", respond=False)
def diamonds(state: SanguoshaState, seat: int) -> list[str]:
    player = state.players[seat]
    return [c for c in (*player.hand, *player.equips.values()) if card(c).suit == "diamond"]
