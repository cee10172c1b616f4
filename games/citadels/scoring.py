"""Final scoring and the tie-break.

Points: every district scores its cost (the Dragon Gate and the University score 8), one more
for each district carrying an Artist's gold, 3 for having all five colours (the Haunted City
may stand for any colour unless it was built in the last round), 4 for the first completed
city and 2 for every other completed city. Ties go to the tied seat that revealed the highest
ranked character in the final round.
"""

from __future__ import annotations

from games.citadels.cards import COLOURS, character_of_card, district_of
from games.citadels.state import CitadelsState
from games.core import Outcome

FIVE_COLOURS = 3
FIRST_COMPLETE = 4
COMPLETE = 2


def has_five_colours(state: CitadelsState, seat: int) -> bool:
    colours: set[str] = set()
    wildcard = False
    for card in state.cities[seat]:
        district = district_of(card)
        if district.name == "haunted_city" and state.built_round.get(card, 0) < state.round:
            wildcard = True
        else:
            colours.add(district.colour)
    needed = len(COLOURS) - (1 if wildcard else 0)
    return len(colours) >= needed


def breakdown(state: CitadelsState, seat: int) -> dict[str, float]:
    city = state.cities[seat]
    districts = sum(district_of(card).points for card in city)
    artist = sum(1 for card in city if card in state.beautified)
    five = FIVE_COLOURS if has_five_colours(state, seat) else 0
    first = FIRST_COMPLETE if state.completed[:1] == [seat] else 0
    complete = COMPLETE if seat in state.completed[1:] else 0
    ranks = [character_of_card(card).rank for card in state.picks[seat]] if state.picks else []
    return {
        "districts": float(districts),
        "artist": float(artist),
        "five_colours": float(five),
        "first_complete": float(first),
        "complete": float(complete),
        "total": float(districts + artist + five + first + complete),
        "tiebreak_rank": float(max(ranks, default=0)),
    }


def final_outcome(state: CitadelsState) -> Outcome:
    details = {seat: breakdown(state, seat) for seat in range(state.seats)}
    best = max(details.values(), key=lambda d: (d["total"], d["tiebreak_rank"]))
    winners = [
        seat
        for seat, d in details.items()
        if (d["total"], d["tiebreak_rank"]) == (best["total"], best["tiebreak_rank"])
    ]
    return Outcome(
        scores={seat: d["total"] for seat, d in details.items()},
        winners=winners,
        details=details,
    )
