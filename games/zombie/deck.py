"""The event deck and the doom track: running out of cards moves the clock on an hour."""

from __future__ import annotations

import random

from games.core import Event
from games.zombie.cards import MIDNIGHT
from games.zombie.events import note
from games.zombie.state import ZombieState


def lose(state: ZombieState, why: str, events: list[Event]) -> None:
    state.result = "lost"
    state.stage = "over"
    events.append(note("lost", why=why))


def draw(state: ZombieState, rng: random.Random, events: list[Event]) -> str | None:
    """The top event card, now face up on the discard pile; None when the clock strikes
    midnight on the reshuffle (the game is then lost)."""
    if not state.deck:
        state.deck = state.own_list("discard")
        state.discard = []
        rng.shuffle(state.deck)
        state.reshuffles += 1
        state.hour += 1
        events.append(note("clock", hour=state.hour, reshuffles=state.reshuffles))
        if state.hour >= MIDNIGHT:
            lose(state, "midnight", events)
            return None
    card = state.own_list("deck").pop(0)
    state.own_list("discard").append(card)
    return card
