"""Jiuyuan 救援 (Sun Quan, lord skill): a Peach from a Wu hero heals him one more while he is
dying."""

from __future__ import annotations

from games.sanguosha.skills.registry import has_skill
from games.sanguosha.state import SanguoshaState


def peach_heal(state: SanguoshaState, dying: int, saver: int) -> int:
    helped = (
        has_skill(state, dying, "jiuyuan")
        and saver != dying
        and state.players[saver].kingdom == "wu"
    )
    return 2 if helped else 1
