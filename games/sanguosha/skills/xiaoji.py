"""Xiaoji 枭姬 (Sun Shangxiang): for every equipment she loses, she draws two cards."""

from __future__ import annotations

from typing import Any

from games.sanguosha.flow import Ctx
from games.sanguosha.triggers import on
from games.sanguosha.zones import draw


@on("lost_cards", "xiaoji")
def draw_two(ctx: Ctx, seat: int, data: dict[str, Any]) -> None:
    lost = data["zones"].count("equip")
    if lost:
        draw(ctx, seat, 2 * lost, reason="xiaoji")
