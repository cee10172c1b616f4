"""Sanguosha: complete 8-player bot games per second on one core, and the bots' strength.

Speed: every seat is the built-in bot; each step costs what a live table costs (the pending
prompts, the acting seat's view, the bot's choice and ``apply``). Also the size of a saved
state in the middle of a game. Run from the repository root:

    .venv/bin/python bench/sanguosha_bench.py [--games N] [--seats 8] [--profile]

``--strength`` plays seeded tables where every seat is, by a coin toss per seat, the bot or a
uniformly random player, and prints each identity's win rate for bot seats and random seats:

    .venv/bin/python bench/sanguosha_bench.py --strength --games 1000 --seats 5 8
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.core import Action
from games.sanguosha import GAME
from games.sanguosha.state import SanguoshaState

IDENTITIES = ("lord", "loyalist", "rebel", "renegade")


def play(seats: int, seed: int, bots: set[int]) -> tuple[SanguoshaState, int, int]:
    """One complete game: the final state, actions applied, largest saved state (bytes)."""
    rng = random.Random(seed)
    state = GAME.setup(seats, seed=seed)
    steps = largest = 0
    while GAME.outcome(state) is None:
        prompt = rng.choice(GAME.pending(state))
        action: Action
        if prompt.seat in bots:
            action = GAME.choose(GAME.view(state, prompt.seat), prompt, rng)
        else:
            action = rng.choice(prompt.actions)
        state = GAME.apply(state, action).state
        steps += 1
        if steps % 50 == 0:
            largest = max(largest, len(state.model_dump_json()))
    return state, steps, largest


def speed(seats: int, games: int) -> None:
    bots = set(range(seats))
    play(seats, 10_000, bots)  # warm up
    steps = largest = 0
    started = time.process_time()
    for seed in range(games):
        _, game_steps, size = play(seats, seed, bots)
        steps += game_steps
        largest = max(largest, size)
    elapsed = time.process_time() - started
    print(
        f"{seats} players: {games / elapsed:.2f} games/s, {steps / games:.0f} actions a game, "
        f"{elapsed / steps * 1e6:.0f} µs an action, largest saved state {largest / 1024:.1f} KB"
    )


def strength(seats: int, games: int) -> None:
    wins: dict[tuple[str, bool], list[int]] = defaultdict(lambda: [0, 0])
    for seed in range(games):
        coin = random.Random(f"bots:{seats}:{seed}")
        bots = {s for s in range(seats) if coin.random() < 0.5}
        state, _, _ = play(seats, seed, bots)
        outcome = GAME.outcome(state)
        assert outcome is not None
        for player in state.players:
            tally = wins[(player.identity, player.seat in bots)]
            tally[0] += player.seat in outcome.winners
            tally[1] += 1
    print(f"{seats} players, {games} tables (each seat a bot or random by a coin toss):")
    print("  identity   bot win %  (seats)   random win %  (seats)")
    for identity in IDENTITIES:
        won_bot, n_bot = wins[(identity, True)]
        won_rnd, n_rnd = wins[(identity, False)]
        if not n_bot and not n_rnd:
            continue
        print(
            f"  {identity:9}  {100 * won_bot / max(n_bot, 1):8.1f}  ({n_bot:5})"
            f"   {100 * won_rnd / max(n_rnd, 1):11.1f}  ({n_rnd:5})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seats", type=int, nargs="+", default=[8])
    parser.add_argument("--strength", action="store_true")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    for seats in args.seats:
        if args.strength:
            strength(seats, args.games)
        elif args.profile:
            profiler = cProfile.Profile()
            profiler.runcall(speed, seats, args.games)
            pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        else:
            speed(seats, args.games)


if __name__ == "__main__":
    main()
