"""Turns: the youngest-birthday start, turns to the left before the haunt, the haunt's order
(heroes, traitor, monsters) and rounds after it."""

from __future__ import annotations

import random

from games.core import Event
from games.haunt import explore, goals, monsters, reveal
from games.haunt.events import new_event
from games.haunt.state import MONSTERS, HauntState, TurnState


def start_turn(state: HauntState, seat: int, rng: random.Random, events: list[Event]) -> None:
    state.current = seat
    state.turn = TurnState(number=state.turn.number + 1)
    state.monster_turn = None
    events.append(new_event(key="haunt.turn", params={"seat": seat, "round": state.round}))
    if explore.trapped_below(state, seat):
        # Nobody may be shut in the basement: the cellar stair is found and placed.
        explore.ensure_way_up(state, rng, events)


def end_turn(state: HauntState, rng: random.Random, events: list[Event]) -> None:
    seat = state.current
    if state.phase == "explore":
        # A finished house draws no more omens: every turn then ends with a haunt roll.
        roll = state.turn.omen_drawn or not explore.can_grow(state)
        if roll and reveal.haunt_roll(state, seat, rng, events):
            advance(state, rng, events)
            return
        start_turn(state, (seat + 1) % state.seats, rng, events)
        return
    advance(state, rng, events)


def advance(state: HauntState, rng: random.Random, events: list[Event]) -> None:
    """The next entry of the haunt's order that can act; a new round after the monsters."""
    while state.winners is None:
        state.order_at += 1
        if state.order_at >= len(state.order):
            haunt = state.haunt_rules()
            assert haunt is not None
            if state.round >= haunt.deadline:
                goals.deadline_reached(state, events)
                return
            state.order_at = 0
            state.round += 1
        who = state.order[state.order_at]
        if who == MONSTERS:
            state.turn = TurnState(number=state.turn.number + 1)
            monsters.start(state, rng, events)
            if monsters.controller(state) is not None and not monsters.finished(state):
                state.current = monsters.controller(state)  # type: ignore[assignment]
                events.append(new_event(key="haunt.monster_turn", params={"round": state.round}))
                return
            monsters.play_by_themselves(state, rng, events)
            goals.settle(state, events)
            if state.damage:
                # An explorer the monsters hurt spreads the damage before play goes on.
                return
            state.monster_turn = None
            continue
        if state.in_house(who):
            start_turn(state, who, rng, events)
            return
