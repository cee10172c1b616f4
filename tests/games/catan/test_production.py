"""Production: each hex showing the roll yields to the settlements (1) and cities (2) at its
corners, never under the robber; when the bank is short of a resource nobody gets it, unless a
single player is owed it, who takes what is left."""

from __future__ import annotations

from games.catan import actions as a
from tests.games.catan.table import (
    build,
    drain_bank,
    event,
    founded,
    hand,
    hex_,
    play,
    with_dice,
)

# The beginners' island: a 6 rolls hills E (brick) and fields R (grain).


def _six(state):
    return play(with_dice(state, 6), a.Roll(seat=0))


def test_settlements_yield_one_and_cities_two() -> None:
    state = founded()
    build(state, 1, settlements=("18",))  # E, D, I
    build(state, 2, cities=("9",))  # A, B, E
    build(state, 3, settlements=("46",))  # R, O, S
    state, events = _six(state)
    assert state.stage == "main"
    assert hand(state, 1) == {"brick": 1}
    assert hand(state, 2) == {"brick": 2}
    assert hand(state, 3) == {"grain": 1}
    produced = event(events, "produced").params
    assert produced["number"] == 6 and produced["shortages"] == []
    assert produced["gains"] == {"1": {"brick": 1}, "2": {"brick": 2}, "3": {"grain": 1}}
    assert state.production == {1: {"brick": 1}, 2: {"brick": 2}, 3: {"grain": 1}}


def test_the_robber_blocks_its_hex() -> None:
    state = founded()
    build(state, 1, settlements=("18",))
    build(state, 3, settlements=("46",))
    state.robber = hex_("E")
    state, events = _six(state)
    assert hand(state, 1) == {}
    assert hand(state, 3) == {"grain": 1}
    assert event(events, "produced").params["robbed_hex"] == hex_("E")


def test_bank_short_nobody_gets_that_resource() -> None:
    """Two players are owed 2 brick, the bank has 1: neither gets brick; grain is paid."""
    state = founded()
    build(state, 1, settlements=("18",))
    build(state, 2, settlements=("9",))
    build(state, 3, settlements=("46",))
    drain_bank(state, "brick", leave=1)
    state, events = _six(state)
    assert hand(state, 1) == {} and hand(state, 2) == {}
    assert len(state.bank["brick"]) == 1
    assert hand(state, 3) == {"grain": 1}
    assert event(events, "produced").params["shortages"] == ["brick"]
    assert state.shortages == ["brick"]


def test_bank_short_a_single_player_owed_takes_what_is_left() -> None:
    """The published exception: one player alone owed 2 brick (a city) gets the bank's last."""
    state = founded()
    build(state, 1, cities=("18",))
    drain_bank(state, "brick", leave=1)
    state, events = _six(state)
    assert hand(state, 1) == {"brick": 1}
    assert state.bank["brick"] == ()
    assert event(events, "produced").params["shortages"] == ["brick"]


def test_an_empty_bank_pays_no_one() -> None:
    state = founded()
    build(state, 1, cities=("18",))
    drain_bank(state, "brick", leave=0)
    state, _ = _six(state)
    assert hand(state, 1) == {}
