"""What the bot reads from its seat's view: the island's occupancy, its own production, how
good each free corner is, the nearest good corners its roads can reach, and the next thing to
build — the cheapest next point (``Plan``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from games.catan.board import (
    CORNER_COUNT,
    CORNER_EDGES,
    CORNER_NEIGHBOURS,
    EDGE_CORNERS,
    EDGE_COUNT,
    HEX_CORNERS,
)
from games.catan.cards import COSTS, PIPS, RESOURCES
from games.catan.layout import Facts
from games.catan.views import CatanView, PlayerView, viewed_facts
from games.core.memo import Beside, Memo

# How much a pip of each resource is worth to a settler (brick and lumber build every road and
# settlement; ore is scarce and makes cities).
WEIGHT: dict[str, float] = {"brick": 1.1, "lumber": 1.1, "wool": 0.85, "grain": 1.0, "ore": 1.0}
REACH = 3  # roads the bot looks ahead for a new settlement
# A number's pips weighed by each resource: the product ``Seat._yield_worth`` begins each of a
# corner's terms with (an int times a float, the same float), made once for every island
# (made per island, its tuples were a few hundred objects more for the collector each match).
_WEIGHED: dict[str, dict[int, float]] = {
    kind: {number: pips * weight for number, pips in PIPS.items()}
    for kind, weight in WEIGHT.items()}
# The best spots kept beside an island, for the seats' latest boards: a turn's prompts after a
# trade or a card, and each seat's answers to the offers made between them, see the same one.
SPOTS_KEPT = 4

# Each corner's edges with the corner at each one's other end, in ``CORNER_EDGES`` order: the
# steps a road's reach takes from the corner.
_STEPS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((e, EDGE_CORNERS[e][1] if EDGE_CORNERS[e][0] == c else EDGE_CORNERS[e][0])
          for e in CORNER_EDGES[c])
    for c in range(CORNER_COUNT))


def island_facts(view: CatanView) -> Facts:
    return viewed_facts(view.island)


# What the seat could build next before any hand: (item, corner, roads, cost, gain).
Goal = tuple[str, int | None, list[int], dict[str, int], float]
# Each player's settlements, cities and roads (corners, edges), by seat.
Board = tuple[tuple[tuple[int, ...], ...], ...]
# A corner a settlement may go on: (score, corner, roads to build).
Spot = tuple[float, int, list[int]]
# A seat's best spots as last worked out: (board, robber, spots, the corners its roads reached,
# those of them it went on from), the corners as bits.
LastSpots = tuple[Board, int, list[Spot], int, int]


@dataclass
class Target:
    item: str  # city, settlement, development
    corner: int | None  # where (a city's settlement, a settlement's corner)
    roads: list[int]  # roads to build first (a settlement beyond the network)
    cost: dict[str, int]
    missing: dict[str, int]
    score: float


@dataclass
class Seat:
    """The bot's seat's picture of the table, built once per decision."""

    view: CatanView
    seat: int
    facts: Facts
    hand: dict[str, int]
    production: dict[str, float]  # expected cards per roll, by resource
    # Each player's settlements, cities and roads, and who owns each corner and edge: worked
    # out on the first look (a roll or an answer to an offer never looks at most of them).
    _board: Board | None = field(default=None, repr=False)
    _owner: list[int] | None = field(default=None, repr=False)
    _city: list[bool] | None = field(default=None, repr=False)
    _road: list[int] | None = field(default=None, repr=False)
    _reach: dict[int, tuple[int, list[int]]] | None = field(default=None, repr=False)
    # The corners ``reach`` found, and those it went on from (fewer roads than ``REACH``), as
    # bits: what ``_IslandWorths.reach_kept`` reads.
    _reached: tuple[int, int] = field(default=(0, 0), repr=False)
    _spots: list[Spot] | None = field(default=None, repr=False)
    _goals: list[Goal] | None = field(default=None, repr=False)
    _values: dict[tuple[int, int | None], float] = field(default_factory=dict, repr=False)
    _outlooks: dict[tuple[tuple[str, int], ...], float] = field(default_factory=dict,
                                                                 repr=False)
    _free: list[bool] | None = field(default=None, repr=False)
    _all_values: dict[int | None, list[float]] = field(default_factory=dict, repr=False)
    _scarce: dict[str, float] | None = field(default=None, repr=False)

    @property
    def me(self) -> PlayerView:
        return self.view.players[self.seat]

    @property
    def board(self) -> Board:
        """Each player's settlements, cities and roads (corners, edges), as its row lists
        them."""
        board = self._board
        if board is None:
            # Each player's fields read as a dict: a view's field costs five of a dict's reads.
            board = self._board = tuple(
                (tuple(row["settlements"]), tuple(row["cities"]), tuple(row["roads"]))
                for row in map(vars, self.view.players))
        return board

    @property
    def owner(self) -> list[int]:
        """The seat owning each corner's building, -1 where none stands."""
        if self._owner is None:
            self._occupy()
        assert self._owner is not None
        return self._owner

    @property
    def city(self) -> list[bool]:
        """Whether each corner holds a city."""
        if self._city is None:
            self._occupy()
        assert self._city is not None
        return self._city

    @property
    def road(self) -> list[int]:
        """The seat owning each edge's road, -1 where none lies."""
        if self._road is None:
            self._occupy()
        assert self._road is not None
        return self._road

    def _occupy(self) -> None:
        owner = [-1] * CORNER_COUNT
        city = [False] * CORNER_COUNT
        road = [-1] * EDGE_COUNT
        for at, (settlements, cities, roads) in enumerate(self.board):
            for c in settlements:
                owner[c] = at
            for c in cities:
                owner[c] = at
                city[c] = True
            for e in roads:
                road[e] = at
        self._owner, self._city, self._road = owner, city, road

    @property
    def cards(self) -> int:
        return sum(self.hand.values())

    def points(self) -> int:
        assert self.view.me is not None
        return self.view.me.points

    def free_corner(self, c: int) -> bool:
        """Free, with no building next to it (the distance rule)."""
        free = self._free
        if free is None:
            # Worked out for every corner at once, from the players' few buildings (a set-up
            # choice asks this of most corners several times), without the owner of every
            # corner and edge: a set-up choice needs no more of the board.
            free = self._free = [True] * CORNER_COUNT
            for row in map(vars, self.view.players):
                for corner in (*row["settlements"], *row["cities"]):
                    free[corner] = False
                    for n in CORNER_NEIGHBOURS[corner]:
                        free[n] = False
        return free[c]

    def free_corners(self) -> list[bool]:
        """``free_corner`` of every corner, by index."""
        if self._free is None:
            self.free_corner(0)
        assert self._free is not None
        return self._free

    def corner_values(self, blocked: int | None = None) -> list[float]:
        """``corner_value`` of every corner, by index: a set-up choice weighs most corners
        several times."""
        blocked = self._blocking(blocked)
        found = self._all_values.get(blocked)
        if found is None:
            found = self._all_values[blocked] = self._harboured(
                _island_worths(self.facts).yields(blocked, self._scarcity()))
        return found

    def _harboured(self, yields: list[float]) -> list[float]:
        """Each corner's worth from its yields' worth: its harbour's added."""
        values = list(yields)
        production = self.production
        for c, harbour in _island_worths(self.facts).harbours:
            # ``_harbour_worth``, inlined: a set-up choice adds it to a dozen corners or more.
            values[c] += 1.0 if harbour == "any" else 0.6 + 8 * production.get(harbour, 0.0)
        return values

    def corner_value(self, c: int, *, blocked: int | None = None) -> float:
        """What a settlement at ``c`` would produce, weighted by resource, more for resources
        the seat lacks."""
        blocked = self._blocking(blocked)
        every = self._all_values.get(blocked)
        if every is not None:
            return every[c]  # the same sum, worked out for every corner
        key = (c, blocked)
        known = self._values.get(key)
        if known is None:
            known = self._values[key] = self._worth(c, blocked, self._scarcity())
        return known

    def _blocking(self, blocked: int | None) -> int | None:
        """``blocked``, or None for a hex that yields nothing (the desert, where the robber
        starts): no corner's worth changes, so the values without it are the same ones."""
        return None if blocked is None or self.facts.resource[blocked] is None else blocked

    def _scarcity(self) -> dict[str, float]:
        """Each resource's weight for the seat: more for one it does not produce yet."""
        scarce = self._scarce
        if scarce is None:
            production = self.production
            scarce = self._scarce = {k: 1.35 if production.get(k, 0.0) < 0.05 else 1.0
                                     for k in WEIGHT}
        return scarce

    def _worth(self, c: int, blocked: int | None, scarce: dict[str, float]) -> float:
        value = self._yield_worth(c, blocked, scarce)
        harbour = self.facts.corner_harbour[c]
        if harbour is not None:
            value += self._harbour_worth(harbour)
        return value

    def _yield_worth(self, c: int, blocked: int | None, scarce: dict[str, float]) -> float:
        value = 0.0
        for h, kind, number in self.facts.corner_yields[c]:
            if h != blocked:
                value += PIPS[number] * WEIGHT[kind] * scarce[kind]
        return value

    def _harbour_worth(self, harbour: str) -> float:
        return 1.0 if harbour == "any" else 0.6 + 8 * self.production.get(harbour, 0.0)

    def reach(self) -> dict[int, tuple[int, list[int]]]:
        """Free corners the seat's roads can reach within ``REACH`` new roads: corner ->
        (roads needed, those roads in order)."""
        if self._reach is not None:
            return self._reach
        seat, owner, road = self.seat, self.owner, self.road
        # The seat's own buildings and roads from its row, in index order: the set is built
        # by the same additions, in the same order, as a walk over every corner and edge.
        settlements, cities, roads = self.board[seat]
        start = set(sorted((*settlements, *cities)))
        for e in sorted(roads):
            for c in EDGE_CORNERS[e]:
                if owner[c] < 0 or owner[c] == seat:
                    start.add(c)
        found: dict[int, tuple[int, list[int]]] = {c: (0, []) for c in start}
        frontier = list(start)
        inner = 0  # the corners gone on from, as bits
        for depth in range(1, REACH + 1):
            nxt = []
            for c in frontier:
                inner |= 1 << c
                path = found[c][1]
                for e, far in _STEPS[c]:
                    if road[e] >= 0 or far in found:
                        continue
                    held = owner[far]
                    if held >= 0 and held != seat:
                        continue
                    found[far] = (depth, [*path, e])
                    nxt.append(far)
            frontier = nxt
        everywhere = inner
        for c in frontier:
            everywhere |= 1 << c
        self._reach, self._reached = found, (everywhere, inner)
        return found

    def best_spots(self) -> list[Spot]:
        """(score, corner, roads to build) of every reachable corner a settlement may go on,
        best first."""
        if self._spots is not None:
            return self._spots
        # The same for every decision of the seat while no building, road or robber moves
        # (a turn's prompts after each trade or card, each offer the seat answers): kept by
        # all they read (the seat's production follows from its buildings and the robber).
        seat, robber, board = self.seat, self.view.robber, self.board
        key = (seat, robber, board)
        worths = _island_worths(self.facts)
        known = worths.spots.get(key)
        if known is not None:
            self._spots = known
            return known
        free = self.free_corners()
        last = worths.last_spots.get(seat)
        if last is not None and worths.reach_kept(seat, last, board):
            # Another seat built where the seat's roads do not go: the same corners reached
            # by the same roads; of them, those the distance rule still leaves free.
            _, before, kept, everywhere, inner = last
            if before == robber:  # each worth as it was, so the order too
                spots = [spot for spot in kept if free[spot[1]]]
            else:  # a corner's roads are as many as the steps the search took to it
                spots = self._weighed(((c, (len(path), path)) for _, c, path in kept), free)
        else:
            spots = self._weighed(self.reach().items(), free)
            everywhere, inner = self._reached
        worths.last_spots[seat] = (board, robber, spots, everywhere, inner)
        self._spots = worths.spots.remember(key, spots)
        return spots

    def _weighed(self, reached: Iterable[tuple[int, tuple[int, list[int]]]],
                 free: list[bool]) -> list[Spot]:
        """The spots among ``reached`` (corner, (roads needed, those roads)), best first."""
        spots = []
        # ``corner_value(c, blocked=robber)`` of each corner weighed, its sums inlined (the
        # same terms in the same order): a board's first look weighs a few dozen corners.
        blocked = self._blocking(self.view.robber)
        every = self._all_values.get(blocked)
        scarce = self._scarcity()
        yields, harbours = self.facts.corner_yields, self.facts.corner_harbour
        for c, (depth, path) in reached:
            if free[c]:
                if every is not None:
                    value = every[c]
                else:
                    value = 0.0
                    for h, kind, number in yields[c]:
                        if h != blocked:
                            value += PIPS[number] * WEIGHT[kind] * scarce[kind]
                    harbour = harbours[c]
                    if harbour is not None:
                        value += self._harbour_worth(harbour)
                spots.append((value / (1.0 + 0.45 * depth), c, path))
        spots.sort(key=lambda s: (-s[0], s[1]))
        return spots

    # -- the next thing to build ------------------------------------------------------------
    def targets(self, hand: dict[str, int] | None = None) -> list[Target]:
        """What the seat could build next (a city, a settlement with the roads to it, a
        development card), each scored by what it brings over how soon ``hand`` (its own
        by default) and its production reach it."""
        held = self.hand if hand is None else hand
        production = self.production
        found = []
        for item, corner, roads, cost, gain in self.goals():
            # What the hand lacks, and the rolls until the seat's own production brings it
            # (a rough measure).
            missing = {k: n - h for k, n in cost.items() if (h := held.get(k, 0)) < n}
            eta = sum(n / max(production.get(k, 0.0), 0.04) for k, n in missing.items())
            found.append(Target(item, corner, roads, cost, missing, gain / (1.0 + eta)))
        return found

    def goals(self) -> list[Goal]:
        """``targets`` before any hand: (item, corner, roads, cost, gain) of each, worked out
        once for every hand a decision weighs (each trade it answers or offers)."""
        if self._goals is not None:
            return self._goals
        me, view = self.me, self.view
        # The same for every decision of the seat while no building, road or robber moves
        # and the development cards' prospects stay (the rest follows from the pieces: what
        # the seat has left to build, each corner's worth from its production), kept beside
        # the island like the best spots: each answer to an offer, each prompt of a turn
        # between its trades.
        developing = view.development_left > 0
        army = developing and self._army_close()
        key = (self.seat, view.robber, self.board, developing, army)
        goals_of = _island_worths(self.facts).goals
        known = goals_of.get(key)
        if known is not None:
            self._goals = known
            return known
        goals: list[Goal] = []
        if me.pieces_left["city"] > 0 and me.settlements:
            corner = max(me.settlements, key=lambda c: (self.corner_value(c), -c))
            gain = 1.0 + 0.04 * self.corner_value(corner)
            goals.append(("city", corner, [], COSTS["city"], gain))
        if me.pieces_left["settlement"] > 0:
            spots = self.best_spots()
            if spots:
                score, corner, path = spots[0]
                if len(path) <= me.pieces_left["road"]:
                    cost = dict(COSTS["settlement"])
                    for kind, n in COSTS["road"].items():
                        cost[kind] = cost.get(kind, 0) + n * len(path)
                    gain = 1.0 + 0.05 * score
                    goals.append(("settlement", corner, path, cost, gain))
        if developing:
            gain = 0.45 + (0.3 if army else 0.0)
            goals.append(("development", None, [], COSTS["development"], gain))
        self._goals = goals_of.remember(key, goals)
        return goals

    def target(self) -> Target | None:
        """The cheapest next point: the best of ``targets``."""
        options = self.targets()
        return max(options, key=lambda t: t.score) if options else None

    def outlook(self, hand: dict[str, int]) -> float:
        """How good a hand is for the seat: the score of the best thing it leads to (kept by
        the hand: each trade weighed asks it of the seat's own hand again)."""
        key = tuple(sorted(hand.items()))
        found = self._outlooks.get(key)
        if found is None:
            # ``targets(hand)``'s best score, its sums the same in the same order, without the
            # targets and the cards each lacks made for it: each answer to an offer weighs two
            # hands or three.
            production = self.production
            found = self._outlooks[key] = max(
                (gain / (1.0 + sum(short / max(production.get(k, 0.0), 0.04)
                                   for k, n in cost.items()
                                   if (short := n - hand.get(k, 0)) > 0))
                 for _, _, _, cost, gain in self.goals()), default=0.0)
        return found

    def _army_close(self) -> bool:
        view = self.view
        mine = self.me.knights
        holder = view.largest_army
        best = view.players[holder].knights if holder is not None and holder != self.seat else 2
        return holder != self.seat and mine + 1 >= best

    # -- the others ---------------------------------------------------------------------------
    def threat(self, seat: int) -> float:
        """How close ``seat`` looks to winning: its visible points, and a little for its
        hidden development cards."""
        player = self.view.players[seat]
        return player.points + 0.4 * player.development + 0.05 * player.cards

    def leader(self) -> int:
        rivals = [s for s in range(len(self.view.players)) if s != self.seat]
        return max(rivals, key=lambda s: (self.threat(s), -s))

    def near_win(self, seat: int) -> bool:
        """Whether a trade could hand ``seat`` the win: within 2 visible points of it."""
        return self.view.players[seat].points >= self.view.points_to_win - 2


