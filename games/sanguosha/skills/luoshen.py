"""Luoshen 洛神 (Zhen Ji): in her prepare phase she may judge again and again, keeping every
black judgement card, until a red one."""

from __future__ import annotations

from typing import Any

from games.core import Action, Prompt
from games.core.windows import Window
from games.sanguosha.actions import Choose
from games.sanguosha.cards import card
from games.sanguosha.flow import Ctx, answer, prompt, step
from games.sanguosha.skills.base import YES, always_yes, skill_bot, skill_prompt, yes_no
from games.sanguosha.state import Frame, SanguoshaState
from games.sanguosha.triggers import on
from games.sanguosha.zones import gain_face_up


@on("phase_start:prepare", "luoshen")
def offer(ctx: Ctx, seat: int, data: dict[str, Any]) -> None:
    ctx.push("skill:luoshen", seat=seat)


@step("skill:luoshen")
def run(ctx: Ctx, f: Frame) -> None:
    state = ctx.state
    if f.step == 0:
        ctx.ask("skill:luoshen", "in_order", [f.d["seat"]])
        return
    judged = f.d.get("judged")
    if judged is not None and card(judged).black and judged in state.discard:
        state.discard.remove(judged)
        gain_face_up(ctx, f.d["seat"], judged)
        ctx.emit("took_card", seat=f.d["seat"], src=-1, card=judged, reason="luoshen")
        f.step = 0
        return
    ctx.finish()


@answer("skill:luoshen")
def answered(ctx: Ctx, f: Frame, window: Window, action: Action) -> None:
    ctx.close()
    if isinstance(action, Choose) and action.option == YES:
        f.step = 1
        ctx.push("judge", ret="judged", seat=f.d["seat"], reason="luoshen")
    else:
        ctx.finish()


@prompt("skill:luoshen")
def question(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    return skill_prompt(seat, window, "luoshen", yes_no(seat), clock="turn")


skill_bot("luoshen")(always_yes)
