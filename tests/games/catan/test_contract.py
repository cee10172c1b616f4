"""The engine contract and the platform's proofs, run on Catan beyond what the generic run
(tests/games/test_conformance.py and tests/games/test_twins.py: the standard game, random
players) covers: every variant the game lists, with bots at two seats, with the helpers of
games.core.conformance.

Random playouts (bots at two seats so games end in hundreds of moves, random players at the
others, random several-card picks and trade words) at both player counts under every variant
the game lists; at every step no view or event shows anyone a hidden id it does not know, a
prompt is open exactly while the game runs, every prompt offers actions of its own seat, the
state survives a JSON round trip; every tenth step the twins keep the views they must."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.catan import GAME
from games.core import IllegalAction
from games.core.conformance import (
    bot_action,
    check_twins,
    differs_in_secret,
    find_leaks,
    mixed_chooser,
    playout,
    random_action,
    replay,
    twin_problems,
)
from tests.games.test_answer_order import BOUND, play_in_order
from tests.games.test_twins import conserved

CASES = [(seats, i) for seats in (3, 4) for i in range(len(GAME.options_for_conformance(seats)))]


@pytest.mark.parametrize(("seats", "variant"), CASES)
def test_random_playouts_keep_the_contract(seats: int, variant: int) -> None:
    options = GAME.options_for_conformance(seats)[variant]
    twins = random.Random(variant)

    def check(before: Any, action: Any, transition: Any) -> None:
        assert transition.state is not before
        leaks = find_leaks(GAME, before, transition)
        assert not leaks, leaks
        if before.step % 10 == 0:
            problems = check_twins(GAME, before, twins)
            assert not problems, problems
        after = transition.state
        over = GAME.outcome(after) is not None
        assert bool(GAME.pending(after)) != over
        for prompt in GAME.pending(after):
            assert prompt.actions
            assert all(act.seat == prompt.seat for act in prompt.actions)
        assert GAME.parse_state(after.model_dump_json()) == after
        for event in transition.events:
            json.dumps(event.params)  # plain JSON for the words and the log

    result = playout(GAME, seats, seed=variant, options=options, on_step=check,
                     chooser=mixed_chooser({0, 1}))
    outcome = GAME.outcome(result.state)
    assert outcome is not None and len(outcome.winners) == 1
    assert set(outcome.scores) == set(range(seats))
    assert outcome.scores[outcome.winners[0]] >= options.points_to_win


@pytest.mark.parametrize("seats", [3, 4])
def test_random_players_alone_finish_a_game(seats: int) -> None:
    """No turn limit in the rules: offers per turn are bounded, so random play ends too."""
    result = playout(GAME, seats, seed=seats)
    assert GAME.outcome(result.state) is not None


@pytest.mark.parametrize("seats", [3, 4])
def test_every_offered_action_applies_and_input_is_unchanged(seats: int) -> None:
    rng = random.Random(seats)
    state = GAME.setup(seats, None, seed=11)
    for _ in range(300):
        if GAME.outcome(state) is not None:
            break
        frozen = state.model_dump_json()
        for prompt in GAME.pending(state):
            for action in prompt.actions:
                GAME.apply(state, action)
                assert state.model_dump_json() == frozen, "apply changed its input"
        state = GAME.apply(state, random_action(GAME, state, rng)).state


@pytest.mark.parametrize("seats", [3, 4])
def test_replay_from_seed_reproduces_the_game_despite_global_random(seats: int) -> None:
    first = playout(GAME, seats, seed=42, chooser=mixed_chooser({0}))
    replayed = iter(first.actions)

    def stirred(game: Any, state: Any, rng: random.Random) -> Any:
        random.seed(rng.random())
        random.random()
        return next(replayed)

    again = playout(GAME, seats, seed=42, chooser=stirred)
    assert again.state == first.state
    assert replay(GAME, seats, first.actions, seed=42) == first.state
    assert GAME.parse_state(first.state.model_dump_json()) == first.state
    logged = [GAME.parse_action(action.model_dump_json()) for action in first.actions]
    assert logged == first.actions


def test_actions_from_seats_without_a_prompt_are_refused() -> None:
    rng = random.Random(7)
    state = GAME.setup(4, None, seed=3)
    for _ in range(120):
        if GAME.outcome(state) is not None:
            break
        prompting = {p.seat for p in GAME.pending(state)}
        someone = GAME.pending(state)[0]
        for seat in set(range(4)) - prompting:
            forged = someone.actions[0].model_copy(update={"seat": seat})
            frozen = state.model_dump_json()
            with pytest.raises(IllegalAction) as refused:
                GAME.apply(state, forged)
            assert str(refused.value)
            assert state.model_dump_json() == frozen
        state = GAME.apply(state, random_action(GAME, state, rng)).state


@pytest.mark.parametrize("seats", [3, 4])
def test_bots_finish_games(seats: int) -> None:
    result = playout(GAME, seats, seed=seats, chooser=mixed_chooser(set(range(seats))))
    assert GAME.outcome(result.state) is not None


def test_the_seed_never_reaches_a_view() -> None:
    state = GAME.setup(3, None, seed=987654321)
    for seat in [None, 0, 1, 2]:
        assert "987654321" not in GAME.view(state, seat).model_dump_json()


@pytest.mark.parametrize("seats", [3, 4])
def test_twins_keep_the_views_and_change_secrets(seats: int) -> None:
    """tests/games/test_twins.py's check, on every fourth step of a bot game."""
    rng, twins = random.Random(0), random.Random(1_000)
    state = GAME.setup(seats, None, seed=0)
    steps = checked = differing = 0
    while GAME.outcome(state) is None:
        if steps % 4 == 0:
            checked += 1
            keeps = [frozenset(), frozenset({steps % seats}),
                     frozenset({steps % seats, (steps + 1) % seats})]
            for keep in keeps:
                twin = GAME.twin(state, twins, keep)
                problems = twin_problems(GAME, state, twin, keep)
                assert not problems, f"step {steps} keep {set(keep)}: {problems}"
                assert conserved(state, twin), f"step {steps}: a card came or went"
                prompts = [p for p in GAME.pending(twin) if p.blocking] or GAME.pending(twin)
                GAME.apply(twin, prompts[0].actions[0])
            differing += differs_in_secret(state, GAME.twin(state, twins))
        state = GAME.apply(state, bot_action(GAME, state, rng)).state
        steps += 1
    assert not twin_problems(GAME, state, GAME.twin(state, twins), frozenset(range(seats)))
    assert differing >= checked * 0.6


@pytest.mark.parametrize("order", ["first", "last", "random"])
def test_a_table_of_bots_ends_whatever_question_is_answered_first(order: str) -> None:
    """tests/games/test_answer_order.py's table, on Catan: bots answer a named question once
    (the discards, trade answers, a proposer's moves while its offer is open)."""
    asks, repeated = play_in_order(GAME, {"first": 3, "last": 4, "random": 4}[order], 5, order)
    assert asks < BOUND and not repeated
