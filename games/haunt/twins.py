"""Marrowgate House's twins (``Game.twin``): the same house, its decks in another order.

Everything carried lies face up, and the two books follow from the haunt the table sees; what
nobody may know is the order of the room stack and of the omen, item and event decks."""

from __future__ import annotations

import random

from games.haunt.state import HauntState


def make_twin(state: HauntState, rng: random.Random, keep: frozenset[int]) -> None:
    del keep  # no seat knows more of the decks than the table does
    if state.winners is not None:
        return
    for deck in ("stack", "omen_deck", "item_deck", "event_deck"):
        rng.shuffle(state.own(deck))
