"""The event deck and the items pictured on it.

Each of the nine event cards pictures one item and tells what happens at each hour of the doom
track: a quiet moment, a blessing, a curse, an item, or a number of zombies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

EventKind = Literal["quiet", "bless", "curse", "item", "zombies"]

HOURS: tuple[int, ...] = (9, 10, 11)
MIDNIGHT = 12


@dataclass(frozen=True)
class Happening:
    kind: EventKind
    zombies: int = 0


@dataclass(frozen=True)
class EventCard:
    id: str
    item: str
    by_hour: tuple[Happening, Happening, Happening]  # 9, 10 and 11 o'clock

    def at(self, hour: int) -> Happening:
        return self.by_hour[HOURS.index(hour)]


QUIET = Happening("quiet")
BLESS = Happening("bless")
CURSE = Happening("curse")
ITEM = Happening("item")


def _horde(count: int) -> Happening:
    return Happening("zombies", count)


CARDS: dict[str, EventCard] = {
    card.id: card
    for card in (
        EventCard("card-oil", "oil", (QUIET, ITEM, _horde(6))),
        EventCard("card-gasoline", "gasoline", (_horde(4), CURSE, ITEM)),
        EventCard("card-board", "board", (ITEM, _horde(4), CURSE)),
        EventCard("card-machete", "machete", (_horde(4), CURSE, _horde(6))),
        EventCard("card-femur", "femur", (ITEM, _horde(5), CURSE)),
        EventCard("card-golf-club", "golf_club", (CURSE, _horde(4), QUIET)),
        EventCard("card-chainsaw", "chainsaw", (_horde(3), QUIET, _horde(5))),
        EventCard("card-soda", "soda", (BLESS, ITEM, _horde(4))),
        EventCard("card-candle", "candle", (QUIET, BLESS, _horde(4))),
    )
}


@dataclass(frozen=True)
class Item:
    id: str
    attack: int = 0  # added to the fight by a fighter who holds it
    kind: Literal["weapon", "chainsaw", "heal", "fuel", "light"] = "weapon"


ITEMS: dict[str, Item] = {
    item.id: item
    for item in (
        Item("board", 1),
        Item("femur", 1),
        Item("golf_club", 1),
        Item("machete", 2),
        Item("chainsaw", 3, "chainsaw"),
        Item("soda", 0, "heal"),
        Item("oil", 0, "fuel"),
        Item("gasoline", 0, "fuel"),
        Item("candle", 0, "light"),
    )
}

ITEM_ORDER: tuple[str, ...] = tuple(ITEMS)
CHAINSAW_FUEL = 2  # fights a found chainsaw can be revved in
GASOLINE_REFUEL = 2  # fights the Gasoline adds to the chainsaw when poured in
SODA_HEALS = 2
MAX_HEALTH = 6

# Our own words for the quiet moments, blessings and curses, by card and hour; renderers look
# them up as ``zombie.flavour.<card>.<hour>`` in the message catalogs.
FLAVOUR: dict[tuple[str, int], str] = {
    ("card-oil", 9): "A lamp gutters in the hallway; upstairs, a door clicks shut.",
    ("card-gasoline", 10): "A cold hand brushes the back of your neck. Nobody is there.",
    ("card-board", 11): "The floorboards groan in a voice that knows your name.",
    ("card-machete", 10): "Every mirror in the room cracks at the same moment.",
    ("card-femur", 11): "Scratches rise on your arm, spelling something very old.",
    ("card-golf-club", 9): "The radio hisses a lullaby that makes your teeth ache.",
    ("card-golf-club", 11): "Rain drums on the roof. For a moment it is almost peaceful.",
    ("card-chainsaw", 10): "A moth batters itself against the last working bulb.",
    ("card-soda", 9): "A forgotten chocolate bar in a drawer: the best thing you ever ate.",
    ("card-candle", 9): "Wind moans through a broken pane and then falls silent.",
    ("card-candle", 10): "A grandfather clock chimes, and the air feels lighter.",
}
