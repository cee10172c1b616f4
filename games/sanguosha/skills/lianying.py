"""Lianying 连营 (Lu Xun): when he loses his last hand card, he draws one."""

from __future__ import annotations

from typing import Any

from games.sanguosha.flow import Ctx
from games.sanguosha.triggers import on
from games.sanguosha.zones import draw


@on("lost_cards", "lianying")
def refill(ctx: Ctx, seat: int, data: dict[str, Any]) -> None:
    if "hand" in data["zones"] and not ctx.state.players[seat].hand:
        draw(ctx, seat, 1, reason="lianying")
