"""Who must decide what right now. One seat at a time: the drafter, the seat playing the
called character, or a seat answering it (the Graveyard's owner, the Emperor's new crown
holder)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.citadels import building, powers
from games.citadels.actions import (
    AbbotCollect,
    Beautify,
    Bewitch,
    Build,
    Destroy,
    DraftDiscard,
    DraftPick,
    DrawCards,
    EndTurn,
    Exchange,
    GiveCrown,
    GraveyardBuyBack,
    KeepCard,
    MagicianDiscard,
    MagicianRedraw,
    MagicianSwap,
    Murder,
    NavigatorBonus,
    Rob,
    TakeGold,
    TakeIncome,
    Tribute,
    UseLaboratory,
    UseSmithy,
    WizardPeek,
    WizardTake,
)
from games.citadels.cards import CHARACTERS
from games.citadels.state import CitadelsState
from games.core import Action, Prompt
from games.core.made import made
from games.core.model import assembled_prompt

PREFIX = "citadels.prompt."


def _prompt(seat: int, stage: str, actions: list[Action], *, default: int | None = 0,
            params: dict[str, Any] | None = None) -> Prompt:
    # Built without validation: the prompts are worked out again for every new state.
    return assembled_prompt(seat, PREFIX + stage, actions, default=default, params=params)


def pending(state: CitadelsState) -> list[Prompt]:
    if state.phase == "over":
        return []
    if state.phase == "draft":
        return [_draft_prompt(state)]
    if state.phase == "crown":
        giver = state.crown_giver
        assert giver is not None
        actions: list[Action] = [
            made(GiveCrown, seat=giver, target=t) for t in powers.give_crown_targets(state)
        ]
        return [_prompt(giver, "give_crown", actions)]
    return [_turn_prompt(state)]


def _draft_prompt(state: CitadelsState) -> Prompt:
    seat, move = state.draft_steps[0]
    if move == "discard":
        actions: list[Action] = [made(DraftDiscard, seat=seat, card=c) for c in state.draft_pool]
        return _prompt(seat, "draft_discard", actions)
    actions = [made(DraftPick, seat=seat, card=c) for c in state.draft_pool]
    return _prompt(seat, "draft_pick", actions,
                   params={"face_down_offered": move == "pick_with_face_down"})


def _turn_prompt(state: CitadelsState) -> Prompt:
    turn = building.current(state)
    actor = turn.actor
    params = {"character": turn.character, "rank": CHARACTERS[turn.character].rank}
    stage = turn.stage
    actions: list[Action]
    if stage == "keep":
        actions = [made(KeepCard, seat=actor, card=c) for c in turn.drawn]
        params["keep"] = turn.keep_left
        return _prompt(actor, "keep", actions, params=params)
    if stage == "redraw":
        actions = [
            made(MagicianDiscard, seat=actor, card=c) for c in powers.magician_discards(state)
        ]
        actions.append(made(MagicianRedraw, seat=actor))
        params["set_aside"] = len(turn.set_aside)
        return _prompt(actor, "magician_redraw", actions, default=len(actions) - 1,
                       params=params)
    if stage == "peek":
        actions = [
            made(WizardTake, seat=actor, card=card, build=now)
            for card, now in powers.wizard_take_options(state)
        ]
        params["target"] = turn.peek_target
        return _prompt(actor, "wizard_take", actions, params=params)
    if stage == "graveyard":
        keeper = turn.graveyard_seat
        assert keeper is not None
        actions = [
            made(GraveyardBuyBack, seat=keeper, accept=False),
            made(GraveyardBuyBack, seat=keeper, accept=True),
        ]
        params["card"] = turn.graveyard_card
        return _prompt(keeper, "graveyard", actions, params=params)
    if stage == "tribute":
        payer = turn.tribute_seat
        assert payer is not None
        actions = [made(Tribute, seat=payer, card=c) for c in powers.tribute_options(state)]
        params["to"] = actor
        return _prompt(payer, "tribute", actions, params=params)
    if stage == "gather":
        actions = [made(TakeGold, seat=actor)]
        if state.deck:
            actions.append(made(DrawCards, seat=actor))
        if not turn.gather_only:
            actions.extend(_powers(state, actor))
        return _prompt(actor, "gather", actions, params=params)
    # the main part of the turn
    actions = [made(Build, seat=actor, card=c) for c in building.buildable(state)]
    actions.extend(_powers(state, actor))
    actions.extend(made(Bewitch, seat=actor, character=n) for n in powers.bewitch_targets(state))
    actions.extend(
        made(NavigatorBonus, seat=actor, take=t) for t in powers.navigator_options(state)
    )
    actions.extend(
        made(Destroy, seat=actor, target=t, card=c) for t, c in powers.destroy_options(state)
    )
    actions.extend(
        made(Exchange, seat=actor, give=g, target=t, take=c)
        for g, t, c in powers.exchange_options(state)
    )
    default = 0
    if not powers.must_give_crown(state):
        default = len(actions)
        actions.append(made(EndTurn, seat=actor))
    else:
        default = next(i for i, a in enumerate(actions) if isinstance(a, GiveCrown))
    return _prompt(actor, "turn", actions, default=default, params=params)


def _powers(state: CitadelsState, actor: int) -> list[Action]:
    """What the seat may do at any time of its turn, before or after the gather."""
    turn = building.current(state)
    actions: list[Action] = []
    if not turn.income_taken and CHARACTERS[turn.character].income is not None:
        actions.append(made(TakeIncome, seat=actor))
    own_powers = _ANY_TIME_POWERS.get(turn.character)
    if own_powers is not None:
        actions.extend(own_powers(state, actor))
    actions.extend(
        made(UseLaboratory, seat=actor, card=c) for c in building.laboratory_cards(state)
    )
    if building.smithy_open(state):
        actions.append(made(UseSmithy, seat=actor))
    return actions


def _assassin(state: CitadelsState, actor: int) -> list[Action]:
    return [made(Murder, seat=actor, character=n) for n in powers.murder_targets(state)]


def _thief(state: CitadelsState, actor: int) -> list[Action]:
    return [made(Rob, seat=actor, character=n) for n in powers.rob_targets(state)]


def _magician(state: CitadelsState, actor: int) -> list[Action]:
    actions: list[Action] = [
        made(MagicianSwap, seat=actor, target=t) for t in powers.swap_targets(state)
    ]
    actions.extend(
        made(MagicianDiscard, seat=actor, card=c) for c in powers.magician_discards(state)
    )
    return actions


def _wizard(state: CitadelsState, actor: int) -> list[Action]:
    return [made(WizardPeek, seat=actor, target=t) for t in powers.peek_targets(state)]


def _emperor(state: CitadelsState, actor: int) -> list[Action]:
    return [made(GiveCrown, seat=actor, target=t) for t in powers.give_crown_targets(state)]


def _abbot(state: CitadelsState, actor: int) -> list[Action]:
    return [made(AbbotCollect, seat=actor)] if powers.abbot_open(state) else []


def _artist(state: CitadelsState, actor: int) -> list[Action]:
    return [made(Beautify, seat=actor, card=c) for c in powers.beautify_options(state)]


_ANY_TIME_POWERS: dict[str, Callable[[CitadelsState, int], list[Action]]] = {
    "assassin": _assassin,
    "thief": _thief,
    "magician": _magician,
    "wizard": _wizard,
    "emperor": _emperor,
    "abbot": _abbot,
    "artist": _artist,
}
