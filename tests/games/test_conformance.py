"""The engine contract, checked the same way for every registered game.

Random playouts at every player count and many seeds; at every step: a prompt is open exactly
while the game is not over, every offered action applies, the state survives a JSON round trip,
and no view or event shows one seat's secrets to anyone else. Replaying the log from the seed
gives the same final state, even with the global ``random`` stirred in between. In the first
playout the game's twins (``Game.twin``) keep the views they must. The round trip and the twins
run at the steps ``Moments`` picks (every step and every 25th with PARLOR_SOAK=1).
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from typing import Any

import pytest

from games import registry
from games.core import Action, IllegalAction, Prompt
from games.core.conformance import (
    Moments,
    check_twins,
    find_leaks,
    mixed_chooser,
    playout,
    random_action,
    views_of,
)
from tests.playthroughs.test_golden import GOLDENS

# One seed at every player count in `make test` (the first, whose playout checks the twins
# too); six with PARLOR_SOAK=1 (or as many as PARLOR_CONFORMANCE_SEEDS says): the suite's six
# minutes are shared by seven games, and a game's own files play more of it.
SEEDS = int(os.environ.get("PARLOR_CONFORMANCE_SEEDS",
                           "6" if os.environ.get("PARLOR_SOAK") == "1" else "1"))
# A random Catan table makes some 2,500-3,000 moves, most of them offers answered at random
# (about 12 s of CPU a table with the checks); its own file plays six more, under every variant
# it lists with bots at two seats (tests/games/catan/test_contract.py).
# Games that may end with no winner: a cooperative team that loses as one, a drawn Renju
# (two passes in a row, a full board), the haunt whose traitorless deadline finds no one who read
# a fragment (docs/rules/haunt.md, decision 11).
NOBODY_MAY_WIN = {"zombie", "renju", "haunt"}


def _cases() -> list[tuple[str, int]]:
    cases = []
    for name in registry.names():
        spec = registry.get(name).spec
        for seats in range(spec.min_players, spec.max_players + 1):
            cases.append((name, seats))
    return cases


def _options_for(name: str, seats: int) -> Any:
    """The smallest options that seat ``seats`` players (e.g. an expansion for the 7th seat)."""
    game = registry.get(name)
    for candidate in getattr(game, "options_for_conformance", lambda n: [None])(seats):
        try:
            game.setup(seats, candidate, seed=0)
        except IllegalAction:
            continue
        return candidate
    pytest.fail(f"{name} offers no options that seat {seats} players")


CASES = _cases()
SOAK = os.environ.get("PARLOR_SOAK") == "1"
# The leak check runs at every step of a random playout; the state's JSON round trip (mostly
# parsing) at every step with PARLOR_SOAK=1, else at every 8th step and the ``Moments`` that
# are the first of their kind (the first and last step, each new set of pending prompt kinds).
# The other games' own playouts take the same measure.
ROUND_TRIP_EVERY = 1 if SOAK else 8

def step_checker(game: Any, each_prompt: Callable[[Prompt], None] | None = None
                 ) -> Callable[[Any, Any, Any], None]:
    """A playout's check of each step, for the games' own playout tests: nothing leaked, a
    prompt open exactly while the game runs, every prompt with actions (and ``each_prompt``),
    the JSON round trip at the steps ``Moments(ROUND_TRIP_EVERY)`` picks."""
    round_trips = Moments(ROUND_TRIP_EVERY)

    def check(before: Any, action: Any, transition: Any) -> None:
        leaks = find_leaks(game, before, transition)
        assert not leaks, leaks
        after = transition.state
        over = game.outcome(after) is not None
        prompts = game.pending(after)
        assert bool(prompts) != over
        for prompt in prompts:
            assert prompt.actions
            if each_prompt is not None:
                each_prompt(prompt)
        if round_trips.due(prompts, over):
            assert game.parse_state(after.model_dump_json()) == after

    return check


# The twins of the first playout's state: every 25th step with PARLOR_SOAK=1, else every 100th
# and each first moment of its kind.
TWINS_EVERY = 25 if SOAK else 100
# Steps of a random table at which every offered action is applied to the state (and must
# leave it as it was): 200, 400 with PARLOR_SOAK=1.
OFFERED_STEPS = 400 if os.environ.get("PARLOR_SOAK") == "1" else 200


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_random_playouts_keep_the_contract(name: str, seats: int) -> None:
    game = registry.get(name)
    options = _options_for(name, seats)
    for seed in range(SEEDS):
        twins = random.Random(seed) if seed == 0 else None
        round_trips, twin_moments = Moments(ROUND_TRIP_EVERY), Moments(TWINS_EVERY)

        def check(before: Any, action: Any, transition: Any,
                  twins: random.Random | None = twins, round_trips: Moments = round_trips,
                  twin_moments: Moments = twin_moments) -> None:
            assert transition.state is not before
            after = transition.state
            views = views_of(game, after)
            leaks = find_leaks(game, before, transition, views)
            assert not leaks, leaks
            over = game.outcome(after) is not None
            prompts = game.pending(after)
            if twins is not None and twin_moments.due(prompts, over):
                problems = check_twins(game, after, twins, views)
                assert not problems, problems
            assert bool(prompts) != over
            for prompt in prompts:
                assert prompt.actions, "every prompt offers at least one action"
                assert all(a.seat == prompt.seat for a in prompt.actions)
            if round_trips.due(prompts, over):
                assert game.parse_state(after.model_dump_json()) == after

        result = playout(game, seats, seed=seed, options=options, on_step=check)
        outcome = game.outcome(result.state)
        assert outcome is not None
        assert set(outcome.scores) == set(range(seats))
        assert outcome.winners or name in NOBODY_MAY_WIN
        assert set(outcome.winners) <= set(range(seats))


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_every_offered_action_applies_and_input_is_unchanged(name: str, seats: int) -> None:
    game = registry.get(name)
    options = _options_for(name, seats)
    rng = random.Random(seats)
    state = game.setup(seats, options, seed=11)
    steps = 0
    while game.outcome(state) is None and steps < OFFERED_STEPS:
        frozen = state.model_dump_json()
        offered = [action for prompt in game.pending(state) for action in prompt.actions]
        for action in offered:
            game.apply(state, action)
        # The state read once after all of them (a Renju board offers 200 moves): a change
        # is then pinned on the action that made it, each applied to the state as it was.
        if state.model_dump_json() != frozen:
            changing = [action for action in offered
                        if _changes(game, game.parse_state(frozen), action)]
            pytest.fail(f"apply changed its input at step {steps}: {changing[:3]}")
        state = game.apply(state, random_action(game, state, rng)).state
        steps += 1


def _changes(game: Any, state: Any, action: Any) -> bool:
    before = state.model_dump_json()
    game.apply(state, action)
    return bool(state.model_dump_json() != before)


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_replay_from_seed_reproduces_the_game_despite_global_random(
    name: str, seats: int
) -> None:
    game = registry.get(name)
    options = _options_for(name, seats)
    first = playout(game, seats, seed=42, options=options, chooser=mixed_chooser({0}))

    replayed = iter(first.actions)

    def stirred(g: Any, state: Any, rng: random.Random) -> Any:
        # The global RNG is stirred between steps: it must have no say in the rules.
        random.seed(rng.random())
        random.random()
        return next(replayed)

    # The log replayed from the seed, the global RNG stirred between its steps: one replay
    # proves both that the log reproduces the game and that the global RNG has no say in it.
    again = playout(game, seats, seed=42, options=options, chooser=stirred)
    assert again.state == first.state
    assert again.actions == first.actions
    assert game.parse_state(first.state.model_dump_json()) == first.state


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_actions_from_seats_without_a_prompt_are_refused(name: str, seats: int) -> None:
    game = registry.get(name)
    options = _options_for(name, seats)
    rng = random.Random(7)
    state = game.setup(seats, options, seed=3)
    for _ in range(60):
        if game.outcome(state) is not None:
            break
        prompting = {p.seat for p in game.pending(state)}
        someone = next(iter(game.pending(state)))
        for seat in set(range(seats)) - prompting:
            forged = someone.actions[0].model_copy(update={"seat": seat})
            frozen = state.model_dump_json()
            with pytest.raises(IllegalAction) as refused:
                game.apply(state, forged)
            assert str(refused.value)
            assert state.model_dump_json() == frozen
        state = game.apply(state, random_action(game, state, rng)).state


def _golden_moves(name: str, seats: int, options: Any) -> list[Any] | None:
    """The moves of the game's golden playthrough if it is the bots' game at ``seats`` (seed
    ``seats``): the same set-up, and bots in every seat (``mixed_chooser`` then chooses as
    the playthrough's ``bot_action``, from the same generator). tests/playthroughs plays that
    game move by move to its end."""
    golden = GOLDENS.get(name)
    if golden is None or (golden.seats, golden.seed) != (seats, seats):
        return None
    game = registry.get(name)
    standard = game.Options.model_validate(golden.options)
    if game.setup(seats, options, seed=seats) != game.setup(seats, standard, seed=seats):
        return None
    records = [json.loads(line) for line in golden.path.read_text(encoding="utf-8").splitlines()]
    return [record["action"] for record in records if "action" in record]


@pytest.mark.parametrize("name", registry.names())
def test_bots_finish_games(name: str) -> None:
    game = registry.get(name)
    spec = game.spec
    for seats in range(spec.min_players, spec.max_players + 1):
        options = _options_for(name, seats)
        golden = _golden_moves(name, seats, options)
        if golden is not None:
            # Played to its end by the golden playthrough (Renju's: 63 moves of its searching
            # bots); here only its first moves, to show it is that game.
            rng, state = random.Random(seats), game.setup(seats, options, seed=seats)
            bots = mixed_chooser(set(range(seats)))
            for move in golden[:3]:
                action = bots(game, state, rng)
                assert action.model_dump(mode="json") == move, "not the golden game"
                state = game.apply(state, action).state
            continue
        result = playout(game, seats, seed=seats, options=options,
                         chooser=mixed_chooser(set(range(seats))))
        assert game.outcome(result.state) is not None


@pytest.mark.parametrize("name", registry.names())
def test_seed_never_reaches_a_view(name: str) -> None:
    game = registry.get(name)
    state = game.setup(game.spec.min_players, _options_for(name, game.spec.min_players),
                       seed=987654321)
    for seat in [None, *range(state.seats)]:
        assert "987654321" not in game.view(state, seat).model_dump_json()


def test_registry_lists_every_game() -> None:
    assert "lifeboat" in registry.names()
    for name in registry.names():
        game = registry.get(name)
        assert game.spec.name == name
        assert game.spec.min_players <= game.spec.max_players
        game.Options()  # the standard game needs no option


def test_moments_are_every_kth_step_the_last_and_each_new_set_of_prompt_kinds() -> None:
    def asking(*kinds: str) -> list[Prompt]:
        return [Prompt(seat=0, kind=kind, actions=[Action(kind=kind, seat=0)])
                for kind in kinds]

    moments = Moments(3)
    steps = [asking("roll"), asking("roll"), asking("roll"), asking("roll"), asking("build"),
             asking("roll"), asking("roll", "trade"), asking("trade", "roll"), asking("roll")]
    due = [moments.due(prompts, over=False) for prompts in steps]
    assert due == [True, False, False, True, True, False, True, False, False]
    assert moments.due([], over=True)
    assert [Moments(1).due(asking("roll"), over=False) for _ in range(3)] == [True] * 3
