"""Jijiu 急救 (Hua Tuo): outside his own turn, any red card counts as a Peach."""

from __future__ import annotations

from games.sanguosha.cards import card
from games.sanguosha.skills.conversions import converter
from games.sanguosha.state import SanguoshaState


@converter("jijiu", "tao", play=False)
def red_cards(state: SanguoshaState, seat: int) -> list[str]:
    if state.current == seat:
        return []
    player = state.players[seat]
    return [c for c in (*player.hand, *player.equips.values()) if card(c).red]
