"""Longdan 龙胆 (Zhao Yun): a Slash counts as a Dodge and a Dodge as a Slash."""

from __future__ import annotations

from games.sanguosha.cards import name_of
from games.sanguosha.skills.conversions import converter
from games.sanguosha.state import SanguoshaState


@converter("longdan", "sha")
def dodges(state: SanguoshaState, seat: int) -> list[str]:
    return [c for c in state.players[seat].hand if name_of(c) == "shan"]


@converter("longdan", "shan", play=False)
def slashes(state: SanguoshaState, seat: int) -> list[str]:
    return [c for c in state.players[seat].hand if name_of(c) == "sha"]
