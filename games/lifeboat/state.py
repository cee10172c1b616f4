"""The complete state of a Lifeboat game, and the small queries every rule module uses.

Per-character facts live in dicts keyed by character id (the engine's seats control one
character each for the whole game). ``clone`` is the copy ``apply`` changes: it shares the
state's containers until a rule owns one to change it (games/core/lending.py).
"""

from __future__ import annotations

from typing import Literal, TypeVar

from pydantic import BaseModel, Field

from games.core.construct import copied
from games.core.lending import LendingState
from games.lifeboat.options import Options

Stage = Literal[
    "round_start",  # (automatic) a new round: open the supply phase
    "supply",  # the supply picker chooses a card from the packet
    "action_start",  # (automatic) fix the order of the action phase
    "turn_next",  # (automatic) find the next character to act
    "turn",  # the actor chooses an action
    "rowing",  # the rower sorts the drawn navigation cards
    "demand",  # the target of a swap or robbery gives in or fights
    "vote",  # the awake characters allow or object to cannibalism
    "fight",  # sides are joined, weapons played, everyone declares ready
    "navigation_start",  # (automatic) find the navigator and the candidates
    "navigate",  # the navigator chooses the navigation card
    "card_chosen",  # (automatic) birds, then open the overboard window
    "overboard",  # the overboard reaction window
    "thirst_start",  # (automatic) count thirst, open the water window
    "thirst",  # the water window
    "round_end",  # (automatic) clean up and start the next round
    "over",
]

Status = Literal["awake", "unconscious", "dead", "lost"]


Part = TypeVar("Part", bound=BaseModel)


def _copy_part(part: Part, containers: tuple[str, ...]) -> Part:
    """A copy of a small sub-state whose ``containers`` (its list and dict fields) are copied
    one level deep; every other field is a scalar."""
    fields = part.__dict__
    return copied(part, {name: fields[name].copy() for name in containers})


def _containers(model: type[BaseModel]) -> tuple[str, ...]:
    """The fields of ``model`` declared as a list or a dict (list[...], dict[...])."""
    return tuple(
        name
        for name, field in model.model_fields.items()
        if getattr(field.annotation, "__origin__", None) in (list, dict)
    )


class Demand(BaseModel):
    """A swap, robbery or act of cannibalism that someone may resist.

    For a robbery ``card`` is the named face-up card id or ``"hand"``; for cannibalism
    ``target`` is the body and ``card`` the Cannibalism card being used.
    """

    kind: Literal["swap", "rob", "cannibalism"]
    actor: str
    target: str
    card: str | None = None


class Fight(BaseModel):
    attackers: list[str]
    defenders: list[str]
    ready: list[str] = Field(default_factory=list)

    def clone(self) -> Fight:
        return _copy_part(self, _FIGHT_CONTAINERS)


class Vote(BaseModel):
    """Who still has to answer a cannibalism proposal, and the answers so far."""

    waiting: list[str]
    objectors: list[str] = Field(default_factory=list)
    allowers: list[str] = Field(default_factory=list)

    def clone(self) -> Vote:
        return _copy_part(self, _VOTE_CONTAINERS)


class Window(BaseModel):
    """A reaction window of the navigation phase (overboard or thirst).

    ``waiting`` are the awake characters that have not said they are done; ``ghosts`` are the
    lost characters whose players have not yet decided about the sharks (shark variant).
    """

    kind: Literal["overboard", "thirst"]
    waiting: list[str]
    ghosts: list[str] = Field(default_factory=list)
    swimmers: list[str] = Field(default_factory=list)
    chum_thrown: bool = False
    ghost_callers: list[str] = Field(default_factory=list)
    thirst: dict[str, int] = Field(default_factory=dict)

    def clone(self) -> Window:
        return _copy_part(self, _WINDOW_CONTAINERS)


_FIGHT_CONTAINERS = _containers(Fight)
_VOTE_CONTAINERS = _containers(Vote)
_WINDOW_CONTAINERS = _containers(Window)


