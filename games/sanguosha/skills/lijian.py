"""Lijian 离间 (Diao Chan): once per play phase, she discards a card and makes one male hero use
a Duel on another; that Duel cannot be nullified."""

from __future__ import annotations

import random
from itertools import permutations

from games.core import Action, Pick, Prompt
from games.core.windows import Window
from games.sanguosha import fast
from games.sanguosha.actions import Discard, Use
from games.sanguosha.bot_mind import Mind, equip_value
from games.sanguosha.flow import Ctx, answer, prompt, step
from games.sanguosha.intent import HARM, aimed, deed
from games.sanguosha.skills.base import active, once_per_turn, skill_bot, skill_prompt
from games.sanguosha.state import Frame, SanguoshaState, own_player
from games.sanguosha.triggers import fire
from games.sanguosha.use import can_target
from games.sanguosha.zones import remove_from_seat, to_discard


def _cards(state: SanguoshaState, seat: int) -> tuple[str, ...]:
    player = state.players[seat]
    return (*player.hand, *player.equips.values())


@active("lijian")
def offers(state: SanguoshaState, seat: int) -> list[Use]:
    """Targets are (the Duel's user, its target)."""
    if not once_per_turn(state, seat, "lijian") or not _cards(state, seat):
        return []
    men = [t for t in state.living_from(seat, include=False) if state.players[t].gender == "male"]
    return [
        fast.use(seat, (), "lijian", "lijian", (a, b))
        for a, b in permutations(men, 2)
        if can_target(state, a, b, "juedou")
    ]


@step("skill:lijian")
def run(ctx: Ctx, f: Frame) -> None:
    if f.step == 0:
        own_player(ctx.state, f.d["seat"]).flags["lijian"] = 1
        ctx.ask("skill:lijian", "in_order", [f.d["seat"]], duel=f.d["targets"])
        return
    ctx.finish()


@answer("skill:lijian")
def pay(ctx: Ctx, f: Frame, window: Window, action: Action) -> None:
    ctx.close()
    assert isinstance(action, Discard)
    state = ctx.state
    seat: int = f.d["seat"]
    user, target = f.d["targets"]
    zones = [remove_from_seat(state, seat, c) for c in action.cards]
    to_discard(ctx, list(action.cards))
    ctx.emit("discarded", seat=seat, cards=list(action.cards), reason="lijian")
    fire(ctx, "lost_cards", [seat], seat=seat, zones=zones)
    deed(state, seat, user, 1)
    deed(state, seat, target, 1)
    deed(state, user, target, 1)
    # She chose both to fight; the Duel's user did not choose it.
    aimed(state, seat, user, HARM)
    aimed(state, seat, target, HARM)
    ctx.emit("forced_duel", seat=seat, user=user, target=target)
    f.step = 1
    ctx.push("duel", user=user, target=target, cards=[])


@prompt("skill:lijian")
def question(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    cards = _cards(state, seat)
    pick = Pick(field="cards", options=cards, min=1, max=1, template=Discard(seat=seat))
    return skill_prompt(seat, window, "lijian", [pick.build(cards[:1])], pick=pick, clock="turn")


@skill_bot("lijian")
def bot(mind: Mind, prompt: Prompt, rng: random.Random) -> Action:
    assert prompt.pick is not None
    values = mind.keep_values()
    return prompt.pick.build([min(prompt.pick.options,
                                  key=lambda c: values.get(c, equip_value(c)))])
