"""Scenario tests of Renju's rules (docs/rules/renju.md): fives, black's forbidden moves as the
RIF defines them (double three with real threes only, double four on two lines and on one,
overline, five first), white's overline, and what a forbidden move does in each variant."""

from __future__ import annotations

import random

import pytest

from games.core import IllegalAction
from games.renju import GAME
from games.renju.actions import Place
from games.renju.board import POINTS, parse
from games.renju.forbidden import forbidden, forbidden_points
from games.renju.state import grid
from tests.games.renju.positions import board, position


def reason(black: str, white: str, point: str) -> str | None:
    return forbidden(grid(board(black, white)), parse(point))


# -- double three ------------------------------------------------------------------------------
def test_two_open_threes_at_once_are_forbidden() -> None:
    """Rule 三三禁手: a black stone making two open threes is forbidden."""
    assert reason("H9 H10 I8 J8", "", "H8") == "double_three"


def test_a_closed_three_is_no_three() -> None:
    """A three blocked at one end cannot become a straight four: one three is allowed."""
    assert reason("H9 H10 I8 J8", "K8", "H8") is None
    assert reason("H9 H10 I8 J8", "G8", "H8") is None


def test_a_split_three_counts() -> None:
    """A three with a gap (x.xx) is a three: it becomes a straight four by filling the gap."""
    assert reason("H10 H11 I8 J8", "", "H8") == "double_three"


def test_a_three_whose_four_points_are_all_forbidden_is_false() -> None:
    """RIF: a three counts only if a straight four can be made from it by a move that is not
    itself forbidden. The horizontal three H8-I8-J8 becomes a straight four only at G8 or K8,
    and black on either of those makes an overline down its column: that three is false, so
    H8 makes one real three (the column H8-H10) and is allowed."""
    black = "I8 J8 H9 H10 G5 G6 G7 G9 G10 K5 K6 K7 K9 K10"
    assert reason(black, "", "G8") == "overline"
    assert reason(black, "", "K8") == "overline"
    assert reason(black, "", "H8") is None


def test_a_three_made_false_by_a_double_four_at_its_four_point() -> None:
    """Recursive case: the horizontal three's four points are forbidden as double fours, so
    only one three is real."""
    # G8 and K8 each make a four down their column and one along a diagonal.
    black = "I8 J8 H9 H10 G9 G10 G11 F9 E10 D11 K9 K10 K11 L7 M6 N5"
    white = "G12 K12 C12 O4"
    assert reason(black, white, "G8") == "double_four"
    assert reason(black, white, "K8") == "double_four"
    assert reason(black, white, "H8") is None
    # Without those fours the same three is real, and H8 a double three.
    assert reason("I8 J8 H9 H10", "", "H8") == "double_three"


def test_one_real_three_is_enough_to_count() -> None:
    """A three with two four points counts when either is allowed: with only G8 forbidden,
    K8 still makes a straight four, so H8 is a double three again."""
    black = "I8 J8 H9 H10 G5 G6 G7 G9 G10"
    assert reason(black, "", "G8") == "overline"
    assert reason(black, "", "K8") is None
    assert reason(black, "", "H8") == "double_three"


def test_a_three_whose_straight_four_would_also_make_a_five_is_no_three() -> None:
    """RIF §3: a three is a row one more stone turns into a straight four *without making a
    five at the same time*. Issue 34's example: row 8's D8-E8-F8 could become a straight four
    only at G8 (B8 is white), and G8 also completes G4-G8: no three. F8 makes one three (the F
    column) and is allowed."""
    black = "D8 E8 F9 F10 G4 G5 G6 G7"
    assert reason(black, "B8", "F8") is None
    # With two stones below G8 instead of four, G8 makes the straight four (and a three down
    # the column, a four-three black may play): the row is a three again, F8 a double three.
    assert reason("D8 E8 F9 F10 G5 G6", "B8", "F8") == "double_three"
    # With B8 empty the row has a second straight-four point, C8, that makes no five.
    assert reason(black, "", "F8") == "double_three"


def test_the_five_that_unmakes_a_three_may_lie_on_a_diagonal() -> None:
    """The same with the five on G8's diagonal C4-G8, and F8's other three on its diagonal
    D10-E9-F8."""
    black = "D8 E8 D10 E9 C4 D5 E6 F7"
    assert reason(black, "B8", "F8") is None
    assert reason("D8 E8 D10 E9 E6 F7", "B8", "F8") == "double_three"


def test_a_split_three_whose_gap_makes_a_five_is_no_three() -> None:
    """A split three D8 . F8 G8 whose only straight-four point, the gap E8, also completes a
    five down its column (E4-E8): not a three, so F8 with the F column's three is allowed."""
    assert reason("D8 G8 F9 F10 E4 E5 E6 E7", "", "F8") is None
    assert reason("D8 G8 F9 F10 E6 E7", "", "F8") == "double_three"


# -- double four -------------------------------------------------------------------------------
def test_two_fours_on_two_lines_are_forbidden() -> None:
    """Rule 四四禁手 on two lines."""
    assert reason("H9 H10 H11 I8 J8 K8", "H12 L8", "H8") == "double_four"


def test_two_fours_on_one_line_are_forbidden() -> None:
    """Rule 四四禁手 on one line: xxx.x.xxx, xx.xx.xx and x.xxx.x each hold two fours."""
    assert reason("D8 E8 F8 J8 K8 L8", "", "H8") == "double_four"
    assert reason("E8 F8 H8 K8 L8", "", "I8") == "double_four"
    assert reason("E8 G8 I8 K8", "", "H8") == "double_four"


