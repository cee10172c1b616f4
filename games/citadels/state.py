"""The complete state of a Citadels game, and the small queries every rule module uses.

Cards are ids (see ``cards``); characters in play are kept by name in rank order. ``clone``,
the copy ``apply`` changes, lends the state's containers until a rule owns one
(games/core/lending.py): a rule changes a list, a dict or the turn only as an ``own_*``
helper returned it.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from games.citadels.cards import (
    CHARACTERS,
    Character,
    character_card,
    district_of,
    id_prefix,
    name_of,
)
from games.citadels.options import Options
from games.core.construct import assembled
from games.core.lending import LendingState

Phase = Literal["draft", "turns", "crown", "over"]

Stage = Literal[
    "gather",  # take 2 gold or draw; powers that work at any time are open too
    "keep",  # choosing which drawn cards to keep
    "main",  # after the gather: build, powers, end the turn
    "redraw",  # the Magician picks the cards he discards before drawing as many
    "peek",  # the Wizard looks at a hand and takes one card
    "graveyard",  # the Graveyard's owner decides whether to buy back a destroyed district
    "tribute",  # the new crown holder pays the Emperor a gold or a card
]

DraftMove = Literal["pick", "discard", "pick_with_face_down"]

# The list fields a rule changes in place, each owned first (``CitadelsState.own_list``).
ListField = Literal[
    "gold", "beautified", "deck", "completed", "draft_steps", "draft_pool", "face_up",
    "face_down", "revealed", "face_down_log",
]


class Turn(BaseModel):
    """One called character's turn. ``actor`` plays it: the holder, or the Witch when the
    character is bewitched (after the holder's gather-only part).

    A turn's copy (``clone``) shares its lists: a rule replaces a list (``use``, ``turn.drawn
    = [...]``), never changes one in place."""

    character: str
    holder: int
    actor: int
    stage: Stage = "gather"
    resume: Stage = "gather"  # where a sub-step (keep, redraw, peek...) returns to
    gather_only: bool = False  # the bewitched holder's part of the turn
    gathered: bool = False
    builds_left: int = 1
    built: int = 0
    spent_building: int = 0
    income_taken: bool = False
    used: list[str] = Field(default_factory=list)  # once-per-turn powers already used
    drawn: list[str] = Field(default_factory=list)  # cards waiting for the keep choice
    keep_left: int = 0
    set_aside: list[str] = Field(default_factory=list)  # the Magician's discards
    peek_target: int | None = None
    graveyard_seat: int | None = None
    graveyard_card: str | None = None
    tribute_seat: int | None = None
    beautified: int = 0

    def clone(self) -> Turn:
        # Every field counted as set, as in a turn parsed from the state's JSON: the class's
        # one set of them, rather than a copy of this turn's own set every move.
        return assembled(Turn, self.__dict__.copy())

    def use(self, power: str) -> None:
        """Mark a once-per-turn power used (a new list: a copy of the turn shares the old)."""
        self.used = [*self.used, power]

    @property
    def info(self) -> Character:
        return CHARACTERS[self.character]


class CitadelsState(LendingState):
    options: Options = Field(default_factory=Options)
    characters: list[str]  # the characters in play, in rank order
    removed: list[str] = Field(default_factory=list)  # out for the whole game (3 players)
    target: int
    round: int = 0
    phase: Phase = "draft"
    crown: int
    gold: list[int]
    hands: list[list[str]]
    cities: list[list[str]]
    built_round: dict[str, int] = Field(default_factory=dict)
    beautified: list[str] = Field(default_factory=list)  # districts carrying an Artist's gold
    deck: list[str]  # top first
    completed: list[int] = Field(default_factory=list)  # seats in the order they completed

    # the draft
    draft_steps: list[tuple[int, DraftMove]] = Field(default_factory=list)
    draft_pool: list[str] = Field(default_factory=list)  # character cards the picker holds
    face_up: list[str] = Field(default_factory=list)  # character names, public
    face_down: list[str] = Field(default_factory=list)  # character cards nobody has seen
    set_down: dict[int, list[str]] = Field(default_factory=dict)  # face down, seen by that seat
    picks: list[list[str]] = Field(default_factory=list)  # character cards, by seat
    # Roles each seat was offered while drafting this round (its own memory of the draft).
    draft_seen: dict[int, list[str]] = Field(default_factory=dict)
    face_down_log: list[list[str]] = Field(default_factory=list)  # revealed at the end

    # calling the characters
    calling: int = -1  # index into ``characters``
    revealed: list[str] = Field(default_factory=list)  # names revealed this round
    murdered: str | None = None
    robbed: str | None = None
    bewitched: str | None = None
    witch: int | None = None  # the seat that bewitched someone this round
    robber: int | None = None  # the seat that named the robbed character
    protected: int | None = None  # the seat whose city the Bishop shields this round
    tax_pot: int = 0
    taxes_open: bool = False  # whether builders owe the Tax Collector this round
    taxman: int | None = None  # who receives taxes once the Tax Collector has shown up
    queen_owed: int | None = None  # a Queen paid when the murdered King is revealed
    turn: Turn | None = None
    crown_giver: int | None = None  # a murdered Emperor passing the crown at round end

    def clone(self) -> CitadelsState:
        """A copy lending every list and dict of ``self`` until a rule owns it
        (``LendingState``, games/core/lending.py): a move changes a handful of the state's
        containers (a pick the draft's lists and one seat's picks, a build one hand, one city
        and the gold), and each container copied cost the copy, the young collector's walk and
        the freeing of the state replaced."""
        return self.lending_copy()

    # -- the containers a rule changes, owned first (games/core/lending.py) --------------------
    def own_list(self, name: ListField) -> list[Any]:
        """A list field (``gold``, ``deck``, ``draft_pool``...), to be changed."""
        owned: list[Any] = self.own(name)
        return owned

    def own_built_round(self) -> dict[str, int]:
        owned: dict[str, int] = self.own("built_round")
        return owned

    def own_hand(self, seat: int) -> list[str]:
        """``seat``'s hand, to be changed: the other hands still shared."""
        owned: list[str] = self.own_entry("hands", seat)
        return owned

    def own_city(self, seat: int) -> list[str]:
        owned: list[str] = self.own_entry("cities", seat)
        return owned

    def own_picks(self, seat: int) -> list[str]:
        owned: list[str] = self.own_entry("picks", seat)
        return owned

    def own_set_down(self, seat: int) -> list[str]:
        """The characters ``seat`` has put down this round, to be added to (made empty the
        first time)."""
        return self._own_seat_entry("set_down", seat)

    def own_draft_seen(self, seat: int) -> list[str]:
        """The characters ``seat`` was offered this round, to be added to (made empty the
        first time)."""
        return self._own_seat_entry("draft_seen", seat)

    def _own_seat_entry(self, name: Literal["set_down", "draft_seen"], seat: int) -> list[str]:
        owned: list[str] = self.own_or_add_entry(name, seat)
        return owned

    def own_turn(self) -> Turn:
        """The turn being played, to be changed (a copy sharing its lists, which a rule
        replaces rather than changes: ``Turn``)."""
        owned: Turn | None = self.own("turn", Turn.clone)
        assert owned is not None, "no turn is being played"
        return owned


