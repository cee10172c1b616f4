"""A fingerprint of everything the Catan engine produces, to keep speed work honest.

Seeded games (3 and 4 seats, the option sets the conformance tests use) are played by the
built-in bot, with a random legal move one step in five, so that states the bot never seeks
are covered too. Every step feeds one SHA-256 per seat count (``tests/games/fingerprints.py``):
every pending prompt, the acting seat's view, the action, its events and the new state, all as
JSON; and each step the public view as well (what a table's picture is drawn from).
Optimising the engine, its views or its bot must leave every one of them unchanged: stored
matches are replayed from their action logs.

If a rule change is intended, print the new digests with
``.venv/bin/python -m tests.games.catan.test_engine_fingerprint`` and update them in the same
commit, saying why.
"""

from __future__ import annotations

import pytest

from games import registry
from tests.games.fingerprints import mixed_fingerprint

GAME = registry.get("catan")
SEAT_COUNTS = tuple(range(GAME.spec.min_players, GAME.spec.max_players + 1))
GAMES_PER_SEAT_COUNT = 4

DIGESTS: dict[int, str] = {
    3: "bbe73118a7fd19a1641483e7ac0365e9814dc648fa3def2a44b015441afff5c9",
    4: "230ffb9319dd37b495d19c5f6c83a193756416b6e79f3a8f73b881b899f705d8",
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
