"""What every character power asks first: is this character being played, and whom may it
name or touch."""

from __future__ import annotations

from games.citadels.cards import CHARACTERS, character_card
from games.citadels.state import CitadelsState, Turn, is_complete


def playing(state: CitadelsState, character: str, power: str) -> Turn | None:
    """The turn, if it is ``character``'s (played in full, not a bewitched holder's gather)
    and ``power`` is still unused."""
    turn = state.turn
    if turn is None or turn.character != character or turn.gather_only or power in turn.used:
        return None
    return turn


def nameable(state: CitadelsState, actor: int, above_rank: int) -> list[str]:
    """Characters above ``above_rank`` a power may name: not laid face up, not the actor's own."""
    own = set(state.picks[actor])
    return [
        name
        for name in state.characters
        if CHARACTERS[name].rank > above_rank
        and name not in state.face_up
        and character_card(name) not in own
    ]


def exposed_seats(state: CitadelsState) -> list[int]:
    """Seats whose districts the Warlord or Diplomat may touch: no completed city and not the
    Bishop's (a murdered Bishop is never revealed, so shields nobody)."""
    return [s for s in range(state.seats) if not is_complete(state, s) and s != state.protected]
