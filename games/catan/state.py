"""The complete state of a Catan game, its fast copy and the small queries every rule module
uses.

Pieces on the island are kept per corner and edge (``corner_owner``, ``corner_city``,
``road_owner``; -1 where nothing stands). Cards are ids (``cards``): each hand is its cards by
kind (every kind a key, in ``RESOURCES`` order), the bank likewise, each pile a tuple replaced
when it changes (a copy of the state shares the piles); the development deck's top is its last
card.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, Field, PrivateAttr

from games.catan.cards import COSTS, GENERIC, PIECES, RESOURCES
from games.catan.layout import Island, facts
from games.catan.options import Options
from games.core.construct import copied
from games.core.lending import LendingState
from games.core.windows import Windows

Phase = Literal["setup", "turns", "over"]
Stage = Literal[
    "place_settlement",  # set-up: the seat on turn places a settlement
    "place_road",  # set-up: and a road beside it
    "roll",  # the start of a turn: roll (or play a development card first)
    "discard",  # a 7: every hand of more than 7 cards gives up half, all at once in secret
    "robber",  # the robber moves and robs (a 7 or a knight)
    "main",  # after the roll: trade, build, buy, play, end the turn
    "free_roads",  # Road Building: the free roads being placed
]
AnswerKind = Literal["accept", "decline", "counter", "void"]


class Answer(BaseModel):
    """A seat's public answer to an offer. Terms are the proposer's: ``give`` is what the
    proposer would hand over, ``want`` what it would receive (a counter-offer's own terms,
    seen from the proposer's side). ``void``: a confirmation found the cards gone."""

    answer: AnswerKind
    give: dict[str, int] = Field(default_factory=dict)
    want: dict[str, int] = Field(default_factory=dict)
    reason: str = ""


class Offer(BaseModel):
    """The trade the seat on turn has put to the others, open until it confirms one answer,
    withdraws it, makes another or ends its turn. One of its sides may be empty: "I give two
    wool, what will you give?", to be answered by counter-offers."""

    serial: int
    proposer: int
    asked: tuple[int, ...]
    to_all: bool
    give: dict[str, int]
    want: dict[str, int]
    answers: dict[int, Answer] = Field(default_factory=dict)

    @property
    def firm(self) -> bool:
        return bool(self.give) and bool(self.want)

    def waiting_for(self) -> tuple[int, ...]:
        return tuple(s for s in self.asked if s not in self.answers)


class CatanState(LendingState):
    options: Options = Field(default_factory=Options)
    island: Island
    first: int  # who placed first and rolls first
    phase: Phase = "setup"
    stage: Stage = "place_settlement"
    current: int
    turn: int = 0  # turns started since the set-up (0 during it)
    setup_queue: list[int]  # seats still to place a settlement and a road, in order
    placed: int | None = None  # the set-up settlement its road must touch
    corner_owner: list[int]
    corner_city: list[bool]
    road_owner: list[int]
    robber: int
    hands: list[dict[str, tuple[str, ...]]]
    bank: dict[str, tuple[str, ...]]
    dev_deck: list[str]  # top last
    dev_hands: list[list[str]]  # unplayed development cards (victory points stay here)
    dev_new: list[str] = Field(default_factory=list)  # bought this turn: not yet playable
    dev_played: list[list[str]]
    played_this_turn: bool = False
    dice: tuple[int, int] | None = None  # this turn's roll (the last one between turns)
    production: dict[int, dict[str, int]] = Field(default_factory=dict)  # the last roll's
    shortages: list[str] = Field(default_factory=list)  # resources the bank could not pay
    resume: Stage = "main"  # where the robber or free roads hand back to
    free_roads: int = 0
    road_lengths: list[int]
    longest_road: int | None = None
    largest_army: int | None = None
    windows: Windows = Field(default_factory=Windows)
    offer: Offer | None = None
    offer_serial: int = 0
    offers_made: int = 0
    winner: int | None = None

    # The public part of this exact state's view, built on its first view (``views``); reset
    # with the pending prompts on every copy.
    _public: dict[str, Any] | None = PrivateAttr(default=None)
    # What the island's pieces imply (``board``), carried from copy to copy while they stay as
    # they are: most moves build nothing.
    _board: Board | None = PrivateAttr(default=None)
    def forget_pending(self) -> None:
        super().forget_pending()
        private = self.__pydantic_private__
        if private is not None:
            private["_public"] = None
            board = private.get("_board")
            if board is not None and board.viewed is not None \
                    and self._may_have_changed(board.viewed[0]):
                board.viewed = None

    def _may_have_changed(self, read: tuple[object, ...]) -> bool:
        """Whether any of ``read`` (``Board.viewed``'s lists) is one this state holds and
        owns: changed in place, perhaps, before this call (a test's set-up does so); a list
        lent by the state copied from is never changed in place (``own`` copies it first)."""
        fields = self.__dict__
        lent = self.__pydantic_private__.get("_lent") if self.__pydantic_private__ else None
        for name, held in zip(VIEWED_LISTS, read, strict=True):
            if fields[name] is held and (lent is None or lent.get(name) is not held):
                return True
        return False

    def clone(self) -> CatanState:
        """A copy lending every list and dict of ``self`` until a rule owns it
        (``LendingState``): a move changes few of them (an answer to an offer none, a roll the
        hands and the bank), and each container copied cost the copy, the young collector's
        walk and the freeing of the state replaced. The last roll's production and shortages
        are replaced by the rules, never changed; the island never changes. The windows' and
        the offer's answers are copied while open (answers are filled in place)."""
        new = self.lending_copy()
        fields = new.__dict__
        windows = self.windows
        if windows.stack:
            # An empty stack is shared: opening a window replaces it first (``robber.seven``).
            fields["windows"] = copied(windows, {"stack": [
                copied(w, {"answers": w.answers.copy()}) for w in windows.stack]})
        offer = self.offer
        if offer is not None:
            fields["offer"] = copied(offer, {"answers": {
                s: copied(answer) for s, answer in offer.answers.items()}})
        # The island's implications carry over (``board`` checks them); the public view was
        # this state's.
        private = new.__pydantic_private__
        assert private is not None
        private["_public"] = None
        return new

    def own_hand(self, seat: int) -> dict[str, tuple[str, ...]]:
        """``seat``'s hand, for a rule to change: the hands' list and that hand copied first
        while lent (``own_entry``), the other hands still shared."""
        hand: dict[str, tuple[str, ...]] = self.own_entry("hands", seat)
        return hand

    def board(self) -> Board:
        """What the island's pieces imply, worked out once for them. Pieces are only ever
        added, so their counts tell a changed island."""
        fingerprint = self._fingerprint()
        private = self.__pydantic_private__
        cached = None if private is None else private.get("_board")
        if cached is not None and cached.fingerprint == fingerprint:
            return cached
        found = Board(fingerprint, _pieces_of(self))
        if private is not None:
            private["_board"] = found
        return found

    def _fingerprint(self) -> tuple[int, int, int]:
        """The free edges, the free corners and the cities: what tells one arrangement of the
        island's pieces from another (pieces are only ever added). Asked several times a move
        (every look at the pieces), so the cities are counted as the corners that hold no
        city taken from all: a count finds an equal element by identity first, and nearly
        every corner's ``False`` is that, where counting ``True`` compared each one (4 of the
        5 µs the three counts took)."""
        city = self.corner_city
        return (self.road_owner.count(-1), self.corner_owner.count(-1),
                len(city) - city.count(False))

    def carry_board(self, seat: int, *, road: int | None = None, settlement: int | None = None,
                    city: int | None = None) -> None:
        """Carries the island's pieces across the one piece ``seat`` has just placed (after
        the rules' lists were changed): the set-up and every build add one, and working every
        seat's pieces out again from the lists would read every corner and edge."""
        private = self.__pydantic_private__
        board = None if private is None else private.get("_board")
        if private is None or board is None:
            return
        fingerprint = self._fingerprint()
        roads_free, corners_free, cities_built = fingerprint
        before = (roads_free + (road is not None), corners_free + (settlement is not None),
                  cities_built - (city is not None))
        if board.fingerprint != before:
            return  # not this island's pieces just before: ``board`` works them out again
        settlements, cities, roads, harbours = board.pieces[seat]
        if road is not None:
            roads = tuple(sorted((*roads, road)))
        if settlement is not None:
            settlements = tuple(sorted((*settlements, settlement)))
            kind = facts(self.island).corner_harbour[settlement]
            if kind is not None and kind not in harbours:
                reached = {*harbours, kind}
                harbours = tuple(k for k in HARBOUR_ORDER if k in reached)
        if city is not None:
            settlements = tuple(c for c in settlements if c != city)
            cities = tuple(sorted((*cities, city)))
        pieces = list(board.pieces)
        pieces[seat] = (settlements, cities, roads, harbours)
        # The other seats' rows stay as they were: only ``seat``'s pieces changed.
        private["_board"] = Board(
            fingerprint, tuple(pieces),
            rows={s: row for s, row in board.rows.items() if s != seat},
            players={s: row for s, row in board.players.items() if s != seat})

    def pieces(self) -> Pieces:
        """Each seat's settlements, cities and roads (corners, edges) and the harbour kinds it
        reaches."""
        return self.board().pieces


# The state's lists a seat's public row reads besides the pieces (``Board.viewed``).
VIEWED_LISTS = ("hands", "dev_hands", "dev_played", "road_lengths")
HARBOUR_ORDER = (GENERIC, *RESOURCES)  # the order a seat's harbour kinds are listed in
SeatPieces = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[str, ...]]
Pieces = tuple[SeatPieces, ...]


