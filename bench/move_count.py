"""The engine's whole share of the service bench's moves, counted by callgrind: the moves of
``bench/service_moves.py`` (``--matches`` matches of 4, 5 and 6 seats or the nearest count the
game seats, one move a match a round, each from a random blocking prompt, the built-in bot
choosing from that seat's view), each move's pending prompts, view, choice, ``apply``, the new
state's outcome and prompts, and the state's JSON every eighth move (as the service snapshots
it), all run inside one ``PyRun_SimpleString`` so that callgrind counts those instructions
alone, repeatable whatever the machine's load, the collector set as the bot process sets it:

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=PyRun_SimpleStringFlags \\
        --callgrind-out-file=/tmp/moves.out .venv/bin/python bench/move_count.py \\
        --game catan --matches 60 --moves 40

``--skip`` plays that many rounds first, outside the count: the moves of a later phase alone.
callgrind's ``Collected`` line is the total; divide by the moves printed. Two trees that play
the same moves print the same digest.
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.service_moves import starting_matches
from bot import collector
from games import registry

SNAPSHOT_EVERY = 8  # tables.service.SNAPSHOT_EVERY, without importing the service


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=registry.names())
    parser.add_argument("--matches", type=int, default=60)
    parser.add_argument("--moves", type=int, default=40, help="rounds of one move per match")
    parser.add_argument("--skip", type=int, default=0,
                        help="rounds played first, not counted: a later phase's moves alone "
                             "(the service bench's paced phase follows its saturation phase, "
                             "some 20 to 25 moves a match)")
    args = parser.parse_args(argv)
    game = registry.get(args.game)
    states, rngs = starting_matches(game, args.matches)
    digest = hashlib.sha256()
    played = 0

    def play(rounds: int, counted: bool = True) -> None:
        nonlocal played
        for _ in range(rounds):
            for i, state in enumerate(states):
                if game.outcome(state) is not None:
                    continue
                rng = rngs[i]
                prompt = rng.choice([p for p in game.pending(state) if p.blocking])
                action = game.choose(game.view(state, prompt.seat), prompt, rng)
                new = game.apply(state, action).state
                game.outcome(new)
                game.pending(new)
                states[i] = new
                if not counted:
                    continue
                played += 1
                if played % SNAPSHOT_EVERY == 0:
                    new.model_dump_json()
                digest.update(action.model_dump_json().encode())

    play(args.skip, counted=False)
    thresholds = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(*collector.THRESHOLDS)
    try:
        # Run as the main module's code: the one call callgrind's toggle names.
        vars(sys.modules["__main__"])["_play"] = lambda: play(args.moves)
        failed = ctypes.pythonapi.PyRun_SimpleString(b"_play()")
    finally:
        # As found (a test runs this in its own process).
        vars(sys.modules["__main__"]).pop("_play", None)
        gc.set_threshold(*thresholds)
        gc.unfreeze()
    print(f"{args.game}: {played} moves; digest {digest.hexdigest()[:16]}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
