"""The Zombie in My Pocket game object: the engine contract wired to the rule modules."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from games.core import NOT_RATED, Action, Event, Game, GameSpec, Outcome, Prompt, Rated
from games.zombie.actions import ACTION_TYPES, Commit
from games.zombie.bot import choose_action
from games.zombie.dispatch import apply_action
from games.zombie.fight import commitment_id
from games.zombie.flow import advance
from games.zombie.options import Options as ZombieOptions
from games.zombie.prompts import pending
from games.zombie.scoring import outcome
from games.zombie.setup import new_state
from games.zombie.state import ZombieState, clone
from games.zombie.twins import make_twin
from games.zombie.views import PublicView, SeatView, build_view, own_answer


class ZombieGame(Game[ZombieState, ZombieOptions]):
    spec: ClassVar[GameSpec] = GameSpec(
        name="zombie", title="Zombie in My Pocket", min_players=1, max_players=8
    )
    Options = ZombieOptions
    State = ZombieState
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES
    # Cooperative: the table wins or loses together against the zombies, so no rating moves.
    rated: ClassVar[Rated] = NOT_RATED

    def _setup(
        self, seats: int, options: ZombieOptions, seed: int, rng: random.Random
    ) -> ZombieState:
        state = new_state(seats, options, seed, rng)
        advance(state, rng, [])
        return state

    def _pending(self, state: ZombieState) -> list[Prompt]:
        return pending(state)

    def _apply(self, state: ZombieState, action: Action, rng: random.Random) -> list[Event]:
        return apply_action(state, action, rng)

    def copy_state(self, state: ZombieState) -> ZombieState:
        return clone(state)

    def _twin(self, state: ZombieState, rng: random.Random, keep: frozenset[int]) -> None:
        make_twin(state, rng, keep)

    def view(self, state: ZombieState, seat: int | None) -> PublicView:
        return build_view(state, seat)

    def secrets(self, state: ZombieState, seat: int) -> set[str]:
        answer = own_answer(state, seat)
        window = state.windows.top
        if answer is None or window is None:
            return set()
        return {commitment_id(window.serial, seat, answer)}

    def outcome(self, state: ZombieState) -> Outcome | None:
        return outcome(state)

    def repeats(self, state: ZombieState, action: Action) -> bool:
        """Fight or flee again, as already answered: the answer stands unchanged."""
        return isinstance(action, Commit) and own_answer(state, action.seat) == action.choice

    def choose(self, view: Any, prompt: Prompt, rng: random.Random) -> Action:
        assert isinstance(view, SeatView)
        return choose_action(view, prompt, rng)

    def _explain_illegal(self, state: ZombieState, action: Action) -> str:
        return (
            f"'{action.kind}' is not one of your options right now "
            f"(the team is at the {state.stage.replace('_', ' ')} step)."
        )