class _IslandWorths:
    """Every corner's worth from its yields alone, by the robber's hex and the resources a
    seat lacks: the same for every seat and every set-up choice that agree on those (each
    seat's first settlement, every seat's choices while the robber stays put), kept beside the
    island's facts for the match's life; and the corners with a harbour, whose worth adds what
    the seat produces of its kind."""

    def __init__(self, facts: Facts) -> None:
        self.harbours = tuple((c, kind) for c, kind in enumerate(facts.corner_harbour)
                              if kind is not None)
        self._yields_of = facts.corner_yields
        self._yields: dict[tuple[int | None, tuple[float, ...]], list[float]] = {}
        # ``Seat.best_spots`` of the seats' boards lately weighed (read only, shared).
        self.spots: Memo[tuple[object, ...], list[tuple[float, int, list[int]]]] = Memo(
            SPOTS_KEPT)
        # ``Seat.goals`` of the seats' boards lately weighed (read only, shared).
        self.goals: Memo[tuple[object, ...], list[Goal]] = Memo(SPOTS_KEPT)
        # Each seat's best spots as last worked out (``Seat.best_spots``).
        self.last_spots: dict[int, LastSpots] = {}

    def reach_kept(self, seat: int, last: LastSpots, board: Board) -> bool:
        """Whether ``board`` differs from the one of ``seat``'s spots ``last`` worked out by
        the others' pieces alone, added where the search of the seat's roads did not come:
        the search on ``board`` then reaches the same corners by the same roads (an added
        building stops it only on a corner it reached, an added road only from one it went
        on from). Each corner's worth then differs only by the robber (the seat's buildings
        are as they were)."""
        before, _, _, everywhere, inner = last
        if before is board:
            return True
        if len(before) != len(board) or before[seat] != board[seat]:
            return False
        for was, now in zip(before, board, strict=True):
            if was == now:
                continue
            held = {*now[0], *now[1]}
            if not held.issuperset(was[0]) or not held.issuperset(was[1]):
                return False
            for c in held.difference(was[0], was[1]):
                if everywhere >> c & 1:
                    return False
            roads = set(now[2])
            if not roads.issuperset(was[2]):
                return False
            for e in roads.difference(was[2]):
                one, other = EDGE_CORNERS[e]
                if (inner >> one | inner >> other) & 1:
                    return False
        return True

    def yields(self, blocked: int | None, scarce: dict[str, float]) -> list[float]:
        """``Seat._yield_worth`` of every corner: the same sums, in the same order."""
        key = (blocked, tuple(scarce.values()))
        found = self._yields.get(key)
        if found is None:
            found = self._yields[key] = []
            # Each term's product looked up rather than made (the same product of the same
            # two floats): each seat's second settlement weighs the island afresh.
            weighed = _scarce_weighed(key[1])
            if blocked is None:  # every set-up choice: the robber on the desert
                for here in self._yields_of:
                    value = 0.0
                    for _, kind, number in here:
                        value += weighed[kind][number]
                    found.append(value)
                return found
            for here in self._yields_of:
                value = 0.0
                for h, kind, number in here:
                    if h != blocked:
                        value += weighed[kind][number]
                found.append(value)
        return found