@dataclass
class Board:
    """What one arrangement of the island's pieces implies: each seat's pieces, and (filled as
    asked) where each seat may build, what its public row shows of its pieces, and its whole
    public row (``views``) with what else that row shows (its cards, development cards,
    road, awards: most moves change none of them for most seats), and every seat's row as
    the last state viewed had them (an answer to an offer changes none)."""

    fingerprint: tuple[int, int, int]
    pieces: Pieces
    road_edges: dict[int, list[int]] = field(default_factory=dict)
    settlement_corners: dict[int, list[int]] = field(default_factory=dict)
    rows: dict[int, dict[str, Any]] = field(default_factory=dict)
    players: dict[int, tuple[tuple[object, ...], Any]] = field(default_factory=dict)
    # The rows of the last state viewed, by what they were read from: the lists of
    # ``VIEWED_LISTS`` (by identity: a copy of a state changes its own lists, never those it
    # shares; ``forget_pending`` forgets the rows when a state may have changed its own in
    # place), Longest Road and Largest Army.
    viewed: tuple[tuple[object, ...], tuple[int | None, int | None], list[Any]] | None = None


def _pieces_of(state: CatanState) -> Pieces:
    n = state.seats
    settlements: list[list[int]] = [[] for _ in range(n)]
    cities: list[list[int]] = [[] for _ in range(n)]
    roads: list[list[int]] = [[] for _ in range(n)]
    harbours: list[set[str]] = [set() for _ in range(n)]
    corner_harbour = facts(state.island).corner_harbour
    city = state.corner_city
    for c, owner in enumerate(state.corner_owner):
        if owner >= 0:
            (cities if city[c] else settlements)[owner].append(c)
            kind = corner_harbour[c]
            if kind is not None:
                harbours[owner].add(kind)
    for e, owner in enumerate(state.road_owner):
        if owner >= 0:
            roads[owner].append(e)
    return tuple((tuple(settlements[s]), tuple(cities[s]), tuple(roads[s]),
                  tuple(k for k in HARBOUR_ORDER if k in harbours[s])) for s in range(n))


