"""A fingerprint of everything the Citadels engine produces, to keep speed work honest.

Seeded games (2 to 7 seats, the option sets the conformance tests use, taken in turn) are
played by the built-in bot, with a random offered move one step in five and a non-blocking
prompt now and then, so that states the bot never seeks are covered too. Every step feeds one
SHA-256 per seat count (``tests/games/fingerprints.py``): every pending prompt, the acting
seat's view, the action, its events and the new state, all as JSON; and each step the public
view as well (what a table's picture is drawn from). Optimising the engine, its views or its
bot must leave every one of them unchanged: stored matches are replayed from their action
logs.

If a rule change is intended, print the new digests with
``.venv/bin/python -m tests.games.citadels.test_engine_fingerprint`` and update them in the
same commit, saying why.
"""

from __future__ import annotations

import pytest

from games import registry
from tests.games.fingerprints import mixed_fingerprint

GAME = registry.get("citadels")
SEAT_COUNTS = tuple(range(GAME.spec.min_players, GAME.spec.max_players + 1))
GAMES_PER_SEAT_COUNT = 6

DIGESTS: dict[int, str] = {
    2: "0d7ca9e94afa87d8a8afaac770e06f3715d2d4912ef9d6e3a840b5a20c59387d",
    3: "d2714f8b99e79f50c1209f078983f04b480c830bc65ae05f59e8f2b7e8a76539",
    4: "9cc8886f43d3615b92b09208f6bfaec11ca53f88f820beffa0a1241b5dcea168",
    5: "f130121b61549b4031a0dca16e3b315f6bf2e24522cd01a153de286ae1afcaab",
    6: "8121d99a8b79600211f85cda75a04675de9cb372123716431238d7f6f5e67040",
    7: "7edf082486be31f7e48eba42e80a9a06beb17ebefab128f6caa0b8544fd31aab",
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
