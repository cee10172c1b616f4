"""Named trigger timings that hero skills listen to.

A skill registers ``@on(timing, skill)``; ``fire`` calls the listeners of every living seat
that has the skill, in turn order from the current player, so the first listener's frames
resolve first. A listener changes the state directly or pushes frames (its own prompts).

Timings: ``phase_start:<phase>`` (prepare, judge, draw, play, discard, finish),
``draw_count`` (data["count"] may be changed), ``card_used``, ``judge_shown`` (the judgement
card may be replaced), ``judge_done``, ``damage_caused``, ``damaged`` (after damage, if alive),
``lost_cards`` (a seat lost hand or equipment cards), ``slash_targeted``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.sanguosha.flow import Ctx
from games.sanguosha.skills.registry import skills_of

Listener = Callable[[Ctx, int, dict[str, Any]], None]

LISTENERS: dict[str, list[tuple[str, Listener]]] = {}


def on(timing: str, skill: str) -> Callable[[Listener], Listener]:
    def register(fn: Listener) -> Listener:
        LISTENERS.setdefault(timing, []).append((skill, fn))
        return fn

    return register


def fire(ctx: Ctx, timing: str, seats: list[int] | None = None, **data: Any) -> dict[str, Any]:
    """Runs the listeners for ``timing`` of ``seats`` (default: everyone, turn order from the
    current player). Listeners that push frames are called last-first, so their frames run in
    turn order."""
    listeners = LISTENERS.get(timing)
    if not listeners:
        return data
    state = ctx.state
    order = seats if seats is not None else state.living_from(max(state.current, 0))
    calls: list[tuple[int, Listener]] = []
    for seat in order:
        if not state.players[seat].alive:
            continue
        owned = skills_of(state, seat)
        if owned:
            calls.extend((seat, fn) for skill, fn in listeners if skill in owned)
    for seat, fn in reversed(calls):
        fn(ctx, seat, data)
    return data
