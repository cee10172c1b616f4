"""Omens and items carried face up: gaining and losing them, piles, companions, decks."""

from __future__ import annotations

import random

from games.core import Event
from games.haunt import effects
from games.haunt.catalog import catalog
from games.haunt.state import HauntState


def take(state: HauntState, seat: int, card: str, rng: random.Random, events: list[Event]) -> None:
    """``seat`` now carries ``card``; its gain effects happen."""
    state.seat(seat).cards.append(card)
    events.append(Event(key="haunt.card_gained", params={"seat": seat, "card": card}))
    effects.run(state, seat, catalog().card(card).gain, rng, events)


def give_up(
    state: HauntState, seat: int, card: str, rng: random.Random, events: list[Event]
) -> None:
    """``seat`` no longer carries ``card``; what it raised drops again."""
    state.seat(seat).cards.remove(card)
    effects.run(state, seat, catalog().card(card).lose, rng, events)


def to_pile(state: HauntState, room: str, card: str) -> None:
    state.piles.setdefault(room, []).append(card)


def from_pile(state: HauntState, room: str, card: str) -> None:
    pile = state.piles[room]
    pile.remove(card)
    if not pile:
        del state.piles[room]


def transferable(card: str) -> bool:
    return not catalog().card(card).companion


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
        events.append(Event(key="haunt.deck_empty", params={"deck": "item"}))
        return
    take(state, seat, state.item_deck.pop(), rng, events)


def draw_omen(state: HauntState, seat: int, rng: random.Random, events: list[Event]) -> None:
    if not state.omen_deck:
        events.append(Event(key="haunt.deck_empty", params={"deck": "omen"}))
        return
    omen = state.omen_deck.pop()
    state.omens_drawn += 1
    state.turn.omen_drawn = True
    state.last_omen = omen
    state.last_omen_room = state.seat(seat).room
    take(state, seat, omen, rng, events)


def next_event(state: HauntState, rng: random.Random) -> str | None:
    if not state.event_deck and state.event_discards:
        state.event_deck = state.event_discards
        state.event_discards = []
        rng.shuffle(state.event_deck)
    return state.event_deck.pop() if state.event_deck else None
