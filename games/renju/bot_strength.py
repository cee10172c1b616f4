"""How hard the Renju bot thinks, by level: the budgets of its searches, as one value handed to
it.

Every budget counts positions, not time, so that the bot chooses the same move on any
machine (replays and golden playthroughs rely on it). ``move_nodes`` is a hard cap on a move's
work: every search spends from it, the weighing's positions included, and stops when it runs
out, so the worst move's CPU follows from it (docs/benchmarks.md, "Renju bot"). A table
picks its level with the option ``bot_level`` (``LEVELS``); ``QUICK`` is for tests and benches
that need a legal, sensible bot but not a strong one.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Strength:
    vcf_depth: int  # own moves in a win by fours, the five included (0: no search)
    vcf_nodes: int  # positions looked at by one VCF search
    answers_threes: bool  # a three of the other side's is answered at its defence points
    guards_fours: bool  # the other side's win by fours is looked for and stopped
    vct_depth: int  # own threes in a win by threats (0: no search)
    vct_nodes: int  # positions for the bot's own win by threats
    vct_width: int  # the best threats tried at each step of a VCT
    guard_nodes: int  # positions for a first look at the other side's win by threats (0: none)
    verify_nodes: int  # positions for the closer look that settles a move's safety
    guard_depth: int  # threats deep in those looks
    guard_width: int  # threats tried at each step of those looks
    candidates: int  # quiet moves weighed
    plies: int  # how deep the weighing looks (1: the move alone)
    replies: int  # the best moves looked at after each move in the weighing
    leaf_nodes: int  # positions for each look at either side's win by threats at its end
    weigh_nodes: int  # positions for the whole weighing of the quiet moves
    threat_nodes: int  # positions for each look at a quiet move's threat of a VCT (0: none)
    defence_tenths: int  # what a point is worth to the other side, in tenths of its worth
    choice: int  # the best-ranked moves an easy bot picks among at random (1: the best)
    move_nodes: int  # positions for a whole move, every search's together: the worst move's cap


STRONG = Strength(vcf_depth=20, vcf_nodes=3000, answers_threes=True, guards_fours=True,
                  vct_depth=4, vct_nodes=4000, vct_width=10,
                  guard_nodes=400, verify_nodes=3000, guard_depth=5, guard_width=12,
                  candidates=10, plies=2, replies=6, leaf_nodes=60, weigh_nodes=8_000,
                  threat_nodes=400, defence_tenths=8, choice=1, move_nodes=20_000)
NORMAL = Strength(vcf_depth=6, vcf_nodes=800, answers_threes=True, guards_fours=True,
                  vct_depth=2, vct_nodes=400, vct_width=6,
                  guard_nodes=0, verify_nodes=0, guard_depth=0, guard_width=0,
                  candidates=6, plies=1, replies=0, leaf_nodes=0, weigh_nodes=5_000,
                  threat_nodes=0, defence_tenths=8, choice=1, move_nodes=5_000)
# A beginner's opponent: it makes its own five and blocks a four, never plays a forbidden
# point, and otherwise picks among its few best-looking moves at random, blind to threes.
EASY = Strength(vcf_depth=0, vcf_nodes=0, answers_threes=False, guards_fours=False,
                vct_depth=0, vct_nodes=0, vct_width=0,
                guard_nodes=0, verify_nodes=0, guard_depth=0, guard_width=0,
                candidates=4, plies=1, replies=0, leaf_nodes=0, weigh_nodes=0, threat_nodes=0,
                defence_tenths=5, choice=4, move_nodes=0)
QUICK = Strength(vcf_depth=6, vcf_nodes=300, answers_threes=True, guards_fours=True,
                 vct_depth=0, vct_nodes=0, vct_width=0,
                 guard_nodes=0, verify_nodes=0, guard_depth=0, guard_width=0,
                 candidates=4, plies=1, replies=0, leaf_nodes=0, weigh_nodes=2_000,
                 threat_nodes=0, defence_tenths=8, choice=1, move_nodes=2_000)

LEVELS = {"easy": EASY, "normal": NORMAL, "strong": STRONG}
