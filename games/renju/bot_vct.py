"""Wins by continuous threats (VCT): fours and threes, each answered by every reply that could
stop it — a four by the point that stops its five, a three by the points that stop its
straight four (``bot_threats.three_defences``) and by every four of the defender's own — ending
in a win by fours (``bot_threats.vcf``).

The search is an AND/OR tree over threats only: the attacker tries its threats, the most
promising first (``width`` of them); the defender must be beaten after each of its replies.
A defender's four is answered by its block, after which the defender moves again against the
threats still standing. While the defender has a three of its own, a three of the attacker's
is too slow (the defender would make a straight four) unless it also stops that three: only
fours, and threes that stop it, are tried then. Soundness
over reach: whatever the budget cuts short counts as no win, so a win it reports is a win.
"""

from __future__ import annotations

from games.renju.bot_board import Board
from games.renju.bot_lines import BLACK
from games.renju.bot_threats import (
    Search,
    fours,
    order_value,
    other,
    three_defences,
    vcf,
)

# A VCT's failures are kept apart from a VCF's in one table, and each colour's from the other's.
_VCT_KEY = (0, 0x5EED0F7E_2EA75A11, 0x27D4EB2F_165667B1)


def vct(board: Board, colour: int, depth: int, search: Search, width: int = 10,
        vcf_depth: int = 5) -> list[int] | None:
    """The first moves of a win for ``colour`` (to move) by threats within ``depth`` of its
    own threats, or None. The answer is the attacker's line of play against the defender's
    first replies (its first move is what matters). Deepened one threat at a time: a short
    win is found long before a deep search has shown the lines that fail."""
    for shallow in range(1, depth + 1):
        line = _attack(board, colour, shallow, search, width, vcf_depth)
        if line is not None or search.spent:
            return line
    return None


def _attack(board: Board, colour: int, depth: int, search: Search, width: int,
            vcf_depth: int) -> list[int] | None:
    if not search.spend():
        return None
    mine = board.five_points(colour)
    if mine:
        return [min(mine)]
    key = board.key ^ _VCT_KEY[colour]
    if search.known_to_fail(key, depth):
        return None
    defender = other(colour)
    theirs = board.five_points(defender)
    if len(theirs) >= 2:
        return None
    if theirs:
        block = next(iter(theirs))
        if colour == BLACK and board.forbidden(block):
            return None
        found = _after_threat(board, colour, block, depth, search, width, vcf_depth)
        if found is None:
            search.fails(key, depth)
        return None if found is None else [block, *found]
    line = vcf(board, colour, vcf_depth, search, shortest=False)
    if line is not None:
        return line
    if depth <= 0 or search.spent:
        if not search.spent:
            search.fails(key, depth)
        return None
    threats = set(fours(board, colour))
    threes = board.three_points(colour)
    if threes:
        if colour == BLACK:
            threes = {p for p in threes if not board.forbidden(p)}
        # Against a three of the defender's, a three of ours is too slow unless it stops it.
        stops = three_defences(board, defender)
        threats |= threes if stops is None else threes & stops
    ranked = sorted(threats, key=lambda p: (-order_value(board, p, colour), p))[:width]
    for move in ranked:
        found = _after_threat(board, colour, move, depth - 1, search, width, vcf_depth)
        if found is not None:
            return [move, *found]
        if search.spent:
            return None
    search.fails(key, depth)
    return None


def _after_threat(board: Board, colour: int, move: int, depth: int, search: Search,
                  width: int, vcf_depth: int) -> list[int] | None:
    """Whether ``colour`` still wins after playing ``move``, whatever the defender replies
    (the line against its first reply)."""
    board.play(move, colour)
    try:
        return _defend(board, colour, depth, search, width, vcf_depth)
    finally:
        board.undo(move)


def _defend(board: Board, colour: int, depth: int, search: Search, width: int,
            vcf_depth: int) -> list[int] | None:
    """The defender to move against ``colour``'s threats: None if some reply holds."""
    if not search.spend():
        return None
    defender = other(colour)
    if board.five_points(defender):
        return None  # it makes its five
    completions = board.five_points(colour)
    if len(completions) >= 2:
        return [min(completions)]
    if completions:
        replies = completions
        if defender == BLACK and board.forbidden(next(iter(completions))):
            return [next(iter(completions))]
    else:
        stops = three_defences(board, colour)
        if stops is None:
            return None  # no threat stands: the defender moves as it likes
        replies = stops | set(fours(board, defender))
    first: list[int] | None = None
    for reply in sorted(replies, key=lambda p: (-order_value(board, p, defender), p)):
        board.play(reply, defender)
        try:
            found = _attack(board, colour, depth, search, width, vcf_depth)
        finally:
            board.undo(reply)
        if found is None:
            return None
        if first is None:
            first = [reply, *found]
    return first or []
