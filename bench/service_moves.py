"""The engine's share of a move of the service benchmark, offline: thread CPU per move.

Plays the moves ``bench/service.py`` plays (``--matches`` matches of 4, 5 and 6 seats in turn,
each move from a random blocking prompt, the built-in bot choosing from that seat's view), the
matches side by side for ``--moves`` rounds, with no service, database or event loop, and
times each verb of a move with the thread's CPU clock: the prompts of the state moved from
(cached on it), the acting seat's view, the bot's choice, ``apply``, the prompts of the new
state (which the service's planner asks for) and the new state's JSON. A digest of every
state, action, view, event and prompt played shows that a change left the moves as they were.
Run from the repository root:

    .venv/bin/python -m bench.service_moves --game haunt
    .venv/bin/python -m bench.service_moves --game zombie --matches 300 --moves 35
    .venv/bin/python -m bench.service_moves --game zombie --by-kind   # the choice by prompt kind
    .venv/bin/python -m bench.service_moves --game zombie --worst     # each verb's costliest call

Each timing is a system call of about a microsecond: the totals are a little above what the
verbs cost in the service, alike before and after a change. On a shared machine, compare two
trees by running both at the same time on one CPU (``taskset -c 1``).
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import argparse
import gc
import hashlib
import random
import time
from typing import Any

from games import registry
from games.core import Game

VERBS = ("pending", "view", "choose", "apply", "new pending", "JSON")


def starting_matches(game: Game[Any, Any], matches: int
                     ) -> tuple[list[Any], list[random.Random]]:
    """The service bench's matches at their start, and each one's generator for its moves:
    4, 5 and 6 seats in turn, or the nearest count the game seats (as bench/service.py opens
    them), each set up from its own seed. The offline benches of a service move share them,
    so that their digests compare."""
    spec = game.spec
    seats = [max(spec.min_players, min(spec.max_players, 4 + i % 3)) for i in range(matches)]
    states = [game.setup(seats[i], {}, 1_000_003 + i) for i in range(matches)]
    return states, [random.Random(f"moves:{i}") for i in range(matches)]


def play(name: str, matches: int, moves: int,
         kinds: dict[str, list[float]] | None = None,
         worst: dict[str, tuple[float, str]] | None = None) -> tuple[int, dict[str, float], str]:
    """Moves played, CPU seconds per verb, and the digest of what was played; ``kinds``, when
    given, gathers the bot's choices by prompt kind: [moves, view seconds, choice seconds];
    ``worst``, when given, each verb's costliest single call: (seconds, prompt kind)."""
    game = registry.get(name)
    seconds = dict.fromkeys(VERBS, 0.0)
    digest = hashlib.sha256()
    states, rngs = starting_matches(game, matches)
    clock = time.thread_time
    played = 0
    for _ in range(moves):
        for i, state in enumerate(states):
            if game.outcome(state) is not None:
                continue
            rng = rngs[i]
            t0 = clock()
            prompts = [p for p in game.pending(state) if p.blocking]
            t1 = clock()
            prompt = rng.choice(prompts)
            view = game.view(state, prompt.seat)
            t2 = clock()
            action = game.choose(view, prompt, rng)
            t3 = clock()
            transition = game.apply(state, action)
            t4 = clock()
            game.outcome(transition.state)
            game.pending(transition.state)
            t5 = clock()
            dumped = transition.state.model_dump_json()
            t6 = clock()
            if kinds is not None:
                kind = kinds.setdefault(prompt.kind, [0.0, 0.0, 0.0])
                kind[0] += 1
                kind[1] += t2 - t1
                kind[2] += t3 - t2
            for verb, spent in zip(VERBS, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4, t6 - t5),
                                   strict=True):
                seconds[verb] += spent
                if worst is not None and spent > worst.get(verb, (0.0, ""))[0]:
                    worst[verb] = (spent, prompt.kind)
            digest.update(dumped.encode())
            digest.update(action.model_dump_json().encode())
            digest.update(repr(view).encode())
            for event in transition.events:
                digest.update(event.model_dump_json().encode())
            for next_prompt in game.pending(transition.state):
                digest.update(next_prompt.model_dump_json().encode())
            states[i] = transition.state
            played += 1
    return played, seconds, digest.hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="haunt", choices=registry.names())
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--moves", type=int, default=35, help="rounds of one move per match")
    parser.add_argument("--by-kind", action="store_true",
                        help="also the view and the choice by prompt kind, costliest first")
    parser.add_argument("--worst", action="store_true",
                        help="also each verb's costliest single call, with its prompt kind "
                             "(the collector off, so that no collection's pause is put on a "
                             "move; the totals then leave out the collector's share)")
    args = parser.parse_args(argv)
    kinds: dict[str, list[float]] | None = {} if args.by_kind else None
    worst: dict[str, tuple[float, str]] | None = {} if args.worst else None
    if args.worst:
        gc.disable()
    played, seconds, digest = play(args.game, args.matches, args.moves, kinds, worst)
    per_move = {verb: s / max(1, played) * 1e6 for verb, s in seconds.items()}
    print(f"{args.game}: {played} moves of {args.matches} matches; thread CPU per move (µs): "
          + ", ".join(f"{verb} {us:.1f}" for verb, us in per_move.items())
          + f"; total {sum(per_move.values()):.1f}; digest {digest}")
    if kinds:
        print(f"{'prompt kind':<40} {'moves':>6} {'view µs':>8} {'choice µs':>9} "
              f"{'choice µs a move':>16}")
        for kind, (count, view, choice) in sorted(kinds.items(), key=lambda k: -k[1][2]):
            print(f"{kind:<40} {int(count):>6} {view / count * 1e6:>8.1f} "
                  f"{choice / count * 1e6:>9.1f} {choice / max(1, played) * 1e6:>16.1f}")
    if worst:
        print("costliest single call (µs, prompt kind): " + "; ".join(
            f"{verb} {spent * 1e6:.0f} ({kind})" for verb, (spent, kind) in worst.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
