"""Development cards: bought blind from the deck (ore, wool, grain), kept hidden, at most one
played a turn — never one bought this same turn — at any time of one's turn, before the roll
too. Victory point cards are never played: they count toward the win where they lie and are
shown when the game ends.

- Knight: move the robber and rob (``robber``); knights played count toward Largest Army.
- Road Building: two free roads, placed at once (one when only one piece or place is left).
- Year of Plenty: any two resources from the bank.
- Monopoly: name a resource; every other player hands over all they hold of it.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from games.catan.army import update_largest_army
from games.catan.building import place_road, road_edges
from games.catan.cards import COSTS, RESOURCES, kind_of
from games.catan.context import Context
from games.catan.robber import start_robber
from games.catan.state import CatanState, can_afford, knights_played, others, pieces_left

PLAYABLE_STAGES = ("roll", "main")


def can_buy(state: CatanState, seat: int) -> bool:
    return bool(state.dev_deck) and can_afford(state, seat, "development")


def buy(ctx: Context, seat: int) -> None:
    state = ctx.state
    ctx.pay(seat, COSTS["development"])
    card = state.own("dev_deck").pop()
    state.own_entry("dev_hands", seat).append(card)
    state.own("dev_new").append(card)
    ctx.private(seat, "development_drawn", seat=seat, card=card, development=kind_of(card))
    ctx.public("development_bought", seat=seat, left=len(state.dev_deck))


def playable_card(state: CatanState, seat: int, kind: str) -> str | None:
    """A card of ``kind`` the seat may play now, if any."""
    if state.played_this_turn or state.stage not in PLAYABLE_STAGES or state.current != seat:
        return None
    for card in state.dev_hands[seat]:
        if card.startswith(kind) and kind_of(card) == kind and card not in state.dev_new:
            return card
    return None


def _play(ctx: Context, seat: int, kind: str) -> str:
    state = ctx.state
    card = playable_card(state, seat, kind)
    assert card is not None
    state.own_entry("dev_hands", seat).remove(card)
    state.own_entry("dev_played", seat).append(card)
    state.played_this_turn = True
    return card


def play_knight(ctx: Context, seat: int) -> None:
    resume = ctx.state.stage
    card = _play(ctx, seat, "knight")
    ctx.public("knight", seat=seat, card=card, knights=knights_played(ctx.state, seat))
    update_largest_army(ctx, seat)
    start_robber(ctx, resume)


def road_building_open(state: CatanState, seat: int) -> bool:
    return playable_card(state, seat, "road_building") is not None and bool(
        road_edges(state, seat))


def play_road_building(ctx: Context, seat: int) -> None:
    state = ctx.state
    resume = state.stage
    card = _play(ctx, seat, "road_building")
    state.free_roads = min(2, pieces_left(state, seat, "road"))
    state.resume = resume
    state.stage = "free_roads"
    ctx.public("road_building", seat=seat, card=card, roads=state.free_roads)


def place_free_road(ctx: Context, seat: int, edge: int) -> None:
    state = ctx.state
    place_road(ctx, seat, edge, "free")
    state.free_roads -= 1
    if state.free_roads <= 0 or not road_edges(state, seat):
        state.free_roads = 0
        state.stage = state.resume


def plenty_choices(state: CatanState) -> list[tuple[str, ...]]:
    """The pairs of resources the bank can give (single cards when it holds only one)."""
    stock = {kind: len(state.bank[kind]) for kind in RESOURCES}
    pairs: list[tuple[str, ...]] = [pair for pair in combinations_with_replacement(RESOURCES, 2)
             if all(stock[k] >= pair.count(k) for k in pair)]
    if pairs:
        return pairs
    return [(kind,) for kind in RESOURCES if stock[kind]]


def play_year_of_plenty(ctx: Context, seat: int, take: tuple[str, ...]) -> None:
    card = _play(ctx, seat, "year_of_plenty")
    gains: dict[str, int] = {}
    for kind in take:
        ctx.from_bank(seat, kind, 1)
        gains[kind] = gains.get(kind, 0) + 1
    ctx.public("year_of_plenty", seat=seat, card=card, gains=gains)


def play_monopoly(ctx: Context, seat: int, resource: str) -> None:
    state = ctx.state
    card = _play(ctx, seat, "monopoly")
    taken: dict[str, int] = {}
    for other in others(state, seat):
        n = len(state.hands[other][resource])
        if n:
            ctx.hand_over(other, seat, resource, n)
            taken[str(other)] = n
    ctx.public("monopoly", seat=seat, card=card, resource=resource, taken=taken,
               total=sum(taken.values()))
