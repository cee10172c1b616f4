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

import pytest

from games.core import Action, Prompt
from games.lifeboat.state import LifeboatState
from tests.games.lifeboat.builders import GAME

SEAT_COUNTS = (4, 5, 6, 7)
# The default run stays under ten seconds; LIFEBOAT_FINGERPRINT_LONG=1 plays 300 games per
# seat count (about a minute) for a wider net when changing the engine's hot paths.
LONG = os.environ.get("LIFEBOAT_FINGERPRINT_LONG") == "1"
GAMES_PER_SEAT_COUNT = 300 if LONG else 40

DIGESTS: dict[int, str] = {
    4: "4cf03198ddbacf23d6cbd3be88593251ef6ee0e75b49fe910dd08b8a9354b6c5",
    5: "8f2e6bef8368a0f2a86a8ffb181bb9f095007b27627c0072efca3ddd3439139b",
    6: "19ae387cb69fcf310b364c2f55067244089d34f82b257669bd819a587fe3a1ce",
    7: "801f9dfa3ae73740d1468f0da82f379ec842f7050fea3376cd2cd76b3ac0cd12",
}
LONG_DIGESTS: dict[int, str] = {
    4: "70ba491b6f1e34490f4b196a72e59540a1e51e3cb4e69b2af96d2ba1aa2597a6",
    5: "efada5a3e35240cd68602557871e38935b71bcbf7ba75c1ec08c0d37c0cf76bb",
    6: "56d72a94ead704e0ba4c452a1350649c0c572647c88653cb181843d9656d9fda",
    7: "4c2b2fca123dc354db424d43f4367d8e6bbbcb6a1b8652bfd2ab7c98ff3f2b3d",
}


PLATFORM_FIELDS = {"question", "clock", "pick"}


def _pick(prompts: list[Prompt], state: LifeboatState, rng: random.Random) -> tuple[Action, int]:
    """Mostly the bot on a blocking prompt; sometimes the bot on a free-move prompt, and
    sometimes a random offer, so that states the bot never seeks (gifts, joined fights,
    odd rows) are covered as well."""
    blocking = [p for p in prompts if p.blocking]
    roll = rng.random()
    pool = prompts if roll < 0.1 or not blocking else blocking
    prompt = rng.choice(pool)
    if roll < 0.25:
        return rng.choice(prompt.actions), prompt.seat
    view = GAME.view(state, prompt.seat)
    return GAME.choose(view, prompt, rng), prompt.seat


def fingerprint(seats: int, games: int = GAMES_PER_SEAT_COUNT) -> str:
    digest = hashlib.sha256()
    options = GAME.options_for_conformance(seats)
    for seed in range(games):
        rng = random.Random(f"fingerprint:{seats}:{seed}")
        state = GAME.setup(seats, options[seed % len(options)], seed=seed)
        digest.update(state.model_dump_json().encode())
        for _ in range(5_000):
            if GAME.outcome(state) is not None:
                break
            prompts = GAME.pending(state)
            for prompt in prompts:
                # Lifeboat asks on the turn clock with one question per kind and no picks:
                # the platform's fields stay out of the recorded digest.
                assert (prompt.question, prompt.clock, prompt.pick) == ("", "turn", None)
                digest.update(prompt.model_dump_json(exclude=PLATFORM_FIELDS).encode())
            action, seat = _pick(prompts, state, rng)
            digest.update(GAME.view(state, seat).model_dump_json().encode())
            digest.update(action.model_dump_json().encode())
            transition = GAME.apply(state, action)
            for event in transition.events:
                digest.update(event.model_dump_json().encode())
            state = transition.state
            digest.update(state.model_dump_json().encode())
        else:
            raise AssertionError(f"no end after 5,000 steps (seats {seats}, seed {seed})")
        outcome = GAME.outcome(state)
        assert outcome is not None
        digest.update(outcome.model_dump_json().encode())
        digest.update(GAME.view(state, None).model_dump_json().encode())
    return digest.hexdigest()


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_the_engine_produces_exactly_the_recorded_prompts_views_choices_events_and_states(
    seats: int,
) -> None:
    assert fingerprint(seats) == (LONG_DIGESTS if LONG else DIGESTS)[seats]


if __name__ == "__main__":
    for count in SEAT_COUNTS:
        print(f"    {count}: \"{fingerprint(count)}\",")
