"""Complete Lifeboat bot games per second, per player count, on one core.

Every seat is the built-in bot; each step is what a live table costs: the pending prompts,
the acting seat's view, the bot's choice and ``apply``. Run from the repository root:

    .venv/bin/python bench/engine.py [--games N] [--seats 4 5 6 7] [--profile] [--breakdown]

``--breakdown`` times each verb of a live move separately (the new state's ``pending``, the
acting seat's ``view``, the bot's ``choose``, ``apply``) over fresh games played side by side,
as a service hosting many tables sees them: no game is replayed, so memoised prompts and
views only help as much as they would there.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
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


VERBS = ("pending", "view", "choose", "apply")


def breakdown(
    game: Game[Any, Any], seats: int, games: int, tables: int = 200, first_seed: int = 0
) -> dict[str, float]:
    """Mean µs per action of each verb over ``games`` fresh games, ``tables`` played at once
    (one move per table in turn)."""
    options = game.options_for_conformance(seats)[0]  # type: ignore[attr-defined]
    # The collector would charge its pauses to whichever verb happened to allocate last: it is
    # off while timing, so each verb shows its own work (the service counts GC separately).
    gc.collect()
    gc.disable()
    try:
        return _breakdown(game, seats, games, tables, first_seed, options)
    finally:
        gc.enable()


def _breakdown(
    game: Game[Any, Any], seats: int, games: int, tables: int, first_seed: int, options: Any
) -> dict[str, float]:
    spent = dict.fromkeys(VERBS, 0)
    steps = 0
    # CPU time of this process: time spent descheduled (a busy machine) is not counted.
    clock = time.process_time_ns
    seeds = iter(range(first_seed, first_seed + games))
    live: list[tuple[Any, random.Random]] = []
    while True:
        while len(live) < tables:
            seed = next(seeds, None)
            if seed is None:
                break
            live.append((game.setup(seats, options, seed=seed), random.Random(seed)))
        if not live:
            break
        still: list[tuple[Any, random.Random]] = []
        for state, rng in live:
            t0 = clock()
            prompts = game.pending(state)
            t1 = clock()
            prompt = rng.choice([p for p in prompts if p.blocking])
            t2 = clock()
            view = game.view(state, prompt.seat)
            t3 = clock()
            action = game.choose(view, prompt, rng)
            t4 = clock()
            state = game.apply(state, action).state
            t5 = clock()
            spent["pending"] += t1 - t0
            spent["view"] += t3 - t2
            spent["choose"] += t4 - t3
            spent["apply"] += t5 - t4
            steps += 1
            if game.outcome(state) is None:
                still.append((state, rng))
        live = still
    overhead = _clock_overhead_ns(clock)
    return {verb: ns / steps / 1000 - overhead / 1000 for verb, ns in spent.items()}


def _clock_overhead_ns(clock: Callable[[], int], samples: int = 20_000) -> float:
    """What one timed interval adds by itself (the second clock call), to subtract."""
    total = 0
    for _ in range(samples):
        t0 = clock()
        t1 = clock()
        total += t1 - t0
    return total / samples


def print_breakdown(game: Game[Any, Any], seat_counts: list[int], games: int) -> None:
    print(f"Lifeboat, µs per action by verb: {games} fresh all-bot games per player count,")
    print("200 tables at once, collector off; the fastest of 5 runs per verb (after one warm-up")
    print("run; CPU time less the clock's own cost)")
    print(f"{'players':>7} " + " ".join(f"{verb:>8}" for verb in VERBS) + f" {'sum':>8}")
    for seats in seat_counts:
        runs = [breakdown(game, seats, games, first_seed=run * games) for run in range(6)][1:]
        best = {verb: min(run[verb] for run in runs) for verb in VERBS}
        cells = " ".join(f"{best[verb]:>8.1f}" for verb in VERBS)
        print(f"{seats:>7} {cells} {sum(best.values()):>8.1f}")


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
    parser.add_argument(
        "--breakdown", action="store_true", help="µs per action of pending, view, choose, apply"
    )
    args = parser.parse_args()
    game = registry.get("lifeboat")
    if args.breakdown:
        print_breakdown(game, args.seats, args.games)
        return
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
