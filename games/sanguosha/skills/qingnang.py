"""Qingnang 青囊 (Hua Tuo): once per play phase, he discards a hand card and a wounded player
(himself included) heals 1."""

from __future__ import annotations

from games.sanguosha import fast
from games.sanguosha.actions import Use
from games.sanguosha.combat import heal
from games.sanguosha.flow import Ctx, step
from games.sanguosha.intent import HELP, aimed
from games.sanguosha.skills.base import active, once_per_turn
from games.sanguosha.state import Frame, SanguoshaState, own_player
from games.sanguosha.triggers import fire
from games.sanguosha.zones import to_discard


@active("qingnang")
def offers(state: SanguoshaState, seat: int) -> list[Use]:
    if not once_per_turn(state, seat, "qingnang"):
        return []
    wounded = [s for s in state.living_from(seat) if state.players[s].hp < state.players[s].max_hp]
    return [
        fast.use(seat, (c,), "qingnang", "qingnang", (t,))
        for c in state.players[seat].hand
        for t in wounded
    ]


@step("skill:qingnang")
def run(ctx: Ctx, f: Frame) -> None:
    seat: int = f.d["seat"]
    (target,) = f.d["targets"]
    ctx.finish()
    player = own_player(ctx.state, seat)
    player.flags["qingnang"] = 1
    for card_id in f.d["cards"]:
        player.hand.remove(card_id)
    to_discard(ctx, list(f.d["cards"]))
    ctx.emit("discarded", seat=seat, cards=list(f.d["cards"]), reason="qingnang")
    fire(ctx, "lost_cards", [seat], seat=seat, zones=["hand"])
    heal(ctx, target, 1, src=seat)
    aimed(ctx.state, seat, target, HELP)
