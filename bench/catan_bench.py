"""Catan's engine and bot: complete bot games per second, µs per verb, CPU per bot move, and the
bot against random players. CPU time of this process throughout (``time.process_time``): the
machine is shared. Run from the repository root:

    .venv/bin/python bench/catan_bench.py                 # games/s and µs per action (3, 4 seats)
    .venv/bin/python bench/catan_bench.py --breakdown     # µs of pending, view, choose, apply
    .venv/bin/python bench/catan_bench.py --moves         # CPU per bot move: mean, p99, max
    .venv/bin/python bench/catan_bench.py --strength      # 200 tables: one bot, three random
    options: --games N, --runs R, --seats 3 4, --profile
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.engine import breakdown
from games.catan import GAME
from games.catan.state import CatanState
from games.core.conformance import mixed_chooser, playout


def bot_game(seats: int, seed: int) -> CatanState:
    """One complete game with the bot in every seat, as a table asks: a seat the game waits
    for at random, its view, its choice, the move."""
    rng = random.Random(seed)
    state = GAME.setup(seats, None, seed=seed)
    while GAME.outcome(state) is None:
        prompt = rng.choice([p for p in GAME.pending(state) if p.blocking])
        action = GAME.choose(GAME.view(state, prompt.seat), prompt, rng)
        state = GAME.apply(state, action).state
    return state


def speed(seats: int, games: int, runs: int) -> dict[str, float]:
    """The same seeded games ``runs`` times; the fastest run counts (other processes only ever
    slow a run down)."""
    for seed in range(3):
        bot_game(seats, 10_000 + seed)
    best = float("inf")
    steps = turns = 0
    for _ in range(runs):
        steps = turns = 0
        started = time.process_time()
        for seed in range(games):
            state = bot_game(seats, seed)
            steps += state.step
            turns += state.turn
        best = min(best, time.process_time() - started)
    return {"games_per_s": games / best, "actions": steps / games, "turns": turns / games,
            "us_per_action": best / steps * 1e6}


def moves(seats: int, games: int) -> dict[str, float]:
    """CPU per bot decision (``choose`` alone), collector off: mean, p99, worst."""
    gc.collect()
    gc.disable()
    times: list[float] = []
    try:
        for seed in range(games):
            rng = random.Random(seed)
            state = GAME.setup(seats, None, seed=seed)
            while GAME.outcome(state) is None:
                prompt = rng.choice([p for p in GAME.pending(state) if p.blocking])
                view = GAME.view(state, prompt.seat)
                started = time.process_time_ns()
                action = GAME.choose(view, prompt, rng)
                times.append((time.process_time_ns() - started) / 1e6)
                state = GAME.apply(state, action).state
    finally:
        gc.enable()
    times.sort()
    return {"moves": len(times), "mean_ms": sum(times) / len(times),
            "p99_ms": times[int(len(times) * 0.99)], "max_ms": times[-1]}


def strength(seats: int, games: int) -> dict[str, float]:
    """``games`` seeded tables, the bot at one seat (rotating), uniformly random players at the
    others (random several-card picks and trade words half the time)."""
    wins = steps = 0
    bot_points = random_points = 0.0
    for seed in range(games):
        bot = seed % seats
        result = playout(GAME, seats, seed=seed, chooser=mixed_chooser({bot}))
        outcome = GAME.outcome(result.state)
        assert outcome is not None
        wins += bot in outcome.winners
        steps += len(result.actions)
        bot_points += outcome.scores[bot]
        random_points += sum(v for s, v in outcome.scores.items() if s != bot) / (seats - 1)
    return {"wins": wins, "games": games, "share": wins / games,
            "bot_points": bot_points / games, "random_points": random_points / games,
            "actions": steps / games}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seats", type=int, nargs="*", default=[3, 4])
    parser.add_argument("--breakdown", action="store_true")
    parser.add_argument("--moves", action="store_true")
    parser.add_argument("--strength", action="store_true")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        speed(4, args.games or 20, 1)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(30)
        return
    if args.breakdown:
        games = args.games or 40
        print(f"Catan, µs per action by verb: {games} fresh all-bot games per player count, 200 "
              f"tables at once, collector off; fastest of {args.runs} runs per verb")
        for seats in args.seats:
            runs = [breakdown(GAME, seats, games, first_seed=r * games)
                    for r in range(args.runs + 1)][1:]
            best = {verb: min(run[verb] for run in runs) for verb in runs[0]}
            cells = "  ".join(f"{verb} {value:6.1f}" for verb, value in best.items())
            print(f"{seats} players: {cells}  sum {sum(best.values()):6.1f}")
        return
    if args.moves:
        for seats in args.seats:
            figures = moves(seats, args.games or 50)
            print(f"{seats} players: {figures['moves']:.0f} bot moves, mean "
                  f"{figures['mean_ms']:.3f} ms, p99 {figures['p99_ms']:.3f} ms, worst "
                  f"{figures['max_ms']:.3f} ms CPU")
        return
    if args.strength:
        for seats in args.seats:
            figures = strength(seats, args.games or 200)
            print(f"{seats} players: the bot won {figures['wins']:.0f} of {figures['games']:.0f} "
                  f"({figures['share']:.1%}); points bot {figures['bot_points']:.2f}, random "
                  f"{figures['random_points']:.2f}; {figures['actions']:.0f} actions a game")
        return
    print(f"Catan, all-bot games, {args.games or 100} per player count, fastest of {args.runs} "
          "runs (CPU time, one core; µs/action counts pending, view, bot and apply)")
    for seats in args.seats:
        figures = speed(seats, args.games or 100, args.runs)
        print(f"{seats} players: {figures['games_per_s']:.1f} games/s, "
              f"{figures['actions']:.0f} actions and {figures['turns']:.0f} turns a game, "
              f"{figures['us_per_action']:.0f} µs/action")


if __name__ == "__main__":
    main()
