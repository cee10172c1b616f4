"""The bot's incremental board (``games.renju.bot_board``) against the rules' own line reading
(``games.renju.patterns``, ``games.renju.forbidden``) on crowded random boards: the points where
each colour makes a five, a four, a straight four and an open three, black's forbidden points,
and a stone placed and lifted leaving the board as it was."""

from __future__ import annotations

import random

from games.renju.board import POINTS
from games.renju.bot_board import Board
from games.renju.forbidden import cells, forbidden, makes_five
from games.renju.patterns import fours, is_straight_four, run, three_points


def _expected(grid: list[int], colour: int) -> tuple[set[int], ...]:
    exact = colour == 1
    five, four, straight, three = set(), set(), set(), set()
    for p in range(POINTS):
        if grid[p]:
            continue
        lines = [cells(grid, p, d, colour) for d in range(4)]
        if makes_five(grid, p, colour):
            five.add(p)
        for line in lines:
            length = run(line)
            if length == 5 or (length > 5 and not exact) or length > 5:
                continue
            if fours(line, exact):
                four.add(p)
            if is_straight_four(line, exact):
                straight.add(p)
            if three_points(line, exact):
                three.add(p)
    return five, four, straight, three


def test_the_board_reads_what_the_rules_read() -> None:
    rng = random.Random(3)
    for _ in range(40):
        grid = [0] * POINTS
        for p in rng.sample(range(POINTS), rng.randint(5, 110)):
            grid[p] = rng.choice((1, 2))
        board = Board(grid)
        for colour in (1, 2):
            five, four, straight, three = _expected(grid, colour)
            assert board.five_points(colour) == five
            assert board.four_points(colour) == four
            assert board.straight_points(colour) == straight
            assert board.three_points(colour) == three
        for p in range(POINTS):
            if not grid[p]:
                assert board.forbidden(p) == (forbidden(grid, p) is not None), p


def test_a_stone_placed_and_lifted_leaves_the_board_as_it_was() -> None:
    rng = random.Random(5)
    grid = [0] * POINTS
    for p in rng.sample(range(POINTS), 50):
        grid[p] = rng.choice((1, 2))
    board = Board(grid)
    before = (list(board.cells), list(board.numbers), board.key, list(board.worth),
              list(board.kinds))
    for p in [q for q in range(POINTS) if not grid[q]][:60]:
        board.play(p, 1 + p % 2)
        board.undo(p)
    after = (list(board.cells), list(board.numbers), board.key, list(board.worth),
             list(board.kinds))
    assert after == before
    assert Board(grid).key == board.key
