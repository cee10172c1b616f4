"""The engine's own part of the service's moves, without the service: per move the bot's choice
on a random blocking prompt (the prompts, the seat's view, ``choose``), ``apply`` and the new
state's prompts and outcome, as ``bench/service_path.py`` plays them, over ``--matches`` fresh
matches of 4, 5 and 6 seats in turn (within the game's range) for ``--rounds`` moves each.

It prints the CPU per move and a digest of the actions played: two trees that play the same
moves print the same digest. For instructions a move, repeatable whatever the machine's load,
run it under callgrind with ``--rounds 8`` and with ``--rounds 0`` and divide the difference by
the moves:

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python -m bench.engine_path --game lifeboat --rounds 8
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import argparse
import gc
import hashlib
import random
import time
from typing import Any

from games import registry
from games.core import Game


def _seats(game: Game[Any, Any], index: int) -> int:
    spec = game.spec
    return min(max(4 + index % 3, spec.min_players), spec.max_players)


def play(name: str, matches: int, rounds: int) -> str:
    game = registry.get(name)
    states = [game.setup(_seats(game, i), None, seed=i) for i in range(matches)]
    rngs = [random.Random(f"path:{i}") for i in range(matches)]
    opened = matches
    digest = hashlib.sha256()
    gc.collect()
    gc.freeze()
    moves = 0
    started = time.process_time()
    for _ in range(rounds):
        for slot in range(matches):
            state = states[slot]
            if game.outcome(state) is not None:
                state = states[slot] = game.setup(_seats(game, opened), None, seed=opened)
                opened += 1
            rng = rngs[slot]
            prompt = rng.choice([p for p in game.pending(state) if p.blocking])
            action = game.choose(game.view(state, prompt.seat), prompt, rng)
            state = states[slot] = game.apply(state, action).state
            game.outcome(state)
            game.pending(state)
            digest.update(action.model_dump_json().encode())
            moves += 1
    spent = time.process_time() - started
    per_move = spent / moves * 1e6 if moves else 0.0
    return (f"{name}: {moves} moves of {matches} matches; CPU per move {per_move:.0f} µs; "
            f"digest {digest.hexdigest()[:16]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="lifeboat", choices=registry.names())
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=8, help="moves per match")
    args = parser.parse_args(argv)
    print(play(args.game, args.matches, args.rounds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
