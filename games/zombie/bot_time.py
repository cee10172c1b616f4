"""Time as the bots read it from the public table: the cards left before midnight, what the
next card may bring, and how many rounds the curse still needs.

Every card drawn this hour lies face up on the discard pile, so the cards still in the deck
are known (their order is not): the next event is one of them, each as likely. Once the deck
runs out the discards are shuffled back and the clock moves on an hour; the draw that would
start a fourth deck strikes midnight.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.zombie.bot_map import BotMap
from games.zombie.cards import CARDS, HOURS, Happening
from games.zombie.tiles import CARVING_ROOMS, TILES
from games.zombie.views import PublicView

DECK = len(CARDS)
LAST_HOUR = HOURS[-1]


def cards_left(view: PublicView) -> int:
    """Event cards that can still be drawn before the clock strikes midnight."""
    return view.deck_left + DECK * (LAST_HOUR - view.hour)


@dataclass(frozen=True)
class Forecast:
    """The next event card: each possible happening with its chance, at the hour it is read."""

    hour: int
    happenings: tuple[tuple[Happening, float], ...]
    # ``typical_horde``'s answers by the doom table's X (a forecast is shared: ``next_card``).
    _typical: dict[int, float] = field(default_factory=dict, compare=False, repr=False)

    def hordes(self, extra: int) -> list[tuple[int, float]]:
        """The zombies of each possible horde (the doom table's X added) and its chance."""
        return [(max(1, h.zombies + extra), p) for h, p in self.happenings
                if h.kind == "zombies"]

    def typical_horde(self, extra: int) -> float:
        """The zombies of the next horde on average (the doom table's X added): 4 and X if
        no card left brings one."""
        known = self._typical.get(extra)
        if known is None:
            hordes = self.hordes(extra)
            chance = sum(p for _, p in hordes)
            known = self._typical[extra] = (
                sum(z * p for z, p in hordes) / chance if chance else 4 + extra)
        return known

    def horde_chance(self) -> float:
        return sum(p for h, p in self.happenings if h.kind == "zombies")


# Bounded by the game itself: one entry per hour and set of event cards gone (2 ** 9 sets at
# most for each of the last hours), so it needs no limit of its own.
_FORECASTS: dict[tuple[int, tuple[str, ...]], Forecast] = {}


def next_card(view: PublicView) -> Forecast | None:
    """What the next event card may be; None when drawing it strikes midnight."""
    if view.deck_left:
        hour, gone = view.hour, tuple(sorted(view.discard))
    elif view.hour < LAST_HOUR:
        hour, gone = view.hour + 1, ()
    else:
        return None
    # Asked many times a decision: looked up by the cards gone (fewer than those left).
    key = (hour, gone)
    found = _FORECASTS.get(key)
    if found is None:
        left = sorted(set(CARDS) - set(gone))
        chance = 1 / len(left)
        found = _FORECASTS[key] = Forecast(hour, tuple(
            (CARDS[card].at(hour), chance) for card in left))
    return found


def explorations(stack: list[str], wanted: set[str]) -> float:
    """Tiles drawn, on average, until one of ``wanted`` comes out of ``stack`` (its order is
    hidden): (n + 1) / (k + 1) for k wanted among n."""
    k = sum(1 for tile in stack if tile in wanted)
    if not k:
        return 0.0
    return (len(stack) + 1) / (k + 1)


def rounds_needed(view: PublicView, chart: BotMap) -> float:
    """Rounds the team still needs to lift the curse, on average: walking, exploring, the
    searches and the burial, breaking the window; a carving room found on the way."""
    # Asked several times a decision, of views alike in all it reads (a round's stakes, the
    # team healed): worked out once per map and these facts.
    key = (view.at, view.totem, tuple(view.house_left), tuple(view.yard_left),
           tuple(t.tile for t in view.tiles))
    found = chart.rounds.get(key)
    if found is None:
        found = chart.rounds[key] = _rounds_needed(view, chart)
    return found


def _rounds_needed(view: PublicView, chart: BotMap) -> float:
    at = view.at
    rounds = 0.0
    where = at
    if view.totem == "hidden":
        if "evil_temple" in chart.tiles:
            rounds += chart.distance(where, "evil_temple")
        else:
            rounds += explorations(view.house_left, {"evil_temple"}) + chart.frontier_distance(
                where, "house")
        where = "evil_temple"
        rounds += 1  # the search
    if view.totem != "buried":
        if "patio" not in chart.tiles:
            if "dining_room" in chart.tiles:
                rounds += chart.distance(where, "dining_room") if where in chart.tiles else 1
            else:
                # Found, on average, at the same rate as the temple while the house is explored.
                rounds += max(1.0, explorations(view.house_left, {"dining_room"}) / 2)
            rounds += 1  # the window
            where = "patio"
        if "graveyard" in chart.tiles:
            rounds += chart.distance(where, "graveyard") if where in chart.tiles else 2
        else:
            start = where if where in chart.tiles and TILES[where].area == "yard" else None
            rounds += explorations(view.yard_left, {"graveyard"})
            rounds += chart.frontier_distance(start, "yard") if start is not None else 0
        rounds += 1  # the burial
    if not any(t.tile in CARVING_ROOMS for t in view.tiles):
        # The Gazebo comes out while the yard is searched for the Graveyard, or after it.
        rounds += 0.5 if view.totem != "buried" else 1 + explorations(
            view.yard_left + view.house_left, set(CARVING_ROOMS))
    return rounds


def slack(view: PublicView, chart: BotMap) -> float:
    """Cards to spare: those left before midnight beyond the rounds the curse needs."""
    return cards_left(view) - rounds_needed(view, chart)
