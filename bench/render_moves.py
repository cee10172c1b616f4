"""The Discord renderers' CPU over whole games: what every move redraws.

Plays ``--games`` seeded games of a game (its bots, every second game half random players;
Renju's random legal stones) and after every move draws what the Desk redraws — the board and
the panel of every seat asked (and of one waiting seat in turn) — with each event's line as
the table's log gets it. Prints the CPU (``time.process_time``) of the drawing alone, per game
and per move, and a SHA-256 of everything drawn (equal before and after a change that only
makes drawing faster). Run from the repository root:

    .venv/bin/python -m bench.render_moves --game sanguosha --locale zh-CN
    .venv/bin/python -m bench.render_moves --game catan --games 2
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import argparse
import hashlib
import json
import random
import time
from typing import Any

import pytest

from bot.renderers import renderer_for
from bot.renderers.markdown import markdown
from games import registry
from storage import MatchStatus
from tests.every_game import use_random_slow_bots
from tests.i18n_play import chooser_for, configurations, render_desk, started, with_status

STEP_LIMIT = 5_000



def play(game_name: str, games: int, locale: str) -> tuple[float, int, str]:
    """(drawing CPU seconds, moves, digest) over ``games`` seeded games."""
    game = registry.get(game_name)
    renderer = renderer_for(game_name)
    desk = render_desk()
    digest = hashlib.sha256()
    spent, moves = 0.0, 0
    configs = list(configurations(game_name))
    for index in range(games):
        seats, options, _ = configs[index % len(configs)]
        live = started(game_name, seats, options, index)
        state = live.state
        rng = random.Random(index)
        chooser = chooser_for(seats, index)
        for step in range(STEP_LIMIT):
            if game.outcome(state) is not None:
                break
            transition = game.apply(state, chooser(game, state, rng))
            state = live.state = transition.state
            with_status(live, MatchStatus.ACTIVE, step + 1)
            began = time.process_time()
            drawn: list[Any] = [markdown(renderer.event_line(live, e, locale))
                                for e in transition.events]
            live.recent.extend(transition.events)
            content, embeds, view = desk.board(live, locale)
            drawn.append((content, [e.to_dict() for e in embeds],
                          view.to_components() if view else None))
            asked = {p.seat for p in game.pending(state)} | {step % seats}
            for seat in sorted(asked):
                content, embeds, view = desk.panel(live, seat, locale)
                drawn.append((content, [e.to_dict() for e in embeds], view.to_components()))
            spent += time.process_time() - began
            moves += 1
            digest.update(json.dumps(drawn, sort_keys=True, default=repr).encode())
    return spent, moves, digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="sanguosha", choices=registry.names())
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--locale", default="zh-CN")
    args = parser.parse_args()
    with pytest.MonkeyPatch.context() as patch:
        use_random_slow_bots(patch)
        spent, moves, digest = play(args.game, args.games, args.locale)
    print(f"{args.game} {args.locale}: {args.games} games, {moves} moves, drawing "
          f"{spent:.2f} s CPU, {spent / max(moves, 1) * 1e3:.2f} ms a move; digest {digest[:16]}")


if __name__ == "__main__":
    main()
