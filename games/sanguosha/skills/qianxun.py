"""Qianxun 谦逊 (Lu Xun): he cannot be the target of a Snatch or an Indulgence."""

from __future__ import annotations

from games.sanguosha.skills.registry import has_skill
from games.sanguosha.state import SanguoshaState


def shields(state: SanguoshaState, target: int, name: str) -> bool:
    return name in ("shunshou", "lebu") and has_skill(state, target, "qianxun")
