"""CPU per bot decision, mean and worst, for any game: seeded games played by the built-in bot
at every seat, each ``choose`` timed alone with ``time.process_time_ns`` (one core's CPU).

    nice -n 10 .venv/bin/python bench/bot_decisions.py --game lifeboat --seats 4 5 6 --games 200

The worst decision is the one that matters to a table (a bot's answer delays the next prompt);
the mean says what the bots cost a busy process. The garbage collector runs as in the bot's
process (``bot/collector.py``): what was loaded at start-up is frozen and only the youngest
generation is collected at CPython's pace, so a decision pays for the young collections it
triggers but never for a walk over every imported module's objects, which the bot's process
never makes (30-40 ms on a loaded machine, charged to whichever decision it fell in).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.collector import THRESHOLDS
from games import registry


def measure(game_name: str, seats: int, games: int, level: str | None) -> list[int]:
    game = registry.get(game_name)
    costs: list[int] = []
    for seed in range(games):
        options = {"bot_level": level} if level else {}
        state = game.setup(seats, game.Options(**options), seed=seed)
        rng = random.Random(seed)
        while game.outcome(state) is None:
            prompts = [p for p in game.pending(state) if p.blocking] or game.pending(state)
            prompt = rng.choice(prompts)
            view = game.view(state, prompt.seat)
            started = time.process_time_ns()
            action = game.choose(view, prompt, rng)
            costs.append(time.process_time_ns() - started)
            state = game.apply(state, action).state
    return costs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", required=True, choices=registry.names())
    parser.add_argument("--seats", type=int, nargs="+", required=True)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--level", default=None, help="the table's bot_level")
    args = parser.parse_args()
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
    for seats in args.seats:
        costs = measure(args.game, seats, args.games, args.level)
        ordered = sorted(costs)
        print(f"{args.game} {seats} seats, {args.games} games, {len(costs)} decisions: "
              f"mean {statistics.fmean(costs) / 1e3:.0f} µs, "
              f"p99 {ordered[int(0.99 * len(ordered))] / 1e3:.0f} µs, "
              f"worst {ordered[-1] / 1e6:.2f} ms CPU")


if __name__ == "__main__":
    main()
