"""The fixed components of Lifeboat: characters, supply cards and navigation cards.

Facts and numbers only (see docs/rules/lifeboat.md); ids are part of the public API the
renderer relies on, so they never change.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# -- characters ------------------------------------------------------------------------------

EXPANSION_CHARACTER = "harter"

# Bow -> stern at the start of every game; Dr. Harter sits between Frenchy and the Kid.
START_ORDER: tuple[str, ...] = (
    "lauren", "stephen", "captain", "mate", "frenchy", "harter", "kid",
)


@dataclass(frozen=True)
class Character:
    id: str
    size: int
    survival: int


CHARACTERS: dict[str, Character] = {
    c.id: c
    for c in (
        Character("lauren", 4, 8),
        Character("stephen", 5, 7),
        Character("captain", 7, 5),
        Character("mate", 8, 4),
        Character("frenchy", 6, 6),
        Character("kid", 3, 9),
        Character("harter", 4, 8),
    )
}

BASE_CHARACTERS: tuple[str, ...] = tuple(c for c in START_ORDER if c != EXPANSION_CHARACTER)
ALL_CHARACTERS: tuple[str, ...] = START_ORDER


def love_card(character: str) -> str:
    return f"love-{character}"


def hate_card(character: str) -> str:
    return f"hate-{character}"


# -- supply cards ----------------------------------------------------------------------------

BASE_SUPPLY_COUNTS: tuple[tuple[str, int], ...] = (
    ("water", 16), ("cash", 6), ("jewels", 3), ("painting", 3), ("medkit", 3), ("chum", 2),
    ("oar", 2), ("blackjack", 1), ("knife", 1), ("hook", 1), ("flare", 1), ("preserver", 1),
    ("compass", 1), ("parasol", 1),
)
# The Cannibalism expansion adds one more Medical Kit (medkit-04) and the Cannibalism card.
EXPANSION_SUPPLY: tuple[str, ...] = ("medkit-04", "cannibalism-01")

WEAPON_STRENGTH: dict[str, int] = {"oar": 1, "blackjack": 2, "knife": 3, "hook": 4, "flare": 8}
PAINTING_POINTS: dict[str, int] = {"painting-01": 2, "painting-02": 3, "painting-03": 3}
JEWEL_SET_POINTS: tuple[int, ...] = (0, 1, 4, 8)


def card_id(card_type: str, number: int) -> str:
    return f"{card_type}-{number:02d}"


def base_supply() -> list[str]:
    return [card_id(t, n) for t, count in BASE_SUPPLY_COUNTS for n in range(1, count + 1)]


def supply_cards(expansion: bool) -> list[str]:
    cards = base_supply()
    if expansion:
        cards.extend(EXPANSION_SUPPLY)
    return cards


def card_type(card: str) -> str:
    """The type of a supply card id (``"water-07"`` -> ``"water"``)."""
    known = _TYPES.get(card)
    return known if known is not None else card[: card.rindex("-")]


def weapon_strength(card: str) -> int:
    return _STRENGTHS.get(card, 0)


# Looked up constantly by the rules and the bot: computed once for every supply card.
_TYPES: dict[str, str] = {c: c[: c.rindex("-")] for c in supply_cards(True)}
_STRENGTHS: dict[str, int] = {c: WEAPON_STRENGTH.get(t, 0) for c, t in _TYPES.items()}


# -- navigation cards ------------------------------------------------------------------------

EVERYONE = "everyone"


@dataclass(frozen=True)
class NavCard:
    """One navigation card.

    ``overboard`` and ``thirsty`` list character ids, or are ``"everyone"``; with
    ``thirsty == "everyone"``, ``thirsty_except`` names who is spared.
    """

    id: str
    birds: int
    overboard: tuple[str, ...] | Literal["everyone"]
    thirsty: tuple[str, ...] | Literal["everyone"]
    row: bool
    fight: bool
    thirsty_except: tuple[str, ...] = ()

    def goes_overboard(self, character: str) -> bool:
        return self.overboard == EVERYONE or character in self.overboard

    def is_thirsty(self, character: str) -> bool:
        if self.thirsty == EVERYONE:
            return character not in self.thirsty_except
        return character in self.thirsty


def _nav(
    number: int,
    birds: int,
    overboard: str,
    thirsty: str,
    row: bool = False,
    fight: bool = False,
) -> NavCard:
    """A card from a compact spec: names are space-separated; ``everyone -x`` spares x."""

    def names(spec: str) -> tuple[str, ...]:
        return tuple(spec.split()) if spec != "nobody" else ()

    spared: tuple[str, ...] = ()
    thirst: tuple[str, ...] | Literal["everyone"] = names(thirsty)
    if thirsty.startswith(EVERYONE):
        thirst = "everyone"
        spared = tuple(name.lstrip("-") for name in thirsty.split()[1:])
    board: tuple[str, ...] | Literal["everyone"] = (
        "everyone" if overboard == EVERYONE else names(overboard)
    )
    return NavCard(f"nav-{number:02d}", birds, board, thirst, row, fight, spared)



# Base deck, in the order of game-facts §1.4, with source B's values (see the rules doc).
BASE_NAVIGATION: tuple[NavCard, ...] = (
    _nav(1, 0, "captain", "frenchy"),
    _nav(2, 0, "captain", "captain"),
    _nav(3, 0, "captain", "stephen", row=True, fight=True),
    _nav(4, 1, "stephen", "captain kid", row=True),
    _nav(5, 1, "frenchy", "captain mate stephen"),
    _nav(6, 0, "frenchy", "captain mate frenchy stephen", row=True, fight=True),
    _nav(7, 0, "kid", "captain mate frenchy kid", fight=True),
    _nav(8, 0, "mate", "captain frenchy", row=True, fight=True),
    _nav(9, 0, "stephen", "captain mate frenchy", row=True, fight=True),
    _nav(10, 0, "stephen", "captain stephen"),
    _nav(11, 1, "captain", "mate", fight=True),
    _nav(12, 0, "mate", "captain mate", row=True),
    _nav(13, 1, "mate", "kid", fight=True),
    _nav(14, 0, "frenchy", "captain mate kid", row=True),
    _nav(15, 0, "frenchy", "captain mate lauren", fight=True),
    _nav(16, -1, "lauren", "everyone -kid", row=True),
    _nav(17, 0, "kid", "captain mate frenchy lauren"),
    _nav(18, 1, "everyone", "everyone", row=True, fight=True),
    _nav(19, 0, "mate", "lauren"),
    _nav(20, 1, "kid", "everyone -lauren", row=True, fight=True),
    _nav(21, 0, "everyone", "everyone", fight=True),
    _nav(22, 0, "stephen", "captain lauren", fight=True),
    _nav(23, 1, "nobody", "nobody"),
    _nav(24, 0, "kid", "everyone -kid", row=True),
)

# The Cannibalism expansion's four cards, all throwing Dr. Harter overboard (§1.5).
EXPANSION_NAVIGATION: tuple[NavCard, ...] = (
    _nav(25, 0, "harter", "captain harter", row=True),
    _nav(26, 1, "harter", "captain mate", row=True, fight=True),
    _nav(27, 0, "harter", "harter mate", fight=True),
    _nav(28, 0, "harter", "frenchy stephen"),
)

NAVIGATION: dict[str, NavCard] = {c.id: c for c in BASE_NAVIGATION + EXPANSION_NAVIGATION}


def navigation_cards(expansion: bool) -> list[str]:
    cards = [c.id for c in BASE_NAVIGATION]
    if expansion:
        cards.extend(c.id for c in EXPANSION_NAVIGATION)
    return cards
