"""The engine contract at every player count: random and bot playouts, no leaks, the JSON
round trip and replay from the seed (the generic helpers of games/core/conformance.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.core import IllegalAction
from games.core.conformance import find_leaks, mixed_chooser, playout, random_action, replay
from games.zombie import GAME
from games.zombie import game as game_module
from games.zombie.actions import Commit, Move
from tests.games.zombie.builders import lay, table

COUNTS = range(1, 9)


@pytest.mark.parametrize("seats", COUNTS)
def test_random_playouts_keep_the_contract_and_leak_no_commitment(seats: int) -> None:
    commitments_seen = 0
    for seed in range(2):

        def check(before: Any, action: Any, transition: Any) -> None:
            nonlocal commitments_seen
            assert not find_leaks(GAME, before, transition)
            after = transition.state
            over = GAME.outcome(after) is not None
            assert bool(GAME.pending(after)) != over
            for prompt in GAME.pending(after):
                assert prompt.actions
                assert all(a.seat == prompt.seat for a in prompt.actions)
            assert GAME.parse_state(after.model_dump_json()) == after
            commitments_seen += sum(len(GAME.secrets(after, s)) for s in range(seats))

        result = playout(GAME, seats, seed=seed, on_step=check)
        outcome = GAME.outcome(result.state)
        assert outcome is not None and set(outcome.scores) == set(range(seats))
        assert set(outcome.winners) <= set(range(seats))
    if seats > 1:
        assert commitments_seen, "no fight was ever half-committed: the leak check saw nothing"


@pytest.mark.parametrize("seats", COUNTS)
def test_replay_from_the_seed_gives_the_same_game(seats: int) -> None:
    first = playout(GAME, seats, seed=42, chooser=mixed_chooser({0}))
    replayed = iter(first.actions)

    def stirred(game: Any, state: Any, rng: random.Random) -> Any:
        random.seed(rng.random())
        return next(replayed)

    again = playout(GAME, seats, seed=42, chooser=stirred)
    assert again.state == first.state
    assert replay(GAME, seats, first.actions, seed=42) == first.state


@pytest.mark.parametrize("seats", COUNTS)
def test_bots_finish_games(seats: int) -> None:
    result = playout(GAME, seats, seed=seats, chooser=mixed_chooser(set(range(seats))))
    assert GAME.outcome(result.state) is not None


def test_offered_actions_apply_and_never_change_their_input() -> None:
    rng = random.Random(4)
    state = GAME.setup(3, seed=11)
    steps = 0
    while GAME.outcome(state) is None and steps < 150:
        frozen = state.model_dump_json()
        for prompt in GAME.pending(state):
            for action in prompt.actions:
                GAME.apply(state, action)
                assert state.model_dump_json() == frozen
        state = GAME.apply(state, random_action(GAME, state, rng)).state
        steps += 1


def test_actions_from_seats_without_a_prompt_are_refused() -> None:
    state = GAME.setup(4, seed=2)
    leader = state.leader
    for seat in set(range(4)) - {leader}:
        forged = GAME.pending(state)[0].actions[0].model_copy(update={"seat": seat})
        if GAME.prompt_for(state, seat) is None:
            with pytest.raises(IllegalAction):
                GAME.apply(state, forged)


def test_the_seed_never_reaches_a_view() -> None:
    state = GAME.setup(2, seed=987654321)
    for seat in (None, 0, 1):
        assert "987654321" not in GAME.view(state, seat).model_dump_json()


def test_the_leak_check_would_catch_a_commitment_shown_to_the_table(monkeypatch: Any) -> None:
    state = table(seats=3, deck=["card-gasoline"])
    lay(state, "family_room", 0, -1, 2)
    state = GAME.apply(state, Move(seat=0, to="family_room")).state
    honest = GAME.apply(state, Commit(seat=1, choice="fight"))
    assert not find_leaks(GAME, state, honest)
    real_view = game_module.build_view

    def careless(state: Any, seat: Any) -> Any:
        # Everyone is shown seat 1's view, answer included.
        return real_view(state, 1)

    monkeypatch.setattr(game_module, "build_view", careless)
    assert find_leaks(GAME, state, honest)
