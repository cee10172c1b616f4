"""Resource and development cards, terrains and the building costs.

Every card is an instance with a stable id: resource cards ``brick-01`` … ``wool-19`` (19 of
each kind), development cards ``knight-01`` … ``knight-14``, ``victory-01`` … ``victory-05``,
``road_building-01``, ``year_of_plenty-02``, ``monopoly-01`` … A card's kind is its id up to
the dash.
"""

from __future__ import annotations

from typing import Final

RESOURCES: Final[tuple[str, ...]] = ("brick", "lumber", "wool", "grain", "ore")
CARDS_PER_RESOURCE: Final = 19

# What each terrain yields (the desert nothing), and how many of each the island has.
TERRAIN_YIELD: Final[dict[str, str | None]] = {
    "hills": "brick", "forest": "lumber", "pasture": "wool", "fields": "grain",
    "mountains": "ore", "desert": None,
}
TERRAINS: Final[tuple[str, ...]] = (
    ("hills",) * 3 + ("forest",) * 4 + ("pasture",) * 4 + ("fields",) * 4 + ("mountains",) * 3
    + ("desert",))
NUMBER_TOKENS: Final[tuple[int, ...]] = (2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12)
# Ways to roll each total with two dice: the dots printed under a number.
PIPS: Final[dict[int, int]] = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
RED_NUMBERS: Final = frozenset({6, 8})

DEVELOPMENT_KINDS: Final[dict[str, int]] = {
    "knight": 14, "victory": 5, "road_building": 2, "year_of_plenty": 2, "monopoly": 2,
}
PROGRESS: Final = frozenset({"road_building", "year_of_plenty", "monopoly"})

COSTS: Final[dict[str, dict[str, int]]] = {
    "road": {"brick": 1, "lumber": 1},
    "settlement": {"brick": 1, "lumber": 1, "wool": 1, "grain": 1},
    "city": {"grain": 2, "ore": 3},
    "development": {"wool": 1, "grain": 1, "ore": 1},
}
PIECES: Final[dict[str, int]] = {"settlement": 5, "city": 4, "road": 15}

HAND_LIMIT: Final = 7  # a 7 rolled: a hand of more than this many cards loses half
BANK_RATE: Final = 4
GENERIC_HARBOUR_RATE: Final = 3
SPECIAL_HARBOUR_RATE: Final = 2
GENERIC: Final = "any"  # the kind of a 3:1 harbour
HARBOUR_KINDS: Final[tuple[str, ...]] = (GENERIC,) * 4 + RESOURCES

COLOURS: Final[tuple[str, ...]] = ("red", "blue", "white", "orange")


def card_id(kind: str, number: int) -> str:
    return f"{kind}-{number:02d}"


def kind_of(card: str) -> str:
    return card.rsplit("-", 1)[0]


def resource_cards(kind: str) -> list[str]:
    return [card_id(kind, n) for n in range(1, CARDS_PER_RESOURCE + 1)]


def development_deck() -> list[str]:
    """The 25 development cards, unshuffled."""
    return [card_id(kind, n) for kind, count in DEVELOPMENT_KINDS.items()
            for n in range(1, count + 1)]


def yield_of(terrain: str) -> str | None:
    return TERRAIN_YIELD[terrain]