# -- queries ---------------------------------------------------------------------------------


def holder_of(state: CitadelsState, name: str) -> int | None:
    """The seat holding this character this round, if anyone does."""
    card = character_card(name)
    for seat, picks in enumerate(state.picks):
        if card in picks:
            return seat
    return None


def city_names(state: CitadelsState, seat: int) -> set[str]:
    return {name_of(card) for card in state.cities[seat]}


def owns(state: CitadelsState, seat: int, name: str) -> bool:
    # Asked for the purple districts on every prompt: compare ids by their prefix.
    prefix = id_prefix(name)
    return any(card.startswith(prefix) for card in state.cities[seat])


def owner_of_district(state: CitadelsState, name: str) -> int | None:
    for seat in range(state.seats):
        if owns(state, seat, name):
            return seat
    return None


def district_value(state: CitadelsState, card: str) -> int:
    """A built district's cost for the Warlord and the Diplomat: printed cost, plus one for an
    Artist's gold on it."""
    return district_of(card).cost + (1 if card in state.beautified else 0)


def is_complete(state: CitadelsState, seat: int) -> bool:
    return len(state.cities[seat]) >= state.target


def left_of(state: CitadelsState, seat: int) -> int:
    """The next seat clockwise; the draft passes cards this way."""
    return (seat + 1) % state.seats


def neighbours(state: CitadelsState, seat: int) -> set[int]:
    return {(seat - 1) % state.seats, (seat + 1) % state.seats} - {seat}
