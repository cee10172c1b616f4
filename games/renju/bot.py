"""The built-in Renju bot: it never plays a forbidden move, wins by continuous fours when it
can, stops the other side's, and otherwise builds towards a win by threats.

Order of thought for a stone: a five; stopping their five; its own VCF; stopping their VCF (a
move after which they have none, their win's points and our own fours tried first); its own
VCT; a move after which their VCT is gone, when they have one; a quiet move after which it
would have a VCT; the best-ranked move (its own shapes first, then what it takes from them,
ranked again by their best reply). How far it searches is a ``Strength``. Opening steps: an
opening of middling strength as black, a swap when the opening favours black strongly, the
two best fifth moves offered, and the weaker one for black kept.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from games.core import Action, Prompt
from games.renju.actions import ChooseOpening, Keep, Offer, Pass, Place, Swap
from games.renju.board import parse
from games.renju.bot_shapes import allowed, candidates, score, worth
from games.renju.bot_strength import STRONG, Strength
from games.renju.bot_threats import Search, fives, four_moves, stones_of, vcf
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


def choose_action(view: SeatView, prompt: Prompt, rng: random.Random,
                  strength: Strength = STRONG) -> Action:
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
    return legal[best_point(grid, colour, set(legal), rng, strength)]


def best_point(grid: Grid, colour: int, legal: set[int], rng: random.Random,
               strength: Strength = STRONG) -> int:
    other = 3 - colour
    mine = fives(grid, stones_of(grid, colour), colour) & legal
    if mine:
        return min(mine)
    theirs = fives(grid, stones_of(grid, other), other)
    stops = theirs & legal
    if stops:
        return min(stops)
    if theirs:
        return _ranked(grid, colour, legal, rng, strength)[0]  # nothing stops it: play on
    win = vcf(grid, colour, strength.vcf_depth, budget=strength.vcf_nodes)
    if win is not None and win[0] in legal:
        return win[0]
    ranked = _ranked(grid, colour, legal, rng, strength)
    threat = vcf(grid, other, strength.vcf_depth, budget=strength.vcf_nodes)
    if threat is not None:
        return _stop_fours(grid, colour, legal, ranked, threat, strength)
    attack = vct(grid, colour, strength.vct_depth, Search(strength.vct_nodes),
                 strength.threats_tried)
    if attack is not None and attack in legal:
        return attack
    return _safe_from_threats(grid, colour, legal, ranked, strength)


def _stop_fours(grid: Grid, colour: int, legal: set[int], ranked: list[int],
                threat: list[int], strength: Strength) -> int:
    """A move after which the other side has no VCF, within one budget. Tried first: the
    points of their win (where their fours stand and where ours would have to answer), then
    our own fours (each forces their reply), then the best-ranked moves. When the budget runs
    out first, the first move of their win is taken away."""
    other = 3 - colour
    tried = _unique([*threat, *sorted(four_moves(grid, stones_of(grid, colour), colour)),
                     *ranked[:strength.defence_tries]], legal)
    search = Search(strength.defence_nodes)
    for p in tried:
        grid[p] = colour
        try:
            if fives(grid, [p], colour):
                found = _after_our_four(grid, colour, p, strength, search)
            else:
                found = vcf(grid, other, strength.vcf_depth, search=search)
        finally:
            grid[p] = 0
        if search.budget <= 0:
            break
        if found is None:
            return p
    return threat[0] if threat[0] in legal else ranked[0]


def _after_our_four(grid: Grid, colour: int, p: int, strength: Strength,
                    search: Search) -> list[int] | None:
    """Their VCF after our four on ``p``: they must block it first (a block black may not
    make is no block, and then they have nothing). Read as if they moved again after the
    block, which can only overstate their chances."""
    other = 3 - colour
    block = next(iter(fives(grid, [p], colour)))
    if other == 1 and not allowed(grid, block, 1):
        return None
    grid[block] = other
    try:
        return vcf(grid, other, strength.vcf_depth, search=search)
    finally:
        grid[block] = 0


def _unique(points: list[int], legal: set[int]) -> list[int]:
    seen: set[int] = set()
    out = []
    for p in points:
        if p in legal and p not in seen:
            seen.add(p)
            out.append(p)
    return out


def _ranked(grid: Grid, colour: int, legal: set[int], rng: random.Random,
            strength: Strength) -> list[int]:
    """Legal points near the stones, best first; equal scores in a random order. The best
    few are ranked again by what they leave the other side: their score less most of the
    best score the other side's reply could then have (two plies instead of one)."""
    near = [p for p in candidates(grid) if p in legal] or sorted(legal)
    keyed = [(score(grid, p, colour, strength.defence_tenths), rng.random(), p) for p in near]
    keyed.sort(reverse=True)
    ranked = [p for _, _, p in keyed]
    head = keyed[:strength.lookahead]
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


def _safe_from_threats(grid: Grid, colour: int, legal: set[int], ranked: list[int],
                       strength: Strength) -> int:
    """When the other side has a win by threats (within small budgets): the best-ranked move
    after which it has none, the first move of its win tried among the first. Otherwise a
    move that prepares a win of ours (``_preparing``), or the best-ranked move."""
    other = 3 - colour
    theirs = vct(grid, other, strength.vct_depth, Search(strength.guard_nodes),
                 strength.threats_tried)
    if theirs is None:
        return _preparing(grid, colour, ranked, strength)
    for p in _unique([ranked[0], theirs, *ranked[1:strength.guard_tries]], legal):
        grid[p] = colour
        try:
            if vct(grid, other, strength.vct_depth, Search(strength.guard_nodes),
                   strength.threats_tried) is None:
                return p
        finally:
            grid[p] = 0
    return theirs if theirs in legal else ranked[0]


def _preparing(grid: Grid, colour: int, ranked: list[int], strength: Strength) -> int:
    """The best-ranked move after which we would win by threats if the other side let us
    (it must then find the one reply that stops all of them), and after which it has no win
    by fours of its own; the best-ranked move when none of the first few does. The bot wins
    by such quiet moves: a position won by threats seldom comes without one."""
    other = 3 - colour
    search = Search(strength.prepare_nodes)
    for p in ranked[:strength.prepare_tries]:
        grid[p] = colour
        try:
            if vct(grid, colour, strength.vct_depth, search, strength.threats_tried) \
                    is not None and vcf(grid, other, strength.vcf_depth,
                                        budget=strength.vcf_nodes) is None:
                return p
        finally:
            grid[p] = 0
        if search.budget <= 0:
            break
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
