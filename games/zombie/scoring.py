"""The result: a win for the survivors when the curse is lifted, and the seed's scores.

Won: every survivor scores 3, the healthiest survivors 4 instead; the dead score 0 and lose.
Lost: whoever died last scores 1 (all of them, if several fell together); players still alive
at midnight fall at midnight and so are the last to die.
"""

from __future__ import annotations

from games.core import Outcome
from games.zombie.state import ZombieState, living

WIN_SURVIVOR = 3
WIN_HEALTHIEST = 4
LOSS_LAST_TO_DIE = 1


def scores(state: ZombieState) -> dict[int, float]:
    alive = living(state)
    if state.result == "won":
        top = max(state.players[s].health for s in alive)
        return {
            seat: float(
                (WIN_HEALTHIEST if state.players[seat].health == top else WIN_SURVIVOR)
                if seat in alive
                else 0
            )
            for seat in range(state.seats)
        }
    if alive:
        last = set(alive)
    else:
        final = max(p.death or 0 for p in state.players)
        last = {s for s, p in enumerate(state.players) if p.death == final}
    return {seat: float(LOSS_LAST_TO_DIE if seat in last else 0) for seat in range(state.seats)}


def outcome(state: ZombieState) -> Outcome | None:
    if state.result is None:
        return None
    result = scores(state)
    winners = living(state) if state.result == "won" else []
    details = {
        seat: {
            "score": result[seat],
            "alive": float(state.players[seat].alive),
            "health": float(state.players[seat].health),
        }
        for seat in range(state.seats)
    }
    return Outcome(scores=result, winners=winners, details=details)
