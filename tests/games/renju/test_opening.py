"""Scenario tests of the opening rules (指定开局、三手可交换、五手两打), passes, a full board and
the coordinates."""

from __future__ import annotations

import pytest

from games.core import IllegalAction
from games.renju import GAME
from games.renju.actions import ChooseOpening, Keep, Offer, Pass, Place, Swap
from games.renju.board import CENTRE, EMPTY, name, parse
from games.renju.openings import OPENINGS, is_direct, stones
from games.renju.prompts import CHOOSE_OPENING, KEEP, MOVE, OFFER, SWAP
from tests.games.renju.positions import position


def test_there_are_26_openings_13_direct_and_13_indirect() -> None:
    """指定开局: 26 standard openings, each a distinct third stone beside the first two."""
    assert len(OPENINGS) == 26
    assert sum(is_direct(o) for o in OPENINGS) == 13
    thirds = {(is_direct(o), stones(o)[2]) for o in OPENINGS}
    assert len(thirds) == 26
    for opening in OPENINGS:
        first, second, third = stones(opening)
        assert first == CENTRE and name(first) == "H8"
        assert name(second) == ("H9" if is_direct(opening) else "I9")
        assert third not in (first, second)
        assert abs(parse(name(third)) % 15 - 7) <= 2 and abs(parse(name(third)) // 15 - 7) <= 2
    assert name(stones("kagetsu")[2]) == "I9"  # 花月
    assert name(stones("hogetsu")[2]) == "I7"  # 浦月


def _opened(opening: str = "kansei") -> object:
    state = GAME.setup(2, seed=5)
    prompt = GAME.pending(state)[0]
    assert prompt.kind == CHOOSE_OPENING and prompt.seat == 0 and len(prompt.actions) == 26
    return GAME.apply(state, ChooseOpening(seat=0, opening=opening)).state


def test_black_names_the_opening_and_its_three_stones_stand() -> None:
    state = _opened("kansei")
    assert [state.board[parse(p)] for p in ("H8", "H9", "H10")] == ["x", "o", "x"]
    assert state.moves == ["H8", "H9", "H10"]
    prompt = GAME.pending(state)[0]
    assert prompt.kind == SWAP and prompt.seat == 1


def test_white_may_swap_after_the_third_stone() -> None:
    """三手可交换: the seat that held white now holds black, and plays the fourth stone as
    white no more: the new white (seat 0) plays it."""
    state = _opened()
    swapped = GAME.apply(state, Swap(seat=1, take=True)).state
    assert swapped.black == 1
    assert GAME.pending(swapped)[0].seat == 0
    assert GAME.role_of(swapped, 1) == "black" and GAME.role_of(swapped, 0) == "white"
    kept = GAME.apply(state, Swap(seat=1, take=False)).state
    assert kept.black == 0 and GAME.pending(kept)[0].seat == 1


def _offering() -> object:
    state = GAME.apply(_opened("kansei"), Swap(seat=1, take=False)).state
    # White's fourth stone on the H column keeps the position symmetric about it.
    state = GAME.apply(state, Place(seat=1, point="H11")).state
    prompt = GAME.pending(state)[0]
    assert prompt.kind == OFFER and prompt.seat == 0
    return state


def test_black_offers_two_fifth_moves_and_white_keeps_one() -> None:
    """五手两打: black offers two fifth moves; white keeps one, the other is taken off, and
    white plays the sixth stone."""
    state = _offering()
    state = GAME.apply(state, Offer(seat=0, point="G7")).state
    assert GAME.pending(state)[0].kind == OFFER
    state = GAME.apply(state, Offer(seat=0, point="K12")).state
    prompt = GAME.pending(state)[0]
    assert prompt.kind == KEEP and prompt.seat == 1
    assert {a.point for a in prompt.actions if isinstance(a, Keep)} == {"G7", "K12"}
    after = GAME.apply(state, Keep(seat=1, point="K12")).state
    assert after.board[parse("K12")] == "x" and after.board[parse("G7")] == EMPTY
    assert after.moves[-1] == "K12" and len(after.moves) == 5
    prompt = GAME.pending(after)[0]
    assert prompt.kind == MOVE and prompt.seat == 1


def test_two_offers_that_are_the_same_by_symmetry_are_refused() -> None:
    """The two fifth moves must differ: G7 and I7 mirror each other across the H column."""
    state = GAME.apply(_offering(), Offer(seat=0, point="G7")).state
    offered = {a.point for a in GAME.pending(state)[0].actions if isinstance(a, Offer)}
    assert "I7" not in offered and "G7" not in offered and "J7" in offered
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, Offer(seat=0, point="I7"))
    assert refused.value.key == "renju.refused.same_offer"


def test_the_free_opening_lets_black_start_anywhere() -> None:
    """The seed's "黑方的第一枚棋子可下在棋盘任意交叉点上", as the table's variant."""
    state = GAME.setup(2, {"opening": "free"}, seed=1)
    prompt = GAME.pending(state)[0]
    assert prompt.kind == MOVE and len([a for a in prompt.actions if isinstance(a, Place)]) == 225
    after = GAME.apply(state, Place(seat=0, point="A1")).state
    assert after.board[0] == "x" and GAME.pending(after)[0].seat == 1


def test_two_passes_in_a_row_draw() -> None:
    """PASS权: either side may pass; two passes in a row end the game drawn."""
    state = position("H8", "H9")
    state = GAME.apply(state, Pass(seat=0)).state
    assert GAME.outcome(state) is None and GAME.pending(state)[0].seat == 1
    state = GAME.apply(state, Pass(seat=1)).state
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [] and outcome.scores == {0: 0.5, 1: 0.5}


def test_a_stone_between_passes_resets_the_count() -> None:
    state = position("H8", "H9")
    for action in (Pass(seat=0), Place(seat=1, point="A1"), Pass(seat=0)):
        state = GAME.apply(state, action).state
    assert GAME.outcome(state) is None and state.passes == 1


def test_a_timed_out_turn_passes() -> None:
    prompt = GAME.pending(position("H8", "H9"))[0]
    assert isinstance(prompt.default_action(), Pass)


def _full_but_one() -> str:
    # Stripes of two that never line up five in any direction.
    return "".join("xo"[(x // 2 + y) % 2] for y in range(15) for x in range(15))


def test_a_full_board_is_a_draw() -> None:
    board = _full_but_one()
    last = 224
    state = position(turn=board[last])
    state = state.model_copy(update={"board": board[:last] + EMPTY})
    seat = 0 if board[last] == "x" else 1
    after = GAME.apply(state, Place(seat=seat, point=name(last))).state
    assert after.end == "full" and GAME.outcome(after).winners == []


@pytest.mark.parametrize(("text", "point"), [("H8", 112), ("h8", 112), (" h 8 ", 112),
                                             ("8H", 112), ("A1", 0), ("O15", 224),
                                             ("a15", 210), ("O1", 14)])
def test_coordinates_read_as_renju_players_write_them(text: str, point: int) -> None:
    """Columns A–O from the left, rows 1–15 from the bottom."""
    assert parse(text) == point
    assert parse(name(point)) == point
