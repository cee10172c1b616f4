"""Replaying a match's log without stalling the other tables.

A Sanguosha log runs to thousands of actions, a few milliseconds of engine work each hundred:
replayed in one go on the event loop (the background log check after a restart, ``/parlor
log``, ``/parlor replay``) it would hold every other table's clicks for a good part of a
second. The replay hands the loop back whenever a slice of work has run this long, so no
other table waits more than about one slice for it (``bench/replay_lag.py``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable
from typing import Any

from games.core import Game, Transition

# Longest stretch of replay between two turns of the event loop, in seconds.
SLICE_SECONDS = 0.001


async def replay_log(game: Game[Any, Any], seats: int, options: Any, seed: int,
                     actions: Iterable[dict[str, Any]],
                     on_transition: Callable[[Transition], None] | None = None,
                     *, slice_seconds: float | None = None) -> Any:
    """The state after ``actions`` (stored action dicts) from a new game of ``seed``, each
    transition shown to ``on_transition``, yielding to the loop every slice."""
    return await replay_onto(game, game.setup(seats, options, seed=seed), actions,
                             on_transition, slice_seconds=slice_seconds)


async def replay_onto(game: Game[Any, Any], state: Any, actions: Iterable[dict[str, Any]],
                      on_transition: Callable[[Transition], None] | None = None,
                      *, slice_seconds: float | None = None) -> Any:
    """The state after ``actions`` (stored action dicts) applied to ``state`` (a snapshot's,
    or a new game's), as ``replay_log``."""
    budget = SLICE_SECONDS if slice_seconds is None else slice_seconds
    clock = time.perf_counter
    until = clock() + budget
    for action in actions:
        transition = game.apply(state, game.parse_action(action))
        if on_transition is not None:
            on_transition(transition)
        state = transition.state
        if clock() >= until:
            await asyncio.sleep(0)
            until = clock() + budget
    return state
