"""Guicai 鬼才 (Sima Yi): before any judgement counts, he may play a hand card to replace it."""

from __future__ import annotations

import random
from typing import Any

from games.core import Action, Prompt
from games.core.windows import Window
from games.sanguosha.actions import Choose
from games.sanguosha.cards import card
from games.sanguosha.flow import Ctx, answer, prompt, step
from games.sanguosha.skills.base import NO, skill_bot, skill_prompt
from games.sanguosha.state import Frame, SanguoshaState
from games.sanguosha.triggers import fire, on


@on("judge_shown", "guicai")
def offer(ctx: Ctx, seat: int, data: dict[str, Any]) -> None:
    if ctx.state.players[seat].hand:
        judge = data["frame"]
        ctx.push(
            "skill:guicai",
            ret="card",
            seat=seat,
            card=judge["card"],
            judged=judge["seat"],
            reason=judge["reason"],
        )


@step("skill:guicai")
def ask(ctx: Ctx, f: Frame) -> None:
    ctx.ask(
        "skill:guicai",
        "in_order",
        [f.d["seat"]],
        card=f.d["card"],
        judged=f.d["judged"],
        reason=f.d["reason"],
    )


@answer("skill:guicai")
def replace(ctx: Ctx, f: Frame, window: Window, action: Action) -> None:
    ctx.close()
    assert isinstance(action, Choose)
    old: str = f.d["card"]
    if action.option == NO:
        ctx.finish(old)
        return
    state = ctx.state
    seat: int = f.d["seat"]
    state.players[seat].hand.remove(action.option)
    state.processing.append(action.option)
    if old in state.processing:
        state.processing.remove(old)
        state.discard.append(old)
    ctx.emit("judgement_replaced", seat=seat, old=old, card=action.option)
    fire(ctx, "lost_cards", [seat], seat=seat, zones=["hand"])
    ctx.finish(action.option)


@prompt("skill:guicai")
def question(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    options = [NO, *state.players[seat].hand]
    return skill_prompt(seat, window, "guicai", [Choose(seat=seat, option=o) for o in options])


@skill_bot("guicai")
def bot(view: Any, prompt: Prompt, rng: random.Random) -> Action:
    """Saves himself from Indulgence with a heart and from Lightning with anything else."""
    reason = prompt.params.get("reason")
    if prompt.params.get("judged") != view.me.seat:
        return prompt.actions[0]
    current = card(prompt.params["card"])
    for action in prompt.actions[1:]:
        assert isinstance(action, Choose)
        mine = card(action.option)
        if reason == "lebu" and current.suit != "heart" and mine.suit == "heart":
            return action
        hit = current.suit == "spade" and 2 <= current.rank <= 9
        safe = not (mine.suit == "spade" and 2 <= mine.rank <= 9)
        if reason == "shandian" and hit and safe:
            return action
    return prompt.actions[0]
