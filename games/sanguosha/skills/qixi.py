"""Qixi 奇袭 (Gan Ning): any black card, in hand or equipped, counts as a Dismantlement."""

from __future__ import annotations

from games.sanguosha.cards import card
from games.sanguosha.skills.conversions import converter
from games.sanguosha.state import SanguoshaState


@converter("qixi", "guohe", respond=False)
def black_cards(state: SanguoshaState, seat: int) -> list[str]:
    player = state.players[seat]
    return [c for c in (*player.hand, *player.equips.values()) if card(c).black]
