"""What the game waits for: one seat decides at a time."""

from __future__ import annotations

from games.core import Action, Prompt
from games.renju.actions import ChooseOpening, Keep, Offer, Pass, Place, Swap
from games.renju.board import POINTS, name
from games.renju.legality import open_points
from games.renju.openings import OPENINGS
from games.renju.state import RenjuState, seat_of

PROMPT = "renju.prompt."
CHOOSE_OPENING = PROMPT + "choose_opening"
SWAP = PROMPT + "swap"
FOURTH = PROMPT + "fourth"
OFFER = PROMPT + "offer"
KEEP = PROMPT + "keep"
MOVE = PROMPT + "move"


# Actions are frozen values, and a prompt lists every free point: each kind's actions for a
# seat are built and validated once, one per point, and shared (2 seats times 225 points).
_POINT_ACTIONS: dict[tuple[type[Place] | type[Offer], int], tuple[Action, ...]] = {}


def _at_every_point(cls: type[Place] | type[Offer], seat: int) -> tuple[Action, ...]:
    found = _POINT_ACTIONS.get((cls, seat))
    if found is None:
        found = _POINT_ACTIONS[(cls, seat)] = tuple(cls(seat=seat, point=name(p))
                                                    for p in range(POINTS))
    return found


def pending(state: RenjuState) -> list[Prompt]:
    if state.stage == "over":
        return []
    seat = seat_of(state, state.turn)
    if state.stage == "open":
        actions: list[Action] = [ChooseOpening(seat=seat, opening=o) for o in OPENINGS]
        return [Prompt(seat=seat, kind=CHOOSE_OPENING, actions=actions)]
    if state.stage == "swap":
        actions = [Swap(seat=seat, take=False), Swap(seat=seat, take=True)]
        return [Prompt(seat=seat, kind=SWAP, actions=actions,
                       params={"opening": state.opening})]
    if state.stage == "keep":
        actions = [Keep(seat=seat, point=name(p)) for p in state.offers]
        return [Prompt(seat=seat, kind=KEEP, actions=actions,
                       params={"first": name(state.offers[0]),
                               "second": name(state.offers[1])})]
    points = open_points(state)
    # The prompts listing points are built without validation (``model_construct``): every
    # value is already of its field's type, and validating a list of up to 225 actions on
    # every move cost more than making it.
    if state.stage == "fourth":
        at = _at_every_point(Place, seat)
        return [Prompt.model_construct(seat=seat, kind=FOURTH,
                                       actions=list(map(at.__getitem__, points)))]
    if state.stage == "offer":
        # A second offer is asked as a new question: its points exclude the first's twins.
        at = _at_every_point(Offer, seat)
        return [Prompt.model_construct(seat=seat, kind=OFFER,
                                       actions=list(map(at.__getitem__, points)),
                                       params={"nth": len(state.offers) + 1},
                                       question=f"{OFFER}.{len(state.offers) + 1}")]
    at = _at_every_point(Place, seat)
    moves: list[Action] = list(map(at.__getitem__, points))
    moves.append(Pass(seat=seat))
    # The timer passes for a seat that does not move: it places no stone of its own.
    return [Prompt.model_construct(
        seat=seat, kind=MOVE, actions=moves, default=len(moves) - 1,
        params={"colour": "black" if seat == state.black else "white"})]
