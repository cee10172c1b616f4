"""Complete Citadels bot games per second, per player count, on one core.

Every seat is the built-in bot; each step costs what a live table costs: the pending prompt,
the acting seat's view, the bot's choice and ``apply``. Run from the repository root:

    .venv/bin/python bench/citadels_bench.py [--games N] [--seats 2 3 4 5 6 7] [--expansion]
                                             [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.citadels import GAME
from games.citadels.options import Options

EXPANSION = Options(
    rank_1="witch", rank_2="tax_collector", rank_3="wizard", rank_4="emperor", rank_5="abbot",
    rank_6="alchemist", rank_7="navigator", rank_8="diplomat", rank_9="queen",
)


def bot_game(seats: int, seed: int, options: Options) -> tuple[int, int]:
    """One complete all-bot game: (actions applied, rounds played)."""
    rng = random.Random(seed)
    state = GAME.setup(seats, options, seed=seed)
    steps = 0
    while GAME.outcome(state) is None:
        prompt = GAME.pending(state)[0]
        action = GAME.choose(GAME.view(state, prompt.seat), prompt, rng)
        state = GAME.apply(state, action).state
        steps += 1
    return steps, state.round


def measure(seats: int, games: int, options: Options) -> dict[str, float]:
    for seed in range(3):  # warm the caches, as a running bot would be
        bot_game(seats, 10_000 + seed, options)
    steps = rounds = 0
    started = time.process_time()
    for seed in range(games):
        game_steps, game_rounds = bot_game(seats, seed, options)
        steps += game_steps
        rounds += game_rounds
    elapsed = time.process_time() - started
    return {
        "games_per_s": games / elapsed,
        "steps_per_game": steps / games,
        "rounds_per_game": rounds / games,
        "us_per_step": elapsed / steps * 1e6,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seats", type=int, nargs="*", default=[2, 3, 4, 5, 6, 7])
    parser.add_argument("--expansion", action="store_true", help="all expansion characters")
    parser.add_argument("--profile", action="store_true", help="profile the 4-player run")
    args = parser.parse_args()
    options = EXPANSION if args.expansion else Options()
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(measure, 4, args.games, options)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        return
    print(f"{'seats':>5} {'games/s':>9} {'steps/game':>11} {'rounds':>7} {'us/step':>8}")
    for seats in args.seats:
        r = measure(seats, args.games, options)
        print(
            f"{seats:>5} {r['games_per_s']:>9.1f} {r['steps_per_game']:>11.1f} "
            f"{r['rounds_per_game']:>7.1f} {r['us_per_step']:>8.1f}"
        )


if __name__ == "__main__":
    main()
