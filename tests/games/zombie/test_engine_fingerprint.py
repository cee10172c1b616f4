"""A fingerprint of everything the Zombie in My Pocket engine produces, to keep speed work
honest.

Seeded games (1 to 8 seats; the standard table, easy bots, and a hardier team facing larger
hordes) are played by the built-in bot, with a random offered move one step in five and a
non-blocking prompt now and then, so that states the bot never seeks (refused totems, odd
free moves) are covered too. Every step feeds one SHA-256 per seat count
(``tests/games/fingerprints.py``): every pending prompt, the acting seat's view, the action,
its events and the new state, all as JSON; and each step the public view as well (what a
table's picture is drawn from). Optimising the engine, its views or its bot must leave every
one of them unchanged: stored matches are replayed from their action logs.

If a rule change is intended, print the new digests with
``.venv/bin/python -m tests.games.zombie.test_engine_fingerprint`` and update them in the same
commit, saying why.
"""

from __future__ import annotations

import pytest

from games import registry
from games.zombie.options import Options
from tests.games.fingerprints import mixed_fingerprint

GAME = registry.get("zombie")
SEAT_COUNTS = tuple(range(GAME.spec.min_players, GAME.spec.max_players + 1))
GAMES_PER_SEAT_COUNT = 6
OPTIONS = (Options(), Options(bot_level="easy"), Options(start_health=6, extra_zombies=4))

DIGESTS: dict[int, str] = {
    1: "0b3e57a2da46667dc898ec09b07c2801bae6b81b75102839ad4459ddcedf0c32",
    2: "68ce9b3da66ff7be98c6bc9fedb7890a095b25d4ec4290891ec482f2835a1301",
    3: "41c138a5634e2b66b550da565fa9f4e543efc0a362ff1ecb8d08a59346185db1",
    4: "0eae53039eb1cbae9e2884beea2580e5a0bc5d3e36da2aaad19049b1be1013c3",
    5: "676904b164ebb5d491501784130a8a4d289fdb7f8fef1116889ccda993ff1f26",
    6: "8e19e94476d3bbadebdc71cf1a9966380b5598f43410278809f31da12fb93186",
    7: "fe1ef9f347f7919fd6cd67b72f909295362f8b3f6bb4081beeded1fc7f84268f",
    8: "a884508e2eaadd73290b11df16bfc5c46d4ead57751ca2d54b5d28446b5fc082",
}


def fingerprint(seats: int, games: int = GAMES_PER_SEAT_COUNT) -> str:
    return mixed_fingerprint(GAME, seats, games, OPTIONS)


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_the_engine_produces_exactly_the_recorded_prompts_views_choices_events_and_states(
    seats: int,
) -> None:
    assert fingerprint(seats) == DIGESTS[seats]


if __name__ == "__main__":
    for count in SEAT_COUNTS:
        print(f"    {count}: \"{fingerprint(count)}\",")
