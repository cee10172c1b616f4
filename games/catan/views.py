"""What a seat (or the public table) may see of a Catan game.

The public view holds no secret by construction: hands are counts, unplayed development cards
a count, victory point cards absent; the 7's discards show who must give how many, never who
has chosen. A seat's view adds ``me``: its cards by id, its development cards (and which were
bought this turn), its hidden points, its trade rates and its discard so far. When the game is
over, ``final`` shows every hand and every development card.
"""

from __future__ import annotations

from functools import cache, lru_cache
from operator import is_
from typing import Any

from pydantic import BaseModel, ConfigDict

from games.catan.board import HARBOUR_PLACES, HEX_COUNT, HEX_LABELS
from games.catan.cards import (
    COLOURS,
    GENERIC,
    GENERIC_HARBOUR_RATE,
    PIECES,
    PIPS,
    RESOURCES,
    SPECIAL_HARBOUR_RATE,
    kind_of,
    yield_of,
)
from games.catan.layout import Facts, Island, facts
from games.catan.maritime import rates_at
from games.catan.robber import chosen_discard, discard_counts
from games.catan.state import Board, CatanState, hidden_points, total_points
from games.catan.trading import confirmable
from games.core.construct import assembled
from games.core.memo import Beside


class HexView(BaseModel):
    model_config = ConfigDict(frozen=True)

    hex: int
    label: str  # "A" … "S"
    terrain: str
    resource: str | None
    number: int | None
    pips: int


