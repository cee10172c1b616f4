"""Lifeboat's twins (``Game.twin``): the same boat with its secrets dealt again.

Hidden from the table: every hand, the love and hate cards, the supply deck and the cards set
aside, the packet in front of the supply picker, and the navigation cards that lie face down
(the deck, the rowed pile, the rower's drawn cards, the navigator's candidates). A kept seat
keeps its hand, love and hate, and whatever it is looking at now."""

from __future__ import annotations

import random

from games.core.twins import redeal
from games.lifeboat.state import LifeboatState


def make_twin(state: LifeboatState, rng: random.Random, keep: frozenset[int]) -> None:
    if state.stage == "over":
        return  # the results show every card
    kept = {state.character_of[seat] for seat in keep}
    # ``clone`` shares the lists set at setup: the twin gets its own.
    loves, hates = list(state.loves), list(state.hates)
    others = [seat for seat in range(state.seats) if seat not in keep]
    for cards in (loves, hates):
        dealt = [cards[seat] for seat in others]
        rng.shuffle(dealt)
        for seat, card in zip(others, dealt, strict=True):
            cards[seat] = card
    state.loves, state.hates = loves, hates

    # The places dealt again are changed in place: owned first (games/core/lending.py).
    supply = [state.own_list("supply"), state.own_list("set_aside")]
    supply += [state.own_hand(character) for character in state.hand if character not in kept]
    if state.picker not in kept:
        supply.append(state.own_list("packet"))
    redeal(supply, rng)

    navigation = [state.own_list("navigation")]
    rower_looking = state.stage == "rowing" and state.actor in kept
    if not rower_looking:
        navigation.append(state.own_list("drawn"))
    pinned: set[str] = set()
    if state.navigator in kept:
        pinned.update(state.candidates)
    else:
        navigation.append(state.own_list("candidates"))
    navigation.append(state.own_list("rowed"))
    moved = redeal(navigation, rng, pinned)
    # Who rowed a card stays with the place it lies in.
    state.rowed_by = {moved.get(card, card): rower for card, rower in state.rowed_by.items()}
