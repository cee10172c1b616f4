"""Helpers that drive any registered game: random playouts, replay, the no-leak check and
the twins' check.

Used by the generic conformance tests, the benchmarks and the soak runs, so that every game is
held to the same contract by the same code.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.core.game import Game
from games.core.model import Action, Prompt, Transition

Chooser = Callable[[Game[Any, Any], Any, random.Random], Action]


def random_action(game: Game[Any, Any], state: Any, rng: random.Random) -> Action:
    """A uniformly random legal move, leaning towards what the game waits for.

    Moves a seat may make at any time (non-blocking prompts) are taken one time in ten, so a
    random table still makes progress instead of passing cards around forever.
    """
    prompts = game.pending(state)
    blocking = [p for p in prompts if p.blocking]
    pool = blocking if blocking and rng.random() < 0.9 else prompts
    prompt = rng.choice(pool)
    if prompt.pick is not None and rng.random() < 0.5:
        return random_pick(prompt, rng)
    return rng.choice(prompt.actions)


def random_pick(prompt: Prompt, rng: random.Random) -> Action:
    """Any valid choice of a prompt's pick, not only the ones it lists."""
    pick = prompt.pick
    assert pick is not None
    count = rng.randint(pick.min, min(pick.max, len(pick.options)))
    return pick.build(rng.sample(pick.options, count))


def bot_action(game: Game[Any, Any], state: Any, rng: random.Random) -> Action:
    """The built-in bot's move for one of the seats the game waits for."""
    prompts = [p for p in game.pending(state) if p.blocking] or game.pending(state)
    prompt = rng.choice(prompts)
    return game.choose(game.view(state, prompt.seat), prompt, rng)


def mixed_chooser(bot_seats: set[int]) -> Chooser:
    """Bots at ``bot_seats``, uniformly random players elsewhere."""

    def choose(game: Game[Any, Any], state: Any, rng: random.Random) -> Action:
        prompts = [p for p in game.pending(state) if p.blocking] or game.pending(state)
        prompt = rng.choice(prompts)
        if prompt.seat in bot_seats:
            return game.choose(game.view(state, prompt.seat), prompt, rng)
        own = [p for p in game.pending(state) if p.seat == prompt.seat]
        merged = own[0] if own else prompt
        if merged.pick is not None and rng.random() < 0.5:
            return random_pick(merged, rng)
        return rng.choice(merged.actions)

    return choose


@dataclass
class Playout:
    state: Any
    actions: list[Action] = field(default_factory=list)
    transitions: list[Transition] = field(default_factory=list)


def playout(
    game: Game[Any, Any],
    seats: int,
    *,
    seed: int,
    options: Any = None,
    chooser: Chooser = random_action,
    rng: random.Random | None = None,
    max_steps: int = 50_000,
    keep_transitions: bool = False,
    on_step: Callable[[Any, Action, Transition], None] | None = None,
) -> Playout:
    rng = rng or random.Random(seed)
    state = game.setup(seats, options, seed=seed)
    result = Playout(state=state)
    for _ in range(max_steps):
        if game.outcome(state) is not None:
            break
        action = chooser(game, state, rng)
        transition = game.apply(state, action)
        if on_step is not None:
            on_step(state, action, transition)
        result.actions.append(action)
        if keep_transitions:
            result.transitions.append(transition)
        state = transition.state
    else:
        raise AssertionError(f"{game.spec.name}: no end after {max_steps} steps (seed {seed})")
    result.state = state
    return result


class Moments:
    """The steps of a playout at which the checks too costly for every step run (the state's
    JSON round trip, the twins): every ``every``-th step, the first and the last, and each step
    that leaves the pending prompts' kinds a set not met before in the playout, so that every
    kind of moment is checked once at least. ``every=1``: every step."""

    def __init__(self, every: int) -> None:
        self.every = every
        self.steps = 0
        self.met: set[frozenset[str]] = set()

    def due(self, prompts: list[Prompt], over: bool) -> bool:
        """Whether the step just played, after which ``prompts`` are pending, is one."""
        step, self.steps = self.steps, self.steps + 1
        kinds = frozenset(prompt.kind for prompt in prompts)
        new = kinds not in self.met
        self.met.add(kinds)
        return step % self.every == 0 or new or over


def replay(
    game: Game[Any, Any], seats: int, actions: list[Action], *, seed: int, options: Any = None
) -> Any:
    state = game.setup(seats, options, seed=seed)
    for action in actions:
        state = game.apply(state, action).state
    return state


def _leaked(text: str, secret_ids: set[str]) -> list[str]:
    return sorted(s for s in secret_ids if s in text)


Views = dict[int | None, Any]


def views_of(game: Game[Any, Any], state: Any,
             viewers: list[int | None] | None = None) -> Views:
    """The views of ``state`` for ``viewers`` (the public, ``None``, and every seat if not
    given), built once for every check that reads them (``find_leaks``, ``check_twins``)."""
    if viewers is None:
        viewers = [None, *range(state.seats)]
    return {viewer: game.view(state, viewer) for viewer in viewers}


