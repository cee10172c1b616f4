"""The doom table: starting health and the zombies added to every horde, by player count.

Two rows are published: one player is the solo print-and-play game (health 6, attack 1, the
zombies each card shows: X = 0), and the multiplayer table gives 4 players 3 health and 5
extra zombies. The other rows were chosen by simulation so the bots win about as often at
every count as at four (see docs/rules/zombie.md and bench/zombie_doom.py).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DoomRow:
    health: int  # each player's starting health
    extra: int  # X: zombies added to the number on every zombie event (below zero: fewer)


DOOM_TABLE: dict[int, DoomRow] = {
    1: DoomRow(6, 0),
    2: DoomRow(4, 1),
    3: DoomRow(3, 3),
    4: DoomRow(3, 5),
    5: DoomRow(3, 7),
    6: DoomRow(3, 9),
    7: DoomRow(3, 11),
    8: DoomRow(3, 12),
}
