"""Keji 克己 (Lü Meng): if he used or played no Slash this turn, he skips his discard phase."""

from __future__ import annotations

from typing import Any

from games.sanguosha.flow import Ctx
from games.sanguosha.state import own_player
from games.sanguosha.triggers import on


@on("phase_check:discard", "keji")
def skip_discard(ctx: Ctx, seat: int, data: dict[str, Any]) -> None:
    flags = ctx.state.players[seat].flags
    if not flags.get("sha_any") and not flags.get("sha_answered"):
        own_player(ctx.state, seat).flags["skip_discard"] = 1
