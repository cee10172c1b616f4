"""The tactical suite (issue 34): positions with a known right answer, each with its source
(``tests/games/renju/tactics.py``), played by the bot at its default level, strong, within its
budgets (which count positions, so the answers are the same on any machine).

- Defence: the bot's move is one of the points that stop the threat (100%).
- Win by fours: the bot's moves, each answered by the one reply that stops its four, end in a
  five within the plies a VCF of the position needs (95% or more).

Also the defending points themselves, computed from the RIF definitions
(``bot_threats.three_defences``), on shapes where the answer is known by hand. The larger
sweep, with every position's answers checked by deeper searches, is
``bench/renju_tactics.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from games.core import Game
from games.renju import GAME
from games.renju.actions import Place
from games.renju.board import name, parse
from games.renju.bot_board import Board
from games.renju.bot_threats import three_defences
from games.renju.state import RenjuState, grid
from tests.games.renju.positions import board, position
from tests.games.renju.tactics import TACTICS, Tactic

DEFENCES = [t for t in TACTICS if t.kind == "defend"]
WINS = [t for t in TACTICS if t.kind == "win"]
ISSUE_GAME = "H8 I9 H9 H10 G11 I11 G9 I10 I8 I12 I13 G10 E10 J10 K10 F10"
PLIES = 40  # a win by fours here is at most 20 of the winner's moves


def tactic_state(tactic: Tactic) -> RenjuState:
    return position(tactic.black, tactic.white, turn="x" if tactic.to_move == "black" else "o")


def bot_move(state: RenjuState, game: Game[Any, Any] = GAME) -> str:
    """The bot's stone (the default game: the strong level)."""
    seat = 0 if state.turn == "x" else 1
    action = game.choose(game.view(state, seat), game.pending(state)[0], random.Random(0))
    assert isinstance(action, Place)
    return action.point


def test_the_suite_holds_what_the_issue_asks() -> None:
    """At least 150 positions, each with its source; every kind of source; the issue's
    game; no position names a point twice or puts an answer on a stone."""
    assert len(TACTICS) >= 150
    assert len({t.name for t in TACTICS}) == len(TACTICS)
    sources = Counter(t.source.split(":")[0].split(",")[0] for t in TACTICS)
    assert any("RIF" in s for s in sources)
    assert any("holorenju" in s for s in sources)
    assert any("mintaka" in s for s in sources)
    assert sum("issue 34" in t.source for t in TACTICS) >= 3
    for tactic in TACTICS:
        stones = board(tactic.black, tactic.white)  # raises on a point named twice
        for answer in tactic.answers:
            assert stones[parse(answer)] == ".", (tactic.name, answer)
    # The game of the issue, replayed: the positions in the suite are its positions.
    moves = ISSUE_GAME.split()
    for tactic in (t for t in TACTICS if "issue 34" in t.source):
        placed = len(tactic.black.split()) + len(tactic.white.split())
        assert set(tactic.black.split()) == set(moves[:placed:2])
        assert set(tactic.white.split()) == set(moves[1:placed:2])


@pytest.mark.parametrize("tactic", DEFENCES, ids=[t.name for t in DEFENCES])
def test_the_bot_answers_every_threat_at_a_point_that_stops_it(tactic: Tactic) -> None:
    assert bot_move(tactic_state(tactic)) in tactic.answers, tactic.source


def wins_by_fours(tactic: Tactic, game: Game[Any, Any] = GAME) -> bool:
    """The bot plays on from the position; the other side answers each four at the one
    point that stops it (a five of its own it would make first; a forbidden point black
    cannot take ends the game there; of two fives it stops one). Whether the bot made its
    five."""
    state = tactic_state(tactic)
    attacker = state.turn
    for _ in range(PLIES):
        point = bot_move(state, game)
        seat = 0 if state.turn == "x" else 1
        state = game.apply(state, Place(seat=seat, point=point)).state
        if state.stage == "over":
            return state.end == "five" and (state.winner == 0) == (attacker == "x")
        colour = 1 if attacker == "x" else 2
        blocks = Board(grid(state.board)).five_points(colour)
        if not blocks:
            return False  # no four: the bot let go of the win
        block = min(blocks)  # of two, the defender stops one
        legal = {a.point for a in game.pending(state)[0].actions if isinstance(a, Place)}
        if name(block) not in legal:
            return True  # black may not block on a forbidden point
        state = game.apply(state, Place(seat=1 - seat, point=name(block))).state
        if state.stage == "over":
            return False
    return False


def test_the_bot_finds_the_win_by_fours() -> None:
    won = [t.name for t in WINS if wins_by_fours(t)]
    missed = sorted(set(t.name for t in WINS) - set(won))
    assert len(won) >= 0.95 * len(WINS), missed


# -- the defending points, from the definitions ------------------------------------------------
@pytest.mark.parametrize(("black", "white", "attacker", "expected"), [
    # An open three: the two points beside it.
    ("", "F8 G8 H8", 2, {"E8", "I8"}),
    # A split three: the gap and both ends.
    ("", "F8 H8 I8", 2, {"E8", "G8", "J8"}),
    # A three against the edge (B8-D8): one straight-four point (E8), three defences.
    ("", "B8 C8 D8", 2, {"A8", "E8", "F8"}),
    # White's three with its near point a double three for black (C8): G8 and the far H8.
    ("B8 C9 C10 D9 E10", "D8 E8 F8", 2, {"G8", "H8"}),
    # Black's three whose straight-four point G8 is an overline (G5-G10): only C8 threatens,
    # stopped at B8, C8 or G8.
    ("D8 E8 F8 G5 G6 G7 G9 G10", "G4 G11", 1, {"B8", "C8", "G8"}),
    # Black's three whose only straight-four point would also make a five is no three (RIF
    # §3): row 8's D8-E8-F8 with B8 white, G8 completing G4-G8. Nothing to stop there.
    ("D8 E8 F8 G4 G5 G6 G7", "B8 G3", 1, None),
])
def test_the_defending_points_follow_the_definitions(black: str, white: str, attacker: int,
                                                     expected: set[str] | None) -> None:
    found = three_defences(Board(grid(board(black, white))), attacker)
    assert (None if found is None else {name(p) for p in found}) == expected
