"""What the Lifeboat bot believes, from its own seat view only.

Every character is weighed by its *stake*: how many points this seat gains if that character
lives rather than dies (own survival, the loved one's survival, minus the hated one's size).
Navigation cards, fights and gifts are judged by how they move wounds across those stakes.

Others' love and hate are secret; the bot guesses them from the public record of who helped
and who harmed whom (``view.regard``): a seat that watered and healed someone most likely
loves them, one that robbed them and fought them most likely hates them. The guesses tell it
who will take which side in a fight and which card another navigator would choose.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.lifeboat.cards import (
    CHARACTERS,
    JEWEL_SET_POINTS,
    NAVIGATION,
    PAINTING_POINTS,
    base_supply,
    card_type,
    weapon_strength,
)
from games.lifeboat.views import CharacterView, SeatView

THIRST_RISK = 0.35  # chance-weighted cost of a marker that may make one thirsty
# Going overboard costs more than its one wound: the face-up cards are lost and sharks may come.
OVERBOARD_EXTRA = 0.4
# The public record must say this much before a guess is believed.
GUESS_THRESHOLD = 2
SELF_ALIVE = 3.0  # what being alive is worth to a seat beyond its survival points
DAY_WOUNDS = 0.5  # wounds a character takes in a day at sea, on average
DAYS_PER_BIRD = 2.5  # days a bird brings land closer by

SUPPLY_VALUE: dict[str, float] = {
    "water": 4.0, "medkit": 3.0, "preserver": 3.5, "parasol": 3.0, "compass": 2.5,
    "flare": 3.5, "hook": 3.0, "knife": 2.6, "blackjack": 2.2, "oar": 2.2, "chum": 1.2,
    "cannibalism": 1.0,
}


def _supply_worths() -> tuple[tuple[str, int], ...]:
    """The base supply as (a card, how many in a row are worth what it is to any holder),
    in the supply's order: the cards of a kind are alike but for the paintings' points."""
    worths: list[tuple[str, int]] = []
    for card in base_supply():
        if worths and card_type(card) != "painting" and card_type(worths[-1][0]) == card_type(card):
            worths[-1] = (worths[-1][0], worths[-1][1] + 1)
        else:
            worths.append((card, 1))
    return tuple(worths)


_SUPPLY_WORTHS = _supply_worths()
_SUPPLY_SIZE = len(base_supply())


def _jewel_worths() -> tuple[int, ...]:
    """What one more jewel is worth to a holder of 0, 1, 2 of them: the sets pay 1, 4 and 8,
    so a jewel is worth the greater of the step it makes and the step it opens (a first one
    is a chance at the set, not one point)."""
    sets = JEWEL_SET_POINTS
    steps = [sets[i + 1] - sets[i] for i in range(len(sets) - 1)]
    return tuple(max(steps[i], steps[min(i + 1, len(steps) - 1)]) for i in range(len(steps)))


JEWEL_WORTH = _jewel_worths()


def _waters_wanted() -> dict[str, int]:
    """How many Waters a character wants in hand: the Captain is thirsty on three navigation
    cards in four, the Kid on fewer than one in three."""
    cards = [card for card in NAVIGATION.values() if int(card.id[4:]) <= 24]
    wanted = {}
    for character in CHARACTERS:
        rate = sum(card.is_thirsty(character) for card in cards) / len(cards)
        wanted[character] = 1 + round(3 * rate)
    return wanted


WATERS_WANTED = _waters_wanted()


# Whom each navigation card throws overboard and makes thirsty (1) or not (0), by character.
_CARD_FACTS: dict[str, dict[str, tuple[bool, int]]] = {
    card.id: {c: (card.goes_overboard(c), int(card.is_thirsty(c))) for c in CHARACTERS}
    for card in NAVIGATION.values()
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
        self._judged: dict[tuple[str, str, bool], float] = {}
        self._alive: list[tuple[str, CharacterView]] | None = None
        self._overboard: dict[tuple[str, str], tuple[float, ...]] = {}
        self._harms: dict[tuple[str, float, str], float] = {}
        self._strengths: dict[str, int] = {}
        self._wants_land: bool | None = None
        self._my_fighting_strength: int | None = None
        # Whether this seat clearly wins a fight against each target (``bot._wins_fight``):
        # asked for every card it could rob from a target, and for a swap with it.
        self.outfights: dict[str, bool] = {}
        self._people: dict[str, CharacterView] | None = None
        self._boat: list[str] | None = None
        self._awake: list[str] | None = None
        self._stake_of: dict[str, float] | None = None
        self._guesses: tuple[dict[str, str], dict[str, str]] | None = None
        self.easy = view.options.bot_level == "easy"
        self._unknown_gain: float | None = None

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
        if character == self.me:
            # Alive, this seat still acts (robs, navigates, fights) and keeps its valuables
            # from the sea: worth something even to a misanthrope, who scores no survival
            # and nothing for its own death (only the others' count).
            value += SELF_ALIVE
            if self.hate != self.me:
                value += survival
        if character == self.love:
            value += survival
        if self.hate == self.me:
            if character != self.me:
                value -= size
        elif character == self.hate:
            value -= size
        return value

    # -- others' love and hate, guessed from the public record -------------------------------
    def _guessed(self) -> tuple[dict[str, str], dict[str, str]]:
        if self._guesses is None:
            best: dict[str, tuple[int, str]] = {}
            worst: dict[str, tuple[int, str]] = {}
            if not self.easy:  # an easy bot does not read the table
                for key, amount in self.view.regard.items():
                    doer, receiver = key.split(">")
                    if amount >= GUESS_THRESHOLD and amount > best.get(doer, (0, ""))[0]:
                        best[doer] = (amount, receiver)
                    if amount <= -GUESS_THRESHOLD and amount < worst.get(doer, (0, ""))[0]:
                        worst[doer] = (amount, receiver)
            self._guesses = (
                {doer: receiver for doer, (_, receiver) in best.items()},
                {doer: receiver for doer, (_, receiver) in worst.items()},
            )
        return self._guesses

    def guessed_love(self, character: str) -> str | None:
        """Whom ``character``'s player most likely loves (None: the table has not seen)."""
        if character == self.me:
            return self.love
        return self._guessed()[0].get(character)

    def guessed_hate(self, character: str) -> str | None:
        if character == self.me:
            return self.hate
        return self._guessed()[1].get(character)

    def others_stake(self, character: str, target: str) -> float:
        """What ``character``'s player gains if ``target`` lives, as far as this seat can tell:
        its own survival, and its guessed love and hate."""
        if character == self.me:
            return self.stake[target]
        value = 0.0
        survival = float(CHARACTERS[target].survival)
        if target == character:
            value += survival
        if target == self.guessed_love(character):
            value += survival
        if target == self.guessed_hate(character):
            value -= float(self.people[target].size)
        return value

    def likely_helpers(self, defender: str, attacker: str) -> int:
        """The strength others (neither side, nor this seat) are expected to add to the
        defender's side, minus what they would add to the attacker's."""
        total = 0
        for character in self.awake:
            if character in (defender, attacker, self.me):
                continue
            lean = self.others_stake(character, defender) - self.others_stake(character, attacker)
            if lean > 0:
                total += self.strength(character)
            elif lean < 0:
                total -= self.strength(character)
        return total

    # -- health -------------------------------------------------------------------------------
    def harm(self, character: str, wounds: float, judge: str | None = None) -> float:
        """Points this seat (or ``judge``, as guessed) gains when ``character`` takes
        ``wounds`` (negative = bad)."""
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
        stake = (
            self.stake[character] if judge is None or judge == self.me
            else self.others_stake(judge, character)
        )
        return -stake * fraction

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
        if kind == "jewels":
            held = sum(1 for c in mine if card_type(c) == "jewels")
            return JEWEL_WORTH[min(held, len(JEWEL_WORTH) - 1)] * (2 if self.me == "lauren" else 1)
        if kind in ("cash", "painting"):
            return self.valuables([*mine, card], self.me) - self.valuables(mine, self.me)
        value = SUPPLY_VALUE.get(kind, 1.0)
        if kind == "water":
            waters = sum(1 for c in mine if card_type(c) == "water")
            value = 5.0 if waters < WATERS_WANTED[self.me] else 3.0 / waters
        return value

    def unknown_card_gain(self) -> float:
        """What a card drawn blind from the supply is worth to this seat, on average."""
        if self._unknown_gain is None:
            # Each kind of card once (a kind's cards are worth the same, but for paintings),
            # added as often as the supply holds it: the same sum, in the same order.
            total: float = 0
            for card, copies in _SUPPLY_WORTHS:
                gain = self.card_gain(card)
                for _ in range(copies):
                    total += gain
            self._unknown_gain = total / _SUPPLY_SIZE
        return self._unknown_gain

    def wants_land(self) -> bool:
        """Whether land sooner is worth more to this seat than more days at sea."""
        if self._wants_land is None:
            self._wants_land = self.bird_value(self.me) > 0
        return self._wants_land

    # -- navigation cards ---------------------------------------------------------------------
    def nav_value(self, card_id: str) -> float:
        """What this day's card is worth to this seat (a rower sorting its cards counts the
        row marker it earns by keeping any)."""
        value = self._nav_values.get(card_id)
        if value is None:
            rowing = self.view.stage == "rowing" and self.view.actor == self.me
            value = self._nav_values[card_id] = self._judge_nav(card_id, self.me, rowing)
        return value

    def nav_value_marked(self, card_id: str, marked: bool) -> float:
        """This seat's value of the card, with or without a row marker of its own."""
        return self._judge_nav(card_id, self.me, marked)

    def nav_value_for(self, judge: str, card_id: str) -> float:
        """What the card is worth to ``judge``'s player, as far as this seat can guess."""
        return self._judge_nav(card_id, judge, False)

    def _judge_nav(self, card_id: str, judge: str, rowed: bool) -> float:
        # A rower's choice weighs each card for several sets of kept cards: judged once each.
        key = (card_id, judge, rowed)
        value = self._judged.get(key)
        if value is None:
            value = self._judged[key] = self._judge_nav_afresh(card_id, judge, rowed)
        return value

    def _judge_nav_afresh(self, card_id: str, judge: str, rowed: bool) -> float:
        card = NAVIGATION[card_id]
        if card.birds > 0 and self.view.birds + card.birds >= self.view.birds_to_land:
            # The fourth bird ends the game at once: nothing else on the card happens.
            return self.land_value(judge)
        value = 0.0
        if card.birds:
            value += card.birds * self.bird_value(judge)
        # What does not depend on the card (each living character's stake, preserver and
        # overboard terms, the harm of so many wounds) is read once per judge, and the terms
        # are added in the same order as ever, so a value is the same to the last bit.
        facts = _CARD_FACTS[card_id]
        row, fight, me = card.row, card.fight, self.me
        for character, person in self._living():
            overboard, thirsty = facts[character]
            if overboard:
                for term in self._overboard_terms(character, judge):
                    value += term
            thirst = (
                int(row and (person.row_marker or (rowed and character == me)))
                + int(fight and person.fight_marker)
                + thirsty
            )
            if thirst and person.parasol_open:
                thirst -= 1
            if thirst:
                value += self._harm_of(character, thirst * (0.6 if character == judge else 0.8),
                                       judge)
        return value

    def _living(self) -> list[tuple[str, CharacterView]]:
        """The characters aboard still alive, in the boat's order, with their rows."""
        if self._alive is None:
            people = self.people
            self._alive = [(c, people[c]) for c in self.boat if people[c].status != "dead"]
        return self._alive

    def _overboard_terms(self, character: str, judge: str) -> tuple[float, ...]:
        """What ``character`` going overboard adds to ``judge``'s value of a card, term by
        term in the order they are added."""
        key = (character, judge)
        terms = self._overboard.get(key)
        if terms is None:
            person = self.people[character]
            stake = self.stake[character] if judge == self.me \
                else self.others_stake(judge, character)
            has_preserver = any(card_type(c) == "preserver" for c in person.face_up)
            if person.status == "unconscious" and not has_preserver:
                terms = (-stake,)
            else:
                spared = character == "frenchy" or has_preserver
                terms = (self.harm(character, 0.0 if spared else 1.0, judge),
                         -(OVERBOARD_EXTRA * stake * (0.5 if spared else 1.0)))
                if character == judge:
                    terms += (-(0.5 * sum(
                        SUPPLY_VALUE.get(card_type(c), 1.0) for c in person.face_up
                        if card_type(c) != "preserver"
                    )),)
            terms = self._overboard[key] = terms
        return terms

    def _harm_of(self, character: str, wounds: float, judge: str) -> float:
        """``harm``, remembered for the decision: a card's thirst asks it of the same few
        wounds again and again."""
        key = (character, wounds, judge)
        value = self._harms.get(key)
        if value is None:
            value = self._harms[key] = self.harm(character, wounds, judge)
        return value

    def _days_wounds(self, judge: str, days: float) -> float:
        """What ``days`` more at sea cost ``judge``'s player: every living character's
        expected wounds (thirst, falls, fights) weighed by its stake."""
        value = 0.0
        for character, person in self.people.items():
            if person.status != "dead":
                value += self.harm(character, DAY_WOUNDS * days, judge)
        return value

    def bird_value(self, judge: str) -> float:
        """One bird more: land that much sooner (the days it saves no longer wound anyone)."""
        key = "bird:" + judge
        value = self._nav_values.get(key)
        if value is None:
            value = self._nav_values[key] = -self._days_wounds(judge, DAYS_PER_BIRD)
        return value

    def land_value(self, judge: str) -> float:
        """Land now: every day the game still had to run is saved."""
        key = "land:" + judge
        value = self._nav_values.get(key)
        if value is None:
            left = max(1, self.view.birds_to_land - self.view.birds)
            value = self._nav_values[key] = -self._days_wounds(judge, DAYS_PER_BIRD * left)
        return value

    def deck_average(self, marked: bool) -> float:
        """This seat's value of an unknown navigation card (the deck's mean)."""
        key = "deck+" if marked else "deck"
        value = self._nav_values.get(key)
        if value is None:
            cards = [c for c in NAVIGATION if int(c[4:]) <= 24 or self.view.options.cannibalism]
            value = sum(self.nav_value_marked(c, marked) for c in cards) / len(cards)
            self._nav_values[key] = value
        return value

    def navigator_pick(self, navigator: str, cards: Sequence[str]) -> str:
        """The card ``navigator`` is expected to choose among ``cards``."""
        if navigator == self.me:
            return max(cards, key=self.nav_value)
        return max(cards, key=lambda c: self.nav_value_for(navigator, c))
