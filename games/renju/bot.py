"""The built-in Renju bot: it never plays a forbidden move, never loses to a textbook threat it
can see, and wins by threats where it can.

Order of thought for a stone (``best_point``): its own five; the other side's five stopped;
its own win by continuous fours (VCF); the other side's three answered only at the points
that stop it (``bot_threats.three_defences``) or by a four of its own; its own win by threats
(VCT); then the moves worth weighing (``bot_eval.ranked``): those after which it would win by
threats were it to move again first (the other side must find the answer: a one-move look
misses it), each looked at a few plies deep, the best kept after which the other side has no
win by fours or threats. How far each search
goes is a ``Strength`` (``bot_strength``), by the table's ``bot_level``. Opening steps: an
opening close to even as black, a swap when the opening favours black strongly, the
best two fifth moves offered (by the weighing of quiet moves), and the weaker one for black
kept.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from games.core import Action, Prompt
from games.renju.actions import ChooseOpening, Keep, Offer, Pass, Place, Swap
from games.renju.board import parse
from games.renju.bot_board import Board
from games.renju.bot_eval import ranked
from games.renju.bot_lines import Shape
from games.renju.bot_search import weigh
from games.renju.bot_strength import STRONG, Strength
from games.renju.bot_threats import (
    Search,
    fours,
    line_points,
    other,
    real_straights,
    three_defences,
    vcf,
)
from games.renju.bot_vct import vct
from games.renju.forbidden import Grid
from games.renju.state import grid as to_grid
from games.renju.views import SeatView

# The openings a white bot swaps in, taking black: those known to favour black strongly, less
# the four whose black side the bot loses to deeper play than its searches (Keigetsu,
# Kyogetsu, Shogetsu and Suigetsu: lost in a third of the games or more that it took black in
# against the reference opponent, won as white; docs/benchmarks.md, "Renju bot").
SWAPS_IN = frozenset({"kagetsu", "hogetsu", "ungetsu", "ugetsu", "kosei", "kinsei"})
# Openings a black bot names: close to even, so that a swap gains white little, and among
# them those the bot has played black in best against the reference opponent. Not Shingetsu:
# the reference keeps its fifth move I10 and wins a line move for move, by a plan deeper than
# the bot's searches (black won 9 of 11 there, the others all their games;
# docs/benchmarks.md). Dropping a name from the end changes no other game's draw:
# ``rng.choice`` takes the first draw below the count, so only draws that named it differ.
NAMES = ("sosei", "meisei", "meigetsu", "sangetsu", "shagetsu")


def choose_action(view: SeatView, prompt: Prompt, rng: random.Random,
                  strength: Strength = STRONG) -> Action:
    first = prompt.actions[0]
    if isinstance(first, ChooseOpening):
        wanted = rng.choice(NAMES)
        return next(a for a in prompt.actions
                    if isinstance(a, ChooseOpening) and a.opening == wanted)
    if isinstance(first, Swap):
        take = view.opening in SWAPS_IN
        return next(a for a in prompt.actions if isinstance(a, Swap) and a.take == take)
    if isinstance(first, Keep):
        return _keep(view, prompt, strength)
    colour = 1 if view.colour == "black" else 2
    grid = to_grid(view.board)
    board = Board(grid)
    legal = {parse(a.point): a for a in prompt.actions if isinstance(a, Place | Offer)}
    # In the variant where a forbidden move loses, the prompt offers them: never take one.
    if colour == 1:
        legal = {p: a for p, a in legal.items() if not board.forbidden(p)}
    if not legal:
        return next(a for a in prompt.actions if isinstance(a, Pass))
    if isinstance(first, Offer):
        return _offer(board, colour, legal, strength)
    return legal[best_point(grid, colour, set(legal), rng, strength)]


def best_point(grid: Grid, colour: int, legal: set[int], rng: random.Random,
               strength: Strength = STRONG) -> int:
    """The bot's stone for ``colour`` to move on ``grid`` among the ``legal`` points."""
    board = Board(grid)
    them = other(colour)
    mine = board.five_points(colour) & legal
    if mine:
        return min(mine)
    theirs = board.five_points(them)
    if theirs & legal:
        return min(theirs & legal)
    move = Thinking(board, colour, strength)
    if strength.vcf_depth:
        win = move.own_vcf()
        if win is not None and win[0] in legal:
            return win[0]
    pool = [p for _, p in ranked(board, colour, legal, strength.defence_tenths)] or \
        sorted(legal)
    if strength.choice > 1:
        return rng.choice(pool[:strength.choice])
    if strength.answers_threes and not theirs and real_straights(board, them):
        # Only a point that stops every three of theirs, or a four of ours, is no loss.
        answers = ((three_defences(board, them) or set()) | set(fours(board, colour))) & legal
        if answers:
            pool = [p for p in pool if p in answers] + sorted(answers - set(pool))
    if strength.vct_depth and not theirs:
        win = vct(board, colour, strength.vct_depth, move.search(strength.vct_nodes),
                  strength.vct_width)
        if win is not None and win[0] in legal:
            return win[0]
    if not strength.guards_fours:
        return pool[0]
    threat = move.their_win(strength.verify_nodes)
    if threat is not None:
        return move.defend(pool, threat)
    return move.quiet(pool)


