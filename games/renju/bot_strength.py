"""How hard the Renju bot thinks: the budgets of its searches, as one value handed to it.

Every budget counts positions, not time, so that the bot chooses the same move on any
machine (replays and golden playthroughs rely on it). ``STRONG`` is what real tables get;
``QUICK`` is for tests and benches that need a legal, sensible bot but not a strong one.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Strength:
    vcf_depth: int  # own moves in a win by fours, the five included
    vcf_nodes: int  # positions looked at by one VCF search
    vct_depth: int  # own threes in a row before the fours
    vct_nodes: int  # positions for the bot's own win by threats, its VCF searches included
    threats_tried: int  # the best-scored threats tried at each step of a VCT
    defence_nodes: int  # positions for finding an answer to the other side's VCF
    defence_tries: int  # best-ranked moves tried as that answer
    lookahead: int  # best-scored moves ranked again by the other side's best reply
    guard_nodes: int  # positions for each look at the other side's win by threats
    guard_tries: int  # best-ranked moves tried as answers to the other side's VCT
    prepare_tries: int  # best-ranked quiet moves tried as the first step of a win by threats
    prepare_nodes: int  # positions for all of those tries together
    # How much a point's worth to the other side counts in ranking ours, in tenths: below the
    # greedy player's 9, the bot builds its own shapes first (its searches guard the rest).
    defence_tenths: int


STRONG = Strength(vcf_depth=6, vcf_nodes=2000, vct_depth=4, vct_nodes=3000, threats_tried=8,
                  defence_nodes=2000, defence_tries=16, lookahead=10, guard_nodes=600,
                  guard_tries=6, prepare_tries=8, prepare_nodes=1500,
                  defence_tenths=7)
QUICK = Strength(vcf_depth=6, vcf_nodes=250, vct_depth=2, vct_nodes=120, threats_tried=5,
                 defence_nodes=300, defence_tries=8, lookahead=4, guard_nodes=60,
                 guard_tries=2, prepare_tries=0, prepare_nodes=0,
                 defence_tenths=9)
