"""Biyue 闭月 (Diao Chan): she draws a card in her finish phase."""

from __future__ import annotations

from typing import Any

from games.sanguosha.flow import Ctx
from games.sanguosha.triggers import on
from games.sanguosha.zones import draw


@on("phase_start:finish", "biyue")
def draw_one(ctx: Ctx, seat: int, data: dict[str, Any]) -> None:
    draw(ctx, seat, 1, reason="biyue")
