"""The dice as a bot weighs them: every die shows 0, 0, 1, 1, 2 or 2, so a roll of ``n`` dice
is a sum of ``n`` draws of 0, 1 and 2, each as likely."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=64)
def distribution(dice: int) -> tuple[float, ...]:
    """The chance of each total 0..2n."""
    totals = [1.0]
    for _ in range(max(0, dice)):
        step = [0.0] * (len(totals) + 2)
        for total, chance in enumerate(totals):
            for face in (0, 1, 2):
                step[total + face] += chance / 3
        totals = step
    return tuple(totals)


@lru_cache(maxsize=1024)
def at_least(dice: int, target: int) -> float:
    """The chance that ``dice`` dice total ``target`` or more."""
    return sum(distribution(dice)[max(0, target):])


@lru_cache(maxsize=1024)
def duel(mine: int, theirs: int) -> tuple[float, float, float]:
    """An opposed roll of ``mine`` dice against ``theirs``: the chance to win, the wounds dealt
    on average (the winner's margin) and the wounds taken on average."""
    ours, others = distribution(mine), distribution(theirs)
    win = dealt = taken = 0.0
    for a, p in enumerate(ours):
        for b, q in enumerate(others):
            if a > b:
                win += p * q
                dealt += p * q * (a - b)
            elif b > a:
                taken += p * q * (b - a)
    return win, dealt, taken
