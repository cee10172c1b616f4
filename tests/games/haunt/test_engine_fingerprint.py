"""A fingerprint of everything the haunt engine produces, to keep speed work honest.

Seeded games (3 to 6 seats, the option sets the conformance tests use) are played by the
built-in bot, with a random legal move one step in five, so that states the bot never seeks
are covered too. Every step feeds one SHA-256 per seat count (``tests/games/fingerprints.py``):
every pending prompt, the acting seat's view, the action, its events and the new state, all as
JSON; and each step the public view as well (what a table's picture is drawn from).
Optimising the engine, its views or its bot must leave every one of them unchanged: stored
matches are replayed from their action logs.

If a rule change is intended, print the new digests with
``.venv/bin/python -m tests.games.haunt.test_engine_fingerprint`` and update them in the same
commit, saying why.
"""

from __future__ import annotations

import pytest

from games import registry
from tests.games.fingerprints import mixed_fingerprint

GAME = registry.get("haunt")
SEAT_COUNTS = tuple(range(GAME.spec.min_players, GAME.spec.max_players + 1))
GAMES_PER_SEAT_COUNT = 6

DIGESTS: dict[int, str] = {
    3: "5828c5732c8071819add23cd662e7050ab2e031eb2e4c6a14b554c617a50bc6a",
    4: "7d89921e0d66b0027d8e7d94483956c085b1d64a3bfc0b36db852074462ebc2e",
    5: "4a0e3c77a912f282ab622164d6646336cc146c255d2de2be237b48969a920a17",
    6: "f47fc9f8a9338b40e8039c6abfc1c22b2eca858e4fba348dd000d90cca5a46a4",
}


def fingerprint(seats: int, games: int = GAMES_PER_SEAT_COUNT) -> str:
    return mixed_fingerprint(GAME, seats, games, GAME.options_for_conformance(seats))


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_the_engine_produces_exactly_the_recorded_prompts_views_choices_events_and_states(
    seats: int,
) -> None:
    assert fingerprint(seats) == DIGESTS[seats]


if __name__ == "__main__":
    for count in SEAT_COUNTS:
        print(f"    {count}: \"{fingerprint(count)}\",")
