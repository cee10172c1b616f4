"""Who must decide what right now.

- The set-up: the seat placing (a settlement, then its road).
- A turn: the seat on turn — roll (or play a development card first), move the robber, place
  free roads, or the main part: build, buy, play, trade, end the turn.
- A 7: every seat holding more than 7 cards, at once (the ``discard`` window, on the response
  clock; each keeps the same question until the last has chosen).
- A trade offer: every seat asked that has not answered (on the response clock, question
  ``trade#<serial>``); meanwhile the seat on turn's own prompt does not block.

Prompt kinds are ``catan.prompt.<stage>``; ``params`` carry what a table shows beside them.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from typing import Any

from games.catan import actions as a
from games.catan.board import CORNER_COUNT, EDGE_COUNT, HEX_CORNERS
from games.catan.building import (
    city_corners,
    road_edges,
    settlement_corners,
    setup_corners,
    setup_road_edges,
)
from games.catan.cards import COSTS, RESOURCES
from games.catan.development import playable_card, plenty_choices, road_building_open
from games.catan.layout import facts
from games.catan.maritime import bank_trades
from games.catan.robber import chosen_discard, discard_counts, robber_hexes, victims
from games.catan.state import CatanState, hand_size
from games.catan.trading import (
    confirmable,
    counter_terms,
    may_offer,
    offer_terms,
)
from games.core import Action, Clock, Pick, Prompt
from games.core.construct import assembled
from games.core.made import made
from games.core.memo import Memo
from games.core.model import assembled_prompt

PREFIX = "catan.prompt."


def _prompt(seat: int, stage: str, actions: list[Action], *, default: int | None = 0,
            blocking: bool = True, params: dict[str, Any] | None = None, question: str = "",
            clock: Clock = "turn", pick: Pick | None = None) -> Prompt:
    # Built without validation: the prompts are worked out again on every move.
    return assembled_prompt(seat, PREFIX + stage, actions, blocking=blocking, default=default,
                            params=params or {}, question=question, clock=clock, pick=pick)


def pending(state: CatanState) -> list[Prompt]:
    if state.phase == "over":
        return []
    if state.phase == "setup":
        return [_setup_prompt(state)]
    if state.stage == "discard":
        return _discard_prompts(state)
    prompts = [_turn_prompt(state)]
    offer = state.offer
    if offer is not None:
        prompts.extend(_answer_prompt(state, seat) for seat in offer.waiting_for())
    return prompts


def _setup_prompt(state: CatanState) -> Prompt:
    seat = state.current
    if state.stage == "place_settlement":
        corners = setup_corners(state)
        pips = facts(state.island).corner_pips
        # The most pips, the lowest corner among equals: the first of the most, the corners
        # being in order (``setup_corners``).
        pips_here = [pips[c] for c in corners]
        best = pips_here.index(max(pips_here))
        actions: list[Action] = _listed(a.PlaceSettlement, seat, "corner", corners)
        round_ = 1 if len(state.setup_queue) > state.seats else 2
        return _prompt(seat, "place_settlement", actions, default=best,
                       params={"round": round_})
    edges = setup_road_edges(state)
    actions = _listed(a.PlaceRoad, seat, "edge", edges)
    return _prompt(seat, "place_road", actions, params={"corner": state.placed})


def _turn_prompt(state: CatanState) -> Prompt:
    seat = state.current
    stage = state.stage
    if stage == "robber":
        return _robber_prompt(state, seat)
    if stage == "free_roads":
        actions: list[Action] = _listed(a.PlaceFreeRoad, seat, "edge", road_edges(state, seat))
        return _prompt(seat, "free_roads", actions, params={"roads": state.free_roads})
    if stage == "roll":
        actions = [_seat_action(a.Roll, seat)]
        actions.extend(_development_plays(state, seat))
        return _prompt(seat, "roll", actions)
    return _main_prompt(state, seat)


def _development_plays(state: CatanState, seat: int) -> list[Action]:
    if state.played_this_turn or not state.dev_hands[seat]:
        return []
    plays: list[Action] = []
    if playable_card(state, seat, "knight") is not None:
        plays.append(_seat_action(a.PlayKnight, seat))
    if road_building_open(state, seat):
        plays.append(_seat_action(a.PlayRoadBuilding, seat))
    if playable_card(state, seat, "year_of_plenty") is not None:
        plays.extend(made(a.PlayYearOfPlenty, seat=seat, take=pair)
                     for pair in plenty_choices(state))
    if playable_card(state, seat, "monopoly") is not None:
        plays.extend(made(a.PlayMonopoly, seat=seat, resource=kind) for kind in RESOURCES)
    return plays


def _main_prompt(state: CatanState, seat: int) -> Prompt:
    actions: list[Action] = []
    hand = state.hands[seat]
    road, settlement, city, development = _affordable(
        tuple(len(hand[kind]) for kind in RESOURCES))
    if road:
        actions.extend(_listed(a.BuildRoad, seat, "edge", road_edges(state, seat)))
    if settlement:
        actions.extend(_listed(a.BuildSettlement, seat, "corner",
                               settlement_corners(state, seat)))
    if city:
        actions.extend(_listed(a.BuildCity, seat, "corner", city_corners(state, seat)))
    if development and state.dev_deck:
        actions.append(_seat_action(a.BuyDevelopment, seat))
    actions.extend(_development_plays(state, seat))
    actions.extend(_bank_trades(seat, bank_trades(state, seat)))
    offer = state.offer
    blocking = True
    question = ""
    params: dict[str, Any] = {"offers_left": state.options.trade_offers - state.offers_made}
    if offer is not None:
        actions.extend(_confirm(seat, p) for p in confirmable(offer))
        actions.append(_seat_action(a.WithdrawTrade, seat))
        # The answers are still coming: nobody waits for the seat on turn meanwhile.
        blocking = not offer.waiting_for()
        params["offer"] = offer.serial
        # A new question with every move while the offer is open: an answer coming in shows
        # in the proposer's open panel, and a bot that built meanwhile is asked again.
        question = f"offer#{offer.serial}@{state.step}"
    actions.append(_seat_action(a.EndTurn, seat))
    pick = _terms_pick(a.OfferTrade, seat, offer_terms(state, seat)) \
        if may_offer(state, seat) else None
    return _prompt(seat, "main", actions, default=len(actions) - 1, blocking=blocking,
                   params=params, pick=pick, question=question)


# The few actions named by their seat alone (and a partner, an answer): the one ``made``
# action of each, found by one look-up rather than a key of its fields built every move.
@cache
def _seat_action(cls: type[Action], seat: int) -> Action:
    return made(cls, seat=seat)


@cache
def _confirm(seat: int, partner: int) -> Action:
    return made(a.ConfirmTrade, seat=seat, partner=partner)


@cache
def _answer(seat: int, accept: bool) -> Action:
    return made(a.AnswerTrade, seat=seat, accept=accept)


@lru_cache(maxsize=1024)
def _affordable(held: tuple[int, ...]) -> tuple[bool, bool, bool, bool]:
    have = dict(zip(RESOURCES, held, strict=True))
    return tuple(  # type: ignore[return-value]
        all(have[k] >= n for k, n in COSTS[item].items())
        for item in ("road", "settlement", "city", "development"))


@cache
def _every_place(cls: type[Action], seat: int, field: str) -> tuple[Action, ...]:
    """The action of one kind for a seat at every corner or edge, by index: each made once."""
    count = CORNER_COUNT if field == "corner" else EDGE_COUNT
    return tuple(made(cls, seat=seat, **{field: place}) for place in range(count))


def _listed(cls: type[Action], seat: int, field: str, places: Iterable[int]) -> list[Action]:
    """The actions of one kind for each place, read off ``_every_place``: the places differ
    from match to match (a thousand matches' set-ups share few lists of free corners)."""
    return list(map(_every_place(cls, seat, field).__getitem__, places))


@lru_cache(maxsize=8192)
def _bank_trades(seat: int, trades: tuple[tuple[str, str], ...]) -> tuple[Action, ...]:
    return tuple(a.BankTrade(seat=seat, give=give, get=get) for give, get in trades)


def _robber_prompt(state: CatanState, seat: int) -> Prompt:
    actions: list[Action] = []
    own = {c for c in range(CORNER_COUNT) if state.corner_owner[c] == seat}
    default = None
    for h in robber_hexes(state):
        robbed: list[int | None] = list(victims(state, seat, h)) or [None]
        for victim in robbed:
            if default is None and victim is not None and not own.intersection(HEX_CORNERS[h]):
                default = len(actions)
            actions.append(made(a.MoveRobber, seat=seat, hex=h, victim=victim))
    return _prompt(seat, "robber", actions, default=default if default is not None else 0,
                   params={"from": state.robber, "resume": state.resume})


def _discard_prompts(state: CatanState) -> list[Prompt]:
    """Every seat asked keeps the same question until the last has chosen (nobody can tell who
    has), defaulting to its choice so far, else to the cards it holds most of."""
    window = state.windows.top
    assert window is not None
    counts = discard_counts(state)
    prompts = []
    for seat in window.seats:
        n = counts[seat]
        hand = tuple(card for kind in RESOURCES for card in state.hands[seat][kind])
        pick = Pick(field="cards", options=hand, min=n, max=n,
                    template=made(a.Discard, seat=seat))
        suggested = pick.build(default_discard(state, seat, n))
        listed: list[Action] = [suggested]
        chosen = chosen_discard(state, seat)
        default = 0
        if chosen is not None:
            mine = pick.build(chosen)
            if mine != suggested:
                listed.append(mine)
                default = 1
        prompts.append(_prompt(seat, "discard", listed, default=default, pick=pick,
                               params={"count": n}, question=window.question(seat),
                               clock="response"))
    return prompts


@lru_cache(maxsize=8192)
def _terms_pick(cls: type[Action], seat: int, options: tuple[str, ...]) -> Pick:
    """Any words of ``options`` as one trade (``trading``); every choice means a trade."""
    return assembled(Pick, {"field": "terms", "options": options, "min": 1,
                            "max": len(options), "template": made(cls, seat=seat)})


def default_discard(state: CatanState, seat: int, n: int) -> list[str]:
    """Cards given back when a seat does not choose: one at a time from the resource it holds
    most of, so the hand stays as varied as it can."""
    piles = {kind: list(state.hands[seat][kind]) for kind in RESOURCES}
    chosen: list[str] = []
    for _ in range(n):
        kind = max(RESOURCES, key=lambda k: len(piles[k]))
        chosen.append(piles[kind].pop())
    return chosen


# Answer prompts stay the same while their offer and the seat's hand do: each answer given
# makes a new state whose other answers are asked again.
_ANSWERS: Memo[tuple[object, ...], Prompt] = Memo(4096)


def _answer_prompt(state: CatanState, seat: int) -> Prompt:
    offer = state.offer
    assert offer is not None
    terms = counter_terms(state, seat)
    # Every seat asked may accept a firm offer, whatever it holds: the answers are a question
    # the table's board puts to all of them at once, so what one may answer must not tell its
    # hand. An acceptance whose cards are not there is refused, with the reason, when the
    # proposer confirms it (``trading.confirm``).
    accept = offer.firm
    key = (seat, offer.serial, offer.proposer, tuple(offer.give.items()),
           tuple(offer.want.items()), terms, accept)
    found = _ANSWERS.get(key)
    if found is not None:
        return found
    actions: list[Action] = [_answer(seat, False)]
    if accept:
        actions.append(_answer(seat, True))
    pick = _terms_pick(a.CounterTrade, seat, terms) if hand_size(state, seat) > 0 else None
    return _ANSWERS.remember(key, _prompt(
        seat, "trade_answer", actions, pick=pick, clock="response",
        question=f"trade#{offer.serial}",
        params={"offer": offer.serial, "proposer": offer.proposer, "give": dict(offer.give),
                "want": dict(offer.want)}))
