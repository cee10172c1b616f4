"""The round's state machine: runs every automatic step until a seat must decide.

Rule modules change the state and set ``state.stage``; this loop decides what happens next,
so the phases never import each other.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.core import Event
from games.lifeboat.birds import apply_birds
from games.lifeboat.events import public
from games.lifeboat.fight import everyone_ready, resolve_fight
from games.lifeboat.navigation import current_card, start_navigation
from games.lifeboat.overboard import open_overboard, resolve_overboard
from games.lifeboat.state import LifeboatState
from games.lifeboat.supply import start_supply
from games.lifeboat.thirst import open_thirst, resolve_thirst
from games.lifeboat.turn import next_turn, start_action_phase


def advance(state: LifeboatState, rng: random.Random, events: list[Event]) -> None:
    while True:
        step = _AUTOMATIC.get(state.stage)
        if step is None:
            return
        if not step(state, rng, events):
            return


def _round_start(state: LifeboatState, rng: random.Random, events: list[Event]) -> bool:
    public(events, "round_started", round=state.round)
    start_supply(state, events)
    return True


def _action_start(state: LifeboatState, rng: random.Random, events: list[Event]) -> bool:
    start_action_phase(state, events)
    return True


def _turn_next(state: LifeboatState, rng: random.Random, events: list[Event]) -> bool:
    next_turn(state, events)
    return True


def _fight(state: LifeboatState, rng: random.Random, events: list[Event]) -> bool:
    if not everyone_ready(state):
        return False
    resolve_fight(state, rng, events)
    return True


def _navigation_start(state: LifeboatState, rng: random.Random, events: list[Event]) -> bool:
    start_navigation(state, events)
    return True


def _card_chosen(state: LifeboatState, rng: random.Random, events: list[Event]) -> bool:
    card = current_card(state)
    if not apply_birds(state, card.birds, "navigation", events):
        open_overboard(state, card, events)
    return True


def _overboard(state: LifeboatState, rng: random.Random, events: list[Event]) -> bool:
    window = state.window
    assert window is not None
    if window.waiting or window.ghosts:
        return False
    resolve_overboard(state, events)
    return True


def _thirst_start(state: LifeboatState, rng: random.Random, events: list[Event]) -> bool:
    open_thirst(state, current_card(state), events)
    return True


def _thirst(state: LifeboatState, rng: random.Random, events: list[Event]) -> bool:
    window = state.window
    assert window is not None
    if window.waiting and window.thirst:
        return False
    resolve_thirst(state, events)
    return True


def _round_end(state: LifeboatState, rng: random.Random, events: list[Event]) -> bool:
    if state.revealed is not None:
        state.own_list("navigation").append(state.revealed)
    state.revealed = None
    state.row_markers = []
    state.fight_markers = []
    public(events, "round_ended", round=state.round)
    state.round += 1
    state.stage = "round_start"
    return True


_AUTOMATIC: dict[str, Callable[[LifeboatState, random.Random, list[Event]], bool]] = {
    "round_start": _round_start,
    "action_start": _action_start,
    "turn_next": _turn_next,
    "fight": _fight,
    "navigation_start": _navigation_start,
    "card_chosen": _card_chosen,
    "overboard": _overboard,
    "thirst_start": _thirst_start,
    "thirst": _thirst,
    "round_end": _round_end,
}
