"""The fixed components of Citadels: districts and characters.

Facts and numbers only (docs/rules/citadels.md says where each comes from). Ids are part of
the public API the renderer relies on, so they never change:

- a district card is ``district-<name>-<n>`` (``district-temple-2``, ``district-town-hall-1``);
- a character card is ``char-<name>`` (``char-assassin``, ``char-tax-collector``).

A character *name* (``"king"``) speaks of the role, which the whole table knows is in play; the
card id (``"char-king"``) stands for the card someone holds. Views and events name roles; only
the holder's own view and private events carry the card id while it is hidden.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Colour = Literal["yellow", "blue", "green", "red", "purple"]
COLOURS: tuple[Colour, ...] = ("yellow", "blue", "green", "red", "purple")


@dataclass(frozen=True)
class District:
    name: str
    colour: Colour
    cost: int
    count: int
    points: int  # what it scores at the end (Dragon Gate and University score more than cost)


def _d(name: str, colour: Colour, cost: int, count: int, points: int | None = None) -> District:
    return District(name, colour, cost, count, cost if points is None else points)


DISTRICTS: dict[str, District] = {
    d.name: d
    for d in (
        # religious
        _d("temple", "blue", 1, 3),
        _d("church", "blue", 2, 3),
        _d("monastery", "blue", 3, 3),
        _d("cathedral", "blue", 5, 2),
        # military
        _d("watchtower", "red", 1, 3),
        _d("prison", "red", 2, 3),
        _d("battlefield", "red", 3, 3),
        _d("fortress", "red", 5, 2),
        # noble
        _d("manor", "yellow", 3, 5),
        _d("castle", "yellow", 4, 4),
        _d("palace", "yellow", 5, 3),
        # trade
        _d("tavern", "green", 1, 5),
        _d("trading_post", "green", 2, 3),
        _d("market", "green", 2, 4),
        _d("docks", "green", 3, 3),
        _d("harbor", "green", 4, 3),
        _d("town_hall", "green", 5, 2),
        # special (purple), one of each
        _d("haunted_city", "purple", 2, 1),
        _d("keep", "purple", 3, 1),
        _d("laboratory", "purple", 5, 1),
        _d("smithy", "purple", 5, 1),
        _d("observatory", "purple", 5, 1),
        _d("graveyard", "purple", 5, 1),
        _d("school_of_magic", "purple", 6, 1),
        _d("library", "purple", 6, 1),
        _d("great_wall", "purple", 6, 1),
        _d("university", "purple", 6, 1, points=8),
        _d("dragon_gate", "purple", 6, 1, points=8),
    )
}

# The disputed 66-card deck has a second Keep; Options.second_keep adds it.
SECOND_KEEP = "district-keep-2"


_PREFIXES: dict[str, str] = {name: f"district-{name.replace('_', '-')}-" for name in DISTRICTS}


def id_prefix(name: str) -> str:
    """What every card id of this district starts with (``district-town-hall-``)."""
    return _PREFIXES[name]


def district_id(name: str, number: int) -> str:
    return f"{id_prefix(name)}{number}"


BASE_DECK: tuple[str, ...] = tuple(
    district_id(d.name, n) for d in DISTRICTS.values() for n in range(1, d.count + 1)
)

_NAME_OF_ID: dict[str, str] = {
    district_id(d.name, n): d.name for d in DISTRICTS.values() for n in range(1, d.count + 2)
}


def district_of(card: str) -> District:
    """The district a card id shows (``district-temple-2`` -> Temple)."""
    return DISTRICTS[_NAME_OF_ID[card]]


def name_of(card: str) -> str:
    return _NAME_OF_ID[card]


# -- characters ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Character:
    name: str
    rank: int
    income: Colour | None  # the colour of districts that pays this character
    builds: int  # how many districts it may build in its turn
    expansion: bool


def _c(
    name: str, rank: int, income: Colour | None = None, builds: int = 1, expansion: bool = False
) -> Character:
    return Character(name, rank, income, builds, expansion)


CHARACTERS: dict[str, Character] = {
    c.name: c
    for c in (
        _c("assassin", 1),
        _c("thief", 2),
        _c("magician", 3),
        _c("king", 4, "yellow"),
        _c("bishop", 5, "blue"),
        _c("merchant", 6, "green"),
        _c("architect", 7, builds=3),
        _c("warlord", 8, "red"),
        _c("witch", 1, expansion=True),
        _c("tax_collector", 2, expansion=True),
        _c("wizard", 3, expansion=True),
        _c("emperor", 4, "yellow", expansion=True),
        _c("abbot", 5, "blue", expansion=True),
        _c("alchemist", 6, expansion=True),
        _c("navigator", 7, builds=0, expansion=True),
        _c("diplomat", 8, "red", expansion=True),
        _c("queen", 9, expansion=True),
        _c("artist", 9, expansion=True),
    )
}

# Rank by rank: the base character first, then its expansion alternative.
RANK_CHOICES: dict[int, tuple[str, ...]] = {
    1: ("assassin", "witch"),
    2: ("thief", "tax_collector"),
    3: ("magician", "wizard"),
    4: ("king", "emperor"),
    5: ("bishop", "abbot"),
    6: ("merchant", "alchemist"),
    7: ("architect", "navigator"),
    8: ("warlord", "diplomat"),
    9: ("queen", "artist"),
}

CROWN_RANK = 4  # the King's rank: never discarded face up


def character_card(name: str) -> str:
    return f"char-{name.replace('_', '-')}"


_CHARACTER_OF_CARD: dict[str, str] = {character_card(name): name for name in CHARACTERS}


def character_of_card(card: str) -> Character:
    return CHARACTERS[_CHARACTER_OF_CARD[card]]
