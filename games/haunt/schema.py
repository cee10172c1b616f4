"""The shapes of the house's content files (games/haunt/content/*.json).

Every card, room, explorer and haunt is data; the engine reads it through these models, and a
content test validates every file against them. Effects are a small vocabulary in rules terms
(gain, lose, damage, heal, draw, move, roll) that ``effects.py`` carries out.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

Trait = Literal["might", "speed", "sanity", "knowledge"]
TRAITS: tuple[Trait, ...] = ("might", "speed", "sanity", "knowledge")
PHYSICAL: tuple[Trait, ...] = ("might", "speed")
MENTAL: tuple[Trait, ...] = ("sanity", "knowledge")
Floor = Literal["basement", "ground", "upper"]
FLOORS: tuple[Floor, ...] = ("basement", "ground", "upper")
Direction = Literal["N", "E", "S", "W"]
DIRECTIONS: tuple[Direction, ...] = ("N", "E", "S", "W")
Symbol = Literal["omen", "item", "event"]
DamageKind = Literal["physical", "mental"]


class Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Text(Strict):
    """One player-facing text in every language the table speaks."""

    en: str = Field(min_length=1)
    zh_CN: str = Field(min_length=1)


# -- effects ---------------------------------------------------------------------------------
class Gain(Strict):
    op: Literal["gain"] = "gain"
    trait: Trait
    steps: int = Field(default=1, ge=1)


class Lose(Strict):
    """Steps lost without a choice (not damage: the loser does not spread it)."""

    op: Literal["lose"] = "lose"
    trait: Trait
    steps: int = Field(default=1, ge=1)


class Damage(Strict):
    """Damage the explorer spreads over the two traits of its kind: ``amount`` plus ``dice``
    rolled."""

    op: Literal["damage"] = "damage"
    kind: Literal["physical", "mental"]
    amount: int = Field(default=0, ge=0)
    dice: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _some(self) -> Damage:
        if self.amount + self.dice == 0:
            raise ValueError("damage of nothing")
        return self


class Heal(Strict):
    """Traits below their starting step go back up to it."""

    op: Literal["heal"] = "heal"
    traits: tuple[Trait, ...] = Field(min_length=1)


class Draw(Strict):
    op: Literal["draw"] = "draw"
    deck: Literal["item"] = "item"


class MoveTo(Strict):
    """The explorer is moved to a room that is always on the map (a starting tile)."""

    op: Literal["move_to"] = "move_to"
    room: str


class Outcome(Strict):
    at_least: int = Field(ge=0)
    effects: tuple[Effect, ...] = ()


class Roll(Strict):
    """A forced trait roll: the first outcome whose ``at_least`` the total reaches applies.
    Outcomes are listed from the highest threshold down and the last one is ``at_least: 0``."""

    op: Literal["roll"] = "roll"
    trait: Trait
    outcomes: tuple[Outcome, ...] = Field(min_length=1)

    @field_validator("outcomes")
    @classmethod
    def _ordered(cls, outcomes: tuple[Outcome, ...]) -> tuple[Outcome, ...]:
        thresholds = [o.at_least for o in outcomes]
        if thresholds != sorted(thresholds, reverse=True) or thresholds[-1] != 0:
            raise ValueError("roll outcomes go from the highest threshold down to 0")
        return outcomes


Effect = Annotated[Gain | Lose | Damage | Heal | Draw | MoveTo | Roll, Field(discriminator="op")]
Outcome.model_rebuild()
Roll.model_rebuild()


# -- the house -------------------------------------------------------------------------------
class Passage(Strict):
    """A way between rooms that is not a door: a stair, a chute. A one-way passage may be
    climbed back by monsters only."""

    to: str
    one_way: bool = False


class RoomAction(Strict):
    """A chosen roll offered in the room: once a turn, or once a game for each explorer."""

    name: Text
    trait: Trait
    at_least: int = Field(ge=1)
    effects: tuple[Effect, ...] = Field(min_length=1)
    once: Literal["turn", "game"] = "turn"


class LeaveRoll(Strict):
    """A forced roll to leave the room; a failed roll ends the movement for this turn."""

    trait: Trait
    at_least: int = Field(ge=1)


class Room(Strict):
    id: str
    name: Text
    text: Text | None = None
    floors: tuple[Floor, ...] = Field(min_length=1)
    doors: tuple[Direction, ...] = Field(min_length=1)
    symbol: Symbol | None = None
    enter: tuple[Effect, ...] = ()
    leave: LeaveRoll | None = None
    action: RoomAction | None = None
    passage: Passage | None = None
    front_door: bool = False


class Track(Strict):
    values: tuple[int, ...] = Field(min_length=8, max_length=8)
    start: int = Field(ge=0, le=7)

    @field_validator("values")
    @classmethod
    def _rising(cls, values: tuple[int, ...]) -> tuple[int, ...]:
        if list(values) != sorted(values) or values[0] < 1 or values[-1] > 8:
            raise ValueError("a trait track rises from 1 to at most 8")
        return values


class Explorer(Strict):
    id: str
    name: Text
    text: Text
    birthday: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")
    might: Track
    speed: Track
    sanity: Track
    knowledge: Track

    def track(self, trait: Trait) -> Track:
        track: Track = getattr(self, trait)
        return track


class Card(Strict):
    """An omen or an item: carried face up. ``gain``/``lose`` happen when it changes hands
    (traits a card raises drop again when it leaves); ``use`` is once a turn."""

    id: str
    name: Text
    text: Text
    gain: tuple[Effect, ...] = ()
    lose: tuple[Effect, ...] = ()
    use: tuple[Effect, ...] = ()
    consumable: bool = False
    attack_dice: int = Field(default=0, ge=0)
    roll_dice: dict[Trait, int] = Field(default_factory=dict)
    ranged: bool = False
    mental_attack: Literal["sanity", "knowledge"] | None = None
    companion: bool = False


class Event(Strict):
    id: str
    name: Text
    text: Text
    effects: tuple[Effect, ...] = Field(min_length=1)


# -- haunts ----------------------------------------------------------------------------------
class TraitorRule(Strict):
    rule: Literal["named", "revealer", "highest", "lowest", "left_of_revealer", "none"]
    explorer: str | None = None
    trait: Trait | None = None
    # For a named traitor who is not at the table.
    fallback: Literal["revealer", "highest", "lowest", "left_of_revealer"] | None = None

    @model_validator(mode="after")
    def _complete(self) -> TraitorRule:
        needs_trait = self.rule in ("highest", "lowest") or self.fallback in ("highest", "lowest")
        if needs_trait and self.trait is None:
            raise ValueError("a highest/lowest rule names its trait")
        if self.rule == "named" and (self.explorer is None or self.fallback is None):
            raise ValueError("a named traitor has an explorer and a fallback")
        return self


class Monster(Strict):
    """Monsters of one kind. A trait set to None is one the monster lacks (it cannot be
    attacked with it)."""

    id: str
    name: Text
    might: int | None = None
    speed: int = Field(ge=1)
    sanity: int | None = None
    knowledge: int | None = None
    count: int = Field(ge=1)
    # More monsters at bigger tables: ``count + int(per_extra_hero * (heroes - 2))``.
    per_extra_hero: float = Field(default=0, ge=0)
    start: Literal["haunt_room", "traitor", "basement-landing", "entrance-hall", "upper-landing"]
    attack: Trait = "might"

    def value(self, trait: Trait) -> int | None:
        value: int | None = getattr(self, trait)
        return value

    def count_for(self, heroes: int) -> int:
        return self.count + int(self.per_extra_hero * max(0, heroes - 2))


class SpecialAction(Strict):
    """A chosen roll a side may make once a turn where ``where`` says."""

    id: str
    name: Text
    trait: Trait
    at_least: int = Field(ge=1)
    where: Literal["any", "haunt_room", "omen_room", "room"]
    room: str | None = None
    effect: Literal["progress", "stun_monsters", "escape"]
    distinct_rooms: bool = False


class Goal(Strict):
    kind: Literal["traitor_dead", "heroes_dead", "progress", "escaped", "monsters_stunned"]
    count: int = 0
    # Bigger tables need more: ``count + int(per_extra_hero * (heroes - 2))``.
    per_extra_hero: float = Field(default=0, ge=0)

    def needed(self, heroes: int) -> int:
        return self.count + int(self.per_extra_hero * max(0, heroes - 2))


class SideRules(Strict):
    """One side's book: the traitor's tome or the heroes' secret. ``id`` is the hidden id."""

    id: str
    text: Text
    actions: tuple[SpecialAction, ...] = ()
    wins: tuple[Goal, ...] = Field(min_length=1)
    setup: tuple[Effect, ...] = ()
    # Applied once for each hero beyond two: the traitor of a big table starts stronger.
    setup_per_extra_hero: tuple[Effect, ...] = ()


class Haunt(Strict):
    id: str
    title: Text
    story: Text
    traitor: TraitorRule
    monsters: tuple[Monster, ...] = ()
    tome: SideRules | None = None
    secret: SideRules
    deadline: int = Field(ge=3)
    deadline_winner: Literal["traitor", "heroes", "most_progress"]

    @model_validator(mode="after")
    def _sides(self) -> Haunt:
        if (self.tome is None) != (self.traitor.rule == "none"):
            raise ValueError("a haunt has a tome exactly when it has a traitor")
        if self.tome is not None and not self.tome.id.startswith("tome-"):
            raise ValueError("tome ids start with tome-")
        if not self.secret.id.startswith("secret-"):
            raise ValueError("secret ids start with secret-")
        return self


class House(Strict):
    name: Text
    story: Text
    start_rooms: dict[Floor, str]
    rooms: tuple[Room, ...]


class Chart(Strict):
    """The haunt chart: omen id -> room id -> haunt id."""

    table: dict[str, dict[str, str]]
