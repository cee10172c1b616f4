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


class Tally:
    """Scores and wins of one group of seats."""

    def __init__(self) -> None:
        self.scores: list[float] = []
        self.wins = 0

    def add(self, score: float, won: bool) -> None:
        self.scores.append(score)
        self.wins += won

    @property
    def mean(self) -> float:
        return statistics.fmean(self.scores)

    @property
    def win_rate(self) -> float:
        return self.wins / len(self.scores)


def play_tables(
    game: Game[Any, Any], tables: int, seat_counts: list[int]
) -> dict[tuple[str, int | None], Tally]:
    """Tallies by (group, player count), and by (group, None) over every table."""
    tallies: dict[tuple[str, int | None], Tally] = {}
    for table in range(tables):
        seats = seat_counts[table % len(seat_counts)]
        options = game.options_for_conformance(seats)[0]  # type: ignore[attr-defined]
        bots = bot_seats(table, table // len(seat_counts), seats)
        result = playout(game, seats, seed=table, options=options, chooser=mixed_chooser(bots))
        outcome = game.outcome(result.state)
        assert outcome is not None
        for seat, score in outcome.scores.items():
            group = "bot" if seat in bots else "random"
            for key in ((group, seats), (group, None)):
                tallies.setdefault(key, Tally()).add(score, seat in outcome.winners)
    return tallies


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
    print(f"{'players':>8} {'group':>7} {'seats':>6} {'mean score':>11} {'win rate':>9}")
    for seats in [*args.seats, None]:
        for group in ("bot", "random"):
            tally = result[(group, seats)]
            label = "all" if seats is None else str(seats)
            print(f"{label:>8} {group:>7} {len(tally.scores):>6} {tally.mean:>11.2f} "
                  f"{tally.win_rate:>9.1%}")
    margin = result[("bot", None)].mean - result[("random", None)].mean
    print(f"margin: {margin:+.2f} points per seat")

if __name__ == "__main__":
    main()
