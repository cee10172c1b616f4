"""Fanjian 反间 (Zhou Yu): once per play phase, another player names a suit and takes a random
card of his hand, shown; if its suit is not the one named, that player takes 1 damage from him."""

from __future__ import annotations

import random
from typing import Any

from games.core import Action, Prompt
from games.core.windows import Window
from games.sanguosha import fast
from games.sanguosha.actions import Choose, Use
from games.sanguosha.cards import card
from games.sanguosha.flow import Ctx, answer, prompt, step
from games.sanguosha.intent import HARM, aimed, deed
from games.sanguosha.skills.base import active, once_per_turn, skill_bot, skill_prompt
from games.sanguosha.state import Frame, SanguoshaState, own_player
from games.sanguosha.triggers import fire
from games.sanguosha.zones import gain_face_up

SUITS = ("spade", "club", "heart", "diamond")


@active("fanjian")
def offers(state: SanguoshaState, seat: int) -> list[Use]:
    if not once_per_turn(state, seat, "fanjian") or not state.players[seat].hand:
        return []
    return [
        fast.use(seat, (), "fanjian", "fanjian", (t,))
        for t in state.living_from(seat, include=False)
    ]


@step("skill:fanjian")
def run(ctx: Ctx, f: Frame) -> None:
    seat: int = f.d["seat"]
    (target,) = f.d["targets"]
    if f.step == 0:
        own_player(ctx.state, seat).flags["fanjian"] = 1
        deed(ctx.state, seat, target, 1)
        aimed(ctx.state, seat, target, HARM)
        ctx.ask("skill:fanjian", "in_order", [target], src=seat)
        return
    ctx.finish()


@answer("skill:fanjian")
def named(ctx: Ctx, f: Frame, window: Window, action: Action) -> None:
    ctx.close()
    assert isinstance(action, Choose)
    state = ctx.state
    seat: int = f.d["seat"]
    (target,) = f.d["targets"]
    f.step = 1
    hand = own_player(state, seat).hand
    if not hand:
        return
    card_id = ctx.rng.choice(hand)
    hand.remove(card_id)
    gain_face_up(ctx, target, card_id)
    ctx.emit("suit_named", seat=target, suit=action.option, card=card_id, src=seat)
    fire(ctx, "lost_cards", [seat], seat=seat, zones=["hand"])
    if card(card_id).suit != action.option:
        ctx.push(
            "damage", src=seat, target=target, amount=1, cards=[], nature="normal", reason="fanjian"
        )


@prompt("skill:fanjian")
def question(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    actions: list[Action] = [fast.choose(seat, s) for s in SUITS]
    return skill_prompt(seat, window, "fanjian", actions)


@skill_bot("fanjian")
def bot(mind: Any, prompt: Prompt, rng: random.Random) -> Action:
    # Red suits are a little more common in Zhou Yu's hand only by chance: any guess will do.
    return rng.choice(prompt.actions)