# -- queries -----------------------------------------------------------------------------------


def hand_size(state: CatanState, seat: int) -> int:
    return sum(map(len, state.hands[seat].values()))


def count(state: CatanState, seat: int, kind: str) -> int:
    return len(state.hands[seat][kind])


def holds(state: CatanState, seat: int, wanted: dict[str, int]) -> bool:
    return all(count(state, seat, kind) >= n for kind, n in wanted.items())


def can_afford(state: CatanState, seat: int, item: str) -> bool:
    return holds(state, seat, COSTS[item])


def missing(state: CatanState, seat: int, wanted: dict[str, int]) -> dict[str, int]:
    """What ``seat`` lacks of ``wanted``."""
    short = {kind: n - count(state, seat, kind) for kind, n in wanted.items()}
    return {kind: n for kind, n in short.items() if n > 0}


def settlements_of(state: CatanState, seat: int) -> tuple[int, ...]:
    return state.pieces()[seat][0]


def cities_of(state: CatanState, seat: int) -> tuple[int, ...]:
    return state.pieces()[seat][1]


def pieces_left(state: CatanState, seat: int, piece: str) -> int:
    settlements, cities, roads, _ = state.pieces()[seat]
    used = {"road": roads, "city": cities, "settlement": settlements}[piece]
    return PIECES[piece] - len(used)


def knights_played(state: CatanState, seat: int) -> int:
    return sum(1 for card in state.dev_played[seat] if card.startswith("knight"))


def hidden_points(state: CatanState, seat: int) -> int:
    return sum(1 for card in state.dev_hands[seat] if card.startswith("victory"))


def public_points(state: CatanState, seat: int) -> int:
    settlements, cities, _, _ = state.pieces()[seat]
    points = len(settlements) + 2 * len(cities)
    if state.longest_road == seat:
        points += 2
    if state.largest_army == seat:
        points += 2
    return points


def total_points(state: CatanState, seat: int) -> int:
    return public_points(state, seat) + hidden_points(state, seat)


def others(state: CatanState, seat: int) -> list[int]:
    """The other seats, in turn order after ``seat``."""
    return [(seat + i) % state.seats for i in range(1, state.seats)]
