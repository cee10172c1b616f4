"""Qicai 奇才 (Huang Yueying): her tricks have no distance limit (Snatch reaches anyone)."""

from __future__ import annotations

from games.sanguosha.skills.registry import has_skill
from games.sanguosha.state import SanguoshaState


def trick_reach(state: SanguoshaState, seat: int, reach: int) -> int:
    return 99 if has_skill(state, seat, "qicai") else reach
