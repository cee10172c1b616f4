"""A digest of every choice the Catan bot makes over seeded all-bot games, at each player
count, to keep speed work on the bot honest (``tests/games/bot_digests.py``): the same seed
must give the same choices, byte for byte. The games cycle through the option sets the
conformance tests use (the beginner board, a friendly robber, a shorter game).

If a change to the bot's play is intended, print the new digests with
``.venv/bin/python -m tests.games.catan.test_bot_digest`` and update them in the same commit,
saying why.
"""

from __future__ import annotations

import pytest

from games import registry
from games.catan.options import Options
from tests.games.bot_digests import bot_digest

GAME = registry.get("catan")
SEAT_COUNTS = tuple(range(GAME.spec.min_players, GAME.spec.max_players + 1))
GAMES_PER_SEAT_COUNT = 6
OPTIONS = GAME.options_for_conformance(GAME.spec.min_players)

DIGESTS: dict[int, str] = {
    3: "a74e7a0e417ccd17e2a314b54ac07071612c55e7b9038a9555a2815cd188d9fc",
    4: "15ddb74e427663ce93832886be8eb1741fc04a8c358630832d43b91ffd6f4059",
}


def _options(seed: int) -> Options:
    return OPTIONS[seed % len(OPTIONS)]


def fingerprint(seats: int) -> str:
    return bot_digest(GAME, seats, GAMES_PER_SEAT_COUNT, _options)


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_the_bot_makes_exactly_the_recorded_choices(seats: int) -> None:
    assert fingerprint(seats) == DIGESTS[seats]


if __name__ == "__main__":
    for count in SEAT_COUNTS:
        print(f"    {count}: \"{fingerprint(count)}\",")
