"""The Sanguosha game object: the engine contract wired to the rule modules."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from games.core import Action, Event, Game, GameSpec, Outcome, Prompt, Rated, Transition

# Importing the rule modules registers their frame handlers and prompts.
from games.sanguosha import combat, responses, setup, skills_loader, tricks, turn  # noqa: F401
from games.sanguosha.actions import ACTION_TYPES
from games.sanguosha.bot import choose_action
from games.sanguosha.ending import outcome, places
from games.sanguosha.flow import Ctx, dispatch, prompts, run
from games.sanguosha.options import Options as SanguoshaOptions
from games.sanguosha.state import SanguoshaState, clone
from games.sanguosha.twins import make_twin
from games.sanguosha.views import PublicView, SeatView, build_view, secrets
from games.sanguosha.window_pass import keep_table, quiet_pass
from games.sanguosha.zones import forget_shown


class SanguoshaGame(Game[SanguoshaState, SanguoshaOptions]):
    spec: ClassVar[GameSpec] = GameSpec(
        name="sanguosha", title="Sanguosha", min_players=4, max_players=10
    )
    Options = SanguoshaOptions
    State = SanguoshaState
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES
    # The lord and the loyalists are one side, the rebels another; each renegade plays alone.
    rated: ClassVar[Rated] = Rated(sides={"lord": "lord", "loyalist": "lord",
                                          "rebel": "rebels"})

    def _setup(
        self, seats: int, options: SanguoshaOptions, seed: int, rng: random.Random
    ) -> SanguoshaState:
        state = setup.new_state(seats, options, seed, rng)
        run(Ctx(state, rng, []))
        return state

    def _pending(self, state: SanguoshaState) -> list[Prompt]:
        return prompts(state)

    def apply(self, state: SanguoshaState, action: Action) -> Transition:
        # A pass that leaves a Nullification window open is most of a game's moves.
        quick = quiet_pass(state, action, self.pending(state))
        if quick is not None:
            return quick
        transition = super().apply(state, action)
        keep_table(transition.state)
        return transition

    def _apply(self, state: SanguoshaState, action: Action, rng: random.Random) -> list[Event]:
        events: list[Event] = []
        dispatch(Ctx(state, rng, events), action)
        forget_shown(state)
        return events

    def copy_state(self, state: SanguoshaState) -> SanguoshaState:
        return clone(state)

    def _twin(self, state: SanguoshaState, rng: random.Random, keep: frozenset[int]) -> None:
        make_twin(state, rng, keep)

    def view(self, state: SanguoshaState, seat: int | None) -> PublicView:
        return build_view(state, seat)

    def secrets(self, state: SanguoshaState, seat: int) -> set[str]:
        if state.result is not None:
            return set()
        return secrets(state, seat)

    def outcome(self, state: SanguoshaState) -> Outcome | None:
        return outcome(state)

    def choose(self, view: Any, prompt: Prompt, rng: random.Random) -> Action:
        assert isinstance(view, SeatView)
        return choose_action(view, prompt, rng)

    def places(self, state: SanguoshaState, outcome: Outcome) -> dict[int, int]:
        return places(state)

    def role_of(self, state: SanguoshaState, seat: int) -> str | None:
        return state.players[seat].identity

    def character_of(self, state: SanguoshaState, seat: int) -> str | None:
        """The hero the seat played (a hero id: ``zhugeliang``); None in the newcomers' game
        without heroes, or before the seat has taken one."""
        return state.players[seat].hero or None

    def next_options(self, state: SanguoshaState, options: dict[str, Any]
                     ) -> dict[str, Any] | None:
        """The next table of the same seats: first-death protection goes to this table's
        first dead; a league passes the lord to the next seat and carries the points, and
        ends when every seat has been lord."""
        chosen = SanguoshaOptions.model_validate(options)
        update: dict[str, Any] = {}
        if chosen.first_death_protection:
            update["protected_seat"] = state.deaths[0] if state.deaths else None
        if chosen.league:
            if chosen.league_table + 1 >= state.seats:
                return None
            scored = outcome(state)
            scores = scored.scores if scored is not None else {}
            before = chosen.league_points or (0.0,) * state.seats
            update["league_table"] = chosen.league_table + 1
            update["league_points"] = [before[s] + scores.get(s, 0.0)
                                       for s in range(state.seats)]
        return {**options, **update}

    def options_for_conformance(self, seats: int) -> list[SanguoshaOptions | None]:
        return [
            None,
            SanguoshaOptions(ex_cards=True, scoring="fourth_edition"),
            SanguoshaOptions(heroes=False),
            SanguoshaOptions(
                two_renegades=True,
                first_death_protection=True,
                protected_seat=1,
                three_survivor_countdown=True,
            ),
            # Every rule of the older edition at once.
            SanguoshaOptions(
                indulgence_spares_lord=True,
                no_peach_one_on_one=True,
                discard_at_will=True,
                judgement_area_protected=True,
                eight_diagram_hearts=True,
                peach_on_others=True,
            ),
            # The league's last table: the last seat is the lord.
            SanguoshaOptions(league=True, league_table=seats - 1,
                             league_points=(1.0,) * seats, scoring="fourth_edition"),
        ]

    def _explain_illegal(self, state: SanguoshaState, action: Action) -> str:
        return f"'{action.kind}' is not one of your options right now."
