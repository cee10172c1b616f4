"""The tactical suite's positions: each with the side to move, what is asked (``defend``: its
move must be one of ``answers``, the points that hold; ``win``: it must win by continuous
fours, played out against the only replies) and where it comes from.

Three kinds of source:

- **Built from the RIF definitions** (the International Rules of Renju, RIF 1996, corrected
  1998, §3 and §9; ``docs/rules/renju.md``): each threat the rules define — a three (straight,
  split, short of room on one side, at the board's edge), a four of every shape, a three whose
  defence point black may not play, a three of black's whose straight-four point is forbidden,
  a four-three, white's four-four and the four whose stopping point is forbidden to black —
  laid on the board along a row, a column and both diagonals. Their answers follow from the
  definitions: the points after which no straight four (or no five) is left. (Black's three
  whose straight-four point is forbidden is checked where the defence points are computed,
  ``test_tactics.py``: on a board where it stands alone black has other wins.)
- **Teaching material**, diagrams re-entered as positions: the question positions of the
  beginners' renju lessons of holorenju (github.com/ef81sp/holorenju,
  ``public/scenarios/**``), answers as the lessons give them.
- **Solver test positions**, re-entered from the VCF tests of the renju engine mintaka
  (github.com/junghyun397/mintaka, ``mintaka/tests/test_vcf.rs``): positions with a known win by
  fours.
- **Issue 34's game** (``H8 I9 H9 H10 G11 I11 G9 I10 I8 I12 I13 G10 E10 J10 K10 F10``): the
  position after white's G10, where only J10 stops the three (F10 is forbidden to black), and
  the one after white's I10, where only I8 and I12 answer the three.

Positions are written as the points of each colour (``tests.games.renju.positions.board``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from games.renju.board import name, on_board, point

Kind = Literal["defend", "win"]


@dataclass(frozen=True)
class Tactic:
    name: str
    black: str
    white: str
    to_move: Literal["black", "white"]
    kind: Kind
    answers: frozenset[str]  # defend: the points that hold; win: the first moves that win
    source: str


RIF = "built from the RIF definitions (1996/1998)"

# -- built from the definitions ------------------------------------------------------------------
# A shape along one line: X the attacker's stones, O the defender's, a an empty point that
# answers (defend) or wins (win), . an empty point that must stay empty; | the board's edge
# (the shape then starts at the line's first point).
DEFENCE_SHAPES: dict[str, tuple[str, str]] = {
    "open three": ("..aXXXa..", "§3 three: a straight four is threatened on both sides; "
                   "only the two points beside it stop both"),
    "open three, a stone of the defender's two away": (
        "O.aXXXa..", "§3 three: the far stone leaves both straight fours possible"),
    "three short of room on one side": (
        "OaXXXaa..", "§3 three with one straight-four point: the point beside it and the "
                     "points either side of the other end stop it"),
    "three at the board's edge": (
        "|aXXXaa..", "§3 three against the edge: one straight-four point, three defences"),
    "split three": ("..aXaXXa..", "§3 three with a gap: the gap makes the straight four; the "
                    "gap and both ends stop it"),
    "split three, the other way": ("..aXXaXa..", "§3 three with a gap, mirrored"),
    "closed four": ("OXXXXa.", "§3 four: one point completes the five"),
    "four with a gap in the middle": (".XXaXX.", "§3 four (XX.XX): the gap"),
    "four with a gap after one": ("O.XaXXX.", "§3 four (X.XXX): the gap"),
    "four with a gap before one": (".XXXaX.O", "§3 four (XXX.X): the gap"),
}

WIN_SHAPES: dict[str, tuple[str, str]] = {
    "three to a straight four": (".aXXXa.", "§3 three: the mover makes a straight four, which "
                                 "nothing stops"),
    "split three to a straight four": (".XaXXa.", "§3 three with a gap: filled, a straight "
                                       "four"),
}

def _lay(shape: str, x: int, y: int, dx: int, dy: int) -> dict[str, list[str]] | None:
    """The points of each mark of ``shape`` laid from (x, y) along (dx, dy), or None if it
    leaves the board (or an edge mark is not at the board's edge)."""
    marks: dict[str, list[str]] = {"X": [], "O": [], "a": [], ".": []}
    if shape.startswith("|"):
        if on_board(x - dx, y - dy):
            return None
        shape = shape[1:]
    for at, mark in enumerate(shape):
        cx, cy = x + at * dx, y + at * dy
        if not on_board(cx, cy):
            return None
        marks[mark].append(name(point(cx, cy)))
    return marks


# Two places for a shape in each direction, one near the centre and one nearer an edge; and
# one at the edge for a shape that needs it.
PLACES = {(1, 0): ((3, 7), (1, 2)), (0, 1): ((7, 3), (12, 1)), (1, 1): ((3, 3), (4, 1)),
          (1, -1): ((3, 11), (5, 13))}
EDGE_PLACES = {(1, 0): (0, 7), (0, 1): (7, 0), (1, 1): (0, 3), (1, -1): (0, 11)}


def _placements(shape: str) -> list[tuple[int, int, int, int]]:
    out = []
    for (dx, dy), starts in PLACES.items():
        if shape.startswith("|"):
            starts = (EDGE_PLACES[(dx, dy)],)
        for x, y in starts:
            out.append((x, y, dx, dy))
    return out


def _built() -> list[Tactic]:
    found = []
    for shapes, kind in ((DEFENCE_SHAPES, "defend"), (WIN_SHAPES, "win")):
        for label, (shape, rule) in shapes.items():
            for x, y, dx, dy in _placements(shape):
                marks = _lay(shape, x, y, dx, dy)
                if marks is None:
                    continue
                for attacker in ("white", "black"):
                    stones = {"X": " ".join(marks["X"]), "O": " ".join(marks["O"])}
                    black, white = (stones["X"], stones["O"]) if attacker == "black" else \
                        (stones["O"], stones["X"])
                    # A defence is the other colour's move; a win is the attacker's own.
                    mover = attacker if kind == "win" else \
                        ("white" if attacker == "black" else "black")
                    found.append(Tactic(
                        f"{label}, {attacker}'s, from {name(point(x, y))} along {dx},{dy}",
                        black, white, mover, kind, frozenset(marks["a"]), f"{RIF}: {rule}"))
    return found


# -- built from the definitions, one by one -------------------------------------------------------
SINGLE: list[Tactic] = [
    # White's three D8-E8-F8 (B8 black): C8 would stop it, but C8 is a double three for black
    # (C8-C9-C10 and C8-D9-E10): G8 alone holds (after H8, G8 makes a four whose only block is
    # C8).
    Tactic("white's three, one of its defences a double three for black",
           "B8 C9 C10 D9 E10", "D8 E8 F8", "black", "defend", frozenset({"G8"}),
           f"{RIF}: §3 three, §9 double three (C8 is forbidden: no defence)"),
    # The same with C8 a double four for black (C5-C8 and C8-F11).
    Tactic("white's three, one of its defences a double four for black",
           "B8 C5 C6 C7 D9 E10 F11", "D8 E8 F8 C4 G12", "black", "defend",
           frozenset({"G8"}), f"{RIF}: §3 three, §9 double four (C8 is forbidden)"),
    # The same with C8 an overline for black (C5-C10).
    Tactic("white's three, one of its defences an overline for black",
           "B8 C5 C6 C7 C9 C10", "C4 D8 E8 F8", "black", "defend", frozenset({"G8"}),
           f"{RIF}: §3 three, §9 overline (C5-C10 through C8 is six)"),
    Tactic("white's four whose block is a double three for black",
           "C9 C10 D9 E10 H8", "D8 E8 F8", "white", "win", frozenset(),
           f"{RIF}: §9: black may not block a four on a forbidden point (G8 then C8)"),
    Tactic("white's four whose block is an overline for black",
           "C5 C6 C7 C9 C10 H8", "C4 D8 E8 F8", "white", "win", frozenset(),
           f"{RIF}: §9 overline: the block C8 would make six"),
    Tactic("white's four-four", "D3 I4 C8 H3 A1 A3 B5", "H4 H5 H6 D8 E8 F8", "white", "win",
           frozenset(),
           f"{RIF}: §3 four: two fours at once (H8) cannot both be stopped; white may make them"),
    Tactic("black's four-three", "C8 D8 E8 F7 F9", "B8 A1 A3 A5 A7", "black", "win",
           frozenset(), f"{RIF}: §9: a four and a three at once (F8) are allowed to black"),
    Tactic("white's four and straight four at once", "C4 J10 E8 K3 A1 A3 A5",
           "D5 E6 F7 G9 G10 G11", "white", "win", frozenset(),
           f"{RIF}: §3 fours: G8 makes D5-G8 and G8-G11 at once"),
]

# -- issue 34's game -----------------------------------------------------------------------------
ISSUE = "issue 34's game (H8 I9 H9 H10 G11 I11 G9 I10 I8 I12 I13 G10 E10 J10 K10 F10)"
GAME_34: list[Tactic] = [
    Tactic("issue 34, after white's I10: the three I9-I10-I11", "H8 H9 G11 G9",
           "I9 H10 I11 I10", "black", "defend", frozenset({"I8", "I12"}),
           f"{ISSUE}, after move 8: a §3 three, both points beside it"),
    Tactic("issue 34, after white's I12: the four I9-I12", "H8 H9 G11 G9 I8",
           "I9 H10 I11 I10 I12", "black", "defend", frozenset({"I13"}),
           f"{ISSUE}, after move 10: a §3 four, its one point"),
    # F10 would stop the three G10-H10-I10 but is a double three for black (F10-G9-H8 and
    # F10-G11-.-I13); E10, the far point the bot played, stops nothing.
    Tactic("issue 34, after white's G10: the three whose near defence is forbidden",
           "H8 H9 G11 G9 I8 I13", "I9 H10 I11 I10 I12 G10", "black", "defend",
           frozenset({"J10"}), f"{ISSUE}, after move 12: §3 three, §9 double three at F10"),
]

# -- teaching material ------------------------------------------------------------------------
HOLORENJU = "holorenju beginners' lessons (github.com/ef81sp/holorenju), public/scenarios/"
TEACHING: list[Tactic] = [
    Tactic("stop the three (diagonal)", "G9 H8 I7", "", "white", "defend",
           frozenset({"F10", "J6"}), HOLORENJU + "gomoku_beginner, 負けないために, question 1"),
    Tactic("stop the split three", "H8 J8 K8 H7", "G7 I7 H6", "white", "defend",
           frozenset({"G8", "I8", "L8"}),
           HOLORENJU + "gomoku_beginner, 負けないために, question 2"),
    Tactic("stop the three in a crowded position",
           "E12 G12 E11 G11 H11 E10 F10 I10 G9 J9 H8 I8 D7 E7 F7 G7 L7 H6 E4",
           "F13 D12 H12 F11 G10 H10 F9 I9 E8 F8 J8 K8 C7 H7 I7 E6 G6 F5", "white", "defend",
           frozenset({"E9", "E13", "E14"}),
           HOLORENJU + "gomoku_beginner, 負けないために, question 3"),
    Tactic("make a four-three (black)", "H9 G8 H8 J8 E7 I7 I5", "G9 F8 F7 G7 H7 F6 H6",
           "black", "win", frozenset({"I8"}),
           HOLORENJU + "gomoku_intermediate, 五を作るには, question 1"),
    Tactic("make a four-three (black, again)", "H10 G9 F8 H8 I8 G6", "F10 H9 I9 J8 E7 H7",
           "black", "win", frozenset({"G8"}),
           HOLORENJU + "gomoku_intermediate, 五を作るには, question 2"),
    Tactic("make a four-three (white)",
           "I14 I12 H11 J11 G10 H10 I10 J10 E9 F9 G9 I9 K9 F8 H8 I8 J8 H7 E6",
           "J13 H12 K12 G11 I11 K11 L11 F10 K10 H9 J9 E8 G8 K8 F7 G7 I7 J7", "white", "win",
           frozenset({"M10"}), HOLORENJU + "gomoku_intermediate, 五を作るには, question 3"),
    Tactic("win by fours (one four to the four-three)",
           "G9 H9 I9 K9 G8 H8 I8 J8 I7 H6", "L10 J9 F8 K8 G7 H7 G6 I6 J6 G5", "black", "win",
           frozenset(), HOLORENJU + "renju_beginner, 四追い, question 1"),
    Tactic("win by fours (two fours)", "G9 I9 K9 G8 H8 I8 J8 I7 H6",
           "L10 F8 K8 G7 H7 G6 I6 J6 G5", "black", "win", frozenset(),
           HOLORENJU + "renju_beginner, 四追い, question 2"),
    Tactic("win by fours (three fours)", "G9 I9 G8 H8 I8 J8 I7 H6",
           "F8 K8 G7 H7 G6 I6 J6 G5", "black", "win", frozenset(),
           HOLORENJU + "renju_beginner, 四追い, question 3"),
    Tactic("white traps black into a forbidden point",
           "F10 H10 E9 G9 I9 J9 G8 H8 I8 H7 I7 F6 H6 L6 H5 J4 G3 H3",
           "E11 I10 F9 H9 F8 J8 F7 G7 G6 I6 J6 K6 M6 I5 J5 H4 I4", "white", "win",
           frozenset(), HOLORENJU + "renju_beginner, 禁手に嵌める, question 1"),
    Tactic("white wins by fours onto a forbidden point", "I10 J10 F9 I9 H8 E7 G6 H6",
           "G9 H9 F8 F7 G7 H7 F6", "white", "win", frozenset(),
           HOLORENJU + "renju_beginner, 禁手に嵌める, question 2"),
    Tactic("white wins by a long line of fours onto a forbidden point",
           "F12 E10 E9 J9 F8 H8 F7 G7 I7 K7 G6 H6 I6 J6 G5 K5 F4 G3",
           "G11 D10 F10 H10 G9 H9 I9 G8 J8 E7 H7 F6 K6 I5 G4 L4 E3", "white", "win",
           frozenset(), HOLORENJU + "renju_beginner, 禁手に嵌める, question 3"),
]

# -- solver test positions --------------------------------------------------------------------
MINTAKA = "mintaka (github.com/junghyun397/mintaka), mintaka/tests/test_vcf.rs, "
SOLVER: list[Tactic] = [
    Tactic("VCF, basic 1", "J10 L10 H8 J8 K8 G7 I7", "K11 J9 L8 J7 H6 I6 G5", "black", "win",
           frozenset(), MINTAKA + "basic_vcf 1"),
    Tactic("VCF, basic 2", "F10 J10 D8 E8 H8 K8 J7 F6 H4", "J11 F9 H9 L9 C8 E7 G6 L6 G3",
           "black", "win", frozenset(), MINTAKA + "basic_vcf 2"),
    Tactic("VCF, basic 3", "J10 I9 K9 H8 K8 L7 J6 N6 I5 L5 M5",
           "H11 K10 H9 I8 M8 G7 J7 L6 M6 J5 H4", "black", "win", frozenset(),
           MINTAKA + "basic_vcf 3"),
    Tactic("VCF, basic 4", "G12 K11 H9 E8 G8 H8 I8 J7 K5", "H10 E9 K9 F8 D7 F7 G7 K6 J5",
           "black", "win", frozenset(), MINTAKA + "basic_vcf 4"),
    Tactic("VCF, basic 5", "H8 F7 H7 F6 J6 H4 L4", "E9 I9 I8 J8 E7 I6 G3", "black", "win",
           frozenset(), MINTAKA + "basic_vcf 5"),
    Tactic("VCF, white's trap 1", "F13 G11 D10 H10 C9 D9 H9 D8 E8 H8 I8 E7 I6",
           "E13 I13 H12 E11 B10 G10 I10 E9 G9 I9 F8 H6", "white", "win", frozenset(),
           MINTAKA + "trap_vcf 1"),
    Tactic("VCF, white's trap 2",
           "H15 F14 E13 L13 I12 F11 G11 H11 J11 D10 I10 K10 L10 G9 I9 M9 H8",
           "G14 J14 G13 J13 G12 J12 E11 I11 K11 E10 F10 G10 H10 J10 H9 L9", "white", "win",
           frozenset(), MINTAKA + "trap_vcf 2"),
    Tactic("VCF, white's trap 3", "H13 K13 F11 H11 D10 I10 E8 H8 K8 I7 F5 K5",
           "H14 L14 I12 D11 G11 G8 I8 G7 H7 K6 M5", "white", "win", frozenset(),
           MINTAKA + "trap_vcf 3"),
]

# -- lost bench games ------------------------------------------------------------------------
# Positions from games the bot lost as black against the reference opponent
# (``python -m bench.renju_bench --only designated-reference --first-seed 200 --records``, at
# 71cae99), each at a move where one answer (or the few listed) stops the opponent's win and
# every other move but a four of black's loses to it (``bench/renju_tactics.py --verify``).
LOST = "a lost bench game (designated openings against the reference opponent, at 71cae99)"
BENCH_GAMES: list[Tactic] = [
    Tactic("lost bench game, seed 258: white's threat at E8",
           "H8 J7 I10 I9 E10 G9 D10 I11 F7", "H9 G8 F9 D11 D9 D8 D7 I8 G10", "black", "defend",
           frozenset({"E8"}),
           f"{LOST}, seed 258 (seed 282 plays the same Shingetsu line), after move 18: only E8 "
           "stops white's win by threats; white's quiet E9 then wins, a plan beyond the "
           "bot's searches"),
    Tactic("lost bench game, seed 211: white's threat at H6",
           "H8 I8 H10 G9 F10 I10 F8 F9 F7 G5 K9 E12 J10 H11 D9 D11 I14 G14 I13 F12 E10 D12 "
           "K10 K12 L11 E13 D8 B8 E14 N8 L8 L7 M6 C11 B13 E6 D4 M5 B6 J5 M11 L9",
           "I9 J8 H9 G8 I7 G10 E7 F11 F6 J9 I11 E11 G11 G12 C9 H13 G13 F13 F14 E8 C12 D10 "
           "L10 K11 D13 B10 J13 B11 M9 K7 M7 M8 C10 B12 E5 C3 L6 J7 J6 M10 K8 I6", "black",
           "defend", frozenset({"H6", "K6"}),
           f"{LOST}, seed 211 (Ungetsu), after move 84: H6 or K6 stops white's win by "
           "threats; the game was lost four moves later"),
]

TACTICS: list[Tactic] = [*_built(), *SINGLE, *GAME_34, *TEACHING, *SOLVER, *BENCH_GAMES]
