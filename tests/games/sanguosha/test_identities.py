"""The identity cards dealt per player count (seed: "身份牌10张:1主公,3忠臣4反贼,2内奸",
"参照下表抽取等同于玩家人数的身份牌") and the double-renegade option."""

from __future__ import annotations

from collections import Counter

import pytest

from games.sanguosha import GAME, Options
from games.sanguosha.identities import identity_cards

STANDARD = {
    4: (1, 1, 1),
    5: (1, 2, 1),
    6: (1, 3, 1),
    7: (2, 3, 1),
    8: (2, 4, 1),
    9: (3, 4, 1),
    10: (3, 4, 2),
}


def _dealt(seats: int, options: Options) -> tuple[int, int, int]:
    state = GAME.setup(seats, options, seed=seats)
    count = Counter(p.identity for p in state.players)
    assert count["lord"] == 1
    return count["loyalist"], count["rebel"], count["renegade"]


@pytest.mark.parametrize("two_renegades", [False, True])
def test_ten_players_are_dealt_all_ten_identity_cards_of_the_box(two_renegades: bool) -> None:
    """At ten every card of the box is dealt: 1 lord, 3 loyalists, 4 rebels, 2 renegades, with
    or without the double-renegade option (no fifth rebel card exists)."""
    options = Options(heroes=False, two_renegades=two_renegades)
    assert _dealt(10, options) == (3, 4, 2)
    assert sorted(identity_cards(10, two_renegades)) == sorted(
        ["identity-lord", *(f"identity-loyalist-{i}" for i in (1, 2, 3)),
         *(f"identity-rebel-{i}" for i in (1, 2, 3, 4)), "identity-renegade-1",
         "identity-renegade-2"]
    )


@pytest.mark.parametrize("seats", range(4, 11))
def test_every_count_deals_the_seed_table_by_default(seats: int) -> None:
    assert _dealt(seats, Options(heroes=False)) == STANDARD[seats]


@pytest.mark.parametrize(
    ("seats", "dealt"),
    [(4, (1, 1, 1)), (5, (1, 2, 1)), (6, (1, 2, 2)), (7, (2, 3, 1)), (8, (2, 3, 2)),
     (9, (3, 4, 1)), (10, (3, 4, 2))],
)
def test_two_renegades_turns_a_rebel_into_a_renegade_at_six_and_eight(
    seats: int, dealt: tuple[int, int, int]
) -> None:
    """Double-renegade tables: 1/1/2/2 at six, 1/2/3/2 at eight; other counts as standard."""
    assert _dealt(seats, Options(heroes=False, two_renegades=True)) == dealt
