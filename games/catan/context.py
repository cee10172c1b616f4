"""What a rule function works with while one action is applied: the state (a private copy),
the step's RNG and the events produced so far; and the card moves every rule shares (bank to
hand, hand to bank, hand to hand), which keep each card's id."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from games.catan.cards import kind_of
from games.catan.state import CatanState
from games.core import Event
from games.core.construct import assembled

PREFIX = "catan.event."


@dataclass
class Context:
    state: CatanState
    rng: random.Random
    events: list[Event] = field(default_factory=list)

    def public(self, name: str, **params: Any) -> None:
        self.events.append(assembled(Event, {"key": PREFIX + name, "params": params,
                                             "to": None}, {"key", "params"}))

    def private(self, seats: int | Iterable[int], name: str, **params: Any) -> None:
        audience = (seats,) if isinstance(seats, int) else tuple(sorted(set(seats)))
        self.events.append(assembled(Event, {"key": PREFIX + name, "params": params,
                                             "to": audience}))

    # -- card moves ------------------------------------------------------------------------
    def from_bank(self, seat: int, kind: str, n: int = 1) -> list[str]:
        """Up to ``n`` cards of ``kind`` from the bank into a hand (fewer if it runs out)."""
        bank = self.state.own("bank")
        pile = bank[kind]
        keep = max(len(pile) - n, 0)
        taken = pile[keep:]
        bank[kind] = pile[:keep]
        hand = self.state.own_hand(seat)
        hand[kind] = hand[kind] + taken
        return list(taken)

    def to_bank(self, seat: int, kind: str, n: int = 1) -> list[str]:
        given = take(self.state, seat, kind, n)
        bank = self.state.own("bank")
        bank[kind] = bank[kind] + tuple(given)
        return given

    def pay(self, seat: int, cost: dict[str, int]) -> None:
        for kind, n in cost.items():
            self.to_bank(seat, kind, n)

    def hand_over(self, giver: int, receiver: int, kind: str, n: int) -> list[str]:
        moved = take(self.state, giver, kind, n)
        hand = self.state.own_hand(receiver)
        hand[kind] = hand[kind] + tuple(moved)
        return moved


def take(state: CatanState, seat: int, kind: str, n: int) -> list[str]:
    """The last ``n`` cards of ``kind`` out of a hand (the caller checked it holds them)."""
    hand = state.own_hand(seat)
    pile = hand[kind]
    if len(pile) < n:
        raise ValueError(f"seat {seat} holds {len(pile)} {kind}, not {n}")
    hand[kind] = pile[:len(pile) - n]
    return list(pile[len(pile) - n:])


def move_card(source: dict[str, tuple[str, ...]], target: dict[str, tuple[str, ...]],
              card: str) -> None:
    """One named card from one pile of piles (a hand, the bank) to another."""
    kind = kind_of(card)
    pile = source[kind]
    at = pile.index(card)
    source[kind] = pile[:at] + pile[at + 1:]
    target[kind] = target[kind] + (card,)
