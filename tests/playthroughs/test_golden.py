"""Every registered game has a golden playthrough, and the engine still plays it move for move
(``tests/playthroughs/golden.py``)."""

from __future__ import annotations

import os

import pytest

from games import registry
from tests.playthroughs.golden import Golden, first_difference, playthrough, seat_additions

GOLDENS = {
    "lifeboat": Golden("lifeboat", seats=4, seed=5),
    "citadels": Golden("citadels", seats=4, seed=7),
    "sanguosha": Golden("sanguosha", seats=5, seed=0),
    "zombie": Golden("zombie", seats=3, seed=11),
    "haunt": Golden("haunt", seats=4, seed=3),
    # Normal bots: the strong ones' game takes some forty seconds of CPU (their play is the
    # tactical suite's and the bench's).
    "renju": Golden("renju", seats=2, seed=2, options={"bot_level": "normal"}),
    "catan": Golden("catan", seats=3, seed=3),
}


def test_every_registered_game_has_a_golden_playthrough() -> None:
    assert sorted(GOLDENS) == sorted(registry.names())


@pytest.mark.parametrize("game", sorted(GOLDENS))
def test_the_golden_playthrough_is_unchanged(game: str) -> None:
    golden = GOLDENS[game]
    text = playthrough(golden)
    if os.environ.get("PARLOR_REGEN_GOLDEN") == "1":
        golden.path.parent.mkdir(exist_ok=True)
        golden.path.write_text(text, encoding="utf-8")
    assert golden.path.exists(), f"{golden.path.name} is missing: PARLOR_REGEN_GOLDEN=1 writes it"
    changed = first_difference(golden.path.read_text(encoding="utf-8"), text)
    assert changed is None, f"{changed}; after an intended change, PARLOR_REGEN_GOLDEN=1"


def test_a_seat_view_that_contradicts_the_public_one_is_caught() -> None:
    public = {"round": 3, "me": None, "seat": None}
    assert seat_additions(public, {"round": 3, "me": {"hand": [1]}, "seat": 2}, 2) == \
        {"me": {"hand": [1]}, "seat": 2}
    with pytest.raises(AssertionError):
        seat_additions(public, {"round": 4, "me": None, "seat": 2}, 2)


def test_a_changed_game_is_caught() -> None:
    stored = '{"a":1}\n{"b":2}\n'
    assert first_difference(stored, stored) is None
    assert first_difference(stored, '{"a":1}\n{"b":3}\n') == "line 2 differs in ['b']"
    assert first_difference(stored, '{"a":1}\n') == "the file has 2 lines, the game 1"
