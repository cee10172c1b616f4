"""The built-in Renju bot: it never plays a forbidden move, wins by continuous fours when it
can, stops the other side's, and otherwise plays the point whose shapes are worth most to it
and to the other side together.

Order of thought for a stone: a five; stopping their five; its own VCF; stopping their VCF (a
move after which they have none); the best-scored move. Opening steps: an opening of middling
strength as black, a swap when the opening favours black strongly, the two best fifth moves
offered, and the weaker one for black kept.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from games.core import Action, Prompt
from games.renju.actions import ChooseOpening, Keep, Offer, Pass, Place, Swap
from games.renju.board import parse
from games.renju.bot_shapes import allowed, candidates, score, worth
from games.renju.bot_threats import Search, fives, stones_of, vcf
from games.renju.bot_vct import vct
from games.renju.forbidden import Grid
from games.renju.state import grid as to_grid
from games.renju.views import SeatView

# Openings known to favour black strongly: white takes black when offered one.
STRONG_FOR_BLACK = frozenset({"kagetsu", "hogetsu", "ungetsu", "ugetsu", "keigetsu",
                              "shogetsu", "kyogetsu", "suigetsu", "kosei", "kinsei"})
# Openings a black bot names: close to even, so that a swap gains white little.
MIDDLING = ("kansei", "sosei", "zangetsu", "kyugetsu", "shingetsu", "sangetsu", "chosei",
            "rangetsu", "gingetsu", "meisei", "shagetsu", "meigetsu", "ryusei")
VCF_DEPTH = 6  # own moves, the five included: five fours and their replies, then the five
# The budgets below keep a move to a few hundred ms of CPU at most: the platform asks bots on
# its event loop, where a long think delays every table's clicks.
VCT_DEPTH = 3  # own threes in a row before the fours
VCF_NODES = 250  # positions looked at by one VCF search
VCT_NODES = 250  # positions, the VCF searches within it included
DEFENCE_NODES = 300  # positions for finding an answer to their VCF
DEFENCE_TRIES = 10
LOOKAHEAD = 8  # best-scored moves ranked again by the other side's best reply
GUARD_NODES = 100  # positions for each look at the other side's win by threats
GUARD_TRIES = 3  # best-scored moves tried as answers to the other side's VCF


def choose_action(view: SeatView, prompt: Prompt, rng: random.Random) -> Action:
    first = prompt.actions[0]
    if isinstance(first, ChooseOpening):
        wanted = rng.choice(MIDDLING)
        return next(a for a in prompt.actions
                    if isinstance(a, ChooseOpening) and a.opening == wanted)
    if isinstance(first, Swap):
        take = view.opening in STRONG_FOR_BLACK
        return next(a for a in prompt.actions if isinstance(a, Swap) and a.take == take)
    if isinstance(first, Keep):
        return _keep(view, prompt)
    colour = 1 if view.colour == "black" else 2
    grid = to_grid(view.board)
    legal = {parse(a.point): a for a in prompt.actions if isinstance(a, Place | Offer)}
    # In the variant where a forbidden move loses, the prompt offers them: never take one.
    legal = {p: a for p, a in legal.items() if allowed(grid, p, colour)}
    if not legal:
        return next(a for a in prompt.actions if isinstance(a, Pass))
    if isinstance(first, Offer):
        return _offer(grid, colour, legal)
    return legal[best_point(grid, colour, set(legal), rng)]


def best_point(grid: Grid, colour: int, legal: set[int], rng: random.Random) -> int:
    other = 3 - colour
    mine = fives(grid, stones_of(grid, colour), colour) & legal
    if mine:
        return min(mine)
    theirs = fives(grid, stones_of(grid, other), other)
    stops = theirs & legal
    if stops:
        return min(stops)
    if theirs:
        return _ranked(grid, colour, legal, rng)[0]  # nothing stops it: play on
    win = vcf(grid, colour, VCF_DEPTH, budget=VCF_NODES)
    if win is not None and win[0] in legal:
        return win[0]
    ranked = _ranked(grid, colour, legal, rng)
    threat = vcf(grid, other, VCF_DEPTH, budget=VCF_NODES)
    if threat is None:
        attack = vct(grid, colour, VCT_DEPTH, Search(VCT_NODES))
        if attack is not None and attack in legal:
            return attack
        return _safe_from_threats(grid, colour, ranked)
    # Their VCF: the best-scored move after which they have none, within one budget; when
    # the budget runs out first, the first move of their win is taken away.
    search = Search(DEFENCE_NODES)
    for p in ranked[:DEFENCE_TRIES]:
        grid[p] = colour
        try:
            found = vcf(grid, other, VCF_DEPTH, search=search)
        finally:
            grid[p] = 0
        if search.budget <= 0:
            break
        if found is None:
            return p
    return threat[0] if threat[0] in legal else ranked[0]


def _ranked(grid: Grid, colour: int, legal: set[int], rng: random.Random) -> list[int]:
    """Legal points near the stones, best first; equal scores in a random order. The best
    few are ranked again by what they leave the other side: their score less most of the
    best score the other side's reply could then have (two plies instead of one)."""
    near = [p for p in candidates(grid) if p in legal] or sorted(legal)
    keyed = [(score(grid, p, colour), rng.random(), p) for p in near]
    keyed.sort(reverse=True)
    ranked = [p for _, _, p in keyed]
    head = keyed[:LOOKAHEAD]
    other = 3 - colour
    again = []
    for value, tie, p in head:
        grid[p] = colour
        try:
            replies = [q for q in candidates(grid) if allowed(grid, q, other)]
            reply = max((score(grid, q, other) for q in replies), default=0)
        finally:
            grid[p] = 0
        again.append((value - (reply * 3) // 4, tie, p))
    again.sort(reverse=True)
    return [p for _, _, p in again] + ranked[len(head):]


def _safe_from_threats(grid: Grid, colour: int, ranked: list[int]) -> int:
    """The best-ranked move after which the other side has no win by threats, when it has
    one now (within small budgets); otherwise the best-ranked move."""
    other = 3 - colour
    if vct(grid, other, VCT_DEPTH, Search(GUARD_NODES)) is None:
        return ranked[0]
    for p in ranked[:GUARD_TRIES]:
        grid[p] = colour
        try:
            if vct(grid, other, VCT_DEPTH, Search(GUARD_NODES)) is None:
                return p
        finally:
            grid[p] = 0
    return ranked[0]


def _offer(grid: Grid, colour: int, legal: Mapping[int, Action]) -> Action:
    """Black's fifth move offers: the best-scored point (white will keep the weaker one)."""
    near = [p for p in candidates(grid) if p in legal] or sorted(legal)
    best = max(near, key=lambda p: (score(grid, p, colour), -p))
    return legal[best]


def _keep(view: SeatView, prompt: Prompt) -> Action:
    """White keeps the offered fifth move worth less to black."""
    grid = to_grid(view.board)
    offers = [a for a in prompt.actions if isinstance(a, Keep)]
    return min(offers, key=lambda a: (worth(grid, parse(a.point), 1), a.point))
