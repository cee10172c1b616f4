"""The doom table for Zombie in My Pocket at 1 to 8 players, found with the built-in bots.

The published table gives only 4 players (health 3, 5 extra zombies per horde). This script
plays bot-only games for each player count and each candidate row (starting health, extra
zombies X), and picks for every count the row whose win rate is closest to the 4-player
row's. A second pass replays the chosen table with a fresh set of seeds, so the reported
rates are not the ones the choice was made on.

    .venv/bin/python bench/zombie_doom.py                 # search, then check the table
    .venv/bin/python bench/zombie_doom.py --check-only    # only check games.zombie.doom
    .venv/bin/python bench/zombie_doom.py --games 2000 --search-games 400

Games are played in place (no state copies) through the engine's own rule modules; a game is
seeded by its number, so every run gives the same figures.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.core import derive_rng
from games.zombie import GAME
from games.zombie.dispatch import apply_action
from games.zombie.doom import DOOM_TABLE, DoomRow
from games.zombie.options import Options
from games.zombie.prompts import pending
from games.zombie.views import build_view

REFERENCE = (4, DoomRow(health=3, extra=5))
HEALTHS = (2, 3, 4, 5)
MAX_STEPS = 20_000


def play(seats: int, row: DoomRow, seed: int) -> bool:
    """One bot-only game; True when the team wins."""
    options = Options(start_health=row.health, extra_zombies=row.extra)
    state = GAME.setup(seats, options, seed=seed)
    chooser = random.Random(seed)
    for step in range(MAX_STEPS):
        if state.result is not None:
            return state.result == "won"
        prompts = [p for p in pending(state) if p.blocking]
        prompt = chooser.choice(prompts)
        action = GAME.choose(build_view(state, prompt.seat), prompt, chooser)
        state.forget_pending()
        apply_action(state, action, derive_rng(seed, step, "apply"))
        state.step = step + 1
    raise AssertionError(f"no end after {MAX_STEPS} steps (seats {seats}, seed {seed})")


def win_rate(seats: int, row: DoomRow, games: int, first_seed: int) -> float:
    wins = sum(play(seats, row, seed) for seed in range(first_seed, first_seed + games))
    return wins / games


def search(games: int, target: float) -> dict[int, DoomRow]:
    """For each count, the row whose win rate is nearest ``target``. Win rates fall as X
    rises, so each health's X is found by walking X until the rate crosses the target."""
    table: dict[int, DoomRow] = {}
    for seats in range(1, 9):
        if seats == REFERENCE[0]:
            table[seats] = REFERENCE[1]
            continue
        best: tuple[float, DoomRow] | None = None
        for health in HEALTHS:
            extra = DOOM_TABLE[seats].extra
            rates: dict[int, float] = {}
            while 0 <= extra <= 20 and extra not in rates:
                rates[extra] = win_rate(seats, DoomRow(health, extra), games, 0)
                extra += 1 if rates[extra] > target else -1
            for x, rate in rates.items():
                gap = abs(rate - target)
                if best is None or gap < best[0]:
                    best = (gap, DoomRow(health, x))
            print(f"  {seats} players, health {health}: "
                  + ", ".join(f"X={x} {r:.3f}" for x, r in sorted(rates.items())), flush=True)
        assert best is not None
        table[seats] = best[1]
        print(f"{seats} players: health {best[1].health}, X {best[1].extra}", flush=True)
    return table


def check(table: dict[int, DoomRow], games: int) -> dict[int, float]:
    # Fresh seeds: the search used 0..n-1.
    rates = {}
    for seats, row in sorted(table.items()):
        rates[seats] = win_rate(seats, row, games, 1_000_000)
        print(f"{seats} players: health {row.health}, X {row.extra}: "
              f"{rates[seats]:.3f} over {games} games", flush=True)
    values = list(rates.values())
    print(f"spread (max - min): {max(values) - min(values):.3f}; "
          f"standard deviation {statistics.pstdev(values):.3f}; "
          f"4-player rate {rates[4]:.3f}")
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per count in the check")
    parser.add_argument("--search-games", type=int, default=400,
                        help="games per candidate row in the search")
    parser.add_argument("--check-only", action="store_true",
                        help="check the table in games/zombie/doom.py without searching")
    args = parser.parse_args()
    started = time.perf_counter()
    if args.check_only:
        table = dict(DOOM_TABLE)
    else:
        target = win_rate(*REFERENCE, args.search_games, 0)
        print(f"target: 4 players, health 3, X 5: {target:.3f}", flush=True)
        table = search(args.search_games, target)
        print("DOOM_TABLE = {" + ", ".join(
            f"{s}: DoomRow({r.health}, {r.extra})" for s, r in sorted(table.items())) + "}")
    check(table, args.games)
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
