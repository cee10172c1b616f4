"""Yingzi 英姿 (Zhou Yu): he draws one more card in his draw phase."""

from __future__ import annotations

from typing import Any

from games.sanguosha.flow import Ctx
from games.sanguosha.triggers import on


@on("phase_start:draw", "yingzi")
def one_more(ctx: Ctx, seat: int, data: dict[str, Any]) -> None:
    data["frame"]["count"] += 1
