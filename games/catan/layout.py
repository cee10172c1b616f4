"""What lies where on a game's island: terrains, number tokens and harbour kinds, fixed (the
published beginners' island) or dealt from the table's seed; and the facts every rule reads
from them (what a corner produces, which harbours it reaches), worked out once per island."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from pydantic import BaseModel, ConfigDict

from games.catan.board import (
    CORNER_COUNT,
    CORNER_HEXES,
    HARBOUR_PLACES,
    HEX_COUNT,
    HEX_NEIGHBOURS,
)
from games.catan.cards import (
    HARBOUR_KINDS,
    NUMBER_TOKENS,
    PIPS,
    RED_NUMBERS,
    TERRAINS,
    yield_of,
)
from games.core.memo import Beside


class Island(BaseModel):
    """One game's island. ``numbers[h]`` is 0 on the desert; ``harbours[i]`` is the kind of the
    harbour at ``board.HARBOUR_PLACES[i]`` (``"any"`` for 3:1, else the resource traded 2:1)."""

    model_config = ConfigDict(frozen=True)

    terrains: tuple[str, ...]
    numbers: tuple[int, ...]
    harbours: tuple[str, ...]

    @property
    def desert(self) -> int:
        return self.terrains.index("desert")


# The published beginners' island, hex by hex in reading order (A … S), and its harbours in
# HARBOUR_PLACES order (clockwise from the top-left).
_BEGINNER = (
    ("mountains", 10), ("pasture", 2), ("forest", 9),
    ("fields", 12), ("hills", 6), ("pasture", 4), ("hills", 10),
    ("fields", 9), ("forest", 11), ("desert", 0), ("forest", 3), ("mountains", 8),
    ("forest", 8), ("mountains", 3), ("fields", 4), ("pasture", 5),
    ("hills", 5), ("fields", 6), ("pasture", 11),
)
_BEGINNER_HARBOURS = ("any", "grain", "ore", "any", "wool", "any", "any", "brick", "lumber")

BEGINNER = Island(terrains=tuple(t for t, _ in _BEGINNER), numbers=tuple(n for _, n in _BEGINNER),
                  harbours=_BEGINNER_HARBOURS)


def variable_island(rng: random.Random) -> Island:
    """Terrains and harbour kinds shuffled; number tokens dealt at random on the land but the
    desert, dealt again until no 6 or 8 lies next to another 6 or 8."""
    terrains = list(TERRAINS)
    rng.shuffle(terrains)
    land = [h for h in range(HEX_COUNT) if terrains[h] != "desert"]
    while True:
        tokens = list(NUMBER_TOKENS)
        rng.shuffle(tokens)
        numbers = [0] * HEX_COUNT
        for h, token in zip(land, tokens, strict=True):
            numbers[h] = token
        if not _reds_touch(numbers):
            break
    harbours = list(HARBOUR_KINDS)
    rng.shuffle(harbours)
    return Island(terrains=tuple(terrains), numbers=tuple(numbers), harbours=tuple(harbours))


def _reds_touch(numbers: list[int] | tuple[int, ...]) -> bool:
    return any(numbers[h] in RED_NUMBERS and numbers[n] in RED_NUMBERS
               for h in range(HEX_COUNT) for n in HEX_NEIGHBOURS[h])


def reds_touch(island: Island) -> bool:
    return _reds_touch(island.numbers)


@dataclass(frozen=True)
class Facts:
    """What the rules read from an island, worked out once: each hex's resource, the hexes of
    each number, each corner's production (resource, number, hex) and harbour kinds."""

    resource: tuple[str | None, ...]
    hexes_of_number: dict[int, tuple[int, ...]]
    corner_yields: tuple[tuple[tuple[int, str, int], ...], ...]  # (hex, resource, number)
    corner_harbour: tuple[str | None, ...]
    corner_pips: tuple[int, ...]
    corner_kinds: tuple[frozenset[str], ...]  # the resources each corner yields


_FACTS: Beside[Island, Facts] = Beside()


def facts(island: Island) -> Facts:
    """The island's facts, worked out once for each island object (a match's island is shared
    by all its states)."""
    return _FACTS.made(island, _facts)


@cache
def _yield(h: int, kind: str, number: int) -> tuple[int, str, int]:
    """One hex's yield as a corner's facts list it, shared by every island that has it."""
    return h, kind, number


def _facts(island: Island) -> Facts:
    resource = tuple(yield_of(t) for t in island.terrains)
    by_number: dict[int, list[int]] = {}
    for h, number in enumerate(island.numbers):
        if number:
            by_number.setdefault(number, []).append(h)
    yields = []
    pips = []
    for c in range(CORNER_COUNT):
        here = []
        for h in CORNER_HEXES[c]:
            kind = resource[h]
            if kind is not None:
                here.append(_yield(h, kind, island.numbers[h]))
        yields.append(tuple(here))
        pips.append(sum(PIPS[n] for _, _, n in here))
    harbour: list[str | None] = [None] * CORNER_COUNT
    for place, kind in zip(HARBOUR_PLACES, island.harbours, strict=True):
        for c in place.corners:
            harbour[c] = kind
    return Facts(resource=resource,
                 hexes_of_number={n: tuple(hs) for n, hs in by_number.items()},
                 corner_yields=tuple(yields), corner_harbour=tuple(harbour),
                 corner_pips=tuple(pips),
                 corner_kinds=tuple(frozenset(kind for _, kind, _ in here) for here in yields))

