"""Qingguo 倾国 (Zhen Ji): a black hand card counts as a Dodge."""

from __future__ import annotations

from games.sanguosha.cards import card
from games.sanguosha.skills.conversions import converter
from games.sanguosha.state import SanguoshaState


@converter("qingguo", "shan", play=False)
def black_hand_cards(state: SanguoshaState, seat: int) -> list[str]:
    return [c for c in state.players[seat].hand if card(c).black]
