"""Luoyi 裸衣 (Xu Chu): he may draw one card fewer; then his Slashes and Duels deal 1 more
damage this turn."""

from __future__ import annotations

import random
from typing import Any

from games.core import Action, Prompt
from games.core.windows import Window
from games.sanguosha.actions import Choose
from games.sanguosha.bot_mind import Mind
from games.sanguosha.cards import name_of
from games.sanguosha.flow import Ctx, answer, prompt, step
from games.sanguosha.skills.base import YES, skill_bot, skill_prompt, yes_no
from games.sanguosha.state import Frame, SanguoshaState, own_player
from games.sanguosha.triggers import on


@on("phase_start:draw", "luoyi")
def offer(ctx: Ctx, seat: int, data: dict[str, Any]) -> None:
    if data["frame"]["count"] > 0:
        ctx.push("skill:luoyi", ret="count", seat=seat, count=data["frame"]["count"])


@step("skill:luoyi")
def ask(ctx: Ctx, f: Frame) -> None:
    ctx.ask("skill:luoyi", "in_order", [f.d["seat"]])


@answer("skill:luoyi")
def strip(ctx: Ctx, f: Frame, window: Window, action: Action) -> None:
    ctx.close()
    if isinstance(action, Choose) and action.option == YES:
        own_player(ctx.state, f.d["seat"]).flags["luoyi"] = 1
        ctx.emit("skill_used", seat=f.d["seat"], skill="luoyi")
        ctx.finish(f.d["count"] - 1)
        return
    ctx.finish(f.d["count"])


@prompt("skill:luoyi")
def question(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    return skill_prompt(seat, window, "luoyi", yes_no(seat), clock="turn")


@skill_bot("luoyi")
def bot(mind: Mind, prompt: Prompt, rng: random.Random) -> Action:
    """One card fewer for a harder hit, when a Slash or a Duel in hand can find a foe."""
    attacks = sum(1 for c in mind.hand if name_of(c) in ("sha", "juedou"))
    return prompt.actions[1] if attacks >= 1 and mind.foes else prompt.actions[0]
