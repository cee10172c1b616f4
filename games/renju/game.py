"""The Renju game object: the engine contract wired to the rule modules."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from games.core import Action, Event, Game, GameSpec, Outcome, Prompt, Transition
from games.renju.actions import ACTION_TYPES, Keep, Offer, Place
from games.renju.bot import choose_action
from games.renju.bot_strength import LEVELS, Strength
from games.renju.flow import apply_action
from games.renju.legality import refusal
from games.renju.options import Options as RenjuOptions
from games.renju.prompts import pending
from games.renju.state import RenjuState, colour_of
from games.renju.views import PublicView, SeatView, build_view


class RenjuGame(Game[RenjuState, RenjuOptions]):
    spec: ClassVar[GameSpec] = GameSpec(name="renju", title="Renju", min_players=2,
                                        max_players=2)
    Options = RenjuOptions
    State = RenjuState
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES
    # Every stone is on the table for all to see: a twin is the state itself, re-seeded.
    hidden_information: ClassVar[bool] = False
    # Its bot's threat searches take tens to hundreds of milliseconds a move.
    bot_searches: ClassVar[bool] = True

    def __init__(self, bot: Strength | None = None) -> None:
        super().__init__()
        # How hard the built-in bot thinks: by default the table's ``bot_level`` (read from
        # the bot's view); tests and benches may hand a fixed ``Strength`` (``QUICK`` for
        # those not about its play, games.renju.bot_strength).
        self.bot = bot

    def _setup(self, seats: int, options: RenjuOptions, seed: int, rng: random.Random
               ) -> RenjuState:
        stage = "open" if options.opening == "designated" else "play"
        return RenjuState(seed=seed, seats=seats, options=options, stage=stage)

    def apply(self, state: RenjuState, action: Action) -> Transition:
        # A point that is not offered is refused with its reason (taken, forbidden, off the
        # board) rather than the general "not one of your options".
        if isinstance(action, Place | Offer | Keep):
            prompt = self.prompt_for(state, action.seat)
            if prompt is not None and not prompt.offers(action) and \
                    type(action) in {type(a) for a in prompt.actions}:
                raise refusal(state, action.point)
        return super().apply(state, action)

    def copy_state(self, state: RenjuState) -> RenjuState:
        # The board is a string and the options are frozen: only the three lists need copies
        # (the generic deep copy walks every field and costs more than the move itself).
        copied = state.model_copy()
        fields = copied.__dict__
        for key in ("moves", "offers", "line"):
            fields[key] = list(fields[key])
        copied.forget_pending()
        return copied

    def _pending(self, state: RenjuState) -> list[Prompt]:
        return pending(state)

    def _apply(self, state: RenjuState, action: Action, rng: random.Random) -> list[Event]:
        return apply_action(state, action)

    def view(self, state: RenjuState, seat: int | None) -> PublicView:
        return build_view(state, seat)

    def secrets(self, state: RenjuState, seat: int) -> set[str]:
        return set()

    def outcome(self, state: RenjuState) -> Outcome | None:
        if state.stage != "over":
            return None
        if state.winner is None:
            return Outcome(scores={0: 0.5, 1: 0.5}, winners=[])
        return Outcome(scores={state.winner: 1.0, 1 - state.winner: 0.0},
                       winners=[state.winner])

    def choose(self, view: Any, prompt: Prompt, rng: random.Random) -> Action:
        assert isinstance(view, SeatView)
        return choose_action(view, prompt, rng, self.bot or LEVELS[view.bot_level])

    def role_of(self, state: RenjuState, seat: int) -> str | None:
        return "black" if colour_of(state, seat) == "x" else "white"

    def options_for_conformance(self, seats: int) -> list[dict[str, Any] | None]:
        # The first, the standard table with normal bots, is the golden playthrough's: its
        # bots' game costs the suite a few seconds where the strong bots' costs forty.
        return [{"bot_level": "normal"}, {"opening": "free"}, {"forbidden_move": "loses"},
                {"opening": "free", "forbidden_move": "loses", "bot_level": "easy"}]

    def _explain_illegal(self, state: RenjuState, action: Action) -> str:
        return f"'{action.kind}' is not one of your options right now ({state.stage} step)."


