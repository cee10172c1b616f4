"""Longest Road: each player's longest unbroken road and who holds the special card.

A road counts the segments of one trail (no segment twice; branches do not add up), and it is
broken at a corner where another player's settlement or city stands (one's own do not break
it). The card goes to the first to reach 5 segments, and changes hands only to a longer road.
When the holder's road is broken: the holder keeps the card while still tied for the longest;
else one player alone with the longest road of 5 or more takes it, and when several tie (or no
road has 5) it is set aside until one player alone has the longest (docs/rules/catan.md).
"""

from __future__ import annotations

from games.catan.board import CORNER_EDGES, EDGE_CORNERS
from games.catan.context import Context
from games.catan.state import CatanState

MINIMUM = 5


def road_length(state: CatanState, seat: int) -> int:
    """The most segments of one trail along ``seat``'s roads."""
    roads = state.road_owner
    # The seat's roads in edge order off its pieces (kept across the piece just placed), not
    # found among every edge.
    mine = state.pieces()[seat][2]
    if not mine:
        return 0
    owner = state.corner_owner

    def walk(corner: int, used: set[int]) -> int:
        best = 0
        for e in CORNER_EDGES[corner]:
            if roads[e] != seat or e in used:
                continue
            a, b = EDGE_CORNERS[e]
            nxt = b if a == corner else a
            used.add(e)
            # Another's building at the far corner ends the trail there.
            further = 0 if owner[nxt] >= 0 and owner[nxt] != seat else walk(nxt, used)
            used.discard(e)
            best = max(best, 1 + further)
        return best

    starts = {c for e in mine for c in EDGE_CORNERS[e]}
    longest = 0
    for corner in starts:
        longest = max(longest, walk(corner, set()))
        if longest == len(mine):
            break
    return longest


def update_longest_road(ctx: Context, changed: tuple[int, ...]) -> None:
    state = ctx.state
    lengths = state.own("road_lengths")
    for seat in changed:
        lengths[seat] = road_length(state, seat)
    holder = state.longest_road
    new = award(state.road_lengths, holder)
    if new != holder:
        state.longest_road = new
        length = state.road_lengths[new] if new is not None else 0
        ctx.public("longest_road", seat=new, previous=holder, length=length)


def award(lengths: list[int], holder: int | None) -> int | None:
    """Who holds the card given every road's length, ``holder`` holding it now."""
    best = max(lengths)
    if holder is not None and lengths[holder] >= MINIMUM and lengths[holder] == best:
        return holder
    if best < MINIMUM:
        return None
    leaders = [seat for seat, length in enumerate(lengths) if length == best]
    return leaders[0] if len(leaders) == 1 else None
