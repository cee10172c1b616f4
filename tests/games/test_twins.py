"""Twins (``Game.twin``), checked for every registered game: at the steps ``Moments`` picks of
bot playouts (every step with PARLOR_SOAK=1; short tables where the game has them:
``SHORT_TABLES``) a twin for the public, and one for each
seat in turn, has the same views where it must (``games.core.conformance.twin_problems``),
holds the same cards, stays a game that goes on, and really differs in some secret at most
steps. A registered game without twins fails here."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest
from pydantic import BaseModel

from games import registry
from games.core import Action, Game, GameSpec, Outcome, Prompt, StateBase
from games.core.conformance import (
    Moments,
    bot_action,
    differs_in_secret,
    twin_problems,
    views_of,
)
from games.core.twins import redeal
from tests.every_game import short_table

SEEDS = 3 if os.environ.get("PARLOR_SOAK") else 1
# The steps whose twins are checked: every one with PARLOR_SOAK=1, else every 4th and each
# first moment of its kind (``Moments``: the first step, each new set of pending prompt kinds).
EVERY = 1 if os.environ.get("PARLOR_SOAK") else 4
# What a twin may change rather than move: a secret answer or choice, the heroes offered.
CHOICES = {"answers", "chosen", "offers", "seed"}
# Not about how the bots play: slow ones play quick legal moves (tests.every_game.SLOW_BOTS).
pytestmark = pytest.mark.usefixtures("quick_bots")


def _ids(value: Any) -> Iterator[str]:
    """Every string of a dumped state (cards, identities, tiles…), keys included, but for
    the secret choices a twin may change."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in CHOICES:
                yield str(key)
                yield from _ids(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _ids(item)


def held(state: Any) -> set[str]:
    """What a state holds, as ``conserved`` compares it."""
    return set(_ids(state.model_dump(mode="json")))


def conserved(state: Any, twin: Any, holds: set[str] | None = None) -> bool:
    """Whether the twin holds the same things as the state, only placed elsewhere. Compared
    as sets: records name a card a second time (the round's face-down characters, who rowed
    a card), and the twin moves both. ``holds``: ``held(state)``, when the caller has it (a
    state's several twins are compared with one dump of it)."""
    return (held(state) if holds is None else holds) == held(twin)


def _cases() -> list[tuple[str, int]]:
    cases = []
    for name in registry.names():
        spec = registry.get(name).spec
        cases += [(name, spec.min_players), (name, min(spec.max_players, spec.min_players + 2))]
    return sorted(set(cases))


@pytest.mark.parametrize(("name", "seats"), _cases())
def test_twins_keep_the_views_and_change_secrets(name: str, seats: int) -> None:
    game = registry.get(name)
    for seed in range(SEEDS):
        rng, twins = random.Random(seed), random.Random(seed + 1_000)
        # A short table where the game has one: a twin does not depend on the table's length.
        state = game.setup(seats, game.Options.model_validate(short_table(name)), seed=seed)
        steps = checked = differing = 0
        moments = Moments(EVERY)
        while game.outcome(state) is None:
            if moments.due(game.pending(state), over=False):
                # The kept seats turn with the checked steps, so that every seat is kept in turn.
                keeps = [frozenset(), frozenset({checked % seats})]
                if seats > 2:
                    keeps.append(frozenset({checked % seats, (checked + 1) % seats}))
                checked += 1
                holds = held(state)
                views = views_of(game, state, [None, *set().union(*keeps)])
                public = None  # the first keep's twin: the public's, which must differ in a secret
                for keep in keeps:
                    twin = game.twin(state, twins, keep)
                    public = twin if public is None else public
                    problems = twin_problems(game, state, twin, keep, views)
                    assert not problems, f"{name} seed {seed} step {steps} keep {set(keep)}: " \
                        f"{problems}"
                    assert conserved(state, twin, holds), \
                        f"{name} step {steps}: a card came or went"
                    # The twin goes on: one move the game waits for applies to it.
                    prompts = [p for p in game.pending(twin) if p.blocking] or game.pending(twin)
                    game.apply(twin, prompts[0].actions[0])
                if game.hidden_information:
                    differing += differs_in_secret(state, public)
            state = game.apply(state, bot_action(game, state, rng)).state
            steps += 1
        # The finished table: the twin is the state but for the seed, or shows nothing more.
        assert not twin_problems(game, state, game.twin(state, twins), frozenset(range(seats)))
        if game.hidden_information:
            assert differing >= checked * 0.6, \
                f"{name}: only {differing} of {checked} twins differ in a secret"


class _Nothing(BaseModel):
    pass


class _Secretive(Game[StateBase, _Nothing]):
    """A game that keeps secrets and says nothing of its twins."""

    spec: ClassVar[GameSpec] = GameSpec(name="secretive", title="Secretive", min_players=1,
                                        max_players=1)
    Options = _Nothing
    State = StateBase
    action_types: ClassVar[tuple[type[Action], ...]] = (Action,)

    def _setup(self, seats: int, options: _Nothing, seed: int,
               rng: random.Random) -> StateBase:
        return StateBase(seed=seed, seats=seats)

    def _pending(self, state: StateBase) -> list[Prompt]:
        return [Prompt(seat=0, kind="wait", actions=[Action(kind="wait", seat=0)])]

    def _apply(self, state: StateBase, action: Action, rng: random.Random) -> list[Any]:
        return []

    def view(self, state: StateBase, seat: int | None) -> BaseModel:
        return _Nothing()

    def secrets(self, state: StateBase, seat: int) -> set[str]:
        return set()

    def outcome(self, state: StateBase) -> Outcome | None:
        return None

    def choose(self, view: Any, prompt: Prompt, rng: random.Random) -> Action:
        return prompt.actions[0]


class _Open(_Secretive):
    hidden_information: ClassVar[bool] = False


def test_a_game_with_secrets_and_no_twins_is_refused() -> None:
    game = _Secretive()
    with pytest.raises(NotImplementedError, match="secretive"):
        game.twin(game.setup(1, seed=5), random.Random(1))


def test_a_game_without_secrets_twins_by_a_new_seed_alone() -> None:
    game = _Open()
    state = game.setup(1, seed=5)
    twin = game.twin(state, random.Random(1))
    assert twin.seed != state.seed
    assert not differs_in_secret(state, twin)
    assert twin_problems(game, state, twin, frozenset({0})) == []


def test_the_check_finds_a_twin_that_shows_the_public_something_else() -> None:
    game = registry.get("citadels")
    state = game.setup(4, None, seed=2)
    wrong = game.twin(state, random.Random(3))
    # Gold lies on the table (the twin's own gold: a twin lends its state's containers).
    wrong.own_list("gold")[0] += 1
    assert "the public view differs" in twin_problems(game, state, wrong)
    other = game.twin(state, random.Random(3))
    assert any("seat 1" in p for p in twin_problems(game, state, other, frozenset({1})))


def test_redeal_moves_cards_between_places_of_fixed_sizes() -> None:
    hand, deck, pile = ["a", "b"], ["c", "d", "e"], ["f"]
    moved = redeal([hand, deck, pile], random.Random(4), pinned={"d"})
    assert sorted(hand + deck + pile) == list("abcdef")
    assert (len(hand), len(deck), len(pile)) == (2, 3, 1)
    assert deck[1] == "d" and "d" not in moved
    assert sorted(moved) == sorted(moved.values()) == list("abcef")
    assert any(card != new for card, new in moved.items())
