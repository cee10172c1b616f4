"""What the bot keeps for a decision gives what working it out afresh gives: the worth of
every corner with the robber on a hex that yields nothing (the desert) is the worth without it
(one list serves both), a producing hex still counts as blocked, each corner's worth from its
yields is shared by the seats of one island that lack the same resources (``_IslandWorths``,
kept beside the island's facts) and still gives every seat its own harbours' worth, the
resources each corner yields (kept with the island's facts) are those of its hexes, a seat's
best spots and goals kept beside the island for its board are those worked out afresh, and a
hand's targets those of the seat's targets for that hand."""

from __future__ import annotations

import random
from functools import cache
from itertools import pairwise

from games.catan import GAME
from games.catan.board import CORNER_COUNT
from games.catan.bot_plan import _island_worths, seat_of
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


def test_seats_lacking_the_same_resources_share_the_yields_worth() -> None:
    shared = 0
    for state in _positions():
        seats = [seat_of(GAME.view(state, s)) for s in range(state.seats)]
        for seat in seats:
            scarce = seat._scarcity()
            assert seat.corner_values() == [seat._worth(c, None, scarce)
                                            for c in range(CORNER_COUNT)]
        worths = _island_worths(seats[0].facts)
        for one, other in pairwise(seats):
            if one._scarcity() == other._scarcity():
                assert worths.yields(None, one._scarcity()) \
                    is worths.yields(None, other._scarcity())
                shared += 1
    assert shared > 10



def test_best_spots_kept_for_a_board_are_those_worked_out_afresh() -> None:
    for state in _positions():
        for s in range(state.seats):
            view = GAME.view(state, s)
            _island_worths(seat_of(view).facts).spots.clear()
            fresh = seat_of(view)
            spots = fresh.best_spots()
            kept = seat_of(GAME.view(state, s))
            assert kept.best_spots() is spots  # found beside the island, not worked out
            _island_worths(fresh.facts).spots.clear()
            assert seat_of(view).best_spots() == spots  # worked out again: the same
            for hand in ({}, {"brick": 2, "lumber": 1}, dict(fresh.hand, ore=3)):
                assert fresh.outlook(hand) == max(
                    (t.score for t in seat_of(view).targets(hand)), default=0.0)
                assert fresh.outlook(hand) == fresh.outlook(dict(hand))


def test_goals_kept_for_a_board_are_those_worked_out_afresh() -> None:
    kept_found = 0
    for state in _positions():
        for s in range(state.seats):
            view = GAME.view(state, s)
            worths = _island_worths(seat_of(view).facts)
            worths.goals.clear()
            worths.spots.clear()
            goals = seat_of(view).goals()
            kept = seat_of(GAME.view(state, s)).goals()
            assert kept is goals  # found beside the island, not worked out again
            worths.goals.clear()
            worths.spots.clear()
            assert seat_of(view).goals() == goals  # worked out again: the same
            kept_found += bool(goals)
    assert kept_found > 20


def test_best_spots_carried_across_the_others_pieces_are_those_worked_out_afresh() -> None:
    """A seat's spots carried from its last board (``_IslandWorths.reach_kept``: another seat
    built beyond its roads' search, the robber where it was or moved) are those the search and
    the sums give on the new board, and the search reaches the same corners."""
    carried = {"robber kept": 0, "robber moved": 0}
    for seed in range(4, 10):
        seats, board = 3 + seed % 2, ("variable", "beginner")[seed % 3 == 0]
        state = new_game(seats, seed, board=board)
        rng = random.Random(seed)
        for move in range(400):
            if GAME.outcome(state) is not None:
                break
            # Every third move: a seat's last board some moves behind (the robber moved since,
            # a piece or two placed), as a seat's next decision finds it.
            for s in range(state.seats) if state.phase == "turns" and move % 3 == 0 else ():
                view = GAME.view(state, s)
                worths = _island_worths(seat_of(view).facts)
                worths.spots.clear()
                seat = seat_of(view)
                last = worths.last_spots.get(s)
                kept = last is not None and worths.reach_kept(s, last, seat.board)
                spots = seat.best_spots()
                entry = worths.last_spots[s]
                worths.spots.clear()
                del worths.last_spots[s]
                assert seat_of(view).best_spots() == spots
                assert worths.last_spots[s] == entry  # the same corners reached
                if kept and last is not None and last[0] != seat.board:  # another seat built
                    carried["robber kept" if last[1] == view.robber else "robber moved"] += 1
            prompt = rng.choice([p for p in GAME.pending(state) if p.blocking])
            state = GAME.apply(state, GAME.choose(GAME.view(state, prompt.seat), prompt,
                                                  rng)).state
    assert carried["robber kept"] > 100 and carried["robber moved"] > 10
