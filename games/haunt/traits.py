"""Trait tracks, dice and trait rolls.

A mark indexes the explorer's 8-step track; -1 is the skull. Before the haunt no trait goes
below the first step (nobody dies); after it, a trait reaching the skull kills the explorer.
"""

from __future__ import annotations

import random

from games.core import Event
from games.haunt.catalog import catalog
from games.haunt.events import new_event
from games.haunt.schema import TRAITS, Trait
from games.haunt.state import HauntState, Roll

FACES = (0, 0, 1, 1, 2, 2)
SKULL = -1


def roll_dice(count: int, rng: random.Random) -> list[int]:
    return [rng.choice(FACES) for _ in range(max(0, count))]


def value(state: HauntState, seat: int, trait: Trait) -> int:
    s = state.seat(seat)
    mark = s.marks[trait]
    if mark <= SKULL:
        return 0
    return catalog().explorer(s.explorer).track(trait).values[mark]


def start_mark(state: HauntState, seat: int, trait: Trait) -> int:
    return catalog().explorer(state.seat(seat).explorer).track(trait).start


def bonus_dice(state: HauntState, seat: int, trait: Trait) -> int:
    """Extra dice for trait rolls from carried cards (the best card counts)."""
    cards = [catalog().card(c) for c in state.seat(seat).cards]
    return max((c.roll_dice.get(trait, 0) for c in cards), default=0)


def trait_roll(
    state: HauntState, seat: int, trait: Trait, rng: random.Random, events: list[Event]
) -> int:
    dice = roll_dice(value(state, seat, trait) + bonus_dice(state, seat, trait), rng)
    total = sum(dice)
    state.log_roll(Roll(who=f"seat:{seat}", trait=trait, dice=dice, total=total))
    events.append(
        new_event(
            key="haunt.roll",
            params={"seat": seat, "trait": trait, "dice": dice, "total": total}
        )
    )
    return total


def gain(state: HauntState, seat: int, trait: Trait, steps: int, events: list[Event]) -> None:
    s = state.seat(seat)
    if not s.alive:
        return
    s = state.own_seat(seat)
    s.marks[trait] = min(7, s.marks[trait] + steps)
    events.append(
        new_event(key="haunt.trait_up", params={"seat": seat, "trait": trait, "steps": steps})
    )


def lose(state: HauntState, seat: int, trait: Trait, steps: int, events: list[Event]) -> None:
    """Lower a trait; after the haunt a trait at the skull kills (see ``deaths``)."""
    s = state.seat(seat)
    if not s.alive:
        return
    s = state.own_seat(seat)
    floor = 0 if state.haunt is None else SKULL
    s.marks[trait] = max(floor, s.marks[trait] - steps)
    events.append(
        new_event(key="haunt.trait_down", params={"seat": seat, "trait": trait, "steps": steps})
    )


def heal(state: HauntState, seat: int, traits: tuple[Trait, ...], events: list[Event]) -> None:
    for trait in traits:
        start = start_mark(state, seat, trait)
        if state.seat(seat).marks[trait] < start:
            gain(state, seat, trait, start - state.seat(seat).marks[trait], events)


def at_skull(state: HauntState, seat: int) -> bool:
    return any(state.seat(seat).marks[t] <= SKULL for t in TRAITS)
