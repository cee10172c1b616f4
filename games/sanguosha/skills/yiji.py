"""Yiji 遗计 (Guo Jia): for each point of damage he takes, he may draw two cards and hand each
of them to any player, himself included."""

from __future__ import annotations

import random
from typing import Any

from games.core import Action, Prompt
from games.core.windows import Window
from games.sanguosha import fast
from games.sanguosha.actions import Choose
from games.sanguosha.bot_mind import Mind
from games.sanguosha.flow import Ctx, answer, prompt, step
from games.sanguosha.intent import HELP, aimed
from games.sanguosha.skills.base import YES, choose, skill_bot, skill_prompt, yes_no
from games.sanguosha.state import Frame, SanguoshaState, own_player
from games.sanguosha.triggers import on
from games.sanguosha.zones import draw


@on("damaged", "yiji")
def offer(ctx: Ctx, seat: int, data: dict[str, Any]) -> None:
    ctx.push("skill:yiji", seat=seat, left=data["frame"]["amount"], give=[])


@step("skill:yiji")
def run(ctx: Ctx, f: Frame) -> None:
    seat: int = f.d["seat"]
    if not ctx.state.players[seat].alive:
        ctx.finish()
        return
    if f.d["give"]:
        ctx.ask("skill:yiji_give", "in_order", [seat])
        return
    if f.d["left"] <= 0:
        ctx.finish()
        return
    ctx.ask("skill:yiji", "in_order", [seat])


@answer("skill:yiji")
def answered(ctx: Ctx, f: Frame, window: Window, action: Action) -> None:
    ctx.close()
    assert isinstance(action, Choose)
    seat: int = f.d["seat"]
    state = ctx.state
    if window.topic == "skill:yiji":
        f.d["left"] -= 1
        if action.option == YES:
            f.d["give"] = draw(ctx, seat, 2, reason="yiji")
        else:
            f.d["left"] = 0
        return
    card_id = f.d["give"].pop(0)
    to = int(action.option)
    if to != seat and card_id in state.players[seat].hand:
        own_player(state, seat).hand.remove(card_id)
        own_player(state, to).hand.append(card_id)
        ctx.emit("gave_card", to=(seat, to), seat=seat, to_seat=to, card=card_id)
        ctx.emit("gave_cards", seat=seat, to_seat=to, count=1)
        aimed(state, seat, to, HELP)


@prompt("skill:yiji")
def question(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    return skill_prompt(seat, window, "yiji", yes_no(seat))


@prompt("skill:yiji_give")
def give(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    actions: list[Action] = [fast.choose(seat, str(s)) for s in state.living_from(seat)]
    return skill_prompt(seat, window, "yiji", actions, card=f.d["give"][0], giving=True)


@skill_bot("yiji")
def bot(mind: Mind, prompt: Prompt, rng: random.Random) -> Action:
    """Always draws; hands a card on to the friend who needs it most (the fewest cards, the
    lowest HP) once his own hand is more than he can keep."""
    if not prompt.params.get("giving"):
        return prompt.actions[1]
    friends = [s for s in mind.friends if s != mind.me]
    if friends and len(mind.hand) > mind.my_row.hp:
        target = min(friends, key=lambda s: (mind.rows[s].hand_count + mind.rows[s].hp,
                                             s != mind.lord))
        return choose(prompt, str(target))
    return choose(prompt, str(mind.me))
