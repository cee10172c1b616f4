"""Renju's bot against a random player, a one-ply greedy player and the reference alpha-beta
opponent (``bench/renju_reference.py``), with each colour and with the designated openings.

    nice -n 10 .venv/bin/python -m bench.renju_bench                 # every pairing, 200 games
    nice -n 10 .venv/bin/python -m bench.renju_bench --only reference-black --every 10
    nice -n 10 .venv/bin/python -m bench.renju_bench --level easy --only greedy-black
    .venv/bin/python -m bench.renju_bench --games 20 --first-seed 100   # a quick sample
    nice -n 10 .venv/bin/python -m bench.renju_bench --only reference-white --records  # moves

Pairings are named ``<opponent>-black`` and ``<opponent>-white`` (the free opening: the bot's
colour is fixed) and ``designated-<opponent>`` (the designated openings with the swap and the
two fifth moves: seats alternate by game, the swap decides the colours), for the opponents
``random``, ``greedy`` and ``reference``; ``--only`` runs some of them (one process each can
run side by side). ``--level`` picks the bot's level (``bot_level``: easy, normal, strong).

The greedy player places the stone with the best pattern score (its own shapes plus those it
takes from the other side, ``bench.renju_greedy.score``), ties broken at random. The random
player picks any offered action. Both, and the reference opponent, take their other decisions
(opening, swap, offers, keep) at random. Game *n* is seeded *n*. Prints wins, draws and losses
and the bot's CPU time per move (``time.process_time``: the machine is shared, so CPU rather
than wall time), mean and worst, and the opponent's mean.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bench.renju_greedy import score
from bench.renju_reference import ReferencePlayer
from games.core import Action, Game, Prompt
from games.renju.actions import ChooseOpening, Keep, Offer, Place, Swap
from games.renju.board import parse
from games.renju.bot_strength import LEVELS, QUICK
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


OPPONENTS: dict[str, Player] = {"random": random_player, "greedy": greedy_player,
                                "reference": ReferencePlayer()}


@dataclass
class Tally:
    wins: int = 0
    draws: int = 0
    losses: int = 0
    times: list[float] = field(default_factory=list)  # the bot's CPU per move
    opponent_times: list[float] = field(default_factory=list)
    lost: list[int] = field(default_factory=list)  # the seeds of the games lost

    def line(self) -> str:
        games = self.wins + self.draws + self.losses
        mean = sum(self.times) / max(1, len(self.times))
        worst = max(self.times, default=0.0)
        theirs = sum(self.opponent_times) / max(1, len(self.opponent_times))
        lost = f" (seeds {' '.join(map(str, self.lost[:20]))})" if self.lost else ""
        return (f"{self.wins}/{games} won, {self.draws} drawn, {self.losses} lost{lost}; "
                f"bot move mean {mean * 1000:.0f} ms, worst {worst * 1000:.0f} ms of CPU "
                f"over {len(self.times)} moves; opponent mean {theirs * 1000:.0f} ms")


def play(opponent: Player, bot_seat: int, seed: int, options: dict[str, Any],
         tally: Tally, game: Game[Any, Any] | None = None) -> str:
    """One game, counted in ``tally``; returns its record: the result, the bot's colour and
    every action in order (the bot's marked ``*``, with its CPU time where over a second)."""
    game = game or RenjuGame()
    rng = random.Random(seed)
    state = game.setup(2, options, seed=seed)
    record = []
    while game.outcome(state) is None:
        prompt = game.pending(state)[0]
        started = time.process_time()
        if prompt.seat == bot_seat:
            action = game.choose(game.view(state, bot_seat), prompt, rng)
            spent = time.process_time() - started
            tally.times.append(spent)
            record.append(_named(action) + "*" + (f"({spent:.1f}s)" if spent >= 1 else ""))
        else:
            action = opponent(state, prompt, rng)
            tally.opponent_times.append(time.process_time() - started)
            record.append(_named(action))
        state = game.apply(state, action).state
    outcome = game.outcome(state)
    assert outcome is not None
    if bot_seat in outcome.winners:
        tally.wins += 1
        result = "won"
    elif outcome.winners:
        tally.losses += 1
        tally.lost.append(seed)
        result = "LOST"
    else:
        tally.draws += 1
        result = "drawn"
    colour = "black" if bot_seat == state.black else "white"
    return f"seed {seed}, bot {colour}: {result} in {len(record)}: {' '.join(record)}"


def _named(action: Action) -> str:
    """An action as the record shows it: a point (offers and keeps marked), an opening's
    name, a swap."""
    if isinstance(action, Place):
        return action.point
    if isinstance(action, Offer | Keep):
        return f"{action.kind}:{action.point}"
    if isinstance(action, ChooseOpening):
        return action.opening
    if isinstance(action, Swap):
        return "swap" if action.take else "no-swap"
    return action.kind


def match(opponent: Player, bot_seat: int | None, games: int, options: dict[str, Any],
          first_seed: int = 0, game: Game[Any, Any] | None = None,
          report: Callable[[Tally], None] | None = None, records: bool = False) -> Tally:
    """``games`` seeded games; the bot on ``bot_seat``, or alternating seats by seed when
    None; ``report`` is shown the tally after each; ``records``: each game's record printed
    as it ends."""
    tally = Tally()
    for seed in range(first_seed, first_seed + games):
        record = play(opponent, seed % 2 if bot_seat is None else bot_seat, seed, options,
                      tally, game)
        if records:
            print(f"  {record}", flush=True)
        if report is not None:
            report(tally)
    return tally


def _progress(heading: str, every: int) -> Callable[[Tally], None] | None:
    def report(tally: Tally) -> None:
        played = tally.wins + tally.draws + tally.losses
        if played % every == 0:
            print(f"  {heading} so far: {tally.line()}", flush=True)

    return report if every > 0 else None


def pairings() -> list[str]:
    names = []
    for label in OPPONENTS:
        names += [f"{label}-black", f"{label}-white", f"designated-{label}"]
    return names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--only", nargs="*", default=None, choices=pairings(),
                        help="pairings to run")
    parser.add_argument("--level", choices=(*LEVELS, "quick"), default="strong")
    parser.add_argument("--every", type=int, default=0,
                        help="also print the running figures every N games")
    parser.add_argument("--records", action="store_true",
                        help="print each game's moves as it ends (the bot's marked *)")
    args = parser.parse_args()
    game = RenjuGame(bot=QUICK if args.level == "quick" else LEVELS[args.level])
    for pairing in pairings():
        if args.only is not None and pairing not in args.only:
            continue
        if pairing.startswith("designated-"):
            label = pairing.removeprefix("designated-")
            seat, options, heading = None, {}, f"{args.level} bot, designated openings vs {label}"
        else:
            label, colour = pairing.rsplit("-", 1)
            seat, options = (0 if colour == "black" else 1), {"opening": "free"}
            heading = f"{args.level} bot as {colour} vs {label}"
        tally = match(OPPONENTS[label], seat, args.games, options, args.first_seed, game,
                      _progress(heading, args.every), args.records)
        print(f"{heading}: {tally.line()}", flush=True)


if __name__ == "__main__":
    main()
