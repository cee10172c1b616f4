"""A reference Renju opponent that is not the bot: a plain alpha-beta search, the kind of program
issue 34 measured the bot against, made deeper.

- **Evaluation**: the classic count of five-point windows. Every five points in a row on the
  board is a window; a window holding stones of one colour only is worth ``WINDOW_WORTH[k]`` to
  that colour for its ``k`` stones (a window with both colours is worth nothing). A position is
  worth the difference, for the side to move. Kept up to date stone by stone (a stone touches
  at most twenty windows).
- **Candidates**: the empty points within two of a stone, ranked by what a stone there adds to
  the mover's windows plus what it takes from the other side's; the best ``width`` (10) are
  searched, black's forbidden points left out (``games.renju.forbidden``, the rules' own
  check: black never plays one).
- **Search**: negamax alpha-beta, ``depth`` plies (3). A five ends the search; a four of the
  other side's must be blocked, and that block costs no ply; a move that makes a four, or a
  window of three that is open at both ends, is searched one ply deeper (at most
  ``extensions`` (2) plies more on any line), so fours and threes are read further.
- **Deterministic per seed**: equal values are broken by a generator seeded by the game's
  seed, and nothing depends on time.

Used by ``bench/renju_bench.py``; ``docs/benchmarks.md`` describes it with the figures.
"""

from __future__ import annotations

import random

from games.core import Action, Prompt
from games.renju.actions import Place
from games.renju.board import DIRECTIONS, POINTS, SIZE, name, neighbours, on_board, parse, point
from games.renju.forbidden import forbidden, makes_five
from games.renju.state import RenjuState, grid

# What a window holding k stones of one colour only is worth to that colour.
WINDOW_WORTH = (0, 1, 12, 150, 2_000, 1_000_000)
WIN = 10_000_000
# What one more stone adds to a window holding k of its colour only.
_STEP = tuple(WINDOW_WORTH[k + 1] - WINDOW_WORTH[k] for k in range(5))


def _windows() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Every five points in a row, and for each point the windows holding it."""
    windows: list[tuple[int, ...]] = []
    holding: list[list[int]] = [[] for _ in range(POINTS)]
    for dx, dy in DIRECTIONS:
        for y in range(SIZE):
            for x in range(SIZE):
                if not on_board(x + 4 * dx, y + 4 * dy):
                    continue
                points = tuple(point(x + k * dx, y + k * dy) for k in range(5))
                for p in points:
                    holding[p].append(len(windows))
                windows.append(points)
    return tuple(windows), tuple(tuple(h) for h in holding)


WINDOWS, HOLDING = _windows()
NEAR = tuple(tuple(neighbours(p, 2)) for p in range(POINTS))


# What a window holding ``k`` of one colour and ``j`` of the other is worth to the first, and
# what one more stone of the first adds to it and takes from the other: tables, as the search
# reads them millions of times.
_WORTH = tuple(tuple(WINDOW_WORTH[k] if not j else 0 for j in range(6)) for k in range(6))
_GAIN = tuple(tuple(_STEP[k] if not j and k < 5 else WINDOW_WORTH[j] if not k else 0
                    for j in range(6)) for k in range(6))


class ReferenceBoard:
    """Stones and, for each window, how many of each colour it holds."""

    def __init__(self, cells: list[int]) -> None:
        self.cells = [0] * POINTS
        # counts[colour][window]: stones of that colour in the window (index 0 unused).
        self.counts: tuple[list[int], ...] = ([], [0] * len(WINDOWS), [0] * len(WINDOWS))
        self.worth = [0, 0, 0]
        # The windows holding four stones of one colour and none of the other, per colour.
        self.fours: tuple[set[int], set[int], set[int]] = (set(), set(), set())
        for p, colour in enumerate(cells):
            if colour:
                self.play(p, colour)

    def _step(self, p: int, colour: int, step: int) -> None:
        mine, theirs = self.counts[colour], self.counts[3 - colour]
        worth, fours = self.worth, self.fours
        other = 3 - colour
        for w in HOLDING[p]:
            k, j = mine[w], theirs[w]
            worth[colour] -= _WORTH[k][j]
            worth[other] -= _WORTH[j][k]
            k += step
            mine[w] = k
            worth[colour] += _WORTH[k][j]
            worth[other] += _WORTH[j][k]
            if k == 4 and not j:
                fours[colour].add(w)
            else:
                fours[colour].discard(w)
            if j == 4 and not k:
                fours[other].add(w)
            else:
                fours[other].discard(w)

    def play(self, p: int, colour: int) -> None:
        self.cells[p] = colour
        self._step(p, colour, 1)

    def undo(self, p: int) -> None:
        colour = self.cells[p]
        self.cells[p] = 0
        self._step(p, colour, -1)

    def gain(self, p: int, colour: int) -> int:
        """What a stone of ``colour`` on ``p`` adds to its windows and takes from the
        other side's."""
        mine, theirs = self.counts[colour], self.counts[3 - colour]
        return sum([_GAIN[mine[w]][theirs[w]] for w in HOLDING[p]])

    def five_points(self, colour: int) -> list[int]:
        """The empty points where ``colour`` makes a five (black's exact)."""
        found: set[int] = set()
        for w in self.fours[colour]:
            found.update(p for p in WINDOWS[w] if not self.cells[p])
        return sorted(p for p in found if makes_five(self.cells, p, colour))

    def threat(self, p: int, colour: int) -> bool:
        """Whether the stone of ``colour`` just placed on ``p`` made a four, or a three open
        at both ends (a window of three whose line is empty just beyond it)."""
        mine, theirs = self.counts[colour], self.counts[3 - colour]
        for w in HOLDING[p]:
            if theirs[w]:
                continue
            if mine[w] == 4:
                return True
            if mine[w] == 3:
                points = WINDOWS[w]
                if not self.cells[points[0]] and not self.cells[points[4]]:
                    return True
        return False


