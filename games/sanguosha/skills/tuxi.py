"""Tuxi 突袭 (Zhang Liao): instead of drawing, he may take a random hand card from each of one
or two other players."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from games.core import Action, Prompt
from games.core.windows import Window
from games.sanguosha import fast
from games.sanguosha.actions import Choose
from games.sanguosha.bot_mind import Mind
from games.sanguosha.flow import Ctx, answer, prompt, step
from games.sanguosha.intent import HARM, aimed
from games.sanguosha.skills.base import NO, skill_bot, skill_prompt
from games.sanguosha.state import Frame, SanguoshaState, own_player
from games.sanguosha.triggers import fire, on


def _with_hands(state: SanguoshaState, seat: int) -> list[int]:
    return [s for s in state.living_from(seat, include=False) if state.players[s].hand]


@on("phase_start:draw", "tuxi")
def offer(ctx: Ctx, seat: int, data: dict[str, Any]) -> None:
    if _with_hands(ctx.state, seat):
        ctx.push("skill:tuxi", ret="count", seat=seat, count=data["frame"]["count"])


@step("skill:tuxi")
def ask(ctx: Ctx, f: Frame) -> None:
    ctx.ask("skill:tuxi", "in_order", [f.d["seat"]])


@answer("skill:tuxi")
def raid(ctx: Ctx, f: Frame, window: Window, action: Action) -> None:
    ctx.close()
    assert isinstance(action, Choose)
    if action.option == NO:
        ctx.finish(f.d["count"])
        return
    state = ctx.state
    seat: int = f.d["seat"]
    for victim in (int(s) for s in action.option.split(",")):
        card_id = ctx.rng.choice(state.players[victim].hand)
        own_player(state, victim).hand.remove(card_id)
        own_player(state, seat).hand.append(card_id)
        ctx.emit("took_card", to=(seat, victim), seat=seat, src=victim, card=card_id)
        ctx.emit("took_hidden_card", seat=seat, src=victim)
        fire(ctx, "lost_cards", [victim], seat=victim, zones=["hand"])
        aimed(state, seat, victim, HARM)
    ctx.finish(0)


@prompt("skill:tuxi")
def question(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    seats = _with_hands(state, seat)
    options = [NO, *(str(s) for s in seats)]
    options += [f"{a},{b}" for a, b in combinations(seats, 2)]
    return skill_prompt(
        seat, window, "tuxi", [fast.choose(seat, o) for o in options], clock="turn"
    )


@skill_bot("tuxi")
def bot(mind: Mind, prompt: Prompt, rng: random.Random) -> Action:
    """Raids foes' hands rather than drawing two: each card taken is one for him and one fewer
    for a foe."""
    best, best_score = prompt.actions[0], 2.0  # drawing two cards
    for action in prompt.actions[1:]:
        assert isinstance(action, Choose)
        seats = [int(s) for s in action.option.split(",")]
        if any(mind.enmity(s) < 0 for s in seats):
            continue
        score = sum(1.0 + 0.8 * mind.enmity(s) for s in seats)
        if score > best_score:
            best, best_score = action, score
    return best
