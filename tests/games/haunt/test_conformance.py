"""The engine contract at every player count: random and bot playouts keep a prompt open
exactly while the game runs, survive a JSON round trip (at the steps the generic run's
``Moments`` picks, every step with PARLOR_SOAK=1), replay from the seed,
and never show the traitor the heroes' secret or a hero the tome."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

import pytest

from games.core.conformance import (
    bot_action,
    mixed_chooser,
    playout,
    random_action,
    replay,
)
from games.haunt import GAME
from games.haunt.state import HauntState
from tests.games import test_conformance as generic

SEATS = range(3, 7)
# Bots' tables checked step by step at every count: two seeds, six with PARLOR_SOAK=1.
BOT_SEEDS = 6 if os.environ.get("PARLOR_SOAK") == "1" else 2


def _checker() -> Callable[[Any, Any, Any], None]:
    """A playout's check of each step (``generic.step_checker``), every action its seat's."""

    def own_seat(prompt: Any) -> None:
        assert all(a.seat == prompt.seat for a in prompt.actions)

    return generic.step_checker(GAME, own_seat)


@pytest.mark.parametrize("seats", SEATS)
def test_random_playouts_keep_the_contract_and_hide_both_books(seats: int) -> None:
    for seed, options in enumerate(GAME.options_for_conformance(seats)):
        # A game the generic conformance run (tests/games/test_conformance.py) plays too, the
        # same seed, options and chooser, is checked step by step there: here only its end.
        generic_run = seed < generic.SEEDS and options == generic._options_for("haunt", seats)
        result = playout(GAME, seats, seed=seed, options=options,
                         on_step=None if generic_run else _checker())
        outcome = GAME.outcome(result.state)
        assert outcome is not None and outcome.winners
        assert set(outcome.scores) == set(range(seats))


@pytest.mark.parametrize("seats", SEATS)
def test_bot_playouts_reach_a_haunt_and_an_end(seats: int) -> None:
    for seed in range(BOT_SEEDS):
        result = playout(GAME, seats, seed=seed, chooser=bot_action, on_step=_checker())
        state: HauntState = result.state
        assert state.haunt is not None
        assert GAME.outcome(state) is not None


@pytest.mark.parametrize("seats", SEATS)
def test_replay_from_the_seed_gives_the_same_game(seats: int) -> None:
    first = playout(GAME, seats, seed=42, chooser=mixed_chooser({0, 2}))
    replayed = iter(first.actions)

    def stirred(game: Any, state: Any, rng: random.Random) -> Any:
        random.seed(rng.random())
        return next(replayed)

    again = playout(GAME, seats, seed=42, chooser=stirred)
    assert again.state == first.state
    assert replay(GAME, seats, first.actions, seed=42) == first.state


@pytest.mark.parametrize("seats", SEATS)
def test_every_offered_action_applies_without_changing_its_input(seats: int) -> None:
    rng = random.Random(seats)
    state = GAME.setup(seats, None, seed=5)
    for _ in range(150):
        if GAME.outcome(state) is not None:
            break
        frozen = state.model_dump_json()
        for prompt in GAME.pending(state):
            for action in prompt.actions:
                GAME.apply(state, action)
                assert state.model_dump_json() == frozen
        state = GAME.apply(state, random_action(GAME, state, rng)).state


def test_books_are_known_by_their_side_only() -> None:
    result = playout(GAME, 5, seed=1, chooser=bot_action, max_steps=5000, keep_transitions=True)
    states = [t.state for t in result.transitions]
    haunted = next(s for s in states if s.phase == "haunt")
    haunt = haunted.haunt_rules()
    assert haunt is not None
    for seat in range(5):
        known = GAME.secrets(haunted, seat)
        if seat == haunted.traitor:
            assert haunt.tome is not None and known == {haunt.tome.id}
        else:
            assert known == {haunt.secret.id}
    public = GAME.view(haunted, None).model_dump_json()
    assert haunt.secret.id not in public
    assert haunt.tome is None or haunt.tome.id not in public


def test_roles_are_the_sides_and_characters_the_explorers() -> None:
    from tests.games.haunt.builders import haunted, new_game

    before = new_game(3)
    assert GAME.role_of(before, 0) is None
    assert GAME.character_of(before, 0) == before.seat(0).explorer
    state = haunted("long-dinner", 4, revealer=0)
    roles = [GAME.role_of(state, s) for s in range(4)]
    assert roles.count("traitor") == 1 and roles.count("hero") == 3
    assert roles[state.traitor or 0] == "traitor"
    alone = haunted("will-of-marrowgate", 4)
    assert {GAME.role_of(alone, s) for s in range(4)} == {"alone"}


def test_tables_that_exclude_haunts_only_meet_the_others() -> None:
    played = GAME.options_for_conformance(4)[1]
    chosen = GAME.options_for_conformance(4)[2]
    for seed in range(6):
        state = playout(GAME, 4, seed=seed, options=played, chooser=bot_action).state
        assert state.haunt not in ("drowned-choir", "long-dinner", "salt-wife")
        state = playout(GAME, 4, seed=seed, options=chosen, chooser=bot_action).state
        assert state.haunt in ("moth-queen", "bell-below", "will-of-marrowgate")


def test_bots_open_only_the_book_their_own_view_names(monkeypatch: pytest.MonkeyPatch) -> None:
    from games.haunt.catalog import Catalog

    opened: list[str] = []
    original = Catalog.book

    def spy(self: Catalog, book_id: str) -> Any:
        opened.append(book_id)
        return original(self, book_id)

    monkeypatch.setattr(Catalog, "book", spy)
    checked = 0

    def chooser(game: Any, state: Any, rng: random.Random) -> Any:
        nonlocal checked
        prompt = next(p for p in game.pending(state) if p.blocking)
        view = game.view(state, prompt.seat)
        opened.clear()
        action = game.choose(view, prompt, rng)
        assert set(opened) <= {view.book}
        checked += bool(opened)
        return action

    for seats in (3, 6):
        playout(GAME, seats, seed=seats, chooser=chooser)
    assert checked > 0
