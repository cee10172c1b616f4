"""Paoxiao 咆哮 (Zhang Fei): no limit on Slashes in his play phase."""

from __future__ import annotations

from games.sanguosha.skills.registry import has_skill
from games.sanguosha.state import SanguoshaState


def unlimited_slashes(state: SanguoshaState, seat: int) -> bool:
    return has_skill(state, seat, "paoxiao")
