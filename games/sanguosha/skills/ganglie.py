"""Ganglie 刚烈 (Xiahou Dun): after taking damage, he may judge; unless it is a heart, the
source discards two hand cards or takes 1 damage from him."""

from __future__ import annotations

import random
from typing import Any

from games.core import Action, Pick, Prompt
from games.core.windows import Window
from games.sanguosha import fast
from games.sanguosha.actions import Choose, Discard
from games.sanguosha.bot_mind import Mind
from games.sanguosha.cards import card
from games.sanguosha.flow import Ctx, answer, prompt, step
from games.sanguosha.intent import HARM, aimed
from games.sanguosha.skills.base import NO, YES, choose, skill_bot, skill_prompt, yes_no
from games.sanguosha.state import Frame, SanguoshaState, own_player
from games.sanguosha.triggers import fire, on
from games.sanguosha.zones import to_discard

TAKE_DAMAGE = "damage"


@on("damaged", "ganglie")
def offer(ctx: Ctx, seat: int, data: dict[str, Any]) -> None:
    src: int = data["frame"]["src"]
    if src >= 0 and src != seat and ctx.state.players[src].alive:
        ctx.push("skill:ganglie", seat=seat, src=src)


@step("skill:ganglie")
def run(ctx: Ctx, f: Frame) -> None:
    state = ctx.state
    seat, src = f.d["seat"], f.d["src"]
    if f.step == 0:
        ctx.ask("skill:ganglie", "in_order", [seat], src=src)
        return
    if f.step == 1:
        judged = f.d.get("judged")
        f.step = 3
        if judged is None or card(judged).suit == "heart" or not state.players[src].alive:
            return
        if len(state.players[src].hand) >= 2:
            ctx.ask("skill:ganglie_price", "in_order", [src], seat=seat)
        else:
            f.step = 2
        return
    if f.step == 2:
        f.step = 3
        ctx.push(
            "damage", src=seat, target=src, amount=1, cards=[], nature="normal", reason="ganglie"
        )
        return
    ctx.finish()


@answer("skill:ganglie")
def answered(ctx: Ctx, f: Frame, window: Window, action: Action) -> None:
    ctx.close()
    if window.topic == "skill:ganglie":
        if isinstance(action, Choose) and action.option == YES:
            aimed(ctx.state, f.d["seat"], f.d["src"], HARM)
            f.step = 1
            ctx.push("judge", ret="judged", seat=f.d["seat"], reason="ganglie")
        else:
            ctx.finish()
        return
    if isinstance(action, Discard):
        src = f.d["src"]
        for card_id in action.cards:
            own_player(ctx.state, src).hand.remove(card_id)
        to_discard(ctx, list(action.cards))
        ctx.emit("discarded", seat=src, cards=list(action.cards), reason="ganglie")
        fire(ctx, "lost_cards", [src], seat=src, zones=["hand", "hand"])
    else:
        f.step = 2


@prompt("skill:ganglie")
def question(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    return skill_prompt(seat, window, "ganglie", yes_no(seat))


@prompt("skill:ganglie_price")
def price(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    hand = tuple(state.players[seat].hand)
    pick = Pick(field="cards", options=hand, min=2, max=2, template=Discard(seat=seat))
    actions: list[Action] = [fast.choose(seat, TAKE_DAMAGE), pick.build(hand[:2])]
    return skill_prompt(seat, window, "ganglie", actions, pick=pick, paying=True)


@skill_bot("ganglie")
def bot(mind: Mind, prompt: Prompt, rng: random.Random) -> Action:
    if not prompt.params.get("paying"):
        # Strike back only at a foe: never at his own lord or a friend.
        src = int(prompt.params.get("src", -1))
        return choose(prompt, YES if src >= 0 and mind.foe(src) else NO)
    # Asked to pay: two cards, or a point of damage.
    assert prompt.pick is not None
    values = mind.keep_values()
    price = sorted(prompt.pick.options, key=lambda c: values.get(c, 2.0))[:2]
    cards = sum(values.get(c, 2.0) for c in price)
    if mind.damage_weight(mind.me) > 0.8 * cards:
        return prompt.pick.build(price)
    return prompt.actions[0]
