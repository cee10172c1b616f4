"""What the engine fingerprints (tests/games/<game>/test_engine_fingerprint.py) feed their
digest with as a seeded game is played out, the same for every game: the first state; at every
step each pending prompt, the acting seat's view, the action, its events and the new state;
then the outcome and the final public view."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
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


class MixedPicker:
    """Mostly the bot on a blocking prompt; sometimes on any prompt (one step in ten),
    sometimes a random offered action (one in ten more). Gives the action and the acting
    seat's view, and feeds ``digest`` the public view at every step (what a table's picture is
    drawn from)."""

    def __init__(self, game: Game[Any, Any], digest: Any, rng: random.Random) -> None:
        self.game = game
        self.digest = digest
        self.rng = rng

    def __call__(self, prompts: list[Prompt], state: Any) -> tuple[Action, Any]:
        game, rng = self.game, self.rng
        self.digest.update(game.view(state, None).model_dump_json().encode())
        blocking = [p for p in prompts if p.blocking]
        roll = rng.random()
        prompt = rng.choice(prompts if roll < 0.1 or not blocking else blocking)
        view = game.view(state, prompt.seat)
        if roll < 0.2:
            return rng.choice(prompt.actions), view
        return game.choose(view, prompt, rng), view


def mixed_fingerprint(game: Game[Any, Any], seats: int, games: int,
                      options: Sequence[Any]) -> str:
    """The digest of ``games`` seeded games at ``seats`` seats, the options taken in turn,
    played by ``MixedPicker``."""
    digest = hashlib.sha256()
    for seed in range(games):
        rng = random.Random(f"fingerprint:{seats}:{seed}")
        state = game.setup(seats, options[seed % len(options)], seed=seed)
        play_into(digest, game, state, MixedPicker(game, digest, rng))
    return digest.hexdigest()