@lru_cache(maxsize=64)
def _scarce_weighed(scarce: tuple[float, ...]) -> dict[str, dict[int, float]]:
    """A number's pips weighed by each resource and by a seat's ``Seat._scarcity`` of it
    (its values in ``WEIGHT``'s order): ``_WEIGHED[kind][number] * scarce[kind]``, made once
    for each of the few scarcities (each resource weighs 1.0 or 1.35)."""
    return {kind: {number: worth * weight for number, worth in _WEIGHED[kind].items()}
            for kind, weight in zip(WEIGHT, scarce, strict=True)}


_ISLAND_WORTHS: Beside[Facts, _IslandWorths] = Beside()


def _island_worths(facts: Facts) -> _IslandWorths:
    return _ISLAND_WORTHS.made(facts, _IslandWorths)


def seat_of(view: CatanView) -> Seat:
    assert view.me is not None and view.seat is not None
    seat = view.seat
    me = vars(view.players[seat])
    cities = me["cities"]
    found = island_facts(view)
    production = dict.fromkeys(RESOURCES, 0.0)
    robber = view.robber
    yields = found.corner_yields
    # The seat's own buildings in corner order (the order the sums are made in), read off its
    # row rather than found among every corner.
    for c in sorted((*me["settlements"], *cities)):
        for h, kind, number in yields[c]:
            if h != robber:
                production[kind] += PIPS[number] / 36 * (2 if c in cities else 1)
    return Seat(view=view, seat=seat, facts=found, hand=dict(view.me.counts),
                production=production)


def hex_pips(seat: Seat, h: int) -> int:
    number = seat.view.island.hexes[h].number
    return PIPS.get(number or 0, 0)


def hex_buildings(seat: Seat, h: int) -> list[tuple[int, int]]:
    """(owner, 1 or 2) of every building around hex ``h``."""
    return [(seat.owner[c], 2 if seat.city[c] else 1) for c in HEX_CORNERS[h]
            if seat.owner[c] >= 0]
