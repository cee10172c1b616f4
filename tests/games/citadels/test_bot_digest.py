"""A digest of every choice the Citadels bots make over seeded all-bot games, at each player
count, to keep speed work on the bot and the views it reads honest
(``tests/games/bot_digests.py``): the same seed must give the same choices, byte for byte.
The games take the conformance tests' option sets in turn (the base game, the expansion
characters, the variants), and an easy table among them.

If a change to the bots' play is intended, print the new digests with
``.venv/bin/python -m tests.games.citadels.test_bot_digest`` and update them in the same
commit, saying why.
"""

from __future__ import annotations

import pytest

from games import registry
from games.citadels.options import Options
from tests.games.bot_digests import bot_digest

GAME = registry.get("citadels")
SEAT_COUNTS = tuple(range(GAME.spec.min_players, GAME.spec.max_players + 1))
GAMES_PER_SEAT_COUNT = 7

DIGESTS: dict[int, str] = {
    2: "58dc4e19024fe9b1cb28e5921b239f16ea687b07984c8c826be8a7061162ba09",
    3: "8d7470f42882ca6e727f721121c2b00a22e26af8e4575390763e0636186b892a",
    4: "fed1b6c002127013dce49be9db39cdd97045a186e01b629261c3c69ea8a01f7a",
    5: "b88661b20dfd453ae7b7b53e0d338253c5e3ef638999fbb33dac311db708bb72",
    6: "af1660d45f8969f7354d4781f3a96af16d85ead1b2fec2def214fcde0ae0924b",
    7: "4aaed53e13bc31fe006a9e7ebafe3f156307e820c2216efd0867427d9e94dd81",
}


def _options_for(seats: int) -> tuple[Options, ...]:
    return (*GAME.options_for_conformance(seats), Options(bot_level="easy"))


def fingerprint(seats: int) -> str:
    options = _options_for(seats)
    return bot_digest(GAME, seats, GAMES_PER_SEAT_COUNT, lambda seed: options[seed % len(options)])


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_the_bots_make_exactly_the_recorded_choices(seats: int) -> None:
    assert fingerprint(seats) == DIGESTS[seats]


if __name__ == "__main__":
    for count in SEAT_COUNTS:
        print(f"    {count}: \"{fingerprint(count)}\",")
