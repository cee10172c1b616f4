"""Building: the costs, the distance rule (no settlement next to another, any owner), roads
joined to one's own network and never through another's settlement, cities on one's own
settlements, pieces running out; maritime trade at 4:1, 3:1 and 2:1 harbours; the win on
one's own turn only. Each seat's pieces, carried across every piece placed
(``CatanState.carry_board``), are those read afresh from the island's corners and edges, and
the counts that tell one arrangement from another are those of each list."""

from __future__ import annotations

import random

import pytest

from games.catan import GAME
from games.catan import actions as a
from games.catan.building import road_edges, settlement_corners
from games.catan.maritime import rates
from games.catan.state import _pieces_of
from games.core import IllegalAction
from tests.games.catan.table import (
    build,
    corner,
    edge,
    event,
    founded,
    give,
    hand,
    keys,
    on_turn,
    play,
    prompt_of,
)


def _builder():
    state = on_turn(founded(), 0, "main")
    build(state, 0, settlements=("18",), roads=("18-23", "23-29"))
    return state


def test_costs_are_paid_to_the_bank() -> None:
    state = _builder()
    give(state, 0, brick=2, lumber=2, wool=1, grain=3, ore=3)
    state, _ = play(state, a.BuildRoad(seat=0, edge=edge("29-34")))
    assert hand(state, 0) == {"brick": 1, "lumber": 1, "wool": 1, "grain": 3, "ore": 3}
    state, _ = play(state, a.BuildSettlement(seat=0, corner=corner("29")))
    assert hand(state, 0) == {"grain": 2, "ore": 3}
    state, events = play(state, a.BuildCity(seat=0, corner=corner("29")))
    assert hand(state, 0) == {}
    assert event(events, "city").params == {"seat": 0, "corner": corner("29")}
    assert len(state.bank["ore"]) == 19 and len(state.bank["brick"]) == 19


def test_the_distance_rule() -> None:
    state = _builder()
    build(state, 1, settlements=("34",))
    give(state, 0, brick=1, lumber=1, wool=1, grain=1)
    spots = settlement_corners(state, 0)
    assert corner("23") not in spots  # next to its own settlement at 18
    assert corner("29") not in spots  # next to seat 1's at 34
    with pytest.raises(IllegalAction):
        GAME.apply(state, a.BuildSettlement(seat=0, corner=corner("23")))
    build(state, 0, roads=("29-35",))
    assert settlement_corners(state, 0) == [corner("35")]


def test_a_road_joins_the_network_and_stops_at_another_settlement() -> None:
    state = _builder()
    build(state, 1, settlements=("29",))
    edges = set(road_edges(state, 0))
    assert edge("29-34") not in edges and edge("29-35") not in edges  # through seat 1
    assert edge("13-18") in edges and edge("18-24") in edges and edge("17-23") in edges
    assert edge("1-4") not in edges  # not joined


def test_a_city_goes_on_ones_own_settlement() -> None:
    state = _builder()
    build(state, 1, settlements=("44",))
    give(state, 0, grain=2, ore=3)
    assert {act.corner for act in prompt_of(state, 0).actions
            if act.kind == "build_city"} == {corner("18")}


def test_pieces_run_out() -> None:
    state = _builder()
    state.road_owner = [0 if e < 15 else -1 for e in range(len(state.road_owner))]
    give(state, 0, brick=1, lumber=1)
    assert road_edges(state, 0) == []
    assert "build_road" not in {act.kind for act in prompt_of(state, 0).actions}


def test_maritime_rates_four_three_two() -> None:
    state = _builder()
    assert set(rates(state, 0).values()) == {4}
    build(state, 0, settlements=("12",))  # the lumber harbour, 2:1
    assert rates(state, 0) == {"brick": 4, "lumber": 2, "wool": 4, "grain": 4, "ore": 4}
    build(state, 0, settlements=("1",))  # a 3:1 harbour
    assert rates(state, 0) == {"brick": 3, "lumber": 2, "wool": 3, "grain": 3, "ore": 3}
    give(state, 0, lumber=2, ore=3)
    trades = {(act.give, act.get) for act in prompt_of(state, 0).actions
              if act.kind == "bank_trade"}
    assert ("lumber", "brick") in trades and ("ore", "wool") in trades
    assert ("lumber", "lumber") not in trades
    state, events = play(state, a.BankTrade(seat=0, give="lumber", get="grain"))
    assert hand(state, 0) == {"grain": 1, "ore": 3}
    assert event(events, "bank_trade").params == {"seat": 0, "give": "lumber", "given": 2,
                                                  "get": "grain"}


def test_no_bank_trade_for_a_resource_the_bank_lacks() -> None:
    state = _builder()
    give(state, 0, ore=4)
    state.bank["wool"] = ()
    trades = {act.get for act in prompt_of(state, 0).actions if act.kind == "bank_trade"}
    assert trades == {"brick", "lumber", "grain"}


def test_ten_points_win_on_ones_own_turn() -> None:
    state = _builder()
    build(state, 0, settlements=("1", "3"), cities=("21", "44", "47"))  # 9
    give(state, 0, brick=1, lumber=1, wool=1, grain=1)
    build(state, 0, roads=("29-34",))
    state, events = play(state, a.BuildSettlement(seat=0, corner=corner("34")))
    assert "won" in keys(events) and state.phase == "over"
    assert GAME.pending(state) == []
    assert GAME.outcome(state).scores[0] == 10.0


def test_points_reached_on_anothers_turn_win_when_that_turn_ends() -> None:
    """Seat 0 breaks seat 2's road: Longest Road passes to seat 1, who reaches 10 but wins
    only as its own turn begins."""
    state = on_turn(founded(), 0, "main")
    build(state, 2, roads=("8-13", "13-18", "18-23", "23-29", "29-34", "34-39"))
    state.longest_road = 2
    build(state, 1, roads=("27-33", "33-38", "38-43", "43-47", "47-51"),
          settlements=("27", "51"), cities=("3", "44", "10"))  # 8
    build(state, 0, settlements=("12",), roads=("12-17", "17-23"))
    give(state, 0, brick=1, lumber=1, wool=1, grain=1)
    state, events = play(state, a.BuildSettlement(seat=0, corner=corner("23")))
    assert state.longest_road == 1 and GAME.view(state, None).players[1].points == 10
    assert state.phase == "turns" and "won" not in keys(events)
    state, events = play(state, a.EndTurn(seat=0))
    assert event(events, "won").params["seat"] == 1 and GAME.outcome(state).winners == [1]


def test_pieces_carried_across_each_placement_are_those_read_afresh() -> None:
    placed = 0
    for seed in range(2):
        state = GAME.setup(3 + seed, {}, 700 + seed)
        rng = random.Random(seed)
        for _ in range(400):
            if GAME.outcome(state) is not None:
                break
            before = state.board()
            prompt = rng.choice([p for p in GAME.pending(state) if p.blocking])
            state = GAME.apply(state, GAME.choose(GAME.view(state, prompt.seat), prompt,
                                                  rng)).state
            after = state.board()  # carried across the piece placed, if one was
            placed += after.fingerprint != before.fingerprint
            assert after.pieces == _pieces_of(state)
            # The cities counted as the corners without one: the count of ``True``.
            assert after.fingerprint == (state.road_owner.count(-1),
                                         state.corner_owner.count(-1),
                                         state.corner_city.count(True))
    assert placed > 40
