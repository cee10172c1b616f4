"""The built-in bot: plays its identity from the public table and its own hand."""

from __future__ import annotations

import random

from games.core import Action, Prompt
from games.sanguosha.views import SeatView


def choose_action(view: SeatView, prompt: Prompt, rng: random.Random) -> Action:
    return rng.choice(prompt.actions)
