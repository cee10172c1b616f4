"""Complete Citadels bot games per second, per player count, on one core.

Every seat is the built-in bot; each step costs what a live table costs: the pending prompt,
the acting seat's view, the bot's choice and ``apply``. Run from the repository root:

    .venv/bin/python bench/citadels_bench.py [--games N] [--runs R] [--seats 2 3 4 5 6 7]
                                             [--expansion] [--profile] [--strength]

``--strength`` instead plays one bot against random players at every table and prints how often
the bot wins.
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


def measure(seats: int, games: int, options: Options, runs: int = 1) -> dict[str, float]:
    """Plays the same seeded games ``runs`` times and keeps the fastest run (other processes
    on the machine only ever make a run slower)."""
    for seed in range(3):  # warm the caches, as a running bot would be
        bot_game(seats, 10_000 + seed, options)
    elapsed = float("inf")
    for _ in range(runs):
        steps = rounds = 0
        started = time.process_time()
        for seed in range(games):
            game_steps, game_rounds = bot_game(seats, seed, options)
            steps += game_steps
            rounds += game_rounds
        elapsed = min(elapsed, time.process_time() - started)
    return {
        "games_per_s": games / elapsed,
        "steps_per_game": steps / games,
        "rounds_per_game": rounds / games,
        "us_per_step": elapsed / steps * 1e6,
    }


def strength(seats: int, games: int, options: Options) -> tuple[float, float, float]:
    """(bot win rate, bot mean score, random players' mean score) with the bot in one seat
    (rotating) and uniformly random players elsewhere."""
    wins = 0
    bot_total = random_total = 0.0
    for seed in range(games):
        bot_seat = seed % seats
        rng = random.Random(seed)
        state = GAME.setup(seats, options, seed=seed)
        while GAME.outcome(state) is None:
            prompt = GAME.pending(state)[0]
            if prompt.seat == bot_seat:
                action = GAME.choose(GAME.view(state, prompt.seat), prompt, rng)
            else:
                action = rng.choice(prompt.actions)
            state = GAME.apply(state, action).state
        outcome = GAME.outcome(state)
        assert outcome is not None
        wins += bot_seat in outcome.winners
        bot_total += outcome.scores[bot_seat]
        random_total += sum(v for s, v in outcome.scores.items() if s != bot_seat)
    return wins / games, bot_total / games, random_total / (games * (seats - 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3, help="keep the fastest of this many")
    parser.add_argument("--seats", type=int, nargs="*", default=[2, 3, 4, 5, 6, 7])
    parser.add_argument("--expansion", action="store_true", help="all expansion characters")
    parser.add_argument("--profile", action="store_true", help="profile the 4-player run")
    parser.add_argument("--strength", action="store_true", help="one bot against random players")
    args = parser.parse_args()
    options = EXPANSION if args.expansion else Options()
    if args.strength:
        print(f"{'seats':>5} {'bot wins':>9} {'bot score':>10} {'random score':>13}")
        for seats in args.seats:
            rate, bot, rand = strength(seats, args.games, options)
            print(f"{seats:>5} {rate:>9.1%} {bot:>10.1f} {rand:>13.1f}")
        return
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(measure, 4, args.games, options)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        return
    print(f"{'seats':>5} {'games/s':>9} {'steps/game':>11} {'rounds':>7} {'us/step':>8}")
    for seats in args.seats:
        r = measure(seats, args.games, options, args.runs)
        print(
            f"{seats:>5} {r['games_per_s']:>9.1f} {r['steps_per_game']:>11.1f} "
            f"{r['rounds_per_game']:>7.1f} {r['us_per_step']:>8.1f}"
        )


if __name__ == "__main__":
    main()
