"""The bot's choices of ``bench/service_moves.py`` (the same matches, moves and seeds), each
made inside ``functools.reduce`` so that callgrind counts the instructions of the choices
alone, repeatable whatever the machine's load:

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=functools_reduce \\
        --callgrind-out-file=/tmp/choices.out .venv/bin/python bench/choice_count.py \\
        --game zombie --matches 30 --moves 35

callgrind's ``Collected`` line is the total; divide by the choices printed. Two trees that
make the same choices print the same digest.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from functools import reduce
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.service_moves import starting_matches
from games import registry


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=registry.names())
    parser.add_argument("--matches", type=int, default=30)
    parser.add_argument("--moves", type=int, default=35)
    args = parser.parse_args()
    game = registry.get(args.game)
    states, rngs = starting_matches(game, args.matches)
    digest = hashlib.sha256()
    choices = 0
    for _ in range(args.moves):
        for i, state in enumerate(states):
            if game.outcome(state) is not None:
                continue
            rng = rngs[i]
            prompt = rng.choice([p for p in game.pending(state) if p.blocking])
            view = game.view(state, prompt.seat)
            action = reduce(lambda _, __: game.choose(view, prompt, rng), [0], None)
            digest.update(action.model_dump_json().encode())
            choices += 1
            states[i] = game.apply(state, action).state
    print(f"{args.game}: {choices} choices; digest {digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
