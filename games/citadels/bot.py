"""The built-in Citadels bot (placeholder while the engine settles)."""

from __future__ import annotations

import random
from typing import Any

from games.core import Action, Prompt


def choose_action(view: Any, prompt: Prompt, rng: random.Random) -> Action:
    del view, rng
    action = prompt.default_action()
    assert action is not None
    return action
