"""Liuli 流离 (Da Qiao): when a Slash targets her, she may discard a card to pass it to another
player in her attack range (not its user)."""

from __future__ import annotations

import random
from typing import Any

from games.core import Action, Prompt
from games.core.windows import Window
from games.sanguosha import fast
from games.sanguosha.actions import Choose
from games.sanguosha.bot_mind import Mind
from games.sanguosha.distance import in_attack_range
from games.sanguosha.flow import Ctx, answer, prompt, step
from games.sanguosha.intent import HARM, aimed, deed
from games.sanguosha.skills.base import NO, skill_bot, skill_prompt
from games.sanguosha.state import Frame, SanguoshaState
from games.sanguosha.triggers import fire, on
from games.sanguosha.use import can_target
from games.sanguosha.zones import remove_from_seat, to_discard


def _targets(state: SanguoshaState, seat: int, user: int) -> list[int]:
    return [
        t
        for t in state.living_from(seat, include=False)
        if t != user and in_attack_range(state, seat, t) and can_target(state, user, t, "sha")
    ]


def _cards(state: SanguoshaState, seat: int) -> list[str]:
    player = state.players[seat]
    return [*player.hand, *player.equips.values()]


@on("slash_aimed", "liuli")
def offer(ctx: Ctx, seat: int, data: dict[str, Any]) -> None:
    user: int = data["frame"]["user"]
    if _cards(ctx.state, seat) and _targets(ctx.state, seat, user):
        ctx.push("skill:liuli", ret="target", seat=seat, user=user)


@step("skill:liuli")
def ask(ctx: Ctx, f: Frame) -> None:
    ctx.ask("skill:liuli", "in_order", [f.d["seat"]], user=f.d["user"])


@answer("skill:liuli")
def redirect(ctx: Ctx, f: Frame, window: Window, action: Action) -> None:
    ctx.close()
    assert isinstance(action, Choose)
    seat: int = f.d["seat"]
    if action.option == NO:
        ctx.finish(seat)
        return
    card_id, target = action.option.rsplit(">", 1)
    zone = remove_from_seat(ctx.state, seat, card_id)
    to_discard(ctx, [card_id])
    ctx.emit("slash_redirected", seat=seat, card=card_id, to_seat=int(target), src=f.d["user"])
    deed(ctx.state, seat, int(target), 1)
    aimed(ctx.state, seat, int(target), HARM)
    fire(ctx, "lost_cards", [seat], seat=seat, zones=[zone])
    ctx.finish(int(target))


@prompt("skill:liuli")
def question(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    options = [NO]
    options += [f"{c}>{t}" for c in _cards(state, seat) for t in _targets(state, seat, f.d["user"])]
    return skill_prompt(seat, window, "liuli", [fast.choose(seat, o) for o in options])


@skill_bot("liuli")
def bot(mind: Mind, prompt: Prompt, rng: random.Random) -> Action:
    """Passes the Slash to the foe it hurts most, paying with the card worth least, when that
    beats taking it (or dodging it) herself."""
    values = mind.keep_values()
    spared = (1.0 - 0.7 * mind.dodge_chance(mind.me)) * mind.damage_weight(mind.me)
    best, best_score = prompt.actions[0], 0.0
    for action in prompt.actions[1:]:
        assert isinstance(action, Choose)
        card_id, target = action.option.rsplit(">", 1)
        seat = int(target)
        if not mind.foe(seat):
            continue
        hit = 1.0 - mind.dodge_chance(seat)
        score = spared + hit * mind.hurt_value(seat) - 0.6 * values.get(card_id, 2.5)
        if score > best_score:
            best, best_score = action, score
    return best
