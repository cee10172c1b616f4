"""What the bot digests (tests/games/<game>/test_bot_digest.py) hash as seeded games are played
by the built-in bot at every seat: each step's prompt kind and seat, and the action the bot
chose from that seat's view. Speed work on a bot must leave every choice as it was: a stored
match replays its log, and the service's bench plays the same seeds before and after."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from typing import Any

from games.core import Game

MAX_STEPS = 5_000


def bot_digest(game: Game[Any, Any], seats: int, games: int,
               options_for: Callable[[int], Any], moves: int = MAX_STEPS) -> str:
    """The SHA-256 of every choice in ``games`` seeded games of ``seats`` seats, each with
    ``options_for(seed)``, played to their end or for ``moves`` steps. Each step asks the bot
    on a random blocking prompt (as the service's bench does), and one step in ten on any
    pending prompt, so that the moves a bot makes between questions are chosen too."""
    digest = hashlib.sha256()
    for seed in range(games):
        state = game.setup(seats, options_for(seed), seed=seed)
        rng = random.Random(f"bot digest:{seats}:{seed}")
        for _ in range(moves):
            if game.outcome(state) is not None:
                break
            pending = game.pending(state)
            blocking = [p for p in pending if p.blocking]
            prompt = rng.choice(pending if rng.random() < 0.1 or not blocking else blocking)
            action = game.choose(game.view(state, prompt.seat), prompt, rng)
            digest.update(f"{prompt.kind} {prompt.seat} ".encode())
            digest.update(action.model_dump_json().encode())
            state = game.apply(state, action).state
        else:
            if moves == MAX_STEPS:
                raise AssertionError(f"no end after {MAX_STEPS:,} steps (seed {seed})")
        digest.update(f"end {game.outcome(state) is not None}".encode())
    return digest.hexdigest()
