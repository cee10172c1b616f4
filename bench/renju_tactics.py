"""The tactical suite (``tests/games/renju/tactics.py``) at every bot level, and its answers
checked by searches far deeper than the bot's.

    .venv/bin/python -m bench.renju_tactics             # each level's score on the suite
    .venv/bin/python -m bench.renju_tactics --verify    # the answers against deep searches

A level's score: the defence positions where its move is one of the listed answers, and the
win positions it wins by fours when played out against the only replies (the test of the
suite asks 100% and 95% of the strong level). ``--verify`` looks, in each defence position,
for every move of the defender within three points of a stone after which the attacker has no
win by fours (20 deep) nor by threats (6 deep, 20 wide, 50,000 positions): the listed answers
must hold (unless the position is lost whatever is played: then they are the points the
definitions name, and the line says so), and a move that holds but is not listed must be a
four of the defender's (a four only delays the answer). In each win position it looks for the
win by fours (100,000 positions).
"""

from __future__ import annotations

import argparse
import time

from games.renju.board import name
from games.renju.bot_board import Board
from games.renju.bot_eval import candidates
from games.renju.bot_strength import LEVELS
from games.renju.bot_threats import Search, fours, vcf
from games.renju.bot_vct import vct
from games.renju.game import RenjuGame
from games.renju.state import grid
from tests.games.renju.positions import board as stones
from tests.games.renju.tactics import TACTICS, Tactic
from tests.games.renju.test_tactics import bot_move, tactic_state, wins_by_fours


def score(level: str) -> None:
    game = RenjuGame(bot=LEVELS[level])
    started = time.process_time()
    defended = won = 0
    missed = []
    for tactic in TACTICS:
        if tactic.kind == "defend":
            ok = bot_move(tactic_state(tactic), game) in tactic.answers
            defended += ok
        else:
            ok = wins_by_fours(tactic, game)
            won += ok
        if not ok:
            missed.append(tactic.name)
    defences = sum(t.kind == "defend" for t in TACTICS)
    wins = len(TACTICS) - defences
    print(f"{level}: defence {defended}/{defences}, win by fours {won}/{wins}, "
          f"{time.process_time() - started:.1f} s of CPU", flush=True)
    for label in missed[:12]:
        print(f"  missed: {label}")


def holding(tactic: Tactic) -> tuple[set[str], set[str]]:
    """The defender's moves after which the attacker has no win found by deep searches, and
    the defender's fours."""
    board = Board(grid(stones(tactic.black, tactic.white)))
    me = 1 if tactic.to_move == "black" else 2
    them = 3 - me
    found = set()
    for p in candidates(board, 3):
        if me == 1 and board.forbidden(p):
            continue
        board.play(p, me)
        try:
            win = vcf(board, them, 20, Search(50_000), shortest=False) or \
                vct(board, them, 6, Search(50_000), 20)
        finally:
            board.undo(p)
        if win is None:
            found.add(name(p))
    return found, {name(p) for p in fours(board, me)}


def verify() -> None:
    problems = 0
    for tactic in TACTICS:
        if tactic.kind == "win":
            board = Board(grid(stones(tactic.black, tactic.white)))
            me = 1 if tactic.to_move == "black" else 2
            if vcf(board, me, 30, Search(100_000), shortest=False) is None:
                print(f"no win by fours found: {tactic.name}")
                problems += 1
            continue
        holds, own_fours = holding(tactic)
        answers = set(tactic.answers)
        if not holds:
            print(f"lost whatever is played (answers as the definitions name them): "
                  f"{tactic.name}")
        elif not answers <= holds or holds - answers - own_fours:
            print(f"MISMATCH {tactic.name}: listed but losing {sorted(answers - holds)}, "
                  f"holding but not listed {sorted(holds - answers - own_fours)}")
            problems += 1
    print(f"{len(TACTICS)} positions, {problems} problems")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verify", action="store_true")
    parser.add_argument("--levels", nargs="*", default=list(LEVELS), choices=list(LEVELS))
    args = parser.parse_args()
    if args.verify:
        verify()
        return
    for level in args.levels:
        score(level)


if __name__ == "__main__":
    main()
