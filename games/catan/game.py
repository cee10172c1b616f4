"""The Catan game object: set-up, the action dispatch and the contract's other verbs."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from games.catan import actions as a
from games.catan import building, development, maritime, robber, setup, trading, turn
from games.catan.bot import choose_action
from games.catan.cards import COLOURS
from games.catan.context import Context
from games.catan.options import Options as CatanOptions
from games.catan.prompts import pending
from games.catan.scoring import final_outcome
from games.catan.state import CatanState
from games.catan.twins import make_twin
from games.catan.views import CatanView, secrets, view
from games.core import Action, Event, Game, GameSpec, Outcome, Prompt


def _discard(ctx: Context, act: a.Discard) -> None:
    robber.commit_discard(ctx, act.seat, act.cards)


_HANDLERS: dict[type[Action], Callable[[Context, Any], None]] = {
    a.PlaceSettlement: lambda ctx, act: setup.settle(ctx, act.seat, act.corner),
    a.PlaceRoad: lambda ctx, act: setup.lay_road(ctx, act.seat, act.edge),
    a.Roll: lambda ctx, _: turn.roll(ctx),
    a.EndTurn: lambda ctx, _: turn.end_turn(ctx),
    a.BuildRoad: lambda ctx, act: building.build_road(ctx, act.seat, act.edge),
    a.BuildSettlement: lambda ctx, act: building.build_settlement(ctx, act.seat, act.corner),
    a.BuildCity: lambda ctx, act: building.build_city(ctx, act.seat, act.corner),
    a.BuyDevelopment: lambda ctx, act: development.buy(ctx, act.seat),
    a.Discard: _discard,
    a.MoveRobber: lambda ctx, act: robber.move_robber(ctx, act.seat, act.hex, act.victim),
    a.PlayKnight: lambda ctx, act: development.play_knight(ctx, act.seat),
    a.PlayRoadBuilding: lambda ctx, act: development.play_road_building(ctx, act.seat),
    a.PlaceFreeRoad: lambda ctx, act: development.place_free_road(ctx, act.seat, act.edge),
    a.PlayYearOfPlenty: lambda ctx, act: development.play_year_of_plenty(ctx, act.seat,
                                                                         act.take),
    a.PlayMonopoly: lambda ctx, act: development.play_monopoly(ctx, act.seat, act.resource),
    a.BankTrade: lambda ctx, act: maritime.trade_with_bank(ctx, act.seat, act.give, act.get),
    a.OfferTrade: lambda ctx, act: trading.make_offer(ctx, act.seat, act.terms),
    a.AnswerTrade: lambda ctx, act: trading.answer(ctx, act.seat, act.accept),
    a.CounterTrade: lambda ctx, act: trading.counter(ctx, act.seat, act.terms),
    a.ConfirmTrade: lambda ctx, act: trading.confirm(ctx, act.seat, act.partner),
    a.WithdrawTrade: lambda ctx, _: trading.close_offer(ctx, "withdrawn"),
}


class Catan(Game[CatanState, CatanOptions]):
    spec: ClassVar[GameSpec] = GameSpec(name="catan", title="Catan", min_players=3,
                                        max_players=4)
    Options = CatanOptions
    State = CatanState
    action_types: ClassVar[tuple[type[Action], ...]] = a.ACTION_TYPES

    def _setup(self, seats: int, options: CatanOptions, seed: int,
               rng: random.Random) -> CatanState:
        return setup.new_game(seats, options, seed, rng)

    def copy_state(self, state: CatanState) -> CatanState:
        return state.clone()

    def _pending(self, state: CatanState) -> list[Prompt]:
        return pending(state)

    def _apply(self, state: CatanState, action: Action, rng: random.Random) -> list[Event]:
        ctx = Context(state, rng)
        _HANDLERS[type(action)](ctx, action)
        if state.phase == "turns" and action.seat == state.current:
            turn.check_win(ctx)
        return ctx.events

    def _twin(self, state: CatanState, rng: random.Random, keep: frozenset[int]) -> None:
        make_twin(state, rng, keep)

    def view(self, state: CatanState, seat: int | None) -> CatanView:
        return view(state, seat)

    def secrets(self, state: CatanState, seat: int) -> set[str]:
        return secrets(state, seat)

    def outcome(self, state: CatanState) -> Outcome | None:
        if state.phase != "over":
            return None
        return final_outcome(state)

    def choose(self, view: Any, prompt: Prompt, rng: random.Random) -> Action:
        assert isinstance(view, CatanView)
        return choose_action(view, prompt, rng)

    def repeats(self, state: CatanState, action: Action) -> bool:
        """The discard a seat has already chosen, chosen again: nothing changes."""
        if not isinstance(action, a.Discard):
            return False
        chosen = robber.chosen_discard(state, action.seat)
        return chosen is not None and set(chosen) == set(action.cards)

    def character_of(self, state: CatanState, seat: int) -> str | None:
        """The colour a seat played (``catan.character.<colour>``): stats by colour."""
        return COLOURS[seat]

    def options_for_conformance(self, seats: int) -> list[CatanOptions]:
        del seats
        return [CatanOptions(), CatanOptions(board="beginner", friendly_robber=True),
                CatanOptions(points_to_win=8, trade_offers=1)]

    def _explain_illegal(self, state: CatanState, action: Action) -> str:
        prompt = self.prompt_for(state, action.seat)
        if prompt is None:
            return "You have nothing to decide right now."
        kinds = {listed.kind for listed in prompt.actions}
        if prompt.pick is not None:
            kinds.add(prompt.pick.template.kind)
        if action.kind not in kinds:
            return "You cannot do that now; choose one of the offered moves."
        if isinstance(action, a.Discard):
            return "Choose exactly the number of your cards you must give back."
        if isinstance(action, a.BuildRoad | a.PlaceRoad | a.PlaceFreeRoad):
            return "A road must join your own roads or buildings, on a free edge."
        if isinstance(action, a.BuildSettlement | a.PlaceSettlement):
            return ("A settlement needs a free corner with no building next to it (and, after "
                    "the set-up, one of your roads leading there).")
        if isinstance(action, a.BuildCity):
            return "A city replaces one of your own settlements."
        if isinstance(action, a.ConfirmTrade):
            return "That player has not accepted your offer."
        return "That choice is not open to you right now."

