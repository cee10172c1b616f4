"""The lord skills that ask the lord's kingdom for a card (Hujia's Dodge, Jijiang's Slash).

The lord first says whether to ask; then every living hero of that kingdom, in seat order from
the lord, is asked in turn (by kingdom, a public fact, never by who holds the card) until one
plays the card for the lord.
"""

from __future__ import annotations

import random
from typing import Any

from games.core import Action, Prompt
from games.core.windows import Window
from games.sanguosha import fast
from games.sanguosha.actions import Choose, Pass, Respond
from games.sanguosha.flow import Ctx, answer, prompt, step
from games.sanguosha.intent import HELP, aimed
from games.sanguosha.responses import answer_options, play_answer_cards
from games.sanguosha.skills.base import YES, skill_prompt, yes_no
from games.sanguosha.state import Frame, SanguoshaState
from games.sanguosha.triggers import fire
from games.sanguosha.zones import remove_from_seat


def helpers(state: SanguoshaState, lord: int, kingdom: str) -> list[int]:
    return [
        s for s in state.living_from(lord, include=False) if state.players[s].kingdom == kingdom
    ]


def ask_kingdom(ctx: Ctx, lord: int, skill: str, want: str, kingdom: str, keep: bool) -> None:
    """Pushes the frame; it finishes with the answer's cards (or None). ``keep`` leaves the
    cards in play for the lord's own use instead of discarding them as a played answer."""
    ctx.push(
        "lord_help", ret="provided", seat=lord, skill=skill, want=want, kingdom=kingdom, keep=keep
    )


@step("lord_help")
def lord_help_step(ctx: Ctx, f: Frame) -> None:
    state = ctx.state
    if f.step == 0:
        ctx.ask(f"lord_help:{f.d['skill']}", "in_order", [f.d["seat"]], want=f.d["want"])
        return
    order: list[int] = f.d["order"]
    at: int = f.d["at"]
    while at < len(order) and not state.players[order[at]].alive:
        at += 1
    f.d["at"] = at
    if at >= len(order):
        ctx.finish(None)
        return
    ctx.ask(
        "lord_help_answer",
        "in_order",
        [order[at]],
        lord=f.d["seat"],
        want=f.d["want"],
        skill=f.d["skill"],
    )


@answer("lord_help")
def lord_help_answer(ctx: Ctx, f: Frame, window: Window, action: Action) -> None:
    ctx.close()
    if f.step == 0:
        if isinstance(action, Choose) and action.option == YES:
            f.step = 1
            f.d["order"] = helpers(ctx.state, f.d["seat"], f.d["kingdom"])
            f.d["at"] = 0
            ctx.emit("lord_asks", seat=f.d["seat"], skill=f.d["skill"])
        else:
            ctx.finish(None)
        return
    if isinstance(action, Pass):
        f.d["at"] += 1
        return
    assert isinstance(action, Respond)
    aimed(ctx.state, action.seat, f.d["seat"], HELP)
    if f.d["keep"]:
        state = ctx.state
        zones = [remove_from_seat(state, action.seat, c) for c in action.cards]
        state.processing.extend(action.cards)
        ctx.emit(
            "answered",
            seat=action.seat,
            cards=list(action.cards),
            name=action.name,
            via=action.via,
            reason=f.d["skill"],
        )
        fire(ctx, "lost_cards", [action.seat], seat=action.seat, zones=zones)
    else:
        play_answer_cards(ctx, action, f.d["skill"])
    ctx.finish(list(action.cards))


def _ask_lord(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    return skill_prompt(seat, window, f.d["skill"], yes_no(seat))


for _skill in ("hujia", "jijiang"):
    prompt(f"lord_help:{_skill}")(_ask_lord)


@prompt("lord_help_answer")
def helper_prompt(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    actions: list[Action] = [fast.passing(seat), *answer_options(state, seat, f.d["want"])]
    return skill_prompt(seat, window, f.d["skill"], actions, helping=True)


def helper_bot(mind: Any, prompt: Prompt, rng: random.Random) -> Action:
    """Whoever wants the lord kept alive plays the card for him (a loyalist, the renegade
    while others are left); a rebel never does."""
    lord = int(prompt.params.get("lord", -1))
    answers = prompt.actions[1:]
    if not answers or lord < 0 or not mind.friend(lord):
        return prompt.actions[0]
    values = mind.keep_values()
    return min(answers, key=lambda a: sum(values.get(c, 2.0) for c in getattr(a, "cards", ())))
