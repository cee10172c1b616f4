"""Catan's twins (``Game.twin``): the same table with its secrets dealt again.

Hidden from the table: which resource cards each hand holds (the table sees how many), which
development cards each player holds unplayed and which of them were bought this turn (it sees
how many of each), the deck's order, and — while a 7's discards are chosen — each seat's choice
so far, even whether it has chosen. A twin deals the cards of every hand not kept again among
those hands (each keeping its size), and the unplayed development cards not kept again among
the deck and those hands (each keeping how many are old and how many new), and makes each
discard not kept a new secret choice. The seat on turn never comes out with the points to win
(the table knows it has not won).
"""

from __future__ import annotations

import random

from games.catan.cards import RESOURCES, kind_of
from games.catan.robber import discard_counts
from games.catan.state import CatanState, total_points
from games.core.twins import redeal

ATTEMPTS = 20


def make_twin(state: CatanState, rng: random.Random, keep: frozenset[int]) -> None:
    if state.phase == "over":
        return  # the final view shows every hand and card
    _deal_resources(state, rng, keep)
    _deal_development(state, rng, keep)
    _choose_discards(state, rng, keep)


def _deal_resources(state: CatanState, rng: random.Random, keep: frozenset[int]) -> None:
    seats = [s for s in range(state.seats) if s not in keep]
    places = [[card for kind in RESOURCES for card in state.hands[s][kind]] for s in seats]
    redeal(places, rng)
    for s, cards in zip(seats, places, strict=True):
        piles: dict[str, list[str]] = {kind: [] for kind in RESOURCES}
        for card in cards:
            piles[kind_of(card)].append(card)
        state.own("hands")[s] = {kind: tuple(pile) for kind, pile in piles.items()}


def _deal_development(state: CatanState, rng: random.Random, keep: frozenset[int]) -> None:
    seats = [s for s in range(state.seats) if s not in keep]
    new = set(state.dev_new)
    deck, hands, bought = list(state.dev_deck), [list(h) for h in state.dev_hands], \
        list(state.dev_new)
    for _ in range(ATTEMPTS):
        old_places = [[c for c in hands[s] if c not in new] for s in seats]
        new_places = [[c for c in hands[s] if c in new] for s in seats]
        state.dev_deck = list(deck)
        redeal([state.dev_deck, *old_places, *new_places], rng)
        for i, s in enumerate(seats):
            state.own("dev_hands")[s] = old_places[i] + new_places[i]
        state.dev_new = [c for c in bought if any(c in hands[k] for k in keep)]
        state.dev_new += [c for place in new_places for c in place]
        on_turn = state.current
        if state.phase != "turns" or total_points(state, on_turn) < state.options.points_to_win:
            return
    # Every deal gave the seat on turn the win: only the deck's order changes.
    state.dev_hands = hands
    state.dev_new = bought
    state.dev_deck = deck
    rng.shuffle(state.dev_deck)


def _choose_discards(state: CatanState, rng: random.Random, keep: frozenset[int]) -> None:
    counts = discard_counts(state)
    window = state.windows.top
    if not counts or window is None:
        return
    answers = {s: answer for s, answer in window.answers.items() if s in keep}
    for seat in window.seats:
        if seat in keep or rng.random() < 0.5:
            continue
        hand = [card for kind in RESOURCES for card in state.hands[seat][kind]]
        answers[seat] = ",".join(sorted(rng.sample(hand, counts[seat])))
    if all(s in answers for s in window.seats):
        # Someone must still be choosing, or the discards would have been shown.
        undecided = rng.choice([s for s in window.seats if s not in keep])
        del answers[undecided]
    window.answers = answers
