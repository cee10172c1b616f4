"""Tieji 铁骑 (Ma Chao): when his Slash targets a player, he may judge; on red it cannot be
dodged."""

from __future__ import annotations

import random
from typing import Any

from games.core import Action, Prompt
from games.core.windows import Window
from games.sanguosha.actions import Choose
from games.sanguosha.bot_mind import Mind
from games.sanguosha.cards import card
from games.sanguosha.flow import Ctx, answer, prompt, step
from games.sanguosha.skills.base import NO, YES, choose, skill_bot, skill_prompt, yes_no
from games.sanguosha.state import Frame, SanguoshaState
from games.sanguosha.triggers import on


@on("slash_targeted", "tieji")
def offer(ctx: Ctx, seat: int, data: dict[str, Any]) -> None:
    ctx.push("skill:tieji", ret="unblockable", seat=seat, target=data["frame"]["target"])


@step("skill:tieji")
def run(ctx: Ctx, f: Frame) -> None:
    if f.step == 0:
        ctx.ask("skill:tieji", "in_order", [f.d["seat"]], target=f.d["target"])
        return
    judged = f.d.get("judged")
    hit = judged is not None and card(judged).red
    if hit:
        ctx.emit("cannot_dodge", seat=f.d["target"], skill="tieji")
    ctx.finish(hit)


@answer("skill:tieji")
def answered(ctx: Ctx, f: Frame, window: Window, action: Action) -> None:
    ctx.close()
    if isinstance(action, Choose) and action.option == YES:
        f.step = 1
        ctx.push("judge", ret="judged", seat=f.d["seat"], reason="tieji")
    else:
        ctx.finish(False)


@prompt("skill:tieji")
def question(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    return skill_prompt(seat, window, "tieji", yes_no(seat))


@skill_bot("tieji")
def bot(mind: Mind, prompt: Prompt, rng: random.Random) -> Action:
    target = int(prompt.params.get("target", -1))
    return choose(prompt, NO if target >= 0 and mind.friend(target) else YES)
