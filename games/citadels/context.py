"""What a rule function works with while one action is applied: the state (a private copy),
the step's RNG and the events produced so far."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from games.citadels.state import CitadelsState
from games.core import Event
from games.core.construct import assembled

PREFIX = "citadels.event."


@dataclass
class Context:
    state: CitadelsState
    rng: random.Random
    events: list[Event] = field(default_factory=list)

    # Events are built without pydantic's validation, which would leave every value as it is
    # (a string key, ``params`` a dict made for the call, the audience a tuple of seats or
    # None): a move makes two or three.
    def public(self, name: str, **params: Any) -> None:
        self.events.append(assembled(Event, {"key": PREFIX + name, "params": params, "to": None}))

    def private(self, seats: int | Iterable[int], name: str, **params: Any) -> None:
        audience = (seats,) if isinstance(seats, int) else tuple(sorted(set(seats)))
        self.events.append(
            assembled(Event, {"key": PREFIX + name, "params": params, "to": audience}))

    # -- the district deck (top first; what is discarded goes under it) ----------------------
    def draw(self, count: int) -> list[str]:
        deck = self.state.own_list("deck")
        cards = deck[:count]
        del deck[:count]
        return cards

    def bury(self, cards: Iterable[str]) -> None:
        self.state.own_list("deck").extend(cards)

    def draw_into_hand(self, seat: int, count: int, reason: str) -> list[str]:
        """Draw straight into a hand (no choice): a private event with the cards, a public
        twin with the count."""
        cards = self.draw(count)
        self.state.own_hand(seat).extend(cards)
        self.private(seat, "cards_received", seat=seat, cards=cards, reason=reason)
        self.public("cards_drawn", seat=seat, count=len(cards), reason=reason)
        return cards

    def pay(self, seat: int, amount: int) -> None:
        self.state.own_list("gold")[seat] -= amount

    def give(self, seat: int, amount: int) -> None:
        self.state.own_list("gold")[seat] += amount

    def move_gold(self, source: int, target: int, amount: int) -> int:
        gold = self.state.own_list("gold")
        amount = min(amount, gold[source])
        gold[source] -= amount
        gold[target] += amount
        return amount
