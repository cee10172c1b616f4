"""What every game shares: the engine contract, prompts, events, seeded RNG."""

from games.core.errors import IllegalAction
from games.core.game import Game
from games.core.model import (
    Action,
    Clock,
    Event,
    GameSpec,
    Outcome,
    Pick,
    Prompt,
    StateBase,
    Transition,
)
from games.core.rating import EACH_FOR_ITSELF, NOT_RATED, Rated
from games.core.rng import derive_rng

__all__ = [
    "EACH_FOR_ITSELF",
    "NOT_RATED",
    "Action",
    "Clock",
    "Event",
    "Game",
    "GameSpec",
    "IllegalAction",
    "Outcome",
    "Pick",
    "Prompt",
    "Rated",
    "StateBase",
    "Transition",
    "derive_rng",
]
