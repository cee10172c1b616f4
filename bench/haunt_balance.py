"""Marrowgate House (Haunt): balance of the haunts with the built-in bots, and the bots
against random players.

Every game is forced onto one haunt (``Options(haunts=(id,))``) and played by 3 to 6 players,
the count cycling with the game's number; a game is seeded by its number, so every run gives
the same figures. Modes (who decides for a seat):

- ``bots``: the built-in bot everywhere (the balance table);
- ``random``: uniformly random players everywhere, before and after the haunt;
- ``late-random``: bots explore, every seat plays randomly once the haunt is revealed (the
  fair baseline for the two mixed modes, which explore alike);
- ``heroes-bots``: bots explore; after the haunt the heroes are bots, the traitor random;
- ``traitor-bot``: bots explore; after the haunt the traitor is a bot, the heroes random.

The haunt without a traitor (every explorer alone) is in the balance table by its winners'
seats only, with the games nobody won; the mixed modes skip it.

    .venv/bin/python bench/haunt_balance.py                         # 300 bot games a haunt
    .venv/bin/python bench/haunt_balance.py --games 100 --versus 100 --jobs 2
    .venv/bin/python bench/haunt_balance.py --haunts moth-queen salt-wife --games 500

Games are played in place (no state copies) through the engine's own rule modules.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.core import Action, Prompt, derive_rng
from games.haunt.bot import choose_action
from games.haunt.catalog import catalog
from games.haunt.dispatch import apply_action
from games.haunt.options import Options
from games.haunt.prompts import pending
from games.haunt.setup import new_state
from games.haunt.state import HauntState
from games.haunt.views import SeatView, build_view

MAX_STEPS = 20_000
MODES = ("bots", "random", "late-random", "heroes-bots", "traitor-bot")
# Seeds of the mixed modes start here (plus --seed), so they are not the balance table's games.
VERSUS_SEEDS = 1_000_000


@dataclass(frozen=True)
class Result:
    asked: str  # the haunt the options force
    haunt: str  # the haunt played: another when no omen could lead to the one asked
    seats: int
    side: str  # "traitor", "heroes" or "alone"
    winners: tuple[int, ...]
    rounds: int  # rounds after the haunt
    turns: int  # turns in all, the monsters' included


def _uses_bot(mode: str, state: HauntState, seat: int) -> bool:
    if mode == "bots":
        return True
    if mode == "random":
        return False
    if state.haunt is None:
        return True
    traitor = seat == state.traitor
    if mode == "heroes-bots":
        return not traitor
    if mode == "traitor-bot":
        return traitor
    return False


def _random(prompt: Prompt, rng: random.Random) -> Action:
    return rng.choice(prompt.actions)


def play(haunt: str, seats: int, seed: int, mode: str = "bots") -> Result:
    options = Options(haunts=(haunt,))
    # The same set-up as the engine's ``setup`` (its rng stream), without the registry.
    state = new_state(seats, options, seed, derive_rng(seed, -1, "setup"))
    chooser = random.Random(seed)
    for step in range(MAX_STEPS):
        if state.winners is not None:
            break
        prompts = [p for p in pending(state) if p.blocking] or pending(state)
        prompt = chooser.choice(prompts)
        if _uses_bot(mode, state, prompt.seat):
            view = build_view(state, prompt.seat)
            assert isinstance(view, SeatView)
            action = choose_action(view, prompt, chooser)
        else:
            action = _random(prompt, chooser)
        state.forget_pending()
        apply_action(state, action, derive_rng(seed, step, "apply"))
        state.step = step + 1
    else:
        raise AssertionError(f"no end after {MAX_STEPS} steps ({haunt}, {seats}, seed {seed})")
    assert state.winners is not None
    if state.traitor is None:
        side = "alone"
    else:
        side = "traitor" if state.winners == [state.traitor] else "heroes"
    return Result(
        asked=haunt,
        haunt=state.haunt or "",
        seats=seats,
        side=side,
        winners=tuple(state.winners),
        rounds=state.round,
        turns=state.turn.number,
    )


Job = tuple[str, str, int, int]  # haunt asked, mode, first seed, games


def _job(job: Job) -> list[Result]:
    haunt, mode, first, games = job
    return [play(haunt, 3 + (seed % 4), seed, mode) for seed in range(first, first + games)]


def run(jobs: list[Job], processes: int) -> dict[tuple[str, str], list[Result]]:
    if processes > 1:
        with multiprocessing.Pool(processes) as pool:
            done = pool.map(_job, jobs, chunksize=1)
    else:
        done = [_job(job) for job in jobs]
    # Games are tallied by the haunt they played (a forced haunt is not always reachable).
    out: dict[tuple[str, str], list[Result]] = {}
    for (_, mode, _, _), results in zip(jobs, done, strict=True):
        for result in results:
            out.setdefault((result.haunt, mode), []).append(result)
    return out


def share(results: list[Result], side: str) -> float:
    return sum(r.side == side for r in results) / len(results) if results else float("nan")


def _mean(results: list[Result], key: Callable[[Result], int]) -> float:
    return sum(key(r) for r in results) / len(results) if results else float("nan")


def balance_table(results: dict[tuple[str, str], list[Result]], haunts: list[str]) -> None:
    print("\nbots everywhere, by haunt")
    print(f"{'haunt':<24} {'games':>6} {'traitor':>8} {'heroes':>7} {'rounds':>7} {'turns':>6}"
          f"  by players (traitor %)")
    everyone: list[Result] = []
    for haunt in haunts:
        rows = results.get((haunt, "bots"), [])
        strays = sum(r.asked != haunt for r in rows)
        if catalog().haunt(haunt).tome is None:
            seats = sorted({w for r in rows for w in r.winners})
            wins = {s: sum(s in r.winners for r in rows) / len(rows) for s in seats}
            print(f"{haunt:<24} {len(rows):>6} {'-':>8} {'-':>7} "
                  f"{_mean(rows, lambda r: r.rounds):>7.1f} {_mean(rows, lambda r: r.turns):>6.1f}"
                  "  no traitor; wins by seat: "
                  + ", ".join(f"{s}: {w:.0%}" for s, w in wins.items())
                  + f"; nobody wins: {sum(not r.winners for r in rows) / len(rows):.0%}")
            continue
        everyone += rows
        by_count = ", ".join(
            f"{n}p {share([r for r in rows if r.seats == n], 'traitor'):.0%}" for n in range(3, 7)
        )
        note = f"  ({strays} asked for another)" if strays else ""
        print(f"{haunt:<24} {len(rows):>6} {share(rows, 'traitor'):>8.1%} "
              f"{share(rows, 'heroes'):>7.1%} {_mean(rows, lambda r: r.rounds):>7.1f} "
              f"{_mean(rows, lambda r: r.turns):>6.1f}  {by_count}{note}")
    print(f"{'all traitor haunts':<24} {len(everyone):>6} {share(everyone, 'traitor'):>8.1%} "
          f"{share(everyone, 'heroes'):>7.1%} {_mean(everyone, lambda r: r.rounds):>7.1f} "
          f"{_mean(everyone, lambda r: r.turns):>6.1f}")


def versus_table(results: dict[tuple[str, str], list[Result]], haunts: list[str]) -> None:
    print("\nbots against random players (traitor haunts): traitor-side wins %")
    header = "".join(f" {m:>12}" for m in MODES[1:])
    print(f"{'haunt':<24}{header}   heroes: bots vs late-random | traitor: bot vs late-random")
    totals: dict[str, list[Result]] = {m: [] for m in MODES[1:]}
    for haunt in haunts:
        if catalog().haunt(haunt).tome is None:
            continue
        rates = {}
        for mode in MODES[1:]:
            rows = results.get((haunt, mode), [])
            totals[mode] += rows
            rates[mode] = share(rows, "traitor")
        cells = "".join(f" {rates[m]:>12.1%}" for m in MODES[1:])
        print(f"{haunt:<24}{cells}   "
              f"{1 - rates['heroes-bots']:.0%} vs {1 - rates['late-random']:.0%} | "
              f"{rates['traitor-bot']:.0%} vs {rates['late-random']:.0%}")
    rates = {m: share(rows, "traitor") for m, rows in totals.items()}
    cells = "".join(f" {rates[m]:>12.1%}" for m in MODES[1:])
    print(f"{'all':<24}{cells}   "
          f"{1 - rates['heroes-bots']:.1%} vs {1 - rates['late-random']:.1%} | "
          f"{rates['traitor-bot']:.1%} vs {rates['late-random']:.1%}")
    print(f"hero wins: heroes-bots {1 - rates['heroes-bots']:.1%}, all random "
          f"{1 - rates['random']:.1%}; traitor wins: traitor-bot {rates['traitor-bot']:.1%}, "
          f"all random {rates['random']:.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="bot games per haunt")
    parser.add_argument("--versus", type=int, default=100,
                        help="games per haunt and mixed mode (0: skip the mixed modes)")
    parser.add_argument("--haunts", nargs="*", default=None, help="haunt ids (default: all)")
    parser.add_argument("--seed", type=int, default=0,
                        help="first seed of the balance games (the mixed modes' start this far "
                        "past 1,000,000)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes (the figures do not depend on it)")
    args = parser.parse_args()
    haunts = args.haunts or [h.id for h in catalog().haunts]
    chunk = 50
    work: list[Job] = []
    for haunt in haunts:
        for first in range(args.seed, args.seed + args.games, chunk):
            work.append((haunt, "bots", first, min(chunk, args.seed + args.games - first)))
        if args.versus and catalog().haunt(haunt).tome is not None:
            for mode in MODES[1:]:
                start = VERSUS_SEEDS + args.seed
                end = start + args.versus
                for first in range(start, end, chunk):
                    work.append((haunt, mode, first, min(chunk, end - first)))
    started = time.perf_counter()
    cpu = time.process_time()
    results = run(work, args.jobs)
    elapsed = time.perf_counter() - started
    games = sum(len(r) for r in results.values())
    print(f"{games} games in {elapsed:.0f} s (this process {time.process_time() - cpu:.0f} s of "
          f"CPU; seeds {args.seed}.. for the balance, {VERSUS_SEEDS + args.seed}.. for the mixed "
          "modes)")
    balance_table(results, haunts)
    if args.versus:
        versus_table(results, haunts)


if __name__ == "__main__":
    main()
