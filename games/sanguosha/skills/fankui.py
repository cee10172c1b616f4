"""Fankui 反馈 (Sima Yi): after taking damage, he may take one card (a random hand card or a
named equipment) from its source."""

from __future__ import annotations

import random
from typing import Any

from games.core import Action, Prompt
from games.core.windows import Window
from games.sanguosha import fast
from games.sanguosha.actions import Choose
from games.sanguosha.areas import area_options, take_from_area
from games.sanguosha.bot_mind import Mind, equip_value
from games.sanguosha.flow import Ctx, answer, prompt, step
from games.sanguosha.skills.base import NO, skill_bot, skill_prompt
from games.sanguosha.state import Frame, SanguoshaState, own_player
from games.sanguosha.triggers import fire, on
from games.sanguosha.zones import gain_face_up


@on("damaged", "fankui")
def offer(ctx: Ctx, seat: int, data: dict[str, Any]) -> None:
    src: int = data["frame"]["src"]
    state = ctx.state
    if src >= 0 and src != seat and state.players[src].alive and area_options(state, src, False):
        ctx.push("skill:fankui", seat=seat, src=src)


@step("skill:fankui")
def ask(ctx: Ctx, f: Frame) -> None:
    ctx.ask("skill:fankui", "in_order", [f.d["seat"]], src=f.d["src"])


@answer("skill:fankui")
def take(ctx: Ctx, f: Frame, window: Window, action: Action) -> None:
    ctx.close()
    ctx.finish()
    assert isinstance(action, Choose)
    if action.option == NO:
        return
    seat, src = f.d["seat"], f.d["src"]
    card_id, zone = take_from_area(ctx, src, action.option)
    if zone == "hand":
        own_player(ctx.state, seat).hand.append(card_id)
        ctx.emit("took_card", to=(seat, src), seat=seat, src=src, card=card_id)
        ctx.emit("took_hidden_card", seat=seat, src=src)
    else:
        gain_face_up(ctx, seat, card_id)
        ctx.emit("took_card", seat=seat, src=src, card=card_id)
    fire(ctx, "lost_cards", [src], seat=src, zones=[zone])


@prompt("skill:fankui")
def question(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    options = [NO, *area_options(state, f.d["src"], judging=False)]
    return skill_prompt(seat, window, "fankui", [fast.choose(seat, o) for o in options])


@skill_bot("fankui")
def bot(mind: Mind, prompt: Prompt, rng: random.Random) -> Action:
    """A card from whoever hurt him, unless a friend did: armour or weapon first, else the
    hand."""
    src = int(prompt.params.get("src", -1))
    if src < 0 or mind.friend(src):
        return prompt.actions[0]

    def worth(action: Action) -> float:
        if not isinstance(action, Choose) or action.option == NO:
            return -1.0
        if action.option == "hand":
            return 2.5
        return equip_value(action.option)

    return max(prompt.actions, key=worth)
