"""What the bot keeps for a decision gives what working it out afresh gives: the worth of
every corner with the robber on a hex that yields nothing (the desert) is the worth without it
(one list serves both), a producing hex still counts as blocked, and the resources each corner
yields (kept with the island's facts) are those of its hexes."""

from __future__ import annotations

import random
from functools import cache

from games.catan import GAME
from games.catan.board import CORNER_COUNT
from games.catan.bot_plan import seat_of
from games.catan.layout import facts
from games.catan.state import CatanState
from tests.games.catan.table import new_game


@cache
def _positions() -> tuple[CatanState, ...]:
    found = []
    for seed, board in ((1, "beginner"), (2, "variable"), (3, "variable")):
        state = new_game(4, seed, board=board)
        rng = random.Random(seed)
        for move in range(160):
            if GAME.outcome(state) is not None:
                break
            if move % 10 == 0:
                found.append(state)
            prompt = rng.choice([p for p in GAME.pending(state) if p.blocking])
            state = GAME.apply(state, GAME.choose(GAME.view(state, prompt.seat), prompt,
                                                  rng)).state
    return tuple(found)


def test_corner_values_are_worked_out_by_hex_whoever_blocks() -> None:
    blocked_by_producer = 0
    for state in _positions():
        seat = seat_of(GAME.view(state, state.current))
        scarce = seat._scarcity()
        for blocked in (None, *range(len(seat.facts.resource))):
            afresh = [seat._worth(c, blocked, scarce) for c in range(CORNER_COUNT)]
            assert seat.corner_values(blocked) == afresh
            assert [seat.corner_value(c, blocked=blocked) for c in range(CORNER_COUNT)] == afresh
            if seat.facts.resource[blocked or 0] is None and blocked is not None:
                assert seat.corner_values(blocked) is seat.corner_values()
            elif blocked is not None and afresh != seat.corner_values():
                blocked_by_producer += 1
    assert blocked_by_producer > 100


def test_each_corners_resources_are_those_of_its_hexes() -> None:
    for state in _positions()[::5]:
        island = facts(state.island)
        assert island.corner_kinds == tuple(
            frozenset(kind for _, kind, _ in here) for here in island.corner_yields)
