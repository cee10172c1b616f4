"""What the Lifeboat bot believes, from its own seat view only.

Every character is weighed by its *stake*: how many points this seat gains if that character
lives rather than dies (own survival, the loved one's survival, minus the hated one's size).
Navigation cards, fights and gifts are judged by how they move wounds across those stakes.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.lifeboat.cards import (
    CHARACTERS,
    JEWEL_SET_POINTS,
    NAVIGATION,
    PAINTING_POINTS,
    card_type,
    weapon_strength,
)
from games.lifeboat.views import CharacterView, SeatView

THIRST_RISK = 0.35  # chance-weighted cost of a marker that may make one thirsty
END_WANTED_SCORE = 11  # expected points above which the bot wants land soon

SUPPLY_VALUE: dict[str, float] = {
    "water": 4.0, "medkit": 3.0, "preserver": 3.5, "parasol": 3.0, "compass": 2.5,
    "flare": 3.5, "hook": 3.0, "knife": 2.6, "blackjack": 2.2, "oar": 2.2, "chum": 1.2,
    "cannibalism": 1.0,
}


class Mind:
    """What the bot believes, derived once per decision from its view."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        me = view.me
        self.me = me.character
        self.love = me.love
        self.hate = me.hate
        self._nav_values: dict[str, float] = {}
        self._strengths: dict[str, int] = {}
        self._wants_land: bool | None = None
        self._my_fighting_strength: int | None = None
        self._people: dict[str, CharacterView] | None = None
        self._boat: list[str] | None = None
        self._awake: list[str] | None = None
        self._stake_of: dict[str, float] | None = None

    # Most decisions (saying done, declaring ready) need none of these: computed on demand.
    # Plain lazy properties: ``functools.cached_property`` takes a lock on every first use in
    # Python 3.11, which cost more than computing these.
    @property
    def people(self) -> dict[str, CharacterView]:
        if self._people is None:
            self._people = {c.id: c for c in self.view.boat}
        return self._people

    @property
    def boat(self) -> list[str]:
        if self._boat is None:
            self._boat = [c.id for c in self.view.boat]
        return self._boat

    @property
    def awake(self) -> list[str]:
        if self._awake is None:
            self._awake = [c.id for c in self.view.boat if c.status == "awake"]
        return self._awake

    @property
    def stake(self) -> dict[str, float]:
        if self._stake_of is None:
            self._stake_of = {c: self._stake(c) for c in self.people}
        return self._stake_of

    def _stake(self, character: str) -> float:
        value = 0.0
        survival = float(CHARACTERS[character].survival)
        size = float(self.people[character].size)
        if character == self.me and self.hate != self.me:
            value += survival
        if character == self.love:
            value += survival
        if character == self.hate or (self.hate == self.me and character != self.me):
            value -= size
        return value

    # -- health -------------------------------------------------------------------------------
    def harm(self, character: str, wounds: float) -> float:
        """Points this seat gains when ``character`` takes ``wounds`` (negative = bad)."""
        if wounds <= 0 or character not in self.people:
            return 0.0
        person = self.people[character]
        to_death = person.size + 1 - person.wounds
        if to_death <= 0:
            return 0.0
        if wounds >= to_death:
            fraction = 1.0
        elif person.wounds + wounds >= person.size:
            fraction = 0.6
        else:
            fraction = 0.25 * wounds / to_death + 0.05 * wounds
        return -self.stake[character] * fraction

    def strength(self, character: str) -> int:
        known = self._strengths.get(character)
        if known is None:
            person = self.people[character]
            known = person.size + sum(weapon_strength(c) for c in person.face_up)
            self._strengths[character] = known
        return known

    def my_hand_weapons(self) -> int:
        return sum(weapon_strength(c) for c in self.view.me.hand)

    def my_fighting_strength(self) -> int:
        """Own size, face-up weapons and the weapons in hand (asked once per possible target
        when judging robberies and swaps)."""
        if self._my_fighting_strength is None:
            self._my_fighting_strength = self.strength(self.me) + self.my_hand_weapons()
        return self._my_fighting_strength

    # -- points -------------------------------------------------------------------------------
    def valuables(self, cards: Sequence[str], holder: str) -> float:
        cash = jewels = paintings = 0
        for card in cards:
            kind = card_type(card)
            if kind == "cash":
                cash += 1
            elif kind == "jewels":
                jewels += 1
            elif kind == "painting":
                paintings += PAINTING_POINTS[card]
        return (
            cash * (2 if holder == "captain" else 1)
            + JEWEL_SET_POINTS[min(jewels, 3)] * (2 if holder == "lauren" else 1)
            + paintings * (2 if holder == "stephen" else 1)
        )

    def my_cards(self) -> list[str]:
        return self.view.me.hand + self.people[self.me].face_up

    def card_gain(self, card: str) -> float:
        """How much holding one more ``card`` is worth to this seat."""
        kind = card_type(card)
        mine = self.my_cards()
        if kind in ("cash", "jewels", "painting"):
            return self.valuables([*mine, card], self.me) - self.valuables(mine, self.me)
        value = SUPPLY_VALUE.get(kind, 1.0)
        if kind == "water":
            waters = sum(1 for c in mine if card_type(c) == "water")
            value = 5.0 if waters < 2 else 3.0 / waters
        return value

    def expected_score(self) -> float:
        alive = {c for c, p in self.people.items() if p.status in ("awake", "unconscious")}
        score = self.valuables(self.my_cards(), self.me)
        for character in self.people:
            stake = self.stake[character]
            if stake > 0 and character in alive:
                score += stake
            elif stake < 0 and character not in alive:
                score -= stake
        for lost in self.view.lost:
            if lost.id == self.hate or (self.hate == self.me and lost.id != self.me):
                score += lost.size
        return score

    def wants_land(self) -> bool:
        if self._wants_land is None:
            me = self.people.get(self.me)
            alive = me is not None and me.status != "dead"
            self._wants_land = alive and self.expected_score() >= END_WANTED_SCORE
        return self._wants_land

    # -- navigation cards ---------------------------------------------------------------------
    def nav_value(self, card_id: str) -> float:
        value = self._nav_values.get(card_id)
        if value is None:
            value = self._nav_values[card_id] = self._judge_nav(card_id)
        return value

    def _judge_nav(self, card_id: str) -> float:
        card = NAVIGATION[card_id]
        # While sorting rowed cards the rower earns a row marker by keeping any of them.
        rowing = self.view.stage == "rowing" and self.view.actor == self.me
        value = 0.0
        if card.birds > 0:
            value += 3.0 if self.wants_land() else -1.5
        elif card.birds < 0:
            value += -2.0 if self.wants_land() else 1.0
        for character in self.boat:
            person = self.people[character]
            if person.status == "dead":
                continue
            if card.goes_overboard(character):
                has_preserver = any(card_type(c) == "preserver" for c in person.face_up)
                if person.status == "unconscious" and not has_preserver:
                    value -= self.stake[character]
                else:
                    spared = character == "frenchy" or has_preserver
                    value += self.harm(character, 0.0 if spared else 1.0)
                    if character == self.me:
                        value -= 0.5 * sum(
                            SUPPLY_VALUE.get(card_type(c), 1.0) for c in person.face_up
                            if card_type(c) != "preserver"
                        )
            thirst = (
                int(card.row and (person.row_marker or (rowing and character == self.me)))
                + int(card.fight and person.fight_marker)
                + int(card.is_thirsty(character))
            )
            if thirst and person.parasol_open:
                thirst -= 1
            if thirst:
                value += self.harm(character, thirst * (0.6 if character == self.me else 0.8))
        return value