class HarbourView(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: str  # "any" (3:1) or the resource traded 2:1
    rate: int
    corners: tuple[int, int]
    hex: int  # the land hex it faces
    side: str  # that hex's side ("nw", "e", …)
    sea: int  # its sea tile, index into board.SEA_COORDS


class IslandView(BaseModel):
    model_config = ConfigDict(frozen=True)

    hexes: list[HexView]
    harbours: list[HarbourView]


class PlayerView(BaseModel):
    model_config = ConfigDict(frozen=True)

    seat: int
    colour: str
    cards: int  # resource cards held
    development: int  # development cards held, unplayed (victory points among them)
    knights: int  # knights played
    played: list[str]  # development cards played, by kind, in order
    points: int  # points the table can see (buildings, Longest Road, Largest Army)
    road_length: int
    longest_road: bool
    largest_army: bool
    settlements: list[int]  # corners
    cities: list[int]  # corners
    roads: list[int]  # edges
    pieces_left: dict[str, int]
    harbours: list[str]  # harbour kinds it reaches


class AnswerView(BaseModel):
    model_config = ConfigDict(frozen=True)

    answer: str  # accept, decline, counter, void (a confirmation found the cards gone)
    give: dict[str, int]  # what the proposer would give
    want: dict[str, int]  # what the proposer would get


class TradeView(BaseModel):
    offer: int
    proposer: int
    asked: list[int]
    to_all: bool
    give: dict[str, int]
    want: dict[str, int]
    answers: dict[int, AnswerView]
    waiting: list[int]  # asked seats that have not answered
    confirmable: list[int]  # seats the proposer may trade with


class DiscardView(BaseModel):
    counts: dict[int, int]  # who must give back how many; everyone decides at once


class DevelopmentCardView(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    kind: str
    new: bool  # bought this turn: not playable before the next turn


class MeView(BaseModel):
    seat: int
    hand: dict[str, list[str]]  # card ids by resource
    counts: dict[str, int]
    development: list[DevelopmentCardView]
    hidden_points: int  # victory point cards held
    points: int  # everything counted
    rates: dict[str, int]  # cards given to the bank for one, per resource
    must_discard: int  # a 7: how many to give back (0 when not asked)
    discard: list[str] | None  # the cards chosen so far


class FinalView(BaseModel):
    hands: dict[int, dict[str, int]]
    development: dict[int, list[str]]  # unplayed development card ids
    hidden_points: dict[int, int]
    points: dict[int, int]


class CatanView(BaseModel):
    seat: int | None
    phase: str  # setup, turns, over
    stage: str
    current: int
    first: int
    turn: int
    setup_round: int | None  # 1 or 2 during the set-up
    dice: tuple[int, int] | None
    production: dict[int, dict[str, int]]  # what the last roll handed out, by seat
    shortages: list[str]  # resources the bank could not pay on the last roll
    robber: int
    island: IslandView
    players: list[PlayerView]
    bank: dict[str, int]
    development_left: int
    longest_road: int | None
    largest_army: int | None
    trade: TradeView | None
    discard: DiscardView | None
    free_roads: int
    development_played: bool  # the seat on turn has played its development card this turn
    offers_made: int  # offers the seat on turn has made this turn
    offers_left: int
    points_to_win: int
    winner: int | None
    final: FinalView | None
    me: MeView | None = None


# A match's island view, and the facts beside it for a reader of the view (the bot), kept as
# long as the match's island lives (``games.core.memo.Beside``).
_ISLAND_VIEWS: Beside[Island, IslandView] = Beside()
_VIEWED_FACTS: Beside[IslandView, Facts] = Beside()


def island_view(island: Island) -> IslandView:
    found = _ISLAND_VIEWS.get(island)
    if found is None:
        found = _ISLAND_VIEWS.remember(island, _island_view(island))
        _VIEWED_FACTS.remember(found, facts(island))
    return found


def viewed_facts(island: IslandView) -> Facts:
    """The facts of the island a view shows: those of the island it was built from, or (a view
    read back from elsewhere) worked out from what it shows."""
    found = _VIEWED_FACTS.get(island)
    if found is None:
        shown = Island(terrains=tuple(h.terrain for h in island.hexes),
                       numbers=tuple(h.number or 0 for h in island.hexes),
                       harbours=tuple(h.kind for h in island.harbours))
        found = _VIEWED_FACTS.remember(island, facts(shown))
    return found


def _island_view(island: Island) -> IslandView:
    hexes = [_hex_view(h, island.terrains[h], island.numbers[h]) for h in range(HEX_COUNT)]
    harbours = [_harbour_view(place, kind) for place, kind in enumerate(island.harbours)]
    return assembled(IslandView, {"hexes": hexes, "harbours": harbours})


# A hex or a harbour as a view shows it is one of a few hundred (a place, its terrain or kind,
# its number): each made once and shared by every island that has it (they are frozen).
@cache
def _hex_view(h: int, terrain: str, number: int) -> HexView:
    return HexView(hex=h, label=HEX_LABELS[h], terrain=terrain, resource=yield_of(terrain),
                   number=number or None, pips=PIPS.get(number, 0))


@cache
def _harbour_view(index: int, kind: str) -> HarbourView:
    place = HARBOUR_PLACES[index]
    return HarbourView(kind=kind, rate=GENERIC_HARBOUR_RATE if kind == GENERIC
                       else SPECIAL_HARBOUR_RATE, corners=place.corners, hex=place.hex,
                       side=place.side, sea=place.sea)


def _pieces_row(board: Board, seat: int) -> dict[str, Any]:
    """The fields of a seat's public row its pieces decide, once per arrangement of the
    island's pieces (shared by the views built meanwhile)."""
    row = board.rows.get(seat)
    if row is None:
        settlements, cities, roads, harbours = board.pieces[seat]
        row = board.rows[seat] = {
            "settlements": list(settlements), "cities": list(cities), "roads": list(roads),
            "pieces_left": {"road": PIECES["road"] - len(roads),
                            "settlement": PIECES["settlement"] - len(settlements),
                            "city": PIECES["city"] - len(cities)},
            "harbours": list(harbours),
            "points": len(settlements) + 2 * len(cities)}
    return row


@lru_cache(maxsize=1024)
def _played(cards: tuple[str, ...]) -> tuple[list[str], int]:
    kinds = [kind_of(card) for card in cards]
    return kinds, kinds.count("knight")


def _players(state: CatanState, board: Board) -> list[PlayerView]:
    hands, developments, lengths = state.hands, state.dev_hands, state.road_lengths
    longest_road, largest_army = state.longest_road, state.largest_army
    read = (hands, developments, state.dev_played, lengths)  # ``state.VIEWED_LISTS``
    awards = (longest_road, largest_army)
    viewed = board.viewed
    if viewed is not None and viewed[1] == awards and all(map(is_, viewed[0], read)):
        return list(viewed[2])  # the same lists as the last state viewed: the same rows
    rows = _rows(state, board)
    board.viewed = (read, awards, rows)
    return list(rows)


def _rows(state: CatanState, board: Board) -> list[PlayerView]:
    rows = []
    hands, developments, lengths = state.hands, state.dev_hands, state.road_lengths
    longest_road, largest_army = state.longest_road, state.largest_army
    kept = board.players
    for s in range(state.seats):
        longest, largest = longest_road == s, largest_army == s
        played = tuple(state.dev_played[s])
        cards = sum(map(len, hands[s].values()))
        # Everything the row shows besides the pieces (the board's own): a row kept for the
        # same is the row (they are frozen), shared by the views of the states between.
        shown = (cards, len(developments[s]), played, lengths[s], longest, largest)
        known = kept.get(s)
        if known is not None and known[0] == shown:
            rows.append(known[1])
            continue
        pieces = _pieces_row(board, s)
        kinds, knights = _played(played)
        # One dict, its fields in the order the views have always held them (a model's repr
        # follows it): the pieces' first.
        row = assembled(PlayerView, {
            "settlements": pieces["settlements"], "cities": pieces["cities"],
            "roads": pieces["roads"], "pieces_left": pieces["pieces_left"],
            "harbours": pieces["harbours"],
            "points": pieces["points"] + 2 * longest + 2 * largest,
            "seat": s, "colour": COLOURS[s], "cards": cards,
            "development": len(developments[s]), "knights": knights, "played": kinds,
            "road_length": lengths[s], "longest_road": longest, "largest_army": largest})
        kept[s] = (shown, row)
        rows.append(row)
    return rows


def _trade(state: CatanState) -> TradeView | None:
    offer = state.offer
    if offer is None:
        return None
    answers = {s: assembled(AnswerView, {"answer": ans.answer, "give": dict(ans.give),
                                         "want": dict(ans.want)})
               for s, ans in sorted(offer.answers.items())}
    return assembled(TradeView, {
        "offer": offer.serial, "proposer": offer.proposer, "asked": list(offer.asked),
        "to_all": offer.to_all, "give": dict(offer.give), "want": dict(offer.want),
        "answers": answers, "waiting": list(offer.waiting_for()),
        "confirmable": confirmable(offer)})


def _final(state: CatanState) -> FinalView:
    seats = range(state.seats)
    return assembled(FinalView, {
        "hands": {s: {k: len(state.hands[s][k]) for k in RESOURCES} for s in seats},
        "development": {s: list(state.dev_hands[s]) for s in seats},
        "hidden_points": {s: hidden_points(state, s) for s in seats},
        "points": {s: total_points(state, s) for s in seats}})


def _public(state: CatanState) -> dict[str, Any]:
    """Every field of the view but ``seat`` and ``me``: the same for every reader of this
    state, built once (views are built without validation; each value is of its type)."""
    private = state.__pydantic_private__
    cached = None if private is None else private.get("_public")
    if cached is not None:
        return cached
    counts = discard_counts(state)
    setup_round = None
    if state.phase == "setup":
        setup_round = 1 if len(state.setup_queue) > state.seats else 2
    fields: dict[str, Any] = {
        "phase": state.phase, "stage": state.stage, "current": state.current,
        "first": state.first, "turn": state.turn, "setup_round": setup_round,
        "dice": state.dice, "production": {s: dict(g) for s, g in state.production.items()},
        "shortages": list(state.shortages), "robber": state.robber,
        "island": island_view(state.island), "players": _players(state, state.board()),
        "bank": {k: len(state.bank[k]) for k in RESOURCES},
        "development_left": len(state.dev_deck), "longest_road": state.longest_road,
        "largest_army": state.largest_army, "trade": _trade(state),
        "discard": assembled(DiscardView, {"counts": counts}) if counts else None,
        "free_roads": state.free_roads, "development_played": state.played_this_turn,
        "offers_made": state.offers_made,
        "offers_left": state.options.trade_offers - state.offers_made,
        "points_to_win": state.options.points_to_win, "winner": state.winner,
        "final": _final(state) if state.phase == "over" else None,
    }
    if private is not None:
        private["_public"] = fields
    return fields


def view(state: CatanState, seat: int | None) -> CatanView:
    public = _public(state)
    fields = dict(public)
    fields["seat"] = seat
    fields["me"] = _me(state, seat, public) if seat is not None else None
    return assembled(CatanView, fields)


def _me(state: CatanState, seat: int, public: dict[str, Any]) -> MeView:
    piles = state.hands[seat]
    hand = {k: list(piles[k]) for k in RESOURCES}
    chosen = chosen_discard(state, seat)
    new = state.dev_new
    hidden = hidden_points(state, seat)
    discard = public["discard"]
    return assembled(MeView, {
        "seat": seat, "hand": hand, "counts": {k: len(v) for k, v in hand.items()},
        "development": [_development_card(card, card in new) for card in state.dev_hands[seat]],
        "hidden_points": hidden, "points": public["players"][seat].points + hidden,
        "rates": _rates_shown(tuple(public["players"][seat].harbours)),
        "must_discard": discard.counts.get(seat, 0) if discard is not None else 0,
        "discard": list(chosen) if chosen is not None else None})


@lru_cache(maxsize=64)
def _rates_shown(reached: tuple[str, ...]) -> dict[str, int]:
    """A view's trade rates, read off the harbour kinds its seat's row shows: one dict for
    each set of kinds, shared by the views (which never change it), where working them out
    from the island's pieces again cost a tenth of a seat's view."""
    return rates_at(reached)


@lru_cache(maxsize=128)
def _development_card(card: str, new: bool) -> DevelopmentCardView:
    return DevelopmentCardView(id=card, kind=kind_of(card), new=new)


def secrets(state: CatanState, seat: int) -> set[str]:
    """The hidden ids ``seat`` knows: its resource cards and its unplayed development cards;
    nothing once the game is over (every hand is shown)."""
    if state.phase == "over":
        return set()
    known = {card for kind in RESOURCES for card in state.hands[seat][kind]}
    known.update(state.dev_hands[seat])
    return known
