"""Jijiang 激将 (Liu Bei, lord skill): when he needs or wants to use a Slash, he may ask the Shu
heroes, in turn, to play one for him."""

from __future__ import annotations

from typing import Any

from games.sanguosha import fast
from games.sanguosha.actions import Use
from games.sanguosha.flow import Ctx, step
from games.sanguosha.skills.base import always_yes, skill_bot
from games.sanguosha.skills.lord_help import ask_kingdom, helper_bot, helpers
from games.sanguosha.state import Frame, SanguoshaState
from games.sanguosha.triggers import on
from games.sanguosha.use import PROVIDED, PROVIDED_PLAY, may_slash, slash_targets


@on("need_card", "jijiang")
def ask_shu(ctx: Ctx, seat: int, data: dict[str, Any]) -> None:
    if data["frame"]["want"] == "sha" and helpers(ctx.state, seat, "shu"):
        ask_kingdom(ctx, seat, "jijiang", "sha", "shu", keep=False)


@step("jijiang_provide")
def provide_step(ctx: Ctx, f: Frame) -> None:
    """Asks for the Slash Liu Bei uses in his play phase; finishes with its cards or None."""
    if f.step == 0:
        f.step = 1
        ask_kingdom(ctx, f.d["seat"], "jijiang", "sha", "shu", keep=True)
        return
    ctx.finish(f.d.get("provided"))


def play_uses(state: SanguoshaState, seat: int) -> list[Use]:
    if state.players[seat].flags.get("jijiang_failed"):
        return []
    if not may_slash(state, seat) or not helpers(state, seat, "shu"):
        return []
    return [
        fast.use(seat, (), "sha", "jijiang", (t,))
        for t in slash_targets(state, seat, ())
    ]


PROVIDED["jijiang"] = "jijiang_provide"
PROVIDED_PLAY["jijiang"] = play_uses


@skill_bot("jijiang")
def bot(mind: Any, prompt: Any, rng: Any) -> Any:
    if prompt.params.get("helping"):
        return helper_bot(mind, prompt, rng)
    return always_yes(mind, prompt, rng)