class LifeboatState(LendingState):
    options: Options = Field(default_factory=Options)
    characters: list[str]  # in this game, in starting boat order (lost ones included)
    character_of: list[str]  # by seat
    seat_of: dict[str, int]
    sizes: dict[str, int]  # effective sizes (one more for everyone in the shark variant)
    loves: list[str]  # by seat: the character on that seat's love card
    hates: list[str]  # by seat: the character on that seat's hate card

    boat: list[str]  # characters aboard (bodies included), bow -> stern
    lost: list[str] = Field(default_factory=list)
    wounds: dict[str, int]
    hand: dict[str, list[str]]
    face_up: dict[str, list[str]]
    parasol_open_by: str | None = None
    row_markers: list[str] = Field(default_factory=list)
    fight_markers: list[str] = Field(default_factory=list)

    supply: list[str]  # top of the deck first
    set_aside: list[str] = Field(default_factory=list)  # out of the game face down
    discard: list[str] = Field(default_factory=list)
    navigation: list[str]  # top of the deck first
    rowed: list[str] = Field(default_factory=list)
    rowed_by: dict[str, str] = Field(default_factory=dict)  # rowed card -> who put it there
    # "doer>receiver" -> help minus harm the table saw (games/lifeboat/regard.py)
    regard: dict[str, int] = Field(default_factory=dict)
    birds: int = 0
    round: int = 1
    stage: Stage = "supply"

    supply_order: list[str] = Field(default_factory=list)
    picker: str | None = None
    packet: list[str] = Field(default_factory=list)

    turn_order: list[str] = Field(default_factory=list)
    turn_index: int = -1
    actor: str | None = None
    drawn: list[str] = Field(default_factory=list)  # the rower's cards while sorting them
    demand: Demand | None = None
    fight: Fight | None = None
    vote: Vote | None = None

    navigator: str | None = None
    candidates: list[str] = Field(default_factory=list)
    compass_used: bool = False
    revealed: str | None = None  # this round's navigation card, once chosen
    window: Window | None = None

    def clone(self) -> LifeboatState:
        """A copy for ``apply`` to change: it holds this state's lists, dicts and the parts of
        an open fight, vote or window, lent until a rule owns one to change it (``own_list``,
        ``own_hand``, ``own_fight``, ...; games/core/lending.py). An open demand is never
        changed, only replaced; nor are the setup-only fields (characters, seats, love and
        hate)."""
        return self.lending_copy()

    # -- the containers a rule changes, owned first (games/core/lending.py) --------------------
    def own_list(self, name: Pile) -> list[str]:
        """The list field ``name``, to be changed."""
        owned: list[str] = self.own(name)
        return owned

    def own_hand(self, character: str) -> list[str]:
        """``character``'s hand, to be changed."""
        owned: list[str] = self.own_entry("hand", character)
        return owned

    def own_face_up(self, character: str) -> list[str]:
        """The cards in front of ``character``, to be changed."""
        owned: list[str] = self.own_entry("face_up", character)
        return owned

    def own_hands(self) -> dict[str, list[str]]:
        """The hands by character, to put a new hand in (each hand stays lent)."""
        owned: dict[str, list[str]] = self.own("hand")
        return owned

    def own_faces_up(self) -> dict[str, list[str]]:
        """The face-up cards by character, to put a new list in (each list stays lent)."""
        owned: dict[str, list[str]] = self.own("face_up")
        return owned

    def own_counts(self, name: Literal["wounds", "regard"]) -> dict[str, int]:
        """The wounds by character, or the regard by pair, to be changed."""
        owned: dict[str, int] = self.own(name)
        return owned

    def own_rowed_by(self) -> dict[str, str]:
        owned: dict[str, str] = self.own("rowed_by")
        return owned

    def own_fight(self) -> Fight:
        """The open fight, to be changed."""
        assert self.fight is not None
        owned: Fight = self.own("fight", Fight.clone)
        return owned

    def own_vote(self) -> Vote:
        """The open vote on cannibalism, to be changed."""
        assert self.vote is not None
        owned: Vote = self.own("vote", Vote.clone)
        return owned

    def own_window(self) -> Window:
        """The open overboard or thirst window, to be changed."""
        assert self.window is not None
        owned: Window = self.own("window", Window.clone)
        return owned


# The lists rules change during play (the setup-only lists are never changed).
Pile = Literal[
    "boat", "lost", "row_markers", "fight_markers", "supply", "set_aside", "discard",
    "navigation", "rowed", "supply_order", "packet", "turn_order", "drawn", "candidates",
]


# -- queries ---------------------------------------------------------------------------------


def size_of(state: LifeboatState, character: str) -> int:
    """The effective size: one more for everything in the shark variant."""
    return state.sizes[character]


def status_of(state: LifeboatState, character: str) -> Status:
    if character in state.lost:
        return "lost"
    wounds = state.wounds[character]
    size = size_of(state, character)
    if wounds < size:
        return "awake"
    return "unconscious" if wounds == size else "dead"


def is_awake(state: LifeboatState, character: str) -> bool:
    return state.wounds[character] < size_of(state, character) and character not in state.lost


def is_living_aboard(state: LifeboatState, character: str) -> bool:
    """Awake or unconscious, and in the boat."""
    return character in state.boat and state.wounds[character] <= size_of(state, character)


def awake_characters(state: LifeboatState) -> list[str]:
    """The awake characters in boat order, bow first."""
    wounds = state.wounds
    sizes = state.sizes
    return [c for c in state.boat if wounds[c] < sizes[c]]


def owns_face_up(state: LifeboatState, character: str, card_type_prefix: str) -> list[str]:
    prefix = card_type_prefix + "-"
    return [card for card in state.face_up[character] if card.startswith(prefix)]