class Thinking:
    """One move's thought: the board, whose move it is, the strength, and the positions left
    for the whole move (``Strength.move_nodes``), which every search spends from; when they
    run out, the best move found so far is played."""

    def __init__(self, board: Board, colour: int, strength: Strength) -> None:
        self.board = board
        self.colour = colour
        self.them = other(colour)
        self.strength = strength
        self.allowance = Search(strength.move_nodes)

    def search(self, nodes: int) -> Search:
        return Search(nodes, within=self.allowance)

    @property
    def exhausted(self) -> bool:
        return self.allowance.spent

    def own_vcf(self) -> list[int] | None:
        """Our win by fours: the shortest within a few fours, else any within ``vcf_depth``
        (a long one is found by going deep at once far sooner than by deepening)."""
        strength = self.strength
        budget = strength.vcf_nodes // 3
        win = vcf(self.board, self.colour, min(6, strength.vcf_depth), self.search(budget))
        if win is None and strength.vcf_depth > 6:
            win = vcf(self.board, self.colour, strength.vcf_depth,
                      self.search(strength.vcf_nodes - budget), shortest=False)
        return win

    def their_win(self, nodes: int) -> list[int] | None:
        """The other side's win, were it to move: by fours (the line's fours and the replies
        that stop them), or (within ``nodes`` positions) by threats; None when neither is
        found."""
        return self._their_fours() or self._their_threats(nodes)

    def _their_fours(self, nodes: int | None = None) -> list[int] | None:
        """Their win by fours (within ``nodes`` positions, else ``Strength.vcf_nodes``)."""
        strength = self.strength
        budget = strength.vcf_nodes if nodes is None else min(nodes, strength.vcf_nodes)
        line = vcf(self.board, self.them, strength.vcf_depth, self.search(budget),
                   shortest=False)
        return None if line is None else line_points(self.board, self.them, line)

    def _their_threats(self, nodes: int) -> list[int] | None:
        if not nodes:
            return None
        return vct(self.board, self.them, self.strength.guard_depth, self.search(nodes),
                   self.strength.guard_width)

    def holds(self, p: int, nodes: int, fours_nodes: int | None = None) -> int:
        """How well our ``p`` holds: 2 when the other side is then left no win by fours
        (within ``fours_nodes`` positions, else ``Strength.vcf_nodes``), nor (within
        ``nodes`` positions) by threats; 1 when only the win by fours is gone; 0 when not
        even that (or the move's positions ran out before it was known)."""
        self.board.play(p, self.colour)
        try:
            if self._their_fours(fours_nodes) is not None or self.exhausted:
                return 0
            return 1 if self._their_threats(nodes) is not None or self.exhausted else 2
        finally:
            self.board.undo(p)

    def safe(self, p: int, nodes: int) -> bool:
        return self.holds(p, nodes) == 2

    def weigh(self, moves: list[int], keep: int) -> list[int]:
        """``moves`` best first by the shallow search, within ``Strength.weigh_nodes``
        positions and leaving ``keep`` of the move's for the looks that follow it."""
        room = Search(min(self.strength.weigh_nodes, max(0, self.allowance.budget - keep)),
                      within=self.allowance)
        return weigh(self.board, self.colour, moves, self.strength, room)

    def defend(self, pool: list[int], threat: list[int]) -> int:
        """A move after which the other side's win (``threat``: its line of play, moves and
        replies) is gone. Tried in turn: the points of their line, the best of the pool, our
        own fours (a four spent on defence is lost to attack, so they come after the quiet
        moves), then further down the pool. Each group's moves are screened with a small
        budget (``guard_nodes`` for each search), the survivors weighed like quiet moves and
        the best looked at closely before it is played; the screening and the weighing leave
        room for two such looks (``verify_nodes`` each). When nothing holds, a move that at
        least stops their win by fours, else the first of the pool; the best screened move
        when the positions for the move run out."""
        strength = self.strength
        own_fours = self.board.four_points(self.colour)
        pooled = set(pool)
        line = [p for p in dict.fromkeys(threat) if p in pooled and p not in own_fours]
        best = [p for p in pool[:strength.candidates] if p not in own_fours]
        spare = [p for p in pool[strength.candidates:] if p not in own_fours]
        fours_ = [p for p in pool if p in own_fours][:strength.candidates]
        seen: set[int] = set()
        fallback = None  # a move that at least stops their win by fours
        reserve = 2 * strength.verify_nodes
        for group in (line, best, fours_, spare[:strength.candidates * 2]):
            group = [p for p in group if p not in seen]
            seen.update(group)
            screened: list[int] = []
            for p in group:
                if self.allowance.budget < reserve and (screened or fallback is not None):
                    break  # keep the positions to look closely at what was screened
                held = self.holds(p, strength.guard_nodes, strength.guard_nodes)
                if held == 2:
                    screened.append(p)
                elif held == 1 and fallback is None:
                    fallback = p
            for p in self.weigh(screened, keep=reserve):
                if self.exhausted or self.safe(p, strength.verify_nodes):
                    return p
                fallback = fallback or p
            if self.exhausted:
                break
        return pool[0] if fallback is None else fallback

    def quiet(self, pool: list[int]) -> int:
        """Of the first ``strength.candidates`` moves of ``pool``, the best by a shallow
        search (``bot_search.weigh``); those that threaten a win by threats first
        (``threatening``). Black's moves are also checked for the other side's wins: a
        black stone can make the points black would defend on forbidden."""
        moves = pool[:self.strength.candidates]
        threats = self.threatening(moves)
        if threats:
            # The other side must find the one answer that breaks the threat: a quiet move
            # that leaves it any reply is weaker, whatever its shapes are worth.
            held = [p for p in self.weigh(threats, keep=3 * self.strength.guard_nodes)[:3]
                    if self.safe(p, self.strength.guard_nodes)]
            if held:
                return held[0]
        valued = self.weigh(moves, keep=3 * self.strength.guard_nodes)
        if self.colour == 2 or not self.strength.guard_nodes:
            return valued[0]
        for p in valued[:3]:
            if self.safe(p, self.strength.guard_nodes):
                return p
        return valued[0]

    def threatening(self, moves: list[int]) -> list[int]:
        """The quiet ``moves`` (no three or four made) after which we would win by threats
        were we to move again (``Strength.threat_nodes`` positions for each look), in
        ``moves``' order."""
        strength = self.strength
        if not strength.threat_nodes:
            return []
        found = []
        # The weighing that follows keeps at least half its positions.
        reserve = strength.weigh_nodes // 2 + 3 * strength.guard_nodes
        for p in moves:
            if self.allowance.budget < reserve + strength.threat_nodes:
                break
            if max(self.board.shapes(p, self.colour)) >= Shape.THREE:
                continue  # a threat already: answered by the moves it forces
            self.board.play(p, self.colour)
            try:
                if vct(self.board, self.colour, strength.vct_depth,
                       self.search(strength.threat_nodes), strength.vct_width) is not None:
                    found.append(p)
            finally:
                self.board.undo(p)
        return found


def _offer(board: Board, colour: int, legal: Mapping[int, Action], strength: Strength
           ) -> Action:
    """Black's fifth move offers: its best move by the weighing of quiet moves, among its
    best-ranked ones (asked twice: the second offer's points leave out the first's twins).
    White keeps the weaker of the two, so both must be good: a point that only scores well
    (a far block of white's two) is weighed down by what white answers."""
    pool = [p for _, p in ranked(board, colour, set(legal), strength.defence_tenths)]
    pool = pool[:max(2, strength.candidates)] or sorted(legal)
    return legal[weigh(board, colour, pool, strength, Search(strength.weigh_nodes))[0]]


def _keep(view: SeatView, prompt: Prompt, strength: Strength) -> Action:
    """White keeps the offered fifth move black's weighing puts last."""
    board = Board(to_grid(view.board))
    offers = {parse(a.point): a for a in prompt.actions if isinstance(a, Keep)}
    return offers[weigh(board, 1, sorted(offers), strength, Search(strength.weigh_nodes))[-1]]
