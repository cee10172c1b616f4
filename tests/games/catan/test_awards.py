"""Longest Road and Largest Army: 2 points each, taken first at 5 road segments / 3 knights,
changing hands only to a longer road or a larger army. A road is broken by another player's
settlement; when the holder's road is broken it keeps the card while still tied for the
longest, one player alone with the longest takes it, and a tie among others (or no road of 5)
sets the card aside until one player alone leads."""

from __future__ import annotations

from games.catan import GAME
from games.catan import actions as a
from games.catan.longest_road import award, road_length
from tests.games.catan.table import (
    build,
    corner,
    edge,
    event,
    founded,
    give,
    give_development,
    keys,
    on_turn,
    play,
    prompt_of,
)

SIX = ("8-13", "13-18", "18-23", "23-29", "29-34", "34-39")
FIVE_EAST = ("27-33", "33-38", "38-43", "43-47", "47-51")
FIVE_SOUTH = ("44-48", "48-52", "49-52", "49-53", "50-53")


def test_a_road_is_one_trail_and_branches_do_not_add_up() -> None:
    state = founded()
    build(state, 0, roads=SIX)
    assert road_length(state, 0) == 6
    build(state, 0, roads=("18-24", "24-30"))  # a branch of 2 off the middle
    assert road_length(state, 0) == 6
    # Closing a ring round hex I: one trail goes round it and on along one tail (8 of 10).
    build(state, 0, roads=("30-35", "29-35"))
    assert road_length(state, 0) == 8
    # One's own settlement does not break it; another's does.
    build(state, 0, settlements=("23",))
    assert road_length(state, 0) == 8
    build(state, 1, settlements=("30",))
    assert road_length(state, 0) == 6


def test_the_first_road_of_five_takes_the_card() -> None:
    state = on_turn(founded(), 1, "main")
    build(state, 1, roads=FIVE_EAST[:4], settlements=("27",))
    give(state, 1, brick=1, lumber=1)
    state, events = play(state, a.BuildRoad(seat=1, edge=edge("47-51")))
    assert state.longest_road == 1
    assert event(events, "longest_road").params == {"seat": 1, "previous": None, "length": 5}
    assert GAME.view(state, None).players[1].points == 3


def _holder_with_six(seat_two_road: str = "17-23"):
    state = on_turn(founded(), 2, "main")
    build(state, 0, roads=SIX)
    build(state, 1, roads=FIVE_EAST)
    build(state, 2, settlements=("12",), roads=("12-17", seat_two_road))
    state.longest_road = 0
    give(state, 2, brick=1, lumber=1, wool=1, grain=1)
    return state


def test_a_broken_road_passes_the_card_to_the_one_longest() -> None:
    state = _holder_with_six()
    state, events = play(state, a.BuildSettlement(seat=2, corner=corner("23")))
    assert state.road_lengths[0] == 3 and state.road_lengths[1] == 5
    assert state.longest_road == 1
    assert event(events, "longest_road").params == {"seat": 1, "previous": 0, "length": 5}


def test_a_broken_road_tied_among_others_sets_the_card_aside() -> None:
    state = _holder_with_six()
    build(state, 3, roads=FIVE_SOUTH)
    state, events = play(state, a.BuildSettlement(seat=2, corner=corner("23")))
    assert state.road_lengths == [3, 5, 2, 5]
    assert state.longest_road is None
    assert event(events, "longest_road").params == {"seat": None, "previous": 0, "length": 0}
    # It comes back when one player alone leads.
    on_turn(state, 3, "main")
    give(state, 3, brick=1, lumber=1)
    state, events = play(state, a.BuildRoad(seat=3, edge=edge("46-50")))
    assert state.longest_road == 3


def test_a_broken_road_still_tied_keeps_the_card() -> None:
    state = on_turn(founded(), 2, "main")
    build(state, 0, roads=(*SIX, "39-44"))  # 7
    build(state, 1, roads=FIVE_EAST)
    build(state, 2, settlements=("30",), roads=("24-30", "18-24"))
    state.longest_road = 0
    give(state, 2, brick=1, lumber=1, wool=1, grain=1)
    state, events = play(state, a.BuildSettlement(seat=2, corner=corner("18")))
    assert state.road_lengths[0] == 5 and state.road_lengths[1] == 5
    assert state.longest_road == 0 and "longest_road" not in keys(events)


def test_a_tie_does_not_take_the_card_a_longer_road_does() -> None:
    assert award([6, 6, 0, 0], holder=0) == 0
    assert award([6, 7, 0, 0], holder=0) == 1
    assert award([4, 5, 5, 0], holder=0) is None
    assert award([4, 4, 0, 0], holder=0) is None  # broken below 5, nobody has 5
    assert award([5, 0, 0, 0], holder=None) == 0


def test_a_third_knight_takes_largest_army_and_only_more_takes_it_away() -> None:
    state = on_turn(founded(), 0, "roll")
    state.dev_played[0] = ["knight-01", "knight-02"]
    give_development(state, 0, "knight")
    state, events = play(state, a.PlayKnight(seat=0))
    assert state.largest_army == 0
    assert event(events, "largest_army").params == {"seat": 0, "previous": None, "knights": 3}
    state, _ = play(state, prompt_of(state, 0).actions[0])
    # Seat 1 reaches 3 as well: a tie keeps it with seat 0; a fourth takes it.
    state.dev_played[1] = ["knight-04", "knight-05"]
    for _ in range(2):
        on_turn(state, 1, "roll")
        state.played_this_turn = False
        give_development(state, 1, "knight")
        state, events = play(state, a.PlayKnight(seat=1))
        state, _ = play(state, prompt_of(state, 1).actions[0])
        if len(state.dev_played[1]) == 3:
            assert state.largest_army == 0 and "largest_army" not in keys(events)
    assert state.largest_army == 1
    assert GAME.view(state, None).players[1].knights == 4
