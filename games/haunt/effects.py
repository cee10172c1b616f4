"""Card, room and haunt effects in rules terms, carried out for one explorer.

Damage is not taken here: it is owed, and the explorer spreads it over the two traits of its
kind step by step (``TakeDamage``) once the effect is done.
"""

from __future__ import annotations

import random

from games.core import Event
from games.haunt import traits
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
    state.damage.append(DamageOwed(seat=seat, kind=kind, amount=amount))
    events.append(Event(key="haunt.damage", params={"seat": seat, "kind": kind, "amount": amount}))


def _one(
    state: HauntState, seat: int, effect: Effect, rng: random.Random, events: list[Event]
) -> None:
    from games.haunt import cards, moves

    if isinstance(effect, Gain):
        traits.gain(state, seat, effect.trait, effect.steps, events)
    elif isinstance(effect, Lose):
        traits.lose(state, seat, effect.trait, effect.steps, events)
        from games.haunt.deaths import check_death

        check_death(state, seat, rng, events)
    elif isinstance(effect, Damage):
        amount = effect.amount + sum(traits.roll_dice(effect.dice, rng))
        owe_damage(state, seat, effect.kind, amount, events)
    elif isinstance(effect, Heal):
        traits.heal(state, seat, effect.traits, events)
    elif isinstance(effect, Draw):
        cards.draw_item(state, seat, rng, events)
    elif isinstance(effect, MoveTo):
        moves.relocate(state, seat, effect.room, rng, events)
    elif isinstance(effect, Roll):
        total = traits.trait_roll(state, seat, effect.trait, rng, events)
        for outcome in effect.outcomes:
            if total >= outcome.at_least:
                run(state, seat, outcome.effects, rng, events)
                break
