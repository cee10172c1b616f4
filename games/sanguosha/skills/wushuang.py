"""Wushuang 无双 (Lü Bu): his Slash takes two Dodges; in a Duel with him the other side plays
two Slashes each time."""

from __future__ import annotations

from games.sanguosha.skills.registry import has_skill
from games.sanguosha.state import SanguoshaState


def answers_needed(state: SanguoshaState, against: int) -> int:
    """How many cards one answer to ``against`` takes."""
    return 2 if has_skill(state, against, "wushuang") else 1
