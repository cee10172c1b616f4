"""What loading a match costs now that its snapshot is written only now and then.

``MatchService`` writes a match's state with every ``SNAPSHOT_EVERY``-th action (and the last);
a load parses the latest snapshot and applies the actions logged since. The worst case is a
load just before the next snapshot: ``SNAPSHOT_EVERY - 1`` actions to apply. For every
registered game this plays ``--games`` seeded games with the built-in bot (Renju: random legal
moves, its bot searches), keeps the states a snapshot would hold, and times, in CPU, loading
each game at every such worst point: the parse, and the parse with the actions applied. Run
from the repository root:

    .venv/bin/python -m bench.load_catch_up [--games 12] [--game renju]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import registry
from games.core import Game
from tables.service import SNAPSHOT_EVERY

MOST_ACTIONS = 400  # a game's log is cut here: the late game costs like the middle one


def logged_game(game: Game[Any, Any], seed: int, rng: random.Random
                ) -> tuple[list[dict[str, Any]], dict[int, str]]:
    """A seeded game's log (action dicts) and its snapshots by version."""
    seats = max(game.spec.min_players, min(game.spec.max_players, 4 + seed % 3))
    state = game.setup(seats, game.Options(), seed=seed)
    log: list[dict[str, Any]] = []
    snapshots = {0: state.model_dump_json()}
    while game.outcome(state) is None and len(log) < MOST_ACTIONS:
        prompt = rng.choice([p for p in game.pending(state) if p.blocking])
        if game.bot_searches:
            action = rng.choice(prompt.actions)
        else:
            action = game.choose(game.view(state, prompt.seat), prompt, rng)
        log.append(action.model_dump(mode="json"))
        state = game.apply(state, action).state
        if len(log) % SNAPSHOT_EVERY == 0:
            snapshots[len(log)] = state.model_dump_json()
    return log, snapshots


def measure(name: str, games: int) -> str:
    game = registry.get(name)
    rng = random.Random(3)
    loads: list[float] = []
    parses: list[float] = []
    for seed in range(games):
        log, snapshots = logged_game(game, seed, rng)
        behind = SNAPSHOT_EVERY - 1
        for version in range(behind, len(log), SNAPSHOT_EVERY):
            since = version - behind
            started = time.process_time()
            state = game.parse_state(snapshots[since])
            parsed = time.process_time()
            for action in log[since:version]:
                state = game.apply(state, game.parse_action(action)).state
            loads.append(time.process_time() - started)
            parses.append(parsed - started)
    return (f"| {game.spec.title} | {len(loads)} | {statistics.mean(parses) * 1e3:.2f} ms | "
            f"{statistics.mean(loads) * 1e3:.2f} ms | {max(loads) * 1e3:.2f} ms |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=12, help="seeded games per game")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args()
    print(f"Loads {SNAPSHOT_EVERY - 1} actions past a snapshot (CPU):\n")
    print("| game | loads | the parse | parse + actions, mean | max |")
    print("|---|---|---|---|---|")
    for name in args.game or registry.names():
        print(measure(name, args.games), flush=True)


if __name__ == "__main__":
    main()
