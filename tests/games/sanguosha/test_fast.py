"""Prompts and actions built without validation equal their validated twins."""

from __future__ import annotations

import random

from games.core import Prompt
from games.core.conformance import random_action
from games.sanguosha import GAME
from games.sanguosha.actions import Choose, Pass, Respond, Use


def test_fast_built_prompts_and_actions_equal_validated_ones() -> None:
    state = GAME.setup(6, seed=21)
    rng = random.Random(21)
    checked = 0
    for _ in range(400):
        if GAME.outcome(state) is not None:
            break
        for prompt in GAME.pending(state):
            twin = Prompt(**{name: getattr(prompt, name) for name in Prompt.model_fields})
            assert twin == prompt and twin.model_dump_json() == prompt.model_dump_json()
            for action in prompt.actions:
                again = GAME.parse_action(action.model_dump_json())
                assert again == action and hash(again) == hash(action)
                if isinstance(action, Pass | Use | Respond | Choose):
                    checked += 1
        state = GAME.apply(state, random_action(GAME, state, rng)).state
    assert checked > 100
