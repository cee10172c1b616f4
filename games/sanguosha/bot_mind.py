"""What a bot believes about the table, from public behaviour and its own identity only.

The public record ``deeds[a][b]`` (harm done minus help given) is read in two passes: how each
seat treats the lord, then how it treats the seats that lean each way. A seat's *lean* is
positive for the lord's side, negative for the rebels'. ``enmity`` turns that into how much
this bot wants to hurt a seat, given whose side it is on.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from games.sanguosha.cards import name_of

CARD_VALUES = {
    "tao": 6.0,
    "wuxie": 5.0,
    "wuzhong": 5.0,
    "shan": 4.0,
    "shunshou": 4.0,
    "sha": 3.5,
    "juedou": 3.0,
    "guohe": 3.0,
    "lebu": 3.0,
    "nanman": 3.0,
    "wanjian": 3.0,
    "jiedao": 2.0,
    "taoyuan": 2.0,
    "wugu": 2.0,
    "shandian": 1.0,
}


def card_value(card_id: str) -> float:
    return CARD_VALUES.get(name_of(card_id), 2.5)


class Mind:
    def __init__(self, view: Any) -> None:
        self.view = view
        self.me: int = view.me.seat
        self.identity: str = view.me.identity
        self.lord: int = view.lord
        # A bot weighs the same seats again and again within one decision.
        self._enmity: dict[int, float] = {}

    def _known(self, seat: int) -> str | None:
        if seat == self.me:
            return self.identity
        return self.view.seats[seat].identity

    @cached_property
    def lean(self) -> list[float]:
        deeds = self.view.deeds
        n = len(deeds)
        first = [-float(deeds[s][self.lord]) for s in range(n)]
        for s in range(n):
            known = self._known(s)
            if known in ("lord", "loyalist"):
                first[s] = 5.0
            elif known == "rebel":
                first[s] = -5.0
        second = list(first)
        for s in range(n):
            if s == self.lord or (self._known(s) is not None and s != self.me):
                continue
            for t in range(n):
                if t != s and deeds[s][t] and first[t]:
                    sign = 1.0 if first[t] > 0 else -1.0
                    second[s] -= 0.5 * deeds[s][t] * sign
        return second

    def living(self) -> list[int]:
        return [row.seat for row in self.view.seats if row.alive]

    def enmity(self, seat: int) -> float:
        """> 0: this bot wants ``seat`` hurt; < 0: it wants ``seat`` helped."""
        found = self._enmity.get(seat)
        if found is None:
            found = self._enmity[seat] = self._weigh(seat)
        return found

    def _weigh(self, seat: int) -> float:
        if seat == self.me:
            return -3.0
        lean = max(-3.0, min(3.0, self.lean[seat]))
        identity = self.identity
        if identity in ("lord", "loyalist"):
            if seat == self.lord:
                return -3.0
            if self._known(seat) == "renegade":
                return 1.5
            # Rebels are the majority: an unknown seat is mildly suspect.
            return -lean + 0.2
        if identity == "rebel":
            if seat == self.lord:
                return 3.0
            return lean + 0.1
        # The renegade: keeps the lord alive until the end, then turns on him.
        others = [s for s in self.living() if s not in (self.me, self.lord)]
        if seat == self.lord:
            if not others:
                return 3.0
            return -1.5 if self.view.seats[self.lord].hp <= 2 else 0.3
        return abs(lean) * 0.6 + 0.2 if lean < 0 or len(others) <= 2 else -lean * 0.3

    def friends(self) -> list[int]:
        return [s for s in self.living() if self.enmity(s) < -0.3]

    def enemies(self) -> list[int]:
        return [s for s in self.living() if self.enmity(s) > 0.3]
