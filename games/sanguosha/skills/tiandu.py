"""Tiandu 天妒 (Guo Jia): he takes his own judgement cards once they have counted."""

from __future__ import annotations

from typing import Any

from games.sanguosha.flow import Ctx
from games.sanguosha.triggers import on
from games.sanguosha.zones import gain_face_up


@on("judge_done", "tiandu")
def take_judgement(ctx: Ctx, seat: int, data: dict[str, Any]) -> None:
    card_id: str = data["card"]
    if card_id in ctx.state.processing:
        ctx.state.processing.remove(card_id)
        gain_face_up(ctx, seat, card_id)
        ctx.emit("took_card", seat=seat, src=-1, card=card_id, reason="tiandu")
