"""The set-up: a new island, and the founding snake. Each player in turn places a settlement
and a road beside it, then in reverse order a second pair; the second settlement yields one
card of each resource around it. The first player is drawn from the seed (the published game
lets the highest roll begin) and turns go on from there in seat order."""

from __future__ import annotations

import random

from games.catan.board import CORNER_COUNT, EDGE_COUNT
from games.catan.building import place_road, place_settlement
from games.catan.cards import RESOURCES, development_deck, resource_cards
from games.catan.context import Context
from games.catan.layout import BEGINNER, facts, variable_island
from games.catan.options import Options
from games.catan.state import CatanState, settlements_of
from games.catan.turn import start_turn


def new_game(seats: int, options: Options, seed: int, rng: random.Random) -> CatanState:
    island = BEGINNER if options.board == "beginner" else variable_island(rng)
    first = rng.randrange(seats)
    order = [(first + i) % seats for i in range(seats)]
    deck = development_deck()
    rng.shuffle(deck)
    return CatanState(
        seed=seed,
        seats=seats,
        options=options,
        island=island,
        first=first,
        current=first,
        setup_queue=order + order[::-1],
        corner_owner=[-1] * CORNER_COUNT,
        corner_city=[False] * CORNER_COUNT,
        road_owner=[-1] * EDGE_COUNT,
        robber=island.desert,
        hands=[{kind: () for kind in RESOURCES} for _ in range(seats)],
        bank={kind: tuple(resource_cards(kind)[::-1]) for kind in RESOURCES},
        dev_deck=deck,
        dev_hands=[[] for _ in range(seats)],
        dev_played=[[] for _ in range(seats)],
        road_lengths=[0] * seats,
    )


def settle(ctx: Context, seat: int, corner: int) -> None:
    state = ctx.state
    second = len(settlements_of(state, seat)) == 1
    place_settlement(ctx, seat, corner, "setup")
    state.placed = corner
    state.stage = "place_road"
    if second:
        gained: dict[str, int] = {}
        for _, kind, _ in facts(state.island).corner_yields[corner]:
            if ctx.from_bank(seat, kind, 1):
                gained[kind] = gained.get(kind, 0) + 1
        ctx.public("founding_yield", seat=seat, corner=corner, gains=gained)


def lay_road(ctx: Context, seat: int, edge: int) -> None:
    state = ctx.state
    place_road(ctx, seat, edge, "setup")
    state.placed = None
    state.own("setup_queue").pop(0)
    if state.setup_queue:
        state.current = state.setup_queue[0]
        state.stage = "place_settlement"
        return
    state.phase = "turns"
    state.current = state.first
    start_turn(ctx)
