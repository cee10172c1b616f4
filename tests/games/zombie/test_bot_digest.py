"""A digest of every choice the Zombie bots make over seeded all-bot games, at each player
count, to keep speed work on the bots honest (``tests/games/bot_digests.py``): the same seed
must give the same choices, byte for byte. The games mix the standard table, easy bots, and a
hardier team facing larger hordes (the chainsaw, the fire and every group of fighters weighed).

If a change to the bots' play is intended, print the new digests with
``.venv/bin/python -m tests.games.zombie.test_bot_digest`` and update them in the same commit,
saying why.
"""

from __future__ import annotations

import pytest

from games import registry
from games.zombie.options import Options
from tests.games.bot_digests import bot_digest

GAME = registry.get("zombie")
SEAT_COUNTS = tuple(range(GAME.spec.min_players, GAME.spec.max_players + 1))
GAMES_PER_SEAT_COUNT = 18
OPTIONS = (Options(), Options(bot_level="easy"), Options(start_health=6, extra_zombies=4))

DIGESTS: dict[int, str] = {
    1: "2fd3f5e0b2375d1eb22efcecaf7bda5f9ebfb9fcb3e88fa5ce5ee87ad945a772",
    2: "6f28e53fb2c07b9dbdbc8fa2dbd6381ee380238cb93c46348b32754552af2cde",
    3: "ba434b1ecd585025e192274cbcb203ea8b694f9dad096c7d762805a7e909426e",
    4: "fa76b65e1977957b7553f41813b232b10ea0a0bda1ad9514b04665508ad64951",
    5: "8a851d47b07be0795353a1af8fcc5bf8b90ac6982b2d54a691106f92bb79ad52",
    6: "ed91a5854abeb5794dec2737c13da52fe6201dc490626bfabd910c097b45320a",
    7: "72eacca5c46c2aa8fb279f4882cb1bcf9300e1ba93553011d6225a3f2d2a97c3",
    8: "13e35812984f7448f8b15b33a7d34bfc4d35ceeff2083f1db1148e72244ab4a6",
}


def _options(seed: int) -> Options:
    return OPTIONS[seed % len(OPTIONS)]


def fingerprint(seats: int) -> str:
    return bot_digest(GAME, seats, GAMES_PER_SEAT_COUNT, _options)


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_the_bots_make_exactly_the_recorded_choices(seats: int) -> None:
    assert fingerprint(seats) == DIGESTS[seats]


if __name__ == "__main__":
    for count in SEAT_COUNTS:
        print(f"    {count}: \"{fingerprint(count)}\",")
