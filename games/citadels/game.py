"""The Citadels game object: setup, the action dispatch and the contract's other verbs."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from games.citadels import actions as a
from games.citadels import building, calling, draft, powers
from games.citadels.bot import choose_action
from games.citadels.cards import BASE_DECK, CHARACTERS, SECOND_KEEP, character_of_card
from games.citadels.context import Context
from games.citadels.options import Options as CitadelsOptions
from games.citadels.prompts import pending
from games.citadels.scoring import final_outcome
from games.citadels.state import CitadelsState
from games.citadels.twins import make_twin
from games.citadels.views import CitadelsView, secrets, view
from games.core import Action, Event, Game, GameSpec, Outcome, Prompt

START_GOLD = 2
START_CARDS = 4


def _pick(ctx: Context, action: a.DraftPick) -> None:
    if draft.pick(ctx, action.seat, action.card):
        calling.begin_calling(ctx)


def _discard(ctx: Context, action: a.DraftDiscard) -> None:
    if draft.discard(ctx, action.seat, action.card):
        calling.begin_calling(ctx)


def _give_crown(ctx: Context, action: a.GiveCrown) -> None:
    powers.give_crown(ctx, action.target)
    if ctx.state.phase == "crown":
        calling.close_round(ctx)


_HANDLERS: dict[type[Action], Callable[[Context, Any], None]] = {
    a.DraftPick: _pick,
    a.DraftDiscard: _discard,
    a.TakeGold: lambda ctx, _: building.take_gold(ctx),
    a.DrawCards: lambda ctx, _: building.draw_cards(ctx),
    a.KeepCard: lambda ctx, act: building.keep_card(ctx, act.card),
    a.Build: lambda ctx, act: building.build(ctx, act.card),
    a.TakeIncome: lambda ctx, _: calling.take_income(ctx),
    a.EndTurn: lambda ctx, _: calling.finish_turn(ctx),
    a.Murder: lambda ctx, act: powers.murder(ctx, act.character),
    a.Rob: lambda ctx, act: powers.rob(ctx, act.character),
    a.MagicianSwap: lambda ctx, act: powers.swap_hands(ctx, act.target),
    a.MagicianDiscard: lambda ctx, act: powers.set_aside(ctx, act.card),
    a.MagicianRedraw: lambda ctx, _: powers.redraw(ctx),
    a.Destroy: lambda ctx, act: powers.destroy(ctx, act.target, act.card),
    a.GraveyardBuyBack: lambda ctx, act: powers.graveyard(ctx, act.accept),
    a.UseLaboratory: lambda ctx, act: building.use_laboratory(ctx, act.card),
    a.UseSmithy: lambda ctx, _: building.use_smithy(ctx),
    a.Bewitch: lambda ctx, act: powers.bewitch(ctx, act.character),
    a.WizardPeek: lambda ctx, act: powers.peek(ctx, act.target),
    a.WizardTake: lambda ctx, act: powers.wizard_take(ctx, act.card, act.build),
    a.GiveCrown: _give_crown,
    a.Tribute: lambda ctx, act: powers.pay_tribute(ctx, act.card),
    a.AbbotCollect: lambda ctx, _: powers.collect_from_richest(ctx),
    a.NavigatorBonus: lambda ctx, act: powers.navigator_bonus(ctx, act.take),
    a.Exchange: lambda ctx, act: powers.exchange(ctx, act.give, act.target, act.take),
    a.Beautify: lambda ctx, act: powers.beautify(ctx, act.card),
}


class Citadels(Game[CitadelsState, CitadelsOptions]):
    spec: ClassVar[GameSpec] = GameSpec(
        name="citadels", title="Citadels", min_players=2, max_players=7
    )
    Options = CitadelsOptions
    State = CitadelsState
    action_types: ClassVar[tuple[type[Action], ...]] = a.ACTION_TYPES

    def _setup(
        self, seats: int, options: CitadelsOptions, seed: int, rng: random.Random
    ) -> CitadelsState:
        lineup = options.resolve_lineup(rng)
        removed: list[str] = []
        if options.removes_rank_1(seats):
            # The seed's three players: the rank-1 character (the Assassin, or the Witch in
            # its place) is out of the game.
            removed = [n for n in lineup if CHARACTERS[n].rank == 1]
            lineup = [n for n in lineup if n not in removed]
        deck = list(BASE_DECK)
        if options.second_keep:
            deck.append(SECOND_KEEP)
        rng.shuffle(deck)
        hands = [deck[i * START_CARDS : (i + 1) * START_CARDS] for i in range(seats)]
        del deck[: seats * START_CARDS]
        state = CitadelsState(
            seed=seed,
            seats=seats,
            options=options,
            characters=lineup,
            removed=removed,
            target=options.target_for(seats),
            crown=rng.randrange(seats),
            gold=[START_GOLD] * seats,
            hands=hands,
            cities=[[] for _ in range(seats)],
            deck=deck,
        )
        draft.start_round(Context(state, rng))
        return state

    def copy_state(self, state: CitadelsState) -> CitadelsState:
        return state.clone()

    def _pending(self, state: CitadelsState) -> list[Prompt]:
        return pending(state)

    def _apply(self, state: CitadelsState, action: Action, rng: random.Random) -> list[Event]:
        ctx = Context(state, rng)
        _HANDLERS[type(action)](ctx, action)
        return ctx.events

    def _twin(self, state: CitadelsState, rng: random.Random, keep: frozenset[int]) -> None:
        make_twin(state, rng, keep)

    def view(self, state: CitadelsState, seat: int | None) -> CitadelsView:
        return view(state, seat)

    def secrets(self, state: CitadelsState, seat: int) -> set[str]:
        return secrets(state, seat)

    def outcome(self, state: CitadelsState) -> Outcome | None:
        if state.phase != "over":
            return None
        return final_outcome(state)

    def choose(self, view: Any, prompt: Prompt, rng: random.Random) -> Action:
        return choose_action(view, prompt, rng)

    def character_of(self, state: CitadelsState, seat: int) -> str | None:
        """The character the seat played in the last round drafted (at the end, the final
        round's, public by then). None when it held two (two or three players: neither alone
        is what the seat played) or none. Citadels has no sides, so no ``role_of``."""
        picks = state.picks[seat] if state.picks else []
        if len(picks) != 1:
            return None
        return character_of_card(picks[0]).name

    def options_for_conformance(self, seats: int) -> list[CitadelsOptions]:
        """The base game first, then variant combinations (expansion characters, random
        picks, a ninth character, the short game, the other two-player target, 66 cards,
        three players with two characters each)."""
        del seats
        return [
            CitadelsOptions(),
            CitadelsOptions(
                rank_1="witch", rank_2="tax_collector", rank_3="wizard", rank_4="emperor",
                rank_5="abbot", rank_6="alchemist", rank_7="navigator", rank_8="diplomat",
                rank_9="queen",
            ),
            CitadelsOptions(rank_9="artist", short_game=True, second_keep=True,
                            three_player_two_characters=True),
            CitadelsOptions(
                rank_1="random", rank_2="random", rank_3="random", rank_4="random",
                rank_5="random", rank_6="random", rank_7="random", rank_8="random",
                rank_9="random", two_player_target=12,
            ),
            CitadelsOptions(rank_1="witch", rank_8="diplomat", rank_9="queen",
                            three_player_two_characters=True),
            CitadelsOptions(rank_2="tax_collector", rank_4="emperor", rank_9="artist"),
        ]

    def _explain_illegal(self, state: CitadelsState, action: Action) -> str:
        prompt = self.prompt_for(state, action.seat)
        if prompt is None:
            return "It is not your turn."
        if state.phase == "draft":
            return "Pick one of the character cards you were passed."
        kinds = {a.kind for a in prompt.actions}
        if action.kind not in kinds:
            return "You cannot do that now; choose one of the offered moves."
        return "That choice is not open to you right now (a target, a card or the gold is wrong)."
