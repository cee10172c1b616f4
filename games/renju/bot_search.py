"""The bot's weighing of quiet moves: a shallow alpha-beta search among the best-ranked moves
(``bot_eval.ranked``), with the threats read out to the end.

A five ends the search; a four must be blocked, and neither the four nor its block costs a ply
(up to ``FOUR_EXTENSIONS`` fours on a line), so a four that leads to a double threat is seen
through; a side to move with a three (and no four against it) makes a straight four and wins.
At the end of the plies the position is weighed for the side to move: won if it wins by fours
or by threats, threatened if the other side would win by threats were it to move (it must
then spend its move answering, which a count of shapes does not show), and otherwise what each
side's lines hold (``bot_eval.position_worth``).

Every position the search reaches is counted against the move's allowance, a position whose
moves are ranked at ``EXPAND_COST`` (ranking looks at every point near a stone), so the
allowance bounds the weighing's work wherever it is spent. The moves are weighed a ply short
first, then at full depth best first (iterative deepening), so that when the allowance runs
out the move being weighed is dropped unfinished and the best moves have been weighed deepest.
"""

from __future__ import annotations

from games.renju.bot_board import Board
from games.renju.bot_eval import position_worth, ranked
from games.renju.bot_strength import Strength
from games.renju.bot_threats import Search, other, real_straights
from games.renju.bot_vct import vct

WON = 1_000_000
THREATENED = 3_000  # the other side threatens a win by threats: the side to move must answer
FOUR_EXTENSIONS = 3
# What ranking a position's moves costs, in positions of a threat search (about what it
# takes in time: a score for each of some hundred points near a stone).
EXPAND_COST = 10


def weigh(board: Board, colour: int, moves: list[int], strength: Strength,
          allowance: Search) -> list[int]:
    """``moves`` of ``colour`` (to move), best first (ties in the order given). Weighed a
    ply short of ``strength.plies`` first, then at full depth in that order, each move
    against the best found so far (a move that cannot beat it is only shown not to, and
    keeps its place behind it). Every look spends from ``allowance``; when it runs out, the
    moves weighed in full at the deepest pass come first, the others after them in the
    order of the pass before."""
    order = list(moves)
    for plies in sorted({max(1, strength.plies - 1), strength.plies}):
        weighed = _pass(board, colour, order, plies, strength, allowance)
        order = weighed + [p for p in order if p not in weighed]
        if allowance.spent:
            break
    return order


def _pass(board: Board, colour: int, moves: list[int], plies: int, strength: Strength,
          allowance: Search) -> list[int]:
    """The ``moves`` weighed in full ``plies`` deep before ``allowance`` ran out, best
    first."""
    them = other(colour)
    valued = []
    alpha = -WON
    for at, p in enumerate(moves):
        board.play(p, colour)
        try:
            fours = FOUR_EXTENSIONS if board.five_points_through(p, colour) else 0
            value = -_negamax(board, them, plies - (0 if fours else 1), -WON, -alpha,
                              strength, FOUR_EXTENSIONS - (1 if fours else 0), allowance)
        finally:
            board.undo(p)
        if allowance.spent:
            break  # this move's value is unfinished
        valued.append((value, -at, p))
        alpha = max(alpha, value)
    valued.sort(reverse=True)
    return [p for _, _, p in valued]


def _negamax(board: Board, colour: int, plies: int, alpha: int, beta: int,
             strength: Strength, extensions: int, allowance: Search) -> int:
    """The worth of the position to ``colour`` (to move), ``plies`` moves deep; meaningless
    once ``allowance`` has run out."""
    if not allowance.spend():
        return 0
    them = other(colour)
    if board.five_points(colour):
        return WON
    theirs = board.five_points(them)
    if len(theirs) >= 2:
        return -WON
    if theirs:
        block = next(iter(theirs))
        if colour == 1 and board.forbidden(block):
            return -WON
        board.play(block, colour)
        try:
            return -_negamax(board, them, plies, -beta, -alpha, strength, extensions,
                             allowance)
        finally:
            board.undo(block)
    if real_straights(board, colour):
        return WON - 1  # a straight four next: nothing stops it
    if plies <= 0:
        return _leaf(board, colour, strength, allowance)
    if not allowance.spend(EXPAND_COST):
        return 0
    best = -WON
    for _, p in ranked(board, colour)[:strength.replies]:
        board.play(p, colour)
        try:
            four = extensions > 0 and bool(board.five_points_through(p, colour))
            value = -_negamax(board, them, plies if four else plies - 1, -beta, -alpha,
                              strength, extensions - 1 if four else extensions, allowance)
        finally:
            board.undo(p)
        if allowance.spent:
            return 0
        if value > best:
            best = value
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
    return best


def _leaf(board: Board, colour: int, strength: Strength, allowance: Search) -> int:
    worth = position_worth(board, colour)
    if not strength.leaf_nodes:
        return worth
    if vct(board, colour, 3, Search(strength.leaf_nodes, within=allowance), 8) is not None:
        return WON - 2
    if vct(board, other(colour), 3, Search(strength.leaf_nodes, within=allowance), 8) \
            is not None:
        return worth - THREATENED
    return worth
