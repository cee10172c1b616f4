"""Omens and items carried face up: gaining and losing them, piles, companions, decks.

Taking a card, picking up companions and drawing an item run effects that may take more cards,
so they are carried out with the effects (``games.haunt.effects``); the piles are
``games.haunt.piles``. Both are named here too, for the rules that deal in cards."""

from __future__ import annotations

import random

from games.core import Event
from games.haunt import effects
from games.haunt.catalog import catalog
from games.haunt.effects import arrive, draw_item, take
from games.haunt.events import new_event
from games.haunt.piles import from_pile, to_pile, transferable
from games.haunt.state import HauntState

__all__ = [
    "arrive", "draw_item", "draw_omen", "from_pile", "give_up", "next_event", "take",
    "to_pile", "transferable",
]


def give_up(
    state: HauntState, seat: int, card: str, rng: random.Random, events: list[Event]
) -> None:
    """``seat`` no longer carries ``card``; what it raised drops again."""
    state.own_seat(seat).cards.remove(card)
    effects.run(state, seat, catalog().card(card).lose, rng, events)


def draw_omen(state: HauntState, seat: int, rng: random.Random, events: list[Event]) -> None:
    if not state.omen_deck:
        events.append(new_event(key="haunt.deck_empty", params={"deck": "omen"}))
        return
    omen = state.own("omen_deck").pop()
    state.omens_drawn += 1
    state.own_turn().omen_drawn = True
    state.last_omen = omen
    state.last_omen_room = state.seat(seat).room
    take(state, seat, omen, rng, events)


def next_event(state: HauntState, rng: random.Random) -> str | None:
    if not state.event_deck and state.event_discards:
        # A new list: the discards may be lent by the state this one was copied from.
        state.event_deck = list(state.event_discards)
        state.event_discards = []
        rng.shuffle(state.event_deck)
    return state.own("event_deck").pop() if state.event_deck else None
