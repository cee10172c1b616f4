"""Mashu 马术 (Ma Chao): his distance to everyone else is one less."""

from __future__ import annotations

from games.sanguosha.skills.registry import has_skill
from games.sanguosha.state import SanguoshaState


def distance_bonus(state: SanguoshaState, seat: int) -> int:
    return 1 if has_skill(state, seat, "mashu") else 0
