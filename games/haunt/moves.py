"""Moving: a Speed point per room, doors, stairs and passages, hindering enemies, the rolls to
enter and leave a room."""

from __future__ import annotations

import random

from games.core import Event
from games.haunt import board, cards, effects, traits
from games.haunt.catalog import catalog
from games.haunt.events import new_event
from games.haunt.schema import Effect
from games.haunt.sides import hindrance
from games.haunt.state import HauntState


def cost_to_leave(state: HauntState, seat: int) -> int:
    return 1 + hindrance(state, seat)


def may_leave(state: HauntState, seat: int) -> bool:
    """Whether the turn's explorer may move one more room: enough Speed left, or no room
    moved yet this turn (one room is always allowed)."""
    if state.turn.stopped:
        return False
    if state.turn.moves == 0:
        return True
    speed = traits.value(state, seat, "speed")
    return state.turn.moves + cost_to_leave(state, seat) <= speed


def destinations(state: HauntState, seat: int) -> list[str]:
    if not may_leave(state, seat):
        return []
    return board.exits(state, state.seat(seat).room)


def immune(state: HauntState, seat: int, effect_list: tuple[Effect, ...]) -> bool:
    """The traitor ignores the house's rolls that cannot hurt."""
    return state.traitor == seat and not effects.may_hurt(effect_list)


def passes_leave_roll(
    state: HauntState, seat: int, rng: random.Random, events: list[Event]
) -> bool:
    leave = catalog().room(state.seat(seat).room).leave
    if leave is None or state.traitor == seat:
        return True
    if traits.trait_roll(state, seat, leave.trait, rng, events) >= leave.at_least:
        return True
    state.own_turn().stopped = True
    events.append(
        new_event(key="haunt.held_back", params={"seat": seat, "room": state.seat(seat).room})
    )
    return False


def step(state: HauntState, seat: int, to: str, rng: random.Random, events: list[Event]) -> None:
    cost = cost_to_leave(state, seat)
    if not passes_leave_roll(state, seat, rng, events):
        return
    state.own_turn().moves += cost
    enter(state, seat, to, rng, events)


def enter(state: HauntState, seat: int, room: str, rng: random.Random, events: list[Event]) -> None:
    state.own_seat(seat).room = room
    events.append(new_event(key="haunt.moved", params={"seat": seat, "room": room}))
    cards.arrive(state, seat, rng, events)
    entering = catalog().room(room).enter
    if entering and not immune(state, seat, entering):
        effects.run(state, seat, entering, rng, events)
