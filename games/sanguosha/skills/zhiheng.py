"""Zhiheng 制衡 (Sun Quan): once per play phase, discard any number of cards (hand or
equipped) and draw as many."""

from __future__ import annotations

import random

from games.core import Action, Pick, Prompt
from games.core.windows import Window
from games.sanguosha import fast
from games.sanguosha.actions import Discard, Use
from games.sanguosha.bot_mind import Mind
from games.sanguosha.flow import Ctx, answer, prompt, step
from games.sanguosha.skills.base import active, once_per_turn, skill_bot, skill_prompt
from games.sanguosha.state import Frame, SanguoshaState, own_player
from games.sanguosha.triggers import fire
from games.sanguosha.zones import draw, remove_from_seat, to_discard


def _cards(state: SanguoshaState, seat: int) -> tuple[str, ...]:
    player = state.players[seat]
    return (*player.hand, *player.equips.values())


@active("zhiheng")
def offers(state: SanguoshaState, seat: int) -> list[Use]:
    if not once_per_turn(state, seat, "zhiheng") or not _cards(state, seat):
        return []
    return [fast.use(seat, (), "zhiheng", "zhiheng")]


@step("skill:zhiheng")
def ask(ctx: Ctx, f: Frame) -> None:
    own_player(ctx.state, f.d["seat"]).flags["zhiheng"] = 1
    ctx.ask("skill:zhiheng", "in_order", [f.d["seat"]])


@answer("skill:zhiheng")
def swap(ctx: Ctx, f: Frame, window: Window, action: Action) -> None:
    ctx.close()
    ctx.finish()
    assert isinstance(action, Discard)
    seat: int = f.d["seat"]
    zones = [remove_from_seat(ctx.state, seat, c) for c in action.cards]
    to_discard(ctx, list(action.cards))
    ctx.emit("discarded", seat=seat, cards=list(action.cards), reason="zhiheng")
    fire(ctx, "lost_cards", [seat], seat=seat, zones=zones)
    draw(ctx, seat, len(action.cards), reason="zhiheng")


@prompt("skill:zhiheng")
def question(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    cards = _cards(state, seat)
    pick = Pick(field="cards", options=cards, min=1, max=len(cards), template=Discard(seat=seat))
    actions: list[Action] = [pick.build(cards[:1])]
    return skill_prompt(seat, window, "zhiheng", actions, pick=pick, clock="turn")


@skill_bot("zhiheng")
def bot(mind: Mind, prompt: Prompt, rng: random.Random) -> Action:
    """Trades the cards worth little where they are: spare Dodges and Slashes, tricks with no
    use now, equipment no better than what is worn."""
    assert prompt.pick is not None
    values = mind.keep_values()
    junk = [c for c in prompt.pick.options if c in values and values[c] < 2.6]
    chosen = junk or [min(prompt.pick.options, key=lambda c: values.get(c, 9.0))]
    return prompt.pick.build(chosen)
