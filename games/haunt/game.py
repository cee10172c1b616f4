"""The Haunt game object: the engine contract wired to the rule modules."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from games.core import Action, Event, Game, GameSpec, Outcome, Prompt, Rated
from games.haunt.actions import ACTION_TYPES
from games.haunt.bot import choose_action
from games.haunt.dispatch import apply_action
from games.haunt.goals import book_of
from games.haunt.options import Options as HauntOptions
from games.haunt.prompts import pending
from games.haunt.setup import new_state
from games.haunt.state import HauntState
from games.haunt.twins import make_twin
from games.haunt.views import PublicView, SeatView, build_view


class HauntGame(Game[HauntState, HauntOptions]):
    spec: ClassVar[GameSpec] = GameSpec(
        name="haunt", title="Marrowgate House", min_players=3, max_players=6
    )
    Options = HauntOptions
    State = HauntState
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES
    # The heroes win or lose as one side against the traitor; in a haunt without a traitor
    # every explorer plays alone (``role_of``: hero, traitor, alone).
    rated: ClassVar[Rated] = Rated(sides={"hero": "heroes"})

    def _setup(
        self, seats: int, options: HauntOptions, seed: int, rng: random.Random
    ) -> HauntState:
        return new_state(seats, options, seed, rng)

    def _pending(self, state: HauntState) -> list[Prompt]:
        return pending(state)

    def _apply(self, state: HauntState, action: Action, rng: random.Random) -> list[Event]:
        return apply_action(state, action, rng)

    def copy_state(self, state: HauntState) -> HauntState:
        return state.clone()

    def _twin(self, state: HauntState, rng: random.Random, keep: frozenset[int]) -> None:
        make_twin(state, rng, keep)

    def view(self, state: HauntState, seat: int | None) -> PublicView:
        return build_view(state, seat)

    def secrets(self, state: HauntState, seat: int) -> set[str]:
        """After the haunt: the traitor knows the tome, each hero the heroes' shared secret."""
        if state.phase != "haunt":
            return set()
        book = book_of(state, seat)
        return set() if book is None else {book.id}

    def outcome(self, state: HauntState) -> Outcome | None:
        if state.winners is None:
            return None
        scores = {s: (1.0 if s in state.winners else 0.0) for s in range(state.seats)}
        return Outcome(scores=scores, winners=list(state.winners))

    def choose(self, view: Any, prompt: Prompt, rng: random.Random) -> Action:
        assert isinstance(view, SeatView)
        return choose_action(view, prompt, rng)

    def role_of(self, state: HauntState, seat: int) -> str | None:
        """``traitor``, ``hero`` or ``alone`` (a haunt without a traitor); None before the
        haunt."""
        side = state.side_of(seat)
        if not side:
            return None
        return {"traitor": "traitor", "heroes": "hero"}.get(side, "alone")

    def character_of(self, state: HauntState, seat: int) -> str | None:
        return state.seat(seat).explorer or None

    def options_for_conformance(self, seats: int) -> list[HauntOptions | dict[str, Any] | None]:
        """The standard game, then tables that replace haunts: some already played, and a
        table playing only three haunts (choose-another at work on most charts)."""
        return [
            None,
            HauntOptions(played=("drowned-choir", "long-dinner", "salt-wife")),
            HauntOptions(haunts=("moth-queen", "bell-below", "will-of-marrowgate")),
        ]

    def _explain_illegal(self, state: HauntState, action: Action) -> str:
        return f"'{action.kind}' is not one of your options right now."
