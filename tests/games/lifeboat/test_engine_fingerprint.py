"""A fingerprint of everything the Lifeboat engine produces, to keep speed work honest.

Seeded games (4 to 7 seats, every option set the conformance tests use) are played by a mix
of the built-in bot and random moves. Every step feeds one SHA-256 per seat count: each
seat's pending prompt (actions, order, default, params), the acting seat's view, the action
taken, the events and the new state, all as JSON. Optimising the engine must leave every one
of them unchanged: stored matches are replayed from their action logs, and the bot's choice
for a given RNG is part of what a replay reproduces.

If a rule change is intended, print the new digests with
``.venv/bin/python -m tests.games.lifeboat.test_engine_fingerprint`` (and again with
``LIFEBOAT_FINGERPRINT_LONG=1``) and update them in the same commit, saying why.
"""

from __future__ import annotations

import hashlib
import os
import random
from functools import partial
from typing import Any

import pytest

from games.core import Action, Prompt
from games.lifeboat.state import LifeboatState
from tests.games.fingerprints import play_into
from tests.games.lifeboat.builders import GAME

SEAT_COUNTS = (4, 5, 6, 7)
# The default run plays 20 games a count (a few seconds); LIFEBOAT_FINGERPRINT_LONG=1 plays 300
# games per seat count (about a minute) for a wider net when changing the engine's hot paths.
LONG = os.environ.get("LIFEBOAT_FINGERPRINT_LONG") == "1"
GAMES_PER_SEAT_COUNT = 300 if LONG else 20

DIGESTS: dict[int, str] = {
    4: "ebc44c7c3f87142cc64edf5e5344782b98c56899cf9cb91d6b05bd95b69c9f2e",
    5: "14c9a440e19333e3c705c0ba80e7e49ddf2748df1f44902465c078088fcec1d3",
    6: "d5549d35a5c2ff1b16cec3d21ae04602e65db42d01d97c5688348f5f73c366b8",
    7: "a943161817d65c31bf26ed66154f27b227c8e54e9a4f202128dce0590be159e0",
}
LONG_DIGESTS: dict[int, str] = {
    4: "ad2687a442432c56af5b2bceaed17d906a9ba72696d52c7ae4831957cfd3aadb",
    5: "03691883fa1f3550f01e84727e85f90098e6dd7e1a95405aec2ac19c3a7db77a",
    6: "6f2894fe73b81fd767abd301961d0ec09f59a1ea7382421cacf6469f33f713f1",
    7: "3c08c60dfc7db3210fc4c974da3083f7b57ac30083a89bc412df41dcf2279a1f",
}


PLATFORM_FIELDS = {"question", "clock", "pick"}


def _pick(prompts: list[Prompt], state: LifeboatState, rng: random.Random) -> tuple[Action, Any]:
    """Mostly the bot on a blocking prompt; sometimes the bot on a free-move prompt, and
    sometimes a random offer, so that states the bot never seeks (gifts, joined fights,
    odd rows) are covered as well. The action, and the view of the seat that acts."""
    blocking = [p for p in prompts if p.blocking]
    roll = rng.random()
    pool = prompts if roll < 0.1 or not blocking else blocking
    prompt = rng.choice(pool)
    view = GAME.view(state, prompt.seat)
    if roll < 0.25:
        return rng.choice(prompt.actions), view
    return GAME.choose(view, prompt, rng), view


def _platform_free(prompt: Prompt) -> str:
    # Lifeboat asks on the turn clock with one question per kind and no picks: the platform's
    # fields stay out of the recorded digest.
    assert (prompt.question, prompt.clock, prompt.pick) == ("", "turn", None)
    return prompt.model_dump_json(exclude=PLATFORM_FIELDS)


def fingerprint(seats: int, games: int = GAMES_PER_SEAT_COUNT) -> str:
    digest = hashlib.sha256()
    options = GAME.options_for_conformance(seats)
    for seed in range(games):
        rng = random.Random(f"fingerprint:{seats}:{seed}")
        state = GAME.setup(seats, options[seed % len(options)], seed=seed)
        play_into(digest, GAME, state, partial(_pick, rng=rng), _platform_free)
    return digest.hexdigest()


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_the_engine_produces_exactly_the_recorded_prompts_views_choices_events_and_states(
    seats: int,
) -> None:
    assert fingerprint(seats) == (LONG_DIGESTS if LONG else DIGESTS)[seats]


if __name__ == "__main__":
    for count in SEAT_COUNTS:
        print(f"    {count}: \"{fingerprint(count)}\",")
