"""Guanxing 观星 (Zhuge Liang): in his prepare phase he looks at the top X cards of the deck
(X = living players, at most 5) and puts each back on top or at the bottom, in the order he
chooses."""

from __future__ import annotations

import random
from typing import Any

from games.core import Action, Prompt
from games.core.windows import Window
from games.sanguosha.actions import Choose
from games.sanguosha.cards import name_of
from games.sanguosha.flow import Ctx, answer, prompt, step
from games.sanguosha.skills.base import skill_bot, skill_prompt
from games.sanguosha.state import Frame, SanguoshaState
from games.sanguosha.triggers import on
from games.sanguosha.zones import take_top

MOST = 5


@on("phase_start:prepare", "guanxing")
def offer(ctx: Ctx, seat: int, data: dict[str, Any]) -> None:
    ctx.push("skill:guanxing", seat=seat)


@step("skill:guanxing")
def run(ctx: Ctx, f: Frame) -> None:
    state = ctx.state
    player = state.players[f.d["seat"]]
    if f.step == 0:
        f.step = 1
        count = min(MOST, len(state.living()))
        seen = [c for c in (take_top(ctx) for _ in range(count)) if c is not None]
        player.peek = seen
        f.d["top"], f.d["bottom"] = [], []
        ctx.emit("looked_at_deck", seat=player.seat, count=len(seen))
        ctx.emit("deck_cards_seen", to=(player.seat,), seat=player.seat, cards=seen)
        return
    if player.peek:
        ctx.ask("skill:guanxing", "in_order", [player.seat])
        return
    state.deck.extend(reversed(f.d["top"]))
    for card_id in f.d["bottom"]:
        state.deck.insert(0, card_id)
    ctx.emit("deck_arranged", seat=player.seat, top=len(f.d["top"]), bottom=len(f.d["bottom"]))
    ctx.finish()


@answer("skill:guanxing")
def place(ctx: Ctx, f: Frame, window: Window, action: Action) -> None:
    ctx.close()
    assert isinstance(action, Choose)
    where, card_id = action.option.split(":", 1)
    ctx.state.players[f.d["seat"]].peek.remove(card_id)
    f.d[where].append(card_id)


@prompt("skill:guanxing")
def question(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    seen = state.players[seat].peek
    options = [f"top:{c}" for c in seen] + [f"bottom:{c}" for c in seen]
    return skill_prompt(
        seat,
        window,
        "guanxing",
        [Choose(seat=seat, option=o) for o in options],
        clock="turn",
        seen=list(seen),
    )


_WANTED = ("tao", "wuzhong", "sha", "shan", "juedou", "shunshou", "guohe")


@skill_bot("guanxing")
def bot(view: Any, prompt: Prompt, rng: random.Random) -> Action:
    """Useful cards on top, the best first; the rest to the bottom."""
    seen: list[str] = list(view.me.peek)
    ranked = sorted(seen, key=lambda c: _WANTED.index(name_of(c)) if name_of(c) in _WANTED else 99)
    best = ranked[0]
    where = "top" if name_of(best) in _WANTED else "bottom"
    for action in prompt.actions:
        assert isinstance(action, Choose)
        if action.option == f"{where}:{best}":
            return action
    return prompt.actions[0]
