"""Death after the haunt: what a dead explorer leaves behind."""

from __future__ import annotations

import random

from games.core import Event
from games.haunt import traits
from games.haunt.events import new_event
from games.haunt.piles import to_pile
from games.haunt.state import HauntState


def check_death(state: HauntState, seat: int, rng: random.Random, events: list[Event]) -> None:
    """An explorer with a trait at the skull dies; everything carried, companions too, is left
    in a pile in the room."""
    s = state.seat(seat)
    if state.haunt is None or not s.alive or not traits.at_skull(state, seat):
        return
    s = state.own_seat(seat)
    s.alive = False
    for card in s.cards:
        to_pile(state, s.room, card)
    s.cards = []
    state.damage = [d for d in state.damage if d.seat != seat]
    if state.steal is not None and seat in (state.steal.attacker, state.steal.defender):
        state.steal = None
    events.append(new_event(key="haunt.died", params={"seat": seat, "room": s.room}))
