"""Jieyin 结姻 (Sun Shangxiang): once per play phase, she discards two hand cards and she and a
wounded male hero each heal 1."""

from __future__ import annotations

import random

from games.core import Action, Pick, Prompt
from games.core.windows import Window
from games.sanguosha import fast
from games.sanguosha.actions import Discard, Use
from games.sanguosha.bot_mind import Mind
from games.sanguosha.combat import heal
from games.sanguosha.flow import Ctx, answer, prompt, step
from games.sanguosha.intent import HELP, aimed
from games.sanguosha.skills.base import active, once_per_turn, skill_bot, skill_prompt
from games.sanguosha.state import Frame, SanguoshaState, own_player
from games.sanguosha.triggers import fire
from games.sanguosha.zones import to_discard


@active("jieyin")
def offers(state: SanguoshaState, seat: int) -> list[Use]:
    if not once_per_turn(state, seat, "jieyin") or len(state.players[seat].hand) < 2:
        return []
    return [
        fast.use(seat, (), "jieyin", "jieyin", (t,))
        for t in state.living_from(seat, include=False)
        if state.players[t].gender == "male" and state.players[t].hp < state.players[t].max_hp
    ]


@step("skill:jieyin")
def ask(ctx: Ctx, f: Frame) -> None:
    own_player(ctx.state, f.d["seat"]).flags["jieyin"] = 1
    ctx.ask("skill:jieyin", "in_order", [f.d["seat"]], target=f.d["targets"][0])


@answer("skill:jieyin")
def pay(ctx: Ctx, f: Frame, window: Window, action: Action) -> None:
    ctx.close()
    ctx.finish()
    assert isinstance(action, Discard)
    seat: int = f.d["seat"]
    (target,) = f.d["targets"]
    for card_id in action.cards:
        own_player(ctx.state, seat).hand.remove(card_id)
    to_discard(ctx, list(action.cards))
    ctx.emit("discarded", seat=seat, cards=list(action.cards), reason="jieyin")
    fire(ctx, "lost_cards", [seat], seat=seat, zones=["hand", "hand"])
    heal(ctx, seat, 1, src=seat)
    heal(ctx, target, 1, src=seat)
    aimed(ctx.state, seat, target, HELP)


@prompt("skill:jieyin")
def question(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    hand = tuple(state.players[seat].hand)
    pick = Pick(field="cards", options=hand, min=2, max=2, template=Discard(seat=seat))
    return skill_prompt(seat, window, "jieyin", [pick.build(hand[:2])], pick=pick, clock="turn")


@skill_bot("jieyin")
def bot(mind: Mind, prompt: Prompt, rng: random.Random) -> Action:
    assert prompt.pick is not None
    values = mind.keep_values()
    cheapest = sorted(prompt.pick.options, key=lambda c: values.get(c, 2.0))[:2]
    return prompt.pick.build(cheapest)