def find_leaks(game: Game[Any, Any], before: Any, transition: Transition,
               views: Views | None = None) -> list[str]:
    """Every place where a viewer is shown a hidden id it does not know. An empty list means
    nothing leaked.

    ``secrets(state, seat)`` is what ``seat`` knows, and two seats may know the same id (a
    team's shared plan): a view or event may show a viewer exactly the hidden ids the viewer
    knows, and the public (``None``, spectators) none at all. ``views``: ``views_of`` the
    state after, when the caller has them.
    """
    after = transition.state
    if views is None:
        views = views_of(game, after)
    seats = range(after.seats)
    known_after = {s: game.secrets(after, s) for s in seats}
    known_before = {s: game.secrets(before, s) for s in seats}
    hidden_after: set[str] = set().union(*known_after.values())
    hidden_ever = hidden_after.union(*known_before.values())
    problems: list[str] = []

    def holders(secret: str) -> list[int]:
        return [s for s in seats if secret in known_after[s] or secret in known_before[s]]

    for viewer, view in views.items():
        text = view.model_dump_json()
        if '"seed"' in text:
            problems.append(f"view of {viewer} carries the seed")
        unknown = hidden_after - (known_after[viewer] if viewer is not None else set())
        for secret in _leaked(text, unknown):
            problems.append(
                f"view of {viewer} shows {secret}, known only to seats {holders(secret)}"
            )
    for event in transition.events:
        text = json.dumps(event.params, default=str) + event.key
        if event.to is None:
            # Cards played openly were secrets a moment ago; what must stay hidden from the
            # table is what is secret once the action is done.
            for secret in _leaked(text, hidden_after):
                problems.append(
                    f"public event {event.key} shows {secret}, known only to seats "
                    f"{holders(secret)}"
                )
            continue
        for reader in event.to:
            unknown = hidden_ever - known_after[reader] - known_before[reader]
            leaked = _leaked(text, unknown)
            if leaked:
                # A card on the table a moment ago (robbed face up) may be named to those who
                # saw it go, though it is hidden from now on.
                was_public = game.view(before, None).model_dump_json()
                leaked = [secret for secret in leaked if secret not in was_public]
            for secret in leaked:
                problems.append(
                    f"event {event.key} to {event.to} shows seat {reader} {secret}, known "
                    f"only to seats {holders(secret)}"
                )
    return problems


def twin_problems(game: Game[Any, Any], state: Any, twin: Any,
                  keep: frozenset[int] = frozenset(), views: Views | None = None) -> list[str]:
    """Everything wrong with ``twin`` as a twin of ``state`` for the seats in ``keep``
    (``Game.twin``): a view that differs where it must not, a prompt of a kept seat that
    changed (its panel would show what its view does not), a state the game cannot go on
    from. An empty list means it is a twin. ``views``: ``views_of(game, state)``, when the
    caller has them."""
    problems: list[str] = []
    if type(twin) is not type(state) or twin is state:
        return [f"the twin is {type(twin).__name__}, not a copy of the state"]

    def view(seat: int | None) -> Any:
        return game.view(state, seat) if views is None else views[seat]

    if game.view(twin, None) != view(None):
        problems.append("the public view differs")
    for seat in sorted(keep):
        if game.view(twin, seat) != view(seat):
            problems.append(f"the view of seat {seat}, kept, differs")
        if game.prompt_for(twin, seat) != game.prompt_for(state, seat):
            problems.append(f"the prompt of seat {seat}, kept, differs")
    if (game.outcome(twin) is None) != (game.outcome(state) is None):
        problems.append("one of the two is over, the other not")
    prompts = game.pending(twin)
    if bool(prompts) == (game.outcome(twin) is not None):
        problems.append("the twin waits for no one though it is not over, or the reverse")
    for prompt in prompts:
        if not prompt.actions:
            problems.append(f"the twin offers seat {prompt.seat} no action")
    if game.parse_state(twin.model_dump_json()) != twin:
        problems.append("the twin does not survive a JSON round trip")
    return problems


def check_twins(game: Game[Any, Any], state: Any, rng: random.Random,
                views: Views | None = None) -> list[str]:
    """``twin_problems`` of a twin for the public and of one for each seat, all compared with
    one set of the state's views (``views``, when the caller has them)."""
    views = views_of(game, state) if views is None else views
    problems = twin_problems(game, state, game.twin(state, rng), views=views)
    for seat in range(state.seats):
        keep = frozenset({seat})
        problems += twin_problems(game, state, game.twin(state, rng, keep), keep, views)
    return problems


def differs_in_secret(state: Any, twin: Any) -> bool:
    """Whether ``twin`` differs from ``state`` in more than the seed."""
    return bool(twin.model_dump(exclude={"seed"}) != state.model_dump(exclude={"seed"}))


def prompts_by_seat(prompts: list[Prompt]) -> dict[int, Prompt]:
    return {p.seat: p for p in prompts}
