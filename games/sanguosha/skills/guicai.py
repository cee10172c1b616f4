"""Guicai 鬼才 (Sima Yi): before any judgement counts, he may play a hand card to replace it."""

from __future__ import annotations

import random
from typing import Any

from games.core import Action, Prompt
from games.core.windows import Window
from games.sanguosha import fast
from games.sanguosha.actions import Choose
from games.sanguosha.bot_mind import Mind
from games.sanguosha.cards import card
from games.sanguosha.flow import Ctx, answer, prompt, step
from games.sanguosha.skills.base import NO, skill_bot, skill_prompt
from games.sanguosha.state import Frame, SanguoshaState, own_player
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
    own_player(state, seat).hand.remove(action.option)
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
    return skill_prompt(seat, window, "guicai", [fast.choose(seat, o) for o in options])


def _succeeds(reason: str, card_id: str, hearts_only: bool) -> bool | None:
    """Whether a judgement of ``card_id`` goes the judged seat's way (None: no view on it)."""
    judged = card(card_id)
    if reason == "lebu":
        return judged.suit == "heart"
    if reason == "shandian":
        return not (judged.suit == "spade" and 2 <= judged.rank <= 9)
    if reason == "bagua":
        return judged.suit == "heart" if hearts_only else judged.red
    if reason == "tieji":
        return judged.red
    if reason == "ganglie":
        return judged.suit != "heart"
    if reason == "luoshen":
        return judged.black
    return None


def _stakes(mind: Mind, reason: str, seat: int) -> float:
    """How much a judgement of ``reason`` matters, whoever it helps."""
    if reason == "lebu":
        return 4.5
    if reason == "shandian":
        return mind.damage_weight(seat, 3)
    if reason in ("bagua", "tieji", "ganglie"):
        return 2.0
    return 0.8


@skill_bot("guicai")
def bot(mind: Mind, prompt: Prompt, rng: random.Random) -> Action:
    """Turns any judgement his side's way, a friend's as well as his own, and a foe's against
    it, when the stakes are worth the card."""
    reason = str(prompt.params.get("reason", ""))
    judged = int(prompt.params.get("judged", -1))
    hearts_only = bool(getattr(mind.view.options, "eight_diagram_hearts", False))
    now = _succeeds(reason, str(prompt.params["card"]), hearts_only)
    if now is None or judged < 0:
        return prompt.actions[0]
    # Ma Chao's and Xiahou Dun's judgements are about the seat they are aimed at.
    wanted = not mind.foe(judged)
    if now == wanted:
        return prompt.actions[0]
    values = mind.keep_values()
    best, best_cost = prompt.actions[0], 0.8 * _stakes(mind, reason, judged)
    for action in prompt.actions[1:]:
        assert isinstance(action, Choose)
        if _succeeds(reason, action.option, hearts_only) != wanted:
            continue
        cost = values.get(action.option, 2.0)
        if cost < best_cost:
            best, best_cost = action, cost
    return best
