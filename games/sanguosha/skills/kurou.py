"""Kurou 苦肉 (Huang Gai): in his play phase, any number of times, he loses 1 HP and then draws
two cards (if he survives)."""

from __future__ import annotations

from games.sanguosha import fast
from games.sanguosha.actions import Use
from games.sanguosha.combat import lose_hp
from games.sanguosha.flow import Ctx, step
from games.sanguosha.skills.base import active
from games.sanguosha.state import Frame, SanguoshaState
from games.sanguosha.zones import draw


@active("kurou")
def offers(state: SanguoshaState, seat: int) -> list[Use]:
    return [fast.use(seat, (), "kurou", "kurou")]


@step("skill:kurou")
def run(ctx: Ctx, f: Frame) -> None:
    seat: int = f.d["seat"]
    if f.step == 0:
        f.step = 1
        ctx.emit("skill_used", seat=seat, skill="kurou")
        lose_hp(ctx, seat, 1)
        return
    ctx.finish()
    if ctx.state.players[seat].alive:
        draw(ctx, seat, 2, reason="kurou")
