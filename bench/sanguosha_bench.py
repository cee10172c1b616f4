"""Sanguosha: complete 8-player bot games per second on one core, the memory of a live match,
and the bots' strength.

Speed: every seat is the built-in bot; each step costs what a live table costs (the pending
prompts, the acting seat's view, the bot's choice and ``apply``). Run from the repository root
(``taskset -c 1`` keeps it on one core); ``--repeat`` plays the same games again and reports
each run:

    .venv/bin/python bench/sanguosha_bench.py [--games N] [--seats 8] [--repeat R] [--profile]

``--memory`` measures a live match in the middle of its game, as the service holds one after a
restart: the saved state's size (JSON bytes), and with tracemalloc the Python objects of the
state parsed from it, of its prompts (cached on the state), and of the service's own objects
for the match (``LiveMatch`` with its record, seats and recent events):

    .venv/bin/python bench/sanguosha_bench.py --memory [--games 50] [--seats 8]

``--decisions`` plays all-bot games and times every bot decision in CPU time (the acting seat's
view is built before the clock starts): the mean over every decision, over the decisions with a
real choice (two or more actions), and the worst, with the prompt kind it came from:

    .venv/bin/python bench/sanguosha_bench.py --decisions --games 50 --seats 5 8

``--belief`` plays all-bot games and, every tenth step, asks each living seat's reading of
identities (``bot_belief.seat_odds``, from its view alone) about every seat it does not know;
it prints the odds given to the true side (lord's side, rebel, renegade) and how often the
likeliest side is the true one, beside a reading that only counts the identities left, for
the seats that have done a deed of choice and for those that have not:

    .venv/bin/python bench/sanguosha_bench.py --belief --games 200 --seats 5 8

``--strength`` plays seeded tables where every seat is, by a coin toss per seat, the bot or a
uniformly random player, and prints each identity's win rate for bot seats and random seats:

    .venv/bin/python bench/sanguosha_bench.py --strength --games 1000 --seats 5 8
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import random
import statistics
import sys
import time
import tracemalloc
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.core import Action, Event
from games.sanguosha import GAME
from games.sanguosha.bot_belief import LOYAL, REBEL, RENEGADE, identity_counts, seat_odds
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


def speed(seats: int, games: int, repeat: int = 1) -> None:
    bots = set(range(seats))
    play(seats, 10_000, bots)  # warm up
    for _ in range(repeat):
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


def middle_of_game(seats: int, seed: int) -> tuple[str, list[Event]]:
    """A bot game's saved state halfway through, and the events up to there."""
    bots = set(range(seats))
    _, total, _ = play(seats, seed, bots)
    rng = random.Random(seed)
    state = GAME.setup(seats, seed=seed)
    events: list[Event] = []
    for _ in range(total // 2):
        prompt = rng.choice(GAME.pending(state))
        transition = GAME.apply(state, GAME.choose(GAME.view(state, prompt.seat), prompt, rng))
        state = transition.state
        events.extend(transition.events)
    return state.model_dump_json(), events


def traced() -> int:
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


def memory(seats: int, games: int) -> None:
    from datetime import UTC, datetime

    from storage.records import MatchRecord, MatchStatus, SeatRecord
    from tables.recent import RecentEvents
    from tables.service import LiveMatch

    saved = [middle_of_game(seats, seed) for seed in range(games)]
    sizes = [len(text.encode()) for text, _ in saved]
    # Parsing and asking once first fills the one-time caches (validators, memo tables).
    GAME.pending(GAME.parse_state(saved[0][0]))
    now = datetime.now(UTC)
    tracemalloc.start()
    try:
        base = traced()
        states = [GAME.parse_state(text) for text, _ in saved]
        parsed = traced()
        for state in states:
            GAME.pending(state)
        asked = traced()
        lives = []
        for number, (state, (_, events)) in enumerate(zip(states, saved, strict=True)):
            record = MatchRecord(
                id=number, game="sanguosha", guild_id=1, channel_id=2, host_id=3,
                status=MatchStatus.ACTIVE, version=state.step, seed=state.seed,
                options=GAME.Options().model_dump(), created_at=now, updated_at=now,
            )
            seat_records = [
                SeatRecord(match_id=number, seat=s, user_id=None, display_name=f"Bot {s}",
                           is_bot=True)
                for s in range(seats)
            ]
            recent = RecentEvents()
            recent.extend(events)
            lives.append(LiveMatch(record, seat_records, state, recent))
        served = traced()
    finally:
        tracemalloc.stop()
    per = 1024 * len(states)
    state_kib, prompts_kib = (parsed - base) / per, (asked - parsed) / per
    service_kib = (served - asked) / per
    total = state_kib + prompts_kib + service_kib
    print(
        f"{seats} players, {games} games halfway through (mean step "
        f"{statistics.fmean(s.step for s in states):.0f}):\n"
        f"  saved state: mean {statistics.fmean(sizes) / 1024:.1f} KiB, "
        f"largest {max(sizes) / 1024:.1f} KiB\n"
        f"  live objects per match: state {state_kib:.1f} KiB, prompts {prompts_kib:.1f} KiB, "
        f"LiveMatch with record, seats and recent events {service_kib:.1f} KiB; "
        f"total {total:.1f} KiB"
    )


def decisions(seats: int, games: int) -> None:
    times: list[float] = []
    chosen: list[float] = []
    worst = (0.0, "")
    for seed in range(games):
        rng = random.Random(seed)
        state = GAME.setup(seats, seed=seed)
        while GAME.outcome(state) is None:
            prompt = rng.choice(GAME.pending(state))
            view = GAME.view(state, prompt.seat)
            started = time.process_time()
            action = GAME.choose(view, prompt, rng)
            spent = time.process_time() - started
            times.append(spent)
            if len(prompt.actions) > 1 or prompt.pick is not None:
                chosen.append(spent)
            if spent > worst[0]:
                worst = (spent, prompt.kind)
            state = GAME.apply(state, action).state
    print(f"{seats} players, {games} games: {len(times)} bot decisions, mean "
          f"{statistics.fmean(times) * 1e6:.0f} µs; {len(chosen)} with a choice, mean "
          f"{statistics.fmean(chosen) * 1e6:.0f} µs; worst {worst[0] * 1e3:.2f} ms "
          f"({worst[1]})")


SIDE = {"lord": LOYAL, "loyalist": LOYAL, "rebel": REBEL, "renegade": RENEGADE}


@dataclass
class Reading:
    """Readings of unknown seats: odds given to the true side, and the likeliest side right."""

    seats: int = 0
    odds: float = 0.0
    right: int = 0
    counted_odds: float = 0.0  # the same by counting the identities left alone
    counted_right: int = 0


def belief(seats: int, games: int, every: int = 10) -> None:
    found: dict[tuple[str, str], Reading] = defaultdict(Reading)
    for seed in range(games):
        rng = random.Random(seed)
        state = GAME.setup(seats, seed=seed)
        while GAME.outcome(state) is None:
            if state.step % every == 0:
                read(state, found)
            prompt = rng.choice(GAME.pending(state))
            state = GAME.apply(state, GAME.choose(GAME.view(state, prompt.seat), prompt, rng)).state
    print(f"{seats} players, {games} games, every {every}th step: readings of seats the "
          f"viewer does not know")
    print("  viewer     seat read    readings  odds on the truth (counting)  likeliest right "
          "(counting)")
    for (viewer, kind), r in sorted(found.items()):
        print(f"  {viewer:9}  {kind:11}  {r.seats:8}  {r.odds / r.seats:>10.3f} "
              f"({r.counted_odds / r.seats:.3f})  {100 * r.right / r.seats:>13.1f}% "
              f"({100 * r.counted_right / r.seats:.1f}%)")


def read(state: SanguoshaState, found: dict[tuple[str, str], Reading]) -> None:
    """Every living seat's reading of every seat it does not know, tallied by the viewer's
    identity and whether the seat read has done a deed of choice."""
    n = len(state.players)
    counts = identity_counts(n, state.options.two_renegades)
    for viewer in state.players:
        if not viewer.alive:
            continue
        view = GAME.view(state, viewer.seat)
        odds = seat_odds(view)
        known = [row.identity for row in view.seats]
        known[viewer.seat] = viewer.identity
        left = [float(counts.get(role, 0) - known.count(role)) for role in
                ("loyalist", "rebel", "renegade")]
        total = sum(left)
        intent = view.intent or [[0] * n for _ in range(n)]
        for seat, identity in enumerate(known):
            if identity is not None or total <= 0:
                continue
            truth = SIDE[state.players[seat].identity]
            counted = [x / total for x in left]
            r = found[(viewer.identity, "deeds" if any(intent[seat]) else "no deeds")]
            r.seats += 1
            r.odds += odds[seat][truth]
            r.right += max(range(3), key=odds[seat].__getitem__) == truth
            r.counted_odds += counted[truth]
            r.counted_right += max(range(3), key=counted.__getitem__) == truth


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
    parser.add_argument("--memory", action="store_true")
    parser.add_argument("--decisions", action="store_true")
    parser.add_argument("--belief", action="store_true")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    for seats in args.seats:
        if args.strength:
            strength(seats, args.games)
        elif args.memory:
            memory(seats, args.games)
        elif args.decisions:
            decisions(seats, args.games)
        elif args.belief:
            belief(seats, args.games)
        elif args.profile:
            profiler = cProfile.Profile()
            profiler.runcall(speed, seats, args.games)
            pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        else:
            speed(seats, args.games, args.repeat)


if __name__ == "__main__":
    main()
