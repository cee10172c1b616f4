"""Renju's bot against a random player and against a one-ply greedy player, each colour.

    .venv/bin/python -m bench.renju_bench            # 200 games per pairing and colour
    .venv/bin/python -m bench.renju_bench --games 20 --only greedy-black
    .venv/bin/python -m bench.renju_bench --strength quick  # the cheap bot tests may use

The greedy player places the stone with the best pattern score (its own shapes plus those it
takes from the other side, ``games.renju.bot_shapes.score``), ties broken at random; its other
decisions (opening, swap, offers) are random. Colours are fixed by the free-opening variant,
so "with each colour" means what it says; one run of the designated openings (seats
alternating, the swap deciding colours) is reported as well. Prints wins, draws, losses and
the bot's CPU time per move (mean, worst). Pairings are named ``random-black``,
``random-white``, ``greedy-black``, ``greedy-white``, ``designated-random`` and
``designated-greedy``; ``--only`` runs some of them (one process each can run side by side).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.core import Action, Game, Prompt
from games.renju.actions import Place
from games.renju.board import parse
from games.renju.bot_shapes import score
from games.renju.bot_strength import QUICK, STRONG
from games.renju.game import RenjuGame
from games.renju.state import RenjuState, grid

Player = Callable[[RenjuState, Prompt, random.Random], Action]


def random_player(state: RenjuState, prompt: Prompt, rng: random.Random) -> Action:
    return rng.choice(prompt.actions)


def greedy_player(state: RenjuState, prompt: Prompt, rng: random.Random) -> Action:
    stones = [a for a in prompt.actions if isinstance(a, Place)]
    if not stones:
        return rng.choice(prompt.actions)
    board = grid(state.board)
    colour = 1 if prompt.seat == state.black else 2
    return max(stones, key=lambda a: (score(board, parse(a.point), colour), rng.random()))


@dataclass
class Tally:
    wins: int = 0
    draws: int = 0
    losses: int = 0
    times: list[float] = field(default_factory=list)

    def line(self) -> str:
        games = self.wins + self.draws + self.losses
        mean = sum(self.times) / max(1, len(self.times))
        worst = max(self.times, default=0.0)
        return (f"{self.wins}/{games} won, {self.draws} drawn, {self.losses} lost; "
                f"bot move mean {mean * 1000:.0f} ms, worst {worst * 1000:.0f} ms")


def play(opponent: Player, bot_seat: int, seed: int, options: dict[str, Any],
         tally: Tally, game: Game[Any, Any] | None = None) -> None:
    game = game or RenjuGame()
    rng = random.Random(seed)
    state = game.setup(2, options, seed=seed)
    while game.outcome(state) is None:
        prompt = game.pending(state)[0]
        if prompt.seat == bot_seat:
            started = time.process_time()
            action = game.choose(game.view(state, bot_seat), prompt, rng)
            tally.times.append(time.process_time() - started)
        else:
            action = opponent(state, prompt, rng)
        state = game.apply(state, action).state
    outcome = game.outcome(state)
    assert outcome is not None
    if bot_seat in outcome.winners:
        tally.wins += 1
    elif outcome.winners:
        tally.losses += 1
    else:
        tally.draws += 1


def match(opponent: Player, bot_seat: int, games: int, options: dict[str, Any],
          first_seed: int = 0, game: Game[Any, Any] | None = None,
          report: Callable[[Tally], None] | None = None) -> Tally:
    """``games`` seeded games; ``report`` is shown the tally after each."""
    tally = Tally()
    for seed in range(first_seed, first_seed + games):
        play(opponent, bot_seat, seed, options, tally, game)
        if report is not None:
            report(tally)
    return tally


def _progress(heading: str, every: int) -> Callable[[Tally], None] | None:
    def report(tally: Tally) -> None:
        played = tally.wins + tally.draws + tally.losses
        if played % every == 0:
            print(f"  {heading} so far: {tally.line()}", flush=True)

    return report if every > 0 else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--only", nargs="*", default=None, help="pairings to run")
    parser.add_argument("--strength", choices=("strong", "quick"), default="strong")
    parser.add_argument("--every", type=int, default=0,
                        help="also print the running figures every N games")
    args = parser.parse_args()
    game = RenjuGame(bot=STRONG if args.strength == "strong" else QUICK)
    seeds = range(args.first_seed, args.first_seed + args.games)
    free = {"opening": "free"}
    opponents = {"random": random_player, "greedy": greedy_player}
    for label, opponent in opponents.items():
        for seat, colour in ((0, "black"), (1, "white")):
            if args.only is None or f"{label}-{colour}" in args.only:
                heading = f"bot as {colour} vs {label}"
                tally = match(opponent, seat, args.games, free, args.first_seed, game,
                              _progress(heading, args.every))
                print(f"{heading}: {tally.line()}", flush=True)
    for label, opponent in opponents.items():
        if args.only is None or f"designated-{label}" in args.only:
            tally = Tally()
            for seed in seeds:
                play(opponent, seed % 2, seed, {}, tally, game)
            print(f"designated openings vs {label}: {tally.line()}", flush=True)


if __name__ == "__main__":
    main()
