"""The Lifeboat game object: the engine contract wired to the rule modules."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from games.core import Action, Event, Game, GameSpec, Outcome, Prompt
from games.lifeboat.actions import ACTION_TYPES
from games.lifeboat.bot import choose_action
from games.lifeboat.cards import hate_card, love_card
from games.lifeboat.dispatch import apply_action
from games.lifeboat.flow import advance
from games.lifeboat.navigation import navigator_secrets
from games.lifeboat.options import Options as LifeboatOptions
from games.lifeboat.prompts import pending
from games.lifeboat.scoring import outcome
from games.lifeboat.setup import new_state
from games.lifeboat.state import LifeboatState
from games.lifeboat.twins import make_twin
from games.lifeboat.views import PublicView, SeatView, build_view


class LifeboatGame(Game[LifeboatState, LifeboatOptions]):
    spec: ClassVar[GameSpec] = GameSpec(
        name="lifeboat", title="Lifeboat", min_players=4, max_players=7
    )
    Options = LifeboatOptions
    State = LifeboatState
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES

    def _setup(
        self, seats: int, options: LifeboatOptions, seed: int, rng: random.Random
    ) -> LifeboatState:
        state = new_state(seats, options, seed, rng)
        advance(state, rng, [])
        return state

    def _pending(self, state: LifeboatState) -> list[Prompt]:
        return pending(state)

    def _apply(self, state: LifeboatState, action: Action, rng: random.Random) -> list[Event]:
        return apply_action(state, action, rng)

    def copy_state(self, state: LifeboatState) -> LifeboatState:
        return state.clone()

    def _twin(self, state: LifeboatState, rng: random.Random, keep: frozenset[int]) -> None:
        make_twin(state, rng, keep)

    def view(self, state: LifeboatState, seat: int | None) -> PublicView:
        return build_view(state, seat)

    def secrets(self, state: LifeboatState, seat: int) -> set[str]:
        if state.stage == "over":
            return set()
        character = state.character_of[seat]
        hidden = {love_card(state.loves[seat]), hate_card(state.hates[seat])}
        hidden.update(state.hand[character])
        if state.picker == character:
            hidden.update(state.packet)
        if state.stage == "rowing" and state.actor == character:
            hidden.update(state.drawn)
        if state.navigator == character:
            hidden.update(navigator_secrets(state))
        return hidden

    def outcome(self, state: LifeboatState) -> Outcome | None:
        return outcome(state)

    def choose(self, view: Any, prompt: Prompt, rng: random.Random) -> Action:
        assert isinstance(view, SeatView)
        return choose_action(view, prompt, rng)

    def character_of(self, state: LifeboatState, seat: int) -> str | None:
        """The seat's character card; Lifeboat has no sides, so no ``role_of``."""
        return state.character_of[seat]

    def options_for_conformance(self, seats: int) -> list[LifeboatOptions | dict[str, Any] | None]:
        """Options that seat ``seats`` players, simplest first, then every variant."""
        if seats == 7:
            return [
                LifeboatOptions(cannibalism=True),
                LifeboatOptions(cannibalism=True, sharks=True, one_card_rowing=True),
                LifeboatOptions(cannibalism=True, quick=True),
            ]
        return [
            None,
            LifeboatOptions(sharks=True),
            LifeboatOptions(one_card_rowing=True),
            LifeboatOptions(quick=True),
            LifeboatOptions(cannibalism=True),
            LifeboatOptions(one_card_rowing=True, sharks=True, quick=True, cannibalism=True),
        ]

    def _explain_illegal(self, state: LifeboatState, action: Action) -> str:
        return (
            f"'{action.kind}' is not one of your options right now "
            f"(Lifeboat is at the {state.stage.replace('_', ' ')} step)."
        )
