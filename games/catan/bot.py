"""The built-in Catan bot: a legal move from its seat's view alone, always.

How it plays: set-up settlements by the pips around a corner and the resources it still lacks,
roads toward the best corner two steps on; on its turn it builds toward the cheapest next point
(``bot_plan.Seat.target``: a city, a settlement with the roads to it, or a development card),
trading with the bank and harbours, and offering the others one card it can spare for one it
lacks; it spends or trades down a hand of more than 7 before the dice pass on; the robber goes
where it hurts the leader most and robs the leader; knights come out when the robber sits on
its own production or when one more takes or keeps Largest Army, and at the end of a turn with
nothing else to do. It accepts offers and counter-offers that improve the best build its hand
leads to, counters an offer holding a card it needs with one it can spare, and never trades
with a player within 2 points of winning.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.catan import actions as a
from games.catan.board import CORNER_COUNT, CORNER_NEIGHBOURS, EDGE_CORNERS
from games.catan.bot_plan import Seat, Target, hex_buildings, hex_pips, seat_of
from games.catan.cards import COSTS, HAND_LIMIT, RESOURCES
from games.catan.trading import words_for
from games.catan.views import CatanView
from games.core import Action, Prompt

PREFIX = "catan.prompt."
OWN_OFFERS = 2  # offers the bot makes a turn, at most
ACCEPT = 0.1  # how much better a trade must leave the bot's hand (``trade_gain``)


def choose_action(view: CatanView, prompt: Prompt, rng: random.Random) -> Action:
    decide = _DECISIONS.get(prompt.kind.removeprefix(PREFIX))
    if decide is not None:
        try:
            chosen = decide(seat_of(view), prompt, rng)
        except (ValueError, KeyError, IndexError):
            chosen = None
        if chosen is not None and prompt.offers(chosen):
            return chosen
    default = prompt.default_action()
    return default if default is not None else prompt.actions[0]


def _of(prompt: Prompt, kind: type[a.Action]) -> list[Action]:
    return [act for act in prompt.actions if isinstance(act, kind)]


# -- the set-up ------------------------------------------------------------------------------


# The corners two roads from each corner that are not next to it: where a second settlement
# may go later, room to grow.
_BEYOND: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted({g for n in CORNER_NEIGHBOURS[c] for g in CORNER_NEIGHBOURS[n]
                  if g != c and g not in CORNER_NEIGHBOURS[c]}))
    for c in range(CORNER_COUNT))


def _place_settlement(seat: Seat, prompt: Prompt, rng: random.Random) -> Action:
    options = _of(prompt, a.PlaceSettlement)
    produced = {k for k, p in seat.production.items() if p > 0}
    # Every list read once for the whole choice: it weighs nearly every corner of the island.
    here, values, free = seat.corner_values(seat.view.robber), seat.corner_values(), \
        seat.free_corners()
    # Each corner's worth where the distance rule leaves it free, else 0.0: no worth is below
    # 0.0, so the best of a corner's ``_BEYOND`` is the best free one's (0.0 when none is).
    open_worth = [v if f else 0.0 for v, f in zip(values, free, strict=True)]
    kinds = seat.facts.corner_kinds
    # The resources new to the seat, by a corner's set of resources: a few dozen corners
    # share a dozen or so sets.
    new_of: dict[frozenset[str], int] = {}
    corners: list[int] = [act.__dict__["corner"] for act in options]
    bases = []  # each corner's worth with its new resources: its score but the room to grow
    for corner in corners:
        mix = kinds[corner]
        new = new_of.get(mix)
        if new is None:
            new = new_of[mix] = len(mix - produced)
        bases.append(here[corner] + 1.2 * new)
    # The room to grow is a free corner's worth, never more than the best of them: a corner
    # whose base with that much room still falls short of the best score so far cannot win,
    # nor can any corner after it in the order of their bases (rounding keeps the order of
    # sums), so the room is weighed for the few corners that can still be the best.
    most_room = 0.15 * max(0.0, *open_worth)
    best, best_score, best_corner = options[0], float("-inf"), 0
    for i in sorted(range(len(corners)), key=bases.__getitem__, reverse=True):
        base = bases[i]
        if base + most_room < best_score:
            break
        corner = corners[i]
        # Room to grow: the best corner two roads away that the distance rule leaves free.
        room = max(map(open_worth.__getitem__, _BEYOND[corner]), default=0.0)
        score = base + 0.15 * room
        # The best score, the lowest corner among equals (``max`` by ``(score, -corner)``).
        if score > best_score or (score == best_score and corner < best_corner):
            best, best_score, best_corner = options[i], score, corner
    return best


def _place_road(seat: Seat, prompt: Prompt, rng: random.Random) -> Action:
    placed = prompt.params.get("corner")
    options = _of(prompt, a.PlaceRoad)
    free, worth = seat.free_corners(), seat.corner_value

    def outlook(act: Action) -> float:
        a_, b = EDGE_CORNERS[act.edge]  # type: ignore[attr-defined]
        far = b if a_ == placed else a_
        return max((worth(g) for g in CORNER_NEIGHBOURS[far] if g != placed and free[g]),
                   default=0.0)

    return max(options, key=lambda act: (outlook(act), -act.edge))  # type: ignore[attr-defined]


# -- the turn --------------------------------------------------------------------------------


def _roll(seat: Seat, prompt: Prompt, rng: random.Random) -> Action:
    knight = _of(prompt, a.PlayKnight)
    if knight and (_robber_on_me(seat) or _army_from_knight(seat)):
        return knight[0]
    return _of(prompt, a.Roll)[0]


def _robber_on_me(seat: Seat) -> bool:
    h = seat.view.robber
    return hex_pips(seat, h) >= 3 and any(owner == seat.seat for owner, _ in hex_buildings(seat, h))


def _army_from_knight(seat: Seat) -> bool:
    """Whether one more knight takes Largest Army (or keeps it out of a rival's reach)."""
    view = seat.view
    mine = seat.me.knights + 1
    holder = view.largest_army
    if holder == seat.seat:
        rival = max(p.knights for p in view.players if p.seat != seat.seat)
        return rival >= mine - 1
    needed = 3 if holder is None else view.players[holder].knights + 1
    return mine >= needed


def _main(seat: Seat, prompt: Prompt, rng: random.Random) -> Action:
    target = seat.target()
    for step in (_winning_build, _confirm_trade, _play_development, _build_city,
                 _build_settlement, _build_road, _buy_development, _bank_trade, _offer_trade,
                 _shed_cards, _spare_knight):
        chosen = step(seat, prompt, target)
        if chosen is not None:
            return chosen
    return _of(prompt, a.EndTurn)[0]


def _winning_build(seat: Seat, prompt: Prompt, target: Target | None) -> Action | None:
    need = seat.view.points_to_win - seat.points()
    if need > 2:
        return None
    for act in prompt.actions:
        gain = 2 if isinstance(act, a.BuildCity) else 1 if isinstance(act, a.BuildSettlement) else 0
        if gain and gain >= need:
            return act
    return None


def _confirm_trade(seat: Seat, prompt: Prompt, target: Target | None) -> Action | None:
    trade = seat.view.trade
    confirms = _of(prompt, a.ConfirmTrade)
    if trade is None or not confirms:
        return None
    best, best_gain = None, ACCEPT
    for act in confirms:
        partner = act.partner  # type: ignore[attr-defined]
        if seat.near_win(partner):
            continue
        answer = trade.answers[partner]
        gain = trade_gain(seat, get=answer.want, give=answer.give)
        if gain > best_gain:
            best, best_gain = act, gain
    return best


def _play_development(seat: Seat, prompt: Prompt, target: Target | None) -> Action | None:
    knight = _of(prompt, a.PlayKnight)
    if knight and (_robber_on_me(seat) or _army_from_knight(seat)):
        return knight[0]
    if target is not None and target.missing:
        missing = target.missing
        plenty = _of(prompt, a.PlayYearOfPlenty)
        if plenty and sum(missing.values()) <= 2:
            wanted = sorted(k for k, n in missing.items() for _ in range(n))
            wanted += [wanted[0]] * (2 - len(wanted))
            for act in plenty:
                if sorted(act.take) == wanted:  # type: ignore[attr-defined]
                    return act
        monopoly = _of(prompt, a.PlayMonopoly)
        others_cards = sum(p.cards for p in seat.view.players if p.seat != seat.seat)
        if monopoly and others_cards >= 8:
            kind = max(missing, key=lambda k: (missing[k], -RESOURCES.index(k)))
            for act in monopoly:
                if act.resource == kind:  # type: ignore[attr-defined]
                    return act
    roads = _of(prompt, a.PlayRoadBuilding)
    if roads and target is not None and target.item == "settlement" and target.roads:
        return roads[0]
    return None


def _build_city(seat: Seat, prompt: Prompt, target: Target | None) -> Action | None:
    cities = _of(prompt, a.BuildCity)
    if not cities:
        return None
    return max(cities, key=lambda act: (seat.corner_value(act.corner),  # type: ignore[attr-defined]
                                        -act.corner))  # type: ignore[attr-defined]


def _build_settlement(seat: Seat, prompt: Prompt, target: Target | None) -> Action | None:
    spots = _of(prompt, a.BuildSettlement)
    if not spots:
        return None
    return max(spots, key=lambda act: (seat.corner_value(act.corner),  # type: ignore[attr-defined]
                                       -act.corner))  # type: ignore[attr-defined]


def _build_road(seat: Seat, prompt: Prompt, target: Target | None) -> Action | None:
    roads = {act.edge: act for act in _of(prompt, a.BuildRoad)}  # type: ignore[attr-defined]
    if not roads:
        return None
    if target is not None and target.item == "settlement" and target.roads:
        first = target.roads[0]
        if first in roads:
            return roads[first]
    # Longest Road within reach: a road that lengthens the seat's longest.
    view = seat.view
    mine = seat.me.road_length
    holder = view.longest_road
    best = view.players[holder].road_length if holder is not None else 4
    if holder != seat.seat and mine >= best - 1 and mine >= 3:
        return next(iter(roads.values()))
    return None


def _buy_development(seat: Seat, prompt: Prompt, target: Target | None) -> Action | None:
    buy = _of(prompt, a.BuyDevelopment)
    if not buy:
        return None
    if target is None or target.item == "development":
        return buy[0]
    # Buy only with cards the next point does not need.
    after = dict(seat.hand)
    for kind, n in COSTS["development"].items():
        after[kind] -= n
    if all(after.get(k, 0) >= min(n, seat.hand.get(k, 0)) for k, n in target.cost.items()):
        return buy[0]
    return None


def _surplus(seat: Seat, target: Target | None) -> dict[str, int]:
    keep = target.cost if target is not None else {}
    return {k: n - keep.get(k, 0) for k, n in seat.hand.items() if n > keep.get(k, 0)}


def _bank_trade(seat: Seat, prompt: Prompt, target: Target | None) -> Action | None:
    if target is None or not target.missing:
        return None
    trades = _of(prompt, a.BankTrade)
    if not trades:
        return None
    assert seat.view.me is not None
    rates = seat.view.me.rates
    spare = _surplus(seat, target)
    best = None
    for act in trades:
        give, get = act.give, act.get  # type: ignore[attr-defined]
        if get in target.missing and spare.get(give, 0) >= rates[give]:
            score = spare[give] - rates[give] + target.missing[get]
            if best is None or score > best[0]:
                best = (score, act)
    return best[1] if best is not None else None


def _offer_trade(seat: Seat, prompt: Prompt, target: Target | None) -> Action | None:
    view = seat.view
    pick = prompt.pick
    if pick is None or target is None or not target.missing or view.trade is not None:
        return None
    if view.offers_made >= OWN_OFFERS or sum(target.missing.values()) > 2:
        return None  # a trade is worth asking for when it nearly completes the next build
    spare = _surplus(seat, target)
    if not spare:
        return None
    want = max(target.missing, key=lambda k: (target.missing[k], -RESOURCES.index(k)))
    give = max(spare, key=lambda k: (spare[k], -RESOURCES.index(k)))
    if give == want:
        return None
    # The second offer of a turn asks for the same card at a better price for the others.
    generous = view.offers_made > 0 and spare[give] >= 2
    return pick.build(words_for({give: 2 if generous else 1}, {want: 1}))


def _shed_cards(seat: Seat, prompt: Prompt, target: Target | None) -> Action | None:
    """More than 7 cards at the end of the turn: spend them or trade some away."""
    if seat.cards <= HAND_LIMIT:
        return None
    for kind in (a.BuildRoad, a.BuyDevelopment):
        options = _of(prompt, kind)
        if options:
            return options[0]
    trades = _of(prompt, a.BankTrade)
    if trades:
        missing = target.missing if target is not None else {}
        return max(trades, key=lambda act: (seat.hand[act.give],  # type: ignore[attr-defined]
                                            act.get in missing))  # type: ignore[attr-defined]
    return None


def _spare_knight(seat: Seat, prompt: Prompt, target: Target | None) -> Action | None:
    """Nothing else to do this turn: a knight still robs the leader, blocks its best hex and
    counts toward Largest Army."""
    knight = _of(prompt, a.PlayKnight)
    return knight[0] if knight else None


# -- the robber ------------------------------------------------------------------------------


def _robber(seat: Seat, prompt: Prompt, rng: random.Random) -> Action:
    leader = seat.leader()
    best, best_score = prompt.actions[0], float("-inf")
    for act in _of(prompt, a.MoveRobber):
        h, victim = act.hex, act.victim  # type: ignore[attr-defined]
        pips = hex_pips(seat, h)
        score = 0.0
        for owner, size in hex_buildings(seat, h):
            if owner == seat.seat:
                score -= 4.0 * pips * size
            else:
                score += pips * size * (1.0 + (1.5 if owner == leader else 0.0)
                                        + 0.1 * seat.threat(owner))
        if victim is not None:
            score += 2.0 + 0.3 * seat.view.players[victim].cards
            score += 3.0 if victim == leader else 0.0
        if score > best_score:
            best, best_score = act, score
    return best


def _discard(seat: Seat, prompt: Prompt, rng: random.Random) -> Action:
    pick = prompt.pick
    assert pick is not None and seat.view.me is not None
    n = pick.min
    target = seat.target()
    keep = dict(target.cost) if target is not None else {}
    piles = {k: list(v) for k, v in seat.view.me.hand.items()}
    chosen: list[str] = []
    for _ in range(n):
        kind = max((k for k in RESOURCES if piles[k]),
                   key=lambda k: (len(piles[k]) - keep.get(k, 0), len(piles[k])))
        chosen.append(piles[kind].pop())
    return pick.build(chosen)


def _free_road(seat: Seat, prompt: Prompt, rng: random.Random) -> Action:
    roads = {act.edge: act for act in _of(prompt, a.PlaceFreeRoad)}  # type: ignore[attr-defined]
    for _, _, path in seat.best_spots():
        if path and path[0] in roads:
            return roads[path[0]]
    return min(roads.values(), key=lambda act: act.edge)  # type: ignore[attr-defined]


# -- answering offers --------------------------------------------------------------------------


def trade_gain(seat: Seat, *, get: dict[str, int], give: dict[str, int]) -> float:
    """How much a trade (``get`` in, ``give`` out) improves the best thing the seat's hand
    leads to, with a little for the number of cards."""
    if any(seat.hand.get(k, 0) < n for k, n in give.items()):
        return float("-inf")
    after = dict(seat.hand)
    for k, n in get.items():
        after[k] = after.get(k, 0) + n
    for k, n in give.items():
        after[k] -= n
    cards = 0.08 * (sum(get.values()) - sum(give.values()))
    return 2.0 * (seat.outlook(after) - seat.outlook(seat.hand)) + cards


def _answer_trade(seat: Seat, prompt: Prompt, rng: random.Random) -> Action:
    proposer = prompt.params["proposer"]
    give: dict[str, int] = prompt.params["give"]
    want: dict[str, int] = prompt.params["want"]
    decline = next(act for act in prompt.actions
                   if isinstance(act, a.AnswerTrade) and not act.accept)
    if seat.near_win(proposer):
        return decline
    target = seat.target()
    accept = [act for act in prompt.actions if isinstance(act, a.AnswerTrade) and act.accept]
    if accept and trade_gain(seat, get=give, give=want) > ACCEPT:
        return accept[0]
    counter = _counter(seat, prompt, target, give)
    return counter if counter is not None else decline


def _counter(seat: Seat, prompt: Prompt, target: Target | None,
             offered: dict[str, int]) -> Action | None:
    """An offer holding a card the seat lacks: one card it can spare for one of those."""
    pick = prompt.pick
    if pick is None or target is None:
        return None
    wanted = [k for k in offered if k in target.missing]
    spare = {k: n for k, n in _surplus(seat, target).items() if k not in offered}
    if not wanted or not spare:
        return None
    get = wanted[0]
    give = max(spare, key=lambda k: (spare[k], -RESOURCES.index(k)))
    return pick.build(words_for({give: 1}, {get: 1}))


_DECISIONS: dict[str, Callable[[Seat, Prompt, random.Random], Action]] = {
    "place_settlement": _place_settlement,
    "place_road": _place_road,
    "roll": _roll,
    "main": _main,
    "robber": _robber,
    "discard": _discard,
    "free_roads": _free_road,
    "trade_answer": _answer_trade,
}

