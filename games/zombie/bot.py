"""Placeholder."""
from __future__ import annotations

import random

from games.core import Action, Prompt
from games.zombie.views import SeatView


def choose_action(view: SeatView, prompt: Prompt, rng: random.Random) -> Action:
    return prompt.actions[prompt.default or 0]
