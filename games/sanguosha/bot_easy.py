"""The easy bot: a newcomer's play, legal and plausible, never turning on its own side."""

from __future__ import annotations

import random
from typing import Any

from games.core import Action, Prompt


def soften(mind: Any, prompt: Prompt, chosen: Action, rng: random.Random) -> Action:
    return chosen
