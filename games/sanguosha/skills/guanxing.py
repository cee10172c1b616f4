"""Guanxing 观星 (Zhuge Liang): in his prepare phase he looks at the top X cards of the deck
(X = living players, at most 5) and puts each back on top or at the bottom, in the order he
chooses."""

from __future__ import annotations

import random
from typing import Any

from games.core import Action, Prompt
from games.core.windows import Window
from games.sanguosha import fast
from games.sanguosha.actions import Choose
from games.sanguosha.bot_mind import Mind, card_value
from games.sanguosha.cards import card
from games.sanguosha.flow import Ctx, answer, prompt, step
from games.sanguosha.skills.base import choose, skill_bot, skill_prompt
from games.sanguosha.state import Frame, SanguoshaState, own_player
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
        player = own_player(state, f.d["seat"])
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
    player = own_player(ctx.state, f.d["seat"])
    # Replaced, never changed in place: a copy of the player shares it (``state._copy_player``).
    player.peek = [c for c in player.peek if c != card_id]
    f.d[where].append(card_id)


@prompt("skill:guanxing")
def question(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    seen = state.players[seat].peek
    options = [f"top:{c}" for c in seen] + [f"bottom:{c}" for c in seen]
    return skill_prompt(
        seat,
        window,
        "guanxing",
        [fast.choose(seat, o) for o in options],
        clock="turn",
        seen=list(seen),
    )


def _fits(trick: str, card_id: str) -> bool:
    """Whether ``card_id`` judged for ``trick`` spares its holder."""
    judged = card(card_id)
    if trick == "lebu":
        return judged.suit == "heart"
    return not (judged.suit == "spade" and 2 <= judged.rank <= 9)


@skill_bot("guanxing")
def bot(mind: Mind, prompt: Prompt, rng: random.Random) -> Action:
    """Stacks his own turn: first the cards his delayed tricks will be judged by (a heart for
    Indulgence, anything but a low spade for Lightning), then the two best to draw; the rest
    to the bottom. Cards go on top first, so how many are gone says which place is next."""
    seen: list[str] = list(prompt.params.get("seen", mind.view.me.peek))
    total = min(MOST, len(mind.living))
    placed = total - len(seen)
    tricks = [name for _, name in reversed(mind.my_row.judging)]
    values = mind.keep_values()
    fitting = [c for c in seen if _fits(tricks[placed], c)] if placed < len(tricks) else []
    if fitting:
        best, where = min(fitting, key=lambda c: values.get(c, card_value(c))), "top"
    elif placed < len(tricks) + 2:
        # The cards drawn next (also where no card spares a judgement: nothing placed at
        # the bottom yet, so the count of cards gone stays the count on top).
        best = max(seen, key=card_value)
        where = "top" if card_value(best) >= 2.5 or placed < len(tricks) else "bottom"
    else:
        best, where = seen[0], "bottom"
    return choose(prompt, f"{where}:{best}")
