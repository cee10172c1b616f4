"""Card, room and haunt effects in rules terms, carried out for one explorer.

Damage is not taken here: it is owed, and the explorer spreads it over the two traits of its
kind step by step (``TakeDamage``) once the effect is done.

An effect may hand an explorer a card or move them, and a card taken or companions picked up
on arrival bring effects of their own: that recursion is carried out here whole (``take``,
``arrive``, ``draw_item``, ``relocate``), so that cards and moves build on it and it on neither.
"""

from __future__ import annotations

import random

from games.core import Event
from games.haunt import traits
from games.haunt.catalog import catalog
from games.haunt.deaths import check_death
from games.haunt.events import new_event
from games.haunt.piles import from_pile, transferable
from games.haunt.schema import Damage, DamageKind, Draw, Effect, Gain, Heal, Lose, MoveTo, Roll
from games.haunt.state import DamageOwed, HauntState


def run(
    state: HauntState,
    seat: int,
    effects: tuple[Effect, ...],
    rng: random.Random,
    events: list[Event],
) -> None:
    for effect in effects:
        if not state.seat(seat).alive:
            return
        _one(state, seat, effect, rng, events)


def may_hurt(effects: tuple[Effect, ...]) -> bool:
    """Whether the effects can damage or lower a trait (the traitor and monsters ignore the
    house's rolls and cards that cannot)."""
    for effect in effects:
        if isinstance(effect, Damage | Lose):
            return True
        if isinstance(effect, Roll) and any(may_hurt(o.effects) for o in effect.outcomes):
            return True
    return False


def owe_damage(
    state: HauntState, seat: int, kind: DamageKind, amount: int, events: list[Event]
) -> None:
    if amount <= 0 or not state.seat(seat).alive:
        return
    state.own("damage").append(DamageOwed(seat=seat, kind=kind, amount=amount))
    events.append(new_event(
        key="haunt.damage", params={"seat": seat, "kind": kind, "amount": amount}
    ))


def _one(
    state: HauntState, seat: int, effect: Effect, rng: random.Random, events: list[Event]
) -> None:
    if isinstance(effect, Gain):
        traits.gain(state, seat, effect.trait, effect.steps, events)
    elif isinstance(effect, Lose):
        traits.lose(state, seat, effect.trait, effect.steps, events)
        check_death(state, seat, rng, events)
    elif isinstance(effect, Damage):
        amount = effect.amount + sum(traits.roll_dice(effect.dice, rng))
        owe_damage(state, seat, effect.kind, amount, events)
    elif isinstance(effect, Heal):
        traits.heal(state, seat, effect.traits, events)
    elif isinstance(effect, Draw):
        draw_item(state, seat, rng, events)
    elif isinstance(effect, MoveTo):
        relocate(state, seat, effect.room, rng, events)
    elif isinstance(effect, Roll):
        total = traits.trait_roll(state, seat, effect.trait, rng, events)
        for outcome in effect.outcomes:
            if total >= outcome.at_least:
                run(state, seat, outcome.effects, rng, events)
                break


def take(state: HauntState, seat: int, card: str, rng: random.Random, events: list[Event]) -> None:
    """``seat`` now carries ``card``; its gain effects happen."""
    state.own_seat(seat).cards.append(card)
    events.append(new_event(key="haunt.card_gained", params={"seat": seat, "card": card}))
    run(state, seat, catalog().card(card).gain, rng, events)


def arrive(state: HauntState, seat: int, rng: random.Random, events: list[Event]) -> None:
    """A living explorer entering a room picks up the companions left there: they follow the
    first explorer to come by."""
    s = state.seat(seat)
    for card in list(state.piles.get(s.room, ())):
        if not transferable(card):
            from_pile(state, s.room, card)
            take(state, seat, card, rng, events)


def draw_item(state: HauntState, seat: int, rng: random.Random, events: list[Event]) -> None:
    if not state.item_deck:
        events.append(new_event(key="haunt.deck_empty", params={"deck": "item"}))
        return
    take(state, seat, state.own("item_deck").pop(), rng, events)


def relocate(
    state: HauntState, seat: int, room: str, rng: random.Random, events: list[Event]
) -> None:
    """Moved by an effect: the explorer's movement ends."""
    state.own_seat(seat).room = room
    if state.current == seat:
        state.own_turn().stopped = True
    events.append(new_event(key="haunt.moved", params={"seat": seat, "room": room}))
    arrive(state, seat, rng, events)
