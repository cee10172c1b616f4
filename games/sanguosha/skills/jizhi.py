"""Jizhi 集智 (Huang Yueying): she draws a card whenever she uses an instant trick."""

from __future__ import annotations

from typing import Any

from games.sanguosha.flow import Ctx
from games.sanguosha.triggers import on
from games.sanguosha.zones import draw


@on("card_used", "jizhi")
def draw_one(ctx: Ctx, seat: int, data: dict[str, Any]) -> None:
    draw(ctx, seat, 1, reason="jizhi")
