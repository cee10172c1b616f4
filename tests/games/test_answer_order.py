"""Tables of bots end whatever order their questions are answered in.

A table answers what it waits for in no fixed order: bots answer at once, people when they
click, and a window may ask several seats together (fight or flee, "Dodge?" round a table).
The driver here answers one pending question at a time — always the first listed, always the
last, or one at random — the way the table's schedule does (``bot/scheduler.py``): a bot is
asked the questions the game waits for (blocking prompts), and answers a named question once
(a game may keep asking a seat that has answered, to hide who has). Every registered game is
played this way, Catan and any game after it included by being registered.

What must hold: the table ends within a bound, and a bot never gives again an answer it has
given (``Game.repeats``: a click doing that is refused, logged nowhere). A driver answering
the first question used to leave a two-seat Zombie in My Pocket table turning forever.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import registry
from games.core import Action, Game, Prompt
from tests.every_game import SLOW_BOTS, legal_player

ORDERS = ("first", "last", "random")
# Asks (answers given, refused repeats included) a table may take: the longest bot tables
# (Sanguosha at eight) end in a few thousand.
BOUND = 20_000


def _seats(game: Game[Any, Any], order: str) -> int:
    """The smallest table of several seats for the first order, the largest for the last, one
    between."""
    low, high = max(2, game.spec.min_players), game.spec.max_players
    return {"first": low, "last": high, "random": (low + high) // 2}[order]


def _next(prompts: list[Prompt], order: str, rng: random.Random) -> Prompt:
    if order == "first":
        return prompts[0]
    if order == "last":
        return prompts[-1]
    return rng.choice(prompts)


def play_in_order(game: Game[Any, Any], seats: int, seed: int, order: str) -> tuple[int, list[str]]:
    """The table played to its end answering questions in ``order``: the asks it took and
    every answer a bot gave again."""
    options = getattr(game, "options_for_conformance", lambda n: [None])(seats)[0]
    state = game.setup(seats, options, seed=seed)
    rng = random.Random(seed)
    # Slow bots (Renju's searches) are seated as quick legal players, as in every test that is
    # not about how a bot plays: one seat is asked at a time there, so every order is one game.
    choose = legal_player if game.spec.name in SLOW_BOTS else game.choose
    answered: dict[int, str] = {}
    repeated: list[str] = []
    for asks in range(BOUND):
        if game.outcome(state) is not None:
            return asks, repeated
        prompts = [p for p in game.pending(state) if p.blocking
                   and not (p.question and answered.get(p.seat) == p.question_id)]
        assert prompts, f"{game.spec.name}: the table waits for nobody it has not asked"
        prompt = _next(prompts, order, rng)
        action: Action = choose(game.view(state, prompt.seat), prompt, rng)
        answered[prompt.seat] = prompt.question_id
        if game.repeats(state, action):
            repeated.append(f"seat {prompt.seat} {action!r} at step {state.step}")
            continue
        state = game.apply(state, action).state
    raise AssertionError(f"{game.spec.name} ({seats} seats, seed {seed}, {order} first): "
                         f"no end after {BOUND} asks")


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("name", registry.names())
def test_every_table_of_bots_ends_whatever_question_is_answered_first(name: str,
                                                                      order: str) -> None:
    game = registry.get(name)
    seats = _seats(game, order)
    _, repeated = play_in_order(game, seats, ORDERS.index(order), order)
    assert not repeated, repeated
