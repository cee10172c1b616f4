"""Birds: each one sighted brings land closer; the fourth ends the game at once."""

from __future__ import annotations

from games.core import Event
from games.lifeboat.events import public
from games.lifeboat.state import LifeboatState

BIRDS_TO_LAND = 4


def apply_birds(state: LifeboatState, delta: int, source: str, events: list[Event]) -> bool:
    """Add or remove a bird; True when that was the fourth bird and the game is over."""
    if delta > 0:
        state.birds += 1
        public(events, "bird_sighted", birds=state.birds, source=source)
        if state.birds >= BIRDS_TO_LAND:
            end_game(state, events)
            return True
    elif delta < 0 and state.birds > 0:
        state.birds -= 1
        public(events, "bird_flew_away", birds=state.birds, source=source)
    return False


def end_game(state: LifeboatState, events: list[Event]) -> None:
    state.stage = "over"
    state.picker = None
    state.packet = []
    state.drawn = []
    state.candidates = []
    state.demand = None
    state.fight = None
    state.vote = None
    state.window = None
    state.actor = None
    state.navigator = None
    public(events, "land_reached", birds=state.birds, round=state.round)
