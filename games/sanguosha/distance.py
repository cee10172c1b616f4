"""Distance on the circle of the living, horses, and attack range."""

from __future__ import annotations

from games.sanguosha.cards import KINDS, name_of
from games.sanguosha.skills import mashu
from games.sanguosha.state import SanguoshaState


def seat_distance(state: SanguoshaState, a: int, b: int) -> int:
    """Steps between two living seats the short way round, counting only living seats."""
    if a == b:
        return 0
    living = state.living()
    if a not in living or b not in living:
        return 99
    i, j = living.index(a), living.index(b)
    steps = abs(i - j)
    return min(steps, len(living) - steps)


def distances_from(state: SanguoshaState, a: int) -> list[int | None]:
    """``a``'s distance to every seat (None for itself and the dead), in one pass."""
    players = state.players
    living = [p.seat for p in players if p.alive]
    if a not in living:
        return [None] * state.seats
    here = living.index(a)
    count = len(living)
    reduction = mashu.distance_bonus(state, a) + ("minus_horse" in players[a].equips)
    out: list[int | None] = [None] * state.seats
    for i, b in enumerate(living):
        if b == a:
            continue
        steps = abs(i - here)
        d = min(steps, count - steps) + ("plus_horse" in players[b].equips) - reduction
        out[b] = max(d, 1)
    return out


def distance(state: SanguoshaState, a: int, b: int) -> int:
    """``a``'s distance to ``b``: the seats between, +1 for ``b``'s +1 horse, -1 for ``a``'s
    -1 horse (and Ma Chao's horsemanship), never below 1."""
    if a == b:
        return 0
    d = seat_distance(state, a, b)
    if "plus_horse" in state.players[b].equips:
        d += 1
    if "minus_horse" in state.players[a].equips:
        d -= 1
    d -= mashu.distance_bonus(state, a)
    return max(d, 1)


def attack_range(state: SanguoshaState, seat: int, ignore_weapon: str = "") -> int:
    weapon = state.players[seat].equips.get("weapon")
    if weapon is None or weapon == ignore_weapon:
        return 1
    return KINDS[name_of(weapon)].reach


def in_attack_range(state: SanguoshaState, a: int, b: int, ignore_weapon: str = "") -> bool:
    return a != b and distance(state, a, b) <= attack_range(state, a, ignore_weapon)
