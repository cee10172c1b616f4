"""Hujia 护驾 (Cao Cao, lord skill): when he needs a Dodge, he may ask the Wei heroes, in turn,
to play one for him."""

from __future__ import annotations

from typing import Any

from games.sanguosha.flow import Ctx
from games.sanguosha.skills.base import always_yes, skill_bot
from games.sanguosha.skills.lord_help import ask_kingdom, helper_bot, helpers
from games.sanguosha.triggers import on


@on("need_card", "hujia")
def ask_wei(ctx: Ctx, seat: int, data: dict[str, Any]) -> None:
    if data["frame"]["want"] == "shan" and helpers(ctx.state, seat, "wei"):
        ask_kingdom(ctx, seat, "hujia", "shan", "wei", keep=False)


@skill_bot("hujia")
def bot(mind: Any, prompt: Any, rng: Any) -> Any:
    if prompt.params.get("helping"):
        return helper_bot(mind, prompt, rng)
    return always_yes(mind, prompt, rng)
