"""Complete Lifeboat bot games per second, per player count, on one core.

Every seat is the built-in bot; each step is what a live table costs: the pending prompts,
the acting seat's view, the bot's choice and ``apply``. Run from the repository root:

    .venv/bin/python bench/engine.py [--games N] [--seats 4 5 6 7] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import registry
from games.core import Action, Game


def bot_game(game: Game[Any, Any], seats: int, seed: int, options: Any) -> list[Action]:
    """Plays one complete all-bot game; returns the actions applied."""
    rng = random.Random(seed)
    state = game.setup(seats, options, seed=seed)
    actions: list[Action] = []
    while game.outcome(state) is None:
        prompts = [p for p in game.pending(state) if p.blocking]
        prompt = rng.choice(prompts)
        action = game.choose(game.view(state, prompt.seat), prompt, rng)
        state = game.apply(state, action).state
        actions.append(action)
    return actions


def engine_only(
    game: Game[Any, Any], seats: int, seed: int, options: Any, actions: list[Action]
) -> None:
    """Replays a game's actions: the engine's share of the work (prompts and ``apply``)."""
    state = game.setup(seats, options, seed=seed)
    for action in actions:
        game.pending(state)
        state = game.apply(state, action).state


def _fastest(run: Callable[[], object], repeats: int) -> tuple[float, float]:
    times = []
    for _ in range(repeats):
        started = time.process_time()
        run()
        times.append(time.process_time() - started)
    return min(times), sum(times) / len(times)


def measure(game: Game[Any, Any], seats: int, games: int, repeats: int = 5) -> dict[str, float]:
    """Plays the same ``games`` seeded games ``repeats`` times and keeps the fastest run, like
    ``timeit``: other processes on the machine can only ever slow a run down."""
    options = game.options_for_conformance(seats)[0]  # type: ignore[attr-defined]
    for seed in range(3):  # warm the caches a little, as a running bot would be
        bot_game(game, seats, 10_000 + seed, options)
    logs = {seed: bot_game(game, seats, seed, options) for seed in range(games)}
    steps = sum(len(actions) for actions in logs.values())

    def play_all() -> None:
        for seed in logs:
            bot_game(game, seats, seed, options)

    def replay_all() -> None:
        for seed, actions in logs.items():
            engine_only(game, seats, seed, options, actions)

    best, mean = _fastest(play_all, repeats)
    engine, _ = _fastest(replay_all, repeats)
    return {
        "games_per_s": games / best,
        "games_per_s_mean": games / mean,
        "steps_per_game": steps / games,
        "us_per_step": best / steps * 1e6,
        "engine_us_per_step": engine / steps * 1e6,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seats", type=int, nargs="*", default=[4, 5, 6, 7])
    parser.add_argument("--profile", action="store_true", help="profile the 6-player run")
    args = parser.parse_args()
    game = registry.get("lifeboat")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        measure(game, 6, args.games)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(30)
        return
    print(f"Lifeboat, all-bot games, {args.games} per player count (CPU time, one core;")
    print("the fastest of 5 runs of the same games, then the mean of the runs)")
    print("µs/action counts everything (prompts, view, bot, apply); engine µs only pending+apply")
    print(f"{'players':>7} {'games/s':>9} {'(mean)':>10} {'actions/game':>13} {'µs/action':>10} "
          f"{'engine µs':>10}")
    for seats in args.seats:
        result = measure(game, seats, args.games)
        print(
            f"{seats:>7} {result['games_per_s']:>9.1f} {result['games_per_s_mean']:>10.1f} "
            f"{result['steps_per_game']:>13.1f} {result['us_per_step']:>10.1f} "
            f"{result['engine_us_per_step']:>10.1f}"
        )


if __name__ == "__main__":
    main()
