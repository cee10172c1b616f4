"""The Lifeboat bot against uniformly random players.

Plays mixed tables: half the seats bots, half random players (with an odd count the extra seat
alternates), the bot seats rotating from table to table. Reports each group's average score
and share of wins (a shared top score counts for every winner). Run from the repository root:

    .venv/bin/python bench/bots.py [--tables 1000] [--seats 4 5 6 7]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import registry
from games.core import Game
from games.core.conformance import mixed_chooser, playout


def bot_seats(table: int, round_: int, seats: int) -> set[int]:
    """Half the seats (odd counts alternate the extra one), rotating with the table."""
    count = seats // 2 + (round_ % 2 if seats % 2 else 0)
    return {(table + k) % seats for k in range(count)}


def play_tables(game: Game[Any, Any], tables: int, seat_counts: list[int]) -> dict[str, Any]:
    bot_scores: list[float] = []
    random_scores: list[float] = []
    bot_wins = random_wins = 0.0
    bot_seat_total = random_seat_total = 0
    for table in range(tables):
        seats = seat_counts[table % len(seat_counts)]
        options = game.options_for_conformance(seats)[0]  # type: ignore[attr-defined]
        bots = bot_seats(table, table // len(seat_counts), seats)
        result = playout(game, seats, seed=table, options=options, chooser=mixed_chooser(bots))
        outcome = game.outcome(result.state)
        assert outcome is not None
        for seat, score in outcome.scores.items():
            won = 1.0 if seat in outcome.winners else 0.0
            if seat in bots:
                bot_scores.append(score)
                bot_wins += won
                bot_seat_total += 1
            else:
                random_scores.append(score)
                random_wins += won
                random_seat_total += 1
    return {
        "bot_mean": statistics.fmean(bot_scores),
        "random_mean": statistics.fmean(random_scores),
        "bot_win_rate": bot_wins / bot_seat_total,
        "random_win_rate": random_wins / random_seat_total,
        "bot_seats": bot_seat_total,
        "random_seats": random_seat_total,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--seats", type=int, nargs="*", default=[4, 5, 6, 7])
    args = parser.parse_args()
    game = registry.get("lifeboat")
    started = time.perf_counter()
    result = play_tables(game, args.tables, args.seats)
    elapsed = time.perf_counter() - started
    print(f"Lifeboat: {args.tables} mixed tables over {args.seats} players ({elapsed:.0f} s)")
    print(f"{'group':>8} {'seats':>6} {'mean score':>11} {'win rate':>9}")
    for group in ("bot", "random"):
        print(
            f"{group:>8} {result[group + '_seats']:>6} {result[group + '_mean']:>11.2f} "
            f"{result[group + '_win_rate']:>9.1%}"
        )
    print(f"margin: {result['bot_mean'] - result['random_mean']:+.2f} points per seat")


if __name__ == "__main__":
    main()
