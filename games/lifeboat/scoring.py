"""Scores at the end of the game (the fourth bird).

Each seat scores four independent parts: ``survival`` (own character alive, unless the seat
hates itself), ``valuables`` (cash, jewels and paintings held, if the character's body is
still aboard), ``loved`` (the loved character alive) and ``hated`` (the hated character dead
or lost; for a seat that hates itself, every other dead or lost character).
"""

from __future__ import annotations

from games.core import Outcome
from games.lifeboat.cards import CHARACTERS, JEWEL_SET_POINTS, PAINTING_POINTS, card_type
from games.lifeboat.state import LifeboatState, size_of

CASH_DOUBLER = "captain"
JEWEL_DOUBLER = "lauren"
PAINTING_DOUBLER = "stephen"


def is_alive(state: LifeboatState, character: str) -> bool:
    return character in state.boat and state.wounds[character] <= size_of(state, character)


def is_dead_or_lost(state: LifeboatState, character: str) -> bool:
    return character in state.lost or state.wounds[character] > size_of(state, character)


def valuables_of(state: LifeboatState, character: str) -> int:
    cash = jewels = paintings = 0
    for card in state.hand[character] + state.face_up[character]:
        kind = card_type(card)
        if kind == "cash":
            cash += 1
        elif kind == "jewels":
            jewels += 1
        elif kind == "painting":
            paintings += PAINTING_POINTS[card]
    return (
        cash * (2 if character == CASH_DOUBLER else 1)
        + JEWEL_SET_POINTS[jewels] * (2 if character == JEWEL_DOUBLER else 1)
        + paintings * (2 if character == PAINTING_DOUBLER else 1)
    )


def breakdown(state: LifeboatState, seat: int) -> dict[str, float]:
    me = state.character_of[seat]
    loved = state.loves[seat]
    hated = state.hates[seat]
    misanthrope = hated == me
    survival = CHARACTERS[me].survival if is_alive(state, me) and not misanthrope else 0
    valuables = valuables_of(state, me) if me in state.boat else 0
    love_points = CHARACTERS[loved].survival if is_alive(state, loved) else 0
    if misanthrope:
        hate_points = sum(
            size_of(state, c)
            for c in state.characters
            if c != me and is_dead_or_lost(state, c)
        )
    else:
        hate_points = size_of(state, hated) if is_dead_or_lost(state, hated) else 0
    return {
        "survival": float(survival),
        "valuables": float(valuables),
        "loved": float(love_points),
        "hated": float(hate_points),
    }


def outcome(state: LifeboatState) -> Outcome | None:
    if state.stage != "over":
        return None
    details = {seat: breakdown(state, seat) for seat in range(state.seats)}
    scores = {seat: sum(parts.values()) for seat, parts in details.items()}
    best = max(scores.values())
    winners = [seat for seat, score in scores.items() if score == best]
    return Outcome(scores=scores, winners=winners, details=details)
