"""Rende 仁德 (Liu Bei): in his play phase he may give any of his hand cards to other players;
once he has given two or more this phase, he heals 1 (once)."""

from __future__ import annotations

from games.sanguosha import fast
from games.sanguosha.actions import Use
from games.sanguosha.combat import heal
from games.sanguosha.flow import Ctx, step
from games.sanguosha.intent import HELP, aimed, deed
from games.sanguosha.skills.base import active
from games.sanguosha.state import Frame, SanguoshaState, own_player
from games.sanguosha.triggers import fire

HEAL_AT = 2


@active("rende")
def offers(state: SanguoshaState, seat: int) -> list[Use]:
    others = state.living_from(seat, include=False)
    return [
        fast.use(seat, (c,), "rende", "rende", (t,))
        for c in state.players[seat].hand
        for t in others
    ]


@step("skill:rende")
def give(ctx: Ctx, f: Frame) -> None:
    state = ctx.state
    seat: int = f.d["seat"]
    (to,) = f.d["targets"]
    player = own_player(state, seat)
    ctx.finish()
    for card_id in f.d["cards"]:
        player.hand.remove(card_id)
        own_player(state, to).hand.append(card_id)
        ctx.emit("gave_card", to=(seat, to), seat=seat, to_seat=to, card=card_id)
    ctx.emit("gave_cards", seat=seat, to_seat=to, count=len(f.d["cards"]))
    deed(state, seat, to, -1)
    aimed(state, seat, to, HELP)
    player.flags["rende"] = player.flags.get("rende", 0) + len(f.d["cards"])
    fire(ctx, "lost_cards", [seat], seat=seat, zones=["hand"])
    if player.flags["rende"] >= HEAL_AT and not player.flags.get("rende_healed"):
        player.flags["rende_healed"] = 1
        heal(ctx, seat, 1, src=seat)
