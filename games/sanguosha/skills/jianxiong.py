"""Jianxiong 奸雄 (Cao Cao): after taking damage, he may take the card(s) that dealt it."""

from __future__ import annotations

from typing import Any

from games.core import Action, Prompt
from games.core.windows import Window
from games.sanguosha.actions import Choose
from games.sanguosha.flow import Ctx, answer, prompt, step
from games.sanguosha.skills.base import YES, always_yes, skill_bot, skill_prompt, yes_no
from games.sanguosha.state import Frame, SanguoshaState
from games.sanguosha.triggers import on
from games.sanguosha.zones import gain_face_up


@on("damaged", "jianxiong")
def offer(ctx: Ctx, seat: int, data: dict[str, Any]) -> None:
    cards = [c for c in data["frame"]["cards"] if c in ctx.state.processing]
    if cards:
        ctx.push("skill:jianxiong", seat=seat, cards=cards)


@step("skill:jianxiong")
def ask(ctx: Ctx, f: Frame) -> None:
    ctx.ask("skill:jianxiong", "in_order", [f.d["seat"]], cards=f.d["cards"])


@answer("skill:jianxiong")
def take(ctx: Ctx, f: Frame, window: Window, action: Action) -> None:
    ctx.close()
    ctx.finish()
    if isinstance(action, Choose) and action.option == YES:
        state = ctx.state
        for card_id in f.d["cards"]:
            if card_id in state.processing:
                state.processing.remove(card_id)
                gain_face_up(ctx, f.d["seat"], card_id)
                ctx.emit("took_card", seat=f.d["seat"], src=-1, card=card_id, reason="jianxiong")


@prompt("skill:jianxiong")
def question(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    return skill_prompt(seat, window, "jianxiong", yes_no(seat))


skill_bot("jianxiong")(always_yes)
