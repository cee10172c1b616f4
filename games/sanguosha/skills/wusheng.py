"""Wusheng 武圣 (Guan Yu): any red card, in hand or equipped, counts as a Slash."""

from __future__ import annotations

from games.sanguosha.cards import card
from games.sanguosha.skills.conversions import converter
from games.sanguosha.state import SanguoshaState


@converter("wusheng", "sha")
def red_cards(state: SanguoshaState, seat: int) -> list[str]:
    player = state.players[seat]
    return [c for c in (*player.hand, *player.equips.values()) if card(c).red]