class ReferencePlayer:
    """The opponent, for one game: call it with the state and prompt (its seeded generator
    breaks ties)."""

    def __init__(self, depth: int = 3, width: int = 10, extensions: int = 2) -> None:
        self.depth = depth
        self.width = width
        self.extensions = extensions

    def __call__(self, state: RenjuState, prompt: Prompt, rng: random.Random) -> Action:
        stones = [a for a in prompt.actions if isinstance(a, Place)]
        if not stones:  # opening steps (name an opening, swap, offers, keep): at random
            return rng.choice(prompt.actions)
        colour = 1 if prompt.seat == state.black else 2
        board = ReferenceBoard(grid(state.board))
        legal = {parse(a.point) for a in stones}
        if colour == 1:
            legal = {p for p in legal if forbidden(board.cells, p) is None}
        move = self.best(board, colour, legal, rng)
        return next(a for a in stones if a.point == name(move))

    def best(self, board: ReferenceBoard, colour: int, legal: set[int],
             rng: random.Random) -> int:
        moves = self._moves(board, colour, legal) or sorted(legal)
        best_value, best_moves = -WIN * 2, []
        alpha = -WIN * 2
        for p in moves:
            board.play(p, colour)
            extra = 1 if board.threat(p, colour) else 0
            value = -self._search(board, 3 - colour, self.depth - 1 + extra, extra,
                                  -WIN * 2, -alpha + 1)
            board.undo(p)
            if value > best_value:
                best_value, best_moves = value, [p]
            elif value == best_value:
                best_moves.append(p)
            alpha = max(alpha, value)
        return rng.choice(best_moves)

    def _moves(self, board: ReferenceBoard, colour: int, legal: set[int] | None = None
               ) -> list[int]:
        """The candidates for ``colour`` to move: a five, or the block of the other side's
        five, alone; else the best ``width`` by ``gain``."""
        own = board.five_points(colour)
        if own:
            return own[:1]
        theirs = board.five_points(3 - colour)
        if theirs:
            return [p for p in theirs if self._playable(board, p, colour, legal)]
        cells = board.cells
        near: set[int] = set()
        for p, c in enumerate(cells):
            if c:
                near.update(NEAR[p])
        near = {q for q in near if not cells[q]}
        if not near:  # the empty board, or every point near a stone taken: any empty point
            near = {q for q, c in enumerate(cells) if not c} if any(cells) else {POINTS // 2}
        ranked = sorted(near, key=lambda p: (-board.gain(p, colour), p))
        out = []
        for p in ranked:
            if self._playable(board, p, colour, legal):
                out.append(p)
                if len(out) == self.width:
                    break
        return out

    @staticmethod
    def _playable(board: ReferenceBoard, p: int, colour: int, legal: set[int] | None) -> bool:
        if legal is not None:
            return p in legal
        return colour == 2 or forbidden(board.cells, p) is None

    def _search(self, board: ReferenceBoard, colour: int, depth: int, extended: int,
                alpha: int, beta: int) -> int:
        other = 3 - colour
        if board.five_points(colour):
            return WIN
        theirs = board.five_points(other)
        if depth <= 0 and not theirs:
            return board.worth[colour] - board.worth[other]
        moves = self._moves(board, colour)
        if not moves:
            return -WIN  # a four it cannot block
        best = -WIN * 2
        for p in moves:
            board.play(p, colour)
            if theirs:
                next_depth, extra = depth, extended  # the block costs no ply
            elif extended < self.extensions and board.threat(p, colour):
                next_depth, extra = depth, extended + 1
            else:
                next_depth, extra = depth - 1, extended
            value = -self._search(board, other, next_depth, extra, -beta, -alpha)
            board.undo(p)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best
