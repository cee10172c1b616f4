"""Kongcheng 空城 (Zhuge Liang): with no hand cards he cannot be the target of a Slash or a
Duel."""

from __future__ import annotations

from games.sanguosha.skills.registry import has_skill
from games.sanguosha.state import SanguoshaState


def shields(state: SanguoshaState, target: int, name: str) -> bool:
    return (
        name in ("sha", "juedou")
        and has_skill(state, target, "kongcheng")
        and not state.players[target].hand
    )
