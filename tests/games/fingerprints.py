"""What the engine fingerprints (tests/games/<game>/test_engine_fingerprint.py) feed their
digest with as a seeded game is played out, the same for every game: the first state; at every
step each pending prompt, the acting seat's view, the action, its events and the new state;
then the outcome and the final public view."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import Action, Game, Prompt

MAX_STEPS = 5_000


def _whole(prompt: Prompt) -> str:
    return prompt.model_dump_json()


def play_into(digest: Any, game: Game[Any, Any], state: Any,
              decide: Callable[[list[Prompt], Any], tuple[Action, Any]],
              prompt_json: Callable[[Prompt], str] = _whole) -> None:
    """Plays ``state`` to its end, feeding ``digest``. ``decide`` takes the pending prompts
    and the state and gives the action and the view of the seat that acts;
    ``prompt_json`` is what a prompt adds (the whole prompt by default)."""
    digest.update(state.model_dump_json().encode())
    for _ in range(MAX_STEPS):
        if game.outcome(state) is not None:
            break
        prompts = game.pending(state)
        for prompt in prompts:
            digest.update(prompt_json(prompt).encode())
        action, view = decide(prompts, state)
        digest.update(view.model_dump_json().encode())
        digest.update(action.model_dump_json().encode())
        transition = game.apply(state, action)
        for event in transition.events:
            digest.update(event.model_dump_json().encode())
        state = transition.state
        digest.update(state.model_dump_json().encode())
    else:
        raise AssertionError(f"no end after {MAX_STEPS:,} steps (seed {state.seed})")
    outcome = game.outcome(state)
    assert outcome is not None
    digest.update(outcome.model_dump_json().encode())
    digest.update(game.view(state, None).model_dump_json().encode())
