"""Pieces the engines' twins share (``Game.twin``): hidden cards dealt again among the places
that hide them, each place keeping its size."""

from __future__ import annotations

import random
from collections.abc import Collection


def redeal(places: list[list[str]], rng: random.Random,
           pinned: Collection[str] = ()) -> dict[str, str]:
    """Deal the cards lying in ``places`` (lists changed in place: hands, a deck, a face-down
    pile) again among them, each place keeping its size; a ``pinned`` card stays where it is.
    Returns what now lies where each card lay (old card -> new card), for the fields that
    refer to cards by their place."""
    spots = [(place, index) for place in places for index, card in enumerate(place)
             if card not in pinned]
    cards = [place[index] for place, index in spots]
    dealt = cards.copy()
    rng.shuffle(dealt)
    for (place, index), card in zip(spots, dealt, strict=True):
        place[index] = card
    return dict(zip(cards, dealt, strict=True))
