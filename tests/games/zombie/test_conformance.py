"""The engine contract at every player count, beyond what tests/games/test_conformance.py
checks for every game: the random playouts it checks meet half-committed fights (so its leak
check had a commitment to catch), offered actions, refused seats and the seed kept out of
views on set-up tables. The random playouts, replays from the seed and bot games of that file
cover Zombie in My Pocket at every count: this file does not play them again."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.core import IllegalAction
from games.core.conformance import find_leaks, playout, random_action
from games.zombie import GAME
from games.zombie import game as game_module
from games.zombie.actions import Commit, Move
from tests.games import test_conformance as generic
from tests.games.zombie.builders import lay, table

COUNTS = range(1, 9)


@pytest.mark.parametrize("seats", COUNTS)
def test_the_checked_random_playouts_meet_half_committed_fights(seats: int) -> None:
    """Random playouts of seeds 0 and 1, every step checked (no leak, a prompt exactly while
    the game runs, the JSON round trip; the seeds the generic run plays, ``generic.SEEDS``,
    are checked there): at more than one seat some fight is half-committed on the way, a
    secret the leak check must keep."""
    assert generic._options_for("zombie", seats) is None, \
        "the generic conformance run no longer plays these games"
    commitments_seen = 0

    def count(before: Any, action: Any, transition: Any) -> None:
        nonlocal commitments_seen
        commitments_seen += sum(len(GAME.secrets(transition.state, s)) for s in range(seats))

    def count_and_check(before: Any, action: Any, transition: Any) -> None:
        count(before, action, transition)
        leaks = find_leaks(GAME, before, transition)
        assert not leaks, leaks
        after = transition.state
        assert bool(GAME.pending(after)) != (GAME.outcome(after) is not None)
        assert GAME.parse_state(after.model_dump_json()) == after

    for seed in range(2):
        playout(GAME, seats, seed=seed,
                on_step=count if seed < generic.SEEDS else count_and_check)
    if seats > 1:
        assert commitments_seen, "no fight was ever half-committed: the leak check saw nothing"


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