def test_a_straight_four_is_one_four() -> None:
    """An open four has two points that complete it but is one four: a four-three is
    allowed."""
    assert reason("I8 J8 K8 H9 H10", "", "H8") is None


# -- overline and five -------------------------------------------------------------------------
def test_six_in_a_row_is_forbidden_for_black() -> None:
    """Rule 长连禁手."""
    assert reason("E8 F8 G8 I8 J8", "", "H8") == "overline"


def test_a_five_wins_even_when_it_also_makes_a_double_three() -> None:
    """RIF: a move that makes five wins, whatever else it makes."""
    black = "D8 E8 F8 G8 H9 H10 I9 J10"
    assert reason(black, "C8", "H8") is None
    state = position(black, "C8 A1 A2 A3 A4")
    after = GAME.apply(state, Place(seat=0, point="H8")).state
    assert after.end == "five" and after.winner == 0


def test_a_five_wins_even_when_it_also_makes_a_double_four() -> None:
    black = "D8 E8 F8 G8 H9 H10 H11"
    assert reason(black, "C8 H12", "H8") is None


def test_white_six_in_a_row_wins() -> None:
    """White has no forbidden moves: six or more in a row wins for white."""
    state = position("A1 A3 A5 A7 A9 A11", "E8 F8 G8 I8 J8", turn="o")
    after = GAME.apply(state, Place(seat=1, point="H8")).state
    assert after.end == "five" and after.winner == 1
    assert len(after.line) == 6


def test_black_six_in_a_row_is_no_five() -> None:
    state = position("E8 F8 G8 I8 J8", "A1 A3 A5 A7 A9", forbidden_move="loses")
    after = GAME.apply(state, Place(seat=0, point="H8")).state
    assert after.end == "forbidden" and after.winner == 1 and after.fault == "overline"


# -- what a forbidden move does ----------------------------------------------------------------
@pytest.mark.parametrize(("black", "white", "point", "key"), [
    ("H9 H10 I8 J8", "A1 A2 A3 A4", "H8", "renju.refused.double_three"),
    ("D8 E8 F8 J8 K8 L8", "A1 A2 A3 A4 A5 A6", "H8", "renju.refused.double_four"),
    ("E8 F8 G8 I8 J8", "A1 A2 A3 A4 A5", "H8", "renju.refused.overline"),
])
def test_a_forbidden_move_is_refused_by_default(black: str, white: str, point: str,
                                                key: str) -> None:
    state = position(black, white)
    assert point not in {a.point for a in GAME.pending(state)[0].actions if isinstance(a, Place)}
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, Place(seat=0, point=point))
    assert refused.value.key == key
    assert point in str(refused.value)
    assert state.model_dump_json() == before
    assert GAME.view(state, None).forbidden[point] == key.rsplit(".", 1)[1]


def test_a_forbidden_move_loses_when_the_table_says_so() -> None:
    state = position("H9 H10 I8 J8", "A1 A2 A3 A4", forbidden_move="loses")
    assert "H8" in {a.point for a in GAME.pending(state)[0].actions if isinstance(a, Place)}
    transition = GAME.apply(state, Place(seat=0, point="H8"))
    assert transition.state.end == "forbidden"
    assert GAME.outcome(transition.state).winners == [1]
    assert transition.events[-1].key == "renju.event.forbidden_loss"


def test_white_may_play_where_black_may_not() -> None:
    state = position("H9 H10 I8 J8", "A1 A2 A3", turn="o")
    after = GAME.apply(state, Place(seat=1, point="H8")).state
    assert after.board[parse("H8")] == "o"
    assert GAME.view(state, None).forbidden == {}


@pytest.mark.parametrize(("text", "key"), [
    ("H8", "renju.refused.taken"),
    ("P3", "renju.refused.off_board"),
    ("A16", "renju.refused.off_board"),
    ("hello", "renju.refused.not_a_point"),
    ("", "renju.refused.not_a_point"),
])
def test_points_that_cannot_be_played_are_refused_with_the_reason(text: str, key: str) -> None:
    state = position("H8", "H9")
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, Place(seat=0, point=text))
    assert refused.value.key == key


def test_five_in_a_row_wins_for_black() -> None:
    state = position("D8 E8 F8 G8", "A1 A2 A3 A4")
    transition = GAME.apply(state, Place(seat=0, point="H8"))
    assert GAME.outcome(transition.state).winners == [0]
    assert [e.key for e in transition.events][-1] == "renju.event.five"


def test_the_screen_finds_every_forbidden_point() -> None:
    """RIF forbidden moves (overline, four-four, three-three): ``forbidden_points`` screens the
    board before asking each point, and the screen must never leave out a forbidden point.
    Checked against asking every empty point, on crowded random boards where black's stones
    make every kind of forbidden point."""
    rng = random.Random(7)
    reasons: set[str] = set()
    for _ in range(150):
        stones = [0] * POINTS
        for p in rng.sample(range(POINTS), rng.randint(20, 140)):
            stones[p] = 1 if rng.random() < 0.55 else 2
        asked = {p: r for p in range(POINTS) if stones[p] == 0
                 and (r := forbidden(stones, p)) is not None}
        assert forbidden_points(stones) == asked
        reasons |= set(asked.values())
    assert reasons == {"overline", "double_four", "double_three"}
