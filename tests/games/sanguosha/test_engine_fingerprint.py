"""A fingerprint of everything the Sanguosha engine and its bot produce, to keep speed work
honest.

Seeded all-bot games at 5 and 8 seats, played as ``bench/sanguosha_bench.py`` plays them (a
random pending prompt, the bot answering from that seat's view). Every step feeds one SHA-256
per seat count: every pending prompt, the acting seat's view, the action taken, the events and
the new state, all as JSON; then the outcome and the final public view. Optimising the engine
or the bot must leave every one of them unchanged: stored matches are replayed from their
action logs, and the bot's choice for a given RNG is part of what a replay reproduces.

If a rule or bot change is intended, print the new digests with
``.venv/bin/python -m tests.games.sanguosha.test_engine_fingerprint`` and update them in the
same commit, saying why.
"""

from __future__ import annotations

import hashlib
import random
from functools import partial
from typing import Any

import pytest

from games.core import Action, Prompt
from games.sanguosha import GAME
from games.sanguosha.state import SanguoshaState
from tests.games.fingerprints import play_into

GAMES = 2
DIGESTS: dict[int, str] = {
    5: "10e1383757d86779073d33c0ec6ffdf10dba0710a3a870e81989a4bc4aac448c",
    8: "59ac1867e2a9451f8c21f605d97571cbbc7d1b5a3eab0788962ca7e0ea85c5c4",
}


def _bot(prompts: list[Prompt], state: SanguoshaState, rng: random.Random) -> tuple[Action, Any]:
    """The bot on a random pending prompt, as ``bench/sanguosha_bench.py`` plays: the action
    and the view it chose from."""
    prompt = rng.choice(prompts)
    view = GAME.view(state, prompt.seat)
    return GAME.choose(view, prompt, rng), view


def fingerprint(seats: int, games: int = GAMES) -> str:
    digest = hashlib.sha256()
    for seed in range(games):
        rng = random.Random(seed)
        play_into(digest, GAME, GAME.setup(seats, seed=seed), partial(_bot, rng=rng))
    return digest.hexdigest()


@pytest.mark.parametrize("seats", sorted(DIGESTS))
def test_the_engine_and_bot_produce_exactly_the_recorded_games(seats: int) -> None:
    assert fingerprint(seats) == DIGESTS[seats]


if __name__ == "__main__":
    for count in sorted(DIGESTS):
        print(f"    {count}: \"{fingerprint(count)}\",")
