"""What each seat may decide right now: one prompt per seat.

A seat the game waits for gets a blocking prompt whose actions are its decision followed by
its free moves; every other awake seat holding cards gets a non-blocking prompt of free moves.
Free-move lists depend only on a few facts and repeat a lot, so they are memoised.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from games.core import Action, Prompt
from games.lifeboat.actions import (
    HAND,
    AllowCannibalism,
    CallSharks,
    ChooseNavigation,
    Done,
    DoNothing,
    FightReady,
    FireFlare,
    GiveCard,
    GiveIn,
    GiveWater,
    JoinFight,
    KeepRowed,
    ObjectCannibalism,
    OpenParasol,
    PickSupply,
    PlayFaceUp,
    Resist,
    Rob,
    Row,
    SpareSwimmers,
    StayOut,
    Swap,
    ThrowChum,
    UseCannibalism,
    UseCompass,
    UseMedkit,
)
from games.lifeboat.cards import card_type
from games.lifeboat.free_moves import giving_allowed
from games.lifeboat.navigation import compass_usable
from games.lifeboat.state import LifeboatState, awake_characters, status_of

PROMPT = "lifeboat.prompt."
FREE_MOVES = PROMPT + "free_moves"

Blocking = tuple[str, list[Action], int, dict[str, Any]]

_FREE_CACHE: dict[tuple[Any, ...], tuple[Action, ...]] = {}
_FREE_CACHE_LIMIT = 100_000


def pending(state: LifeboatState) -> list[Prompt]:
    if state.stage == "over":
        return []
    blocking = _blocking(state)
    awake = awake_characters(state)
    awake_key = tuple(awake)
    giving = giving_allowed(state)
    prompts: list[Prompt] = []
    for seat in range(state.seats):
        character = state.character_of[seat]
        hand = state.hand[character]
        free: tuple[Action, ...] = ()
        if hand and character in awake:
            free = _free_moves(seat, character, tuple(hand), awake_key, giving)
        decision = blocking.get(seat)
        if decision is not None:
            kind, actions, default, params = decision
            prompts.append(
                Prompt(
                    seat=seat,
                    kind=PROMPT + kind,
                    actions=[*actions, *free],
                    blocking=True,
                    default=default,
                    params=params,
                )
            )
        elif free:
            prompts.append(
                Prompt(seat=seat, kind=FREE_MOVES, actions=list(free), blocking=False,
                       default=None)
            )
    return prompts


def _free_moves(
    seat: int, character: str, hand: tuple[str, ...], awake: tuple[str, ...], giving: bool
) -> tuple[Action, ...]:
    key = (seat, character, hand, awake, giving)
    cached = _FREE_CACHE.get(key)
    if cached is not None:
        return cached
    moves: list[Action] = []
    for card in hand:
        if card_type(card) == "preserver":
            moves.extend(PlayFaceUp(seat=seat, card=card, target=t) for t in awake)
        else:
            moves.append(PlayFaceUp(seat=seat, card=card, target=character))
    if giving:
        others = [t for t in awake if t != character]
        for card in hand:
            moves.extend(GiveCard(seat=seat, card=card, target=t) for t in others)
    result = tuple(moves)
    if len(_FREE_CACHE) >= _FREE_CACHE_LIMIT:
        _FREE_CACHE.clear()
    _FREE_CACHE[key] = result
    return result


def _blocking(state: LifeboatState) -> dict[int, Blocking]:
    stage = state.stage
    seat_of = state.seat_of
    if stage == "supply":
        picker = state.picker
        assert picker is not None
        seat = seat_of[picker]
        return {seat: ("pick_supply",
                       [PickSupply(seat=seat, card=c) for c in state.packet], 0, {})}
    if stage == "turn":
        actor = state.actor
        assert actor is not None
        return {seat_of[actor]: ("take_action", _turn_actions(state, actor), 0, {})}
    if stage == "rowing":
        actor = state.actor
        assert actor is not None
        seat = seat_of[actor]
        drawn = state.drawn
        subsets = [
            KeepRowed(seat=seat, cards=kept)
            for size in range(len(drawn), -1, -1)
            for kept in combinations(drawn, size)
        ]
        return {seat: ("keep_rowed", list(subsets), 0, {})}
    if stage == "demand":
        demand = state.demand
        assert demand is not None
        seat = seat_of[demand.target]
        params = {"demand": demand.kind, "attacker": demand.actor, "card": demand.card}
        return {seat: ("answer_demand", [GiveIn(seat=seat), Resist(seat=seat)], 0, params)}
    if stage == "vote":
        assert state.vote is not None and state.demand is not None
        params = {"attacker": state.demand.actor, "body": state.demand.target}
        return {
            seat_of[c]: (
                "cannibalism_vote",
                [AllowCannibalism(seat=seat_of[c]), ObjectCannibalism(seat=seat_of[c])],
                0,
                params,
            )
            for c in state.vote.waiting
        }
    if stage == "fight":
        return _fight_prompts(state)
    if stage == "navigate":
        navigator = state.navigator
        assert navigator is not None
        seat = seat_of[navigator]
        actions: list[Action] = [ChooseNavigation(seat=seat, card=c) for c in state.candidates]
        if compass_usable(state):
            actions.append(UseCompass(seat=seat))
        return {seat: ("navigate", actions, 0, {})}
    if stage == "overboard":
        return _overboard_prompts(state)
    if stage == "thirst":
        return _thirst_prompts(state)
    return {}


def _turn_actions(state: LifeboatState, actor: str) -> list[Action]:
    seat = state.seat_of[actor]
    actions: list[Action] = [DoNothing(seat=seat)]
    if state.navigation:
        actions.append(Row(seat=seat))
    others = [c for c in state.boat if c != actor]
    actions.extend(Swap(seat=seat, target=t) for t in others)
    for target in others:
        actions.extend(Rob(seat=seat, target=target, card=c) for c in state.face_up[target])
        if state.hand[target]:
            actions.append(Rob(seat=seat, target=target, card=HAND))
    for card in state.hand[actor] + state.face_up[actor]:
        kind = card_type(card)
        if kind == "medkit":
            actions.extend(
                UseMedkit(seat=seat, card=card, target=t)
                for t in state.boat
                if state.wounds[t] > 0 and status_of(state, t) != "dead"
            )
        elif kind == "flare":
            actions.append(FireFlare(seat=seat, card=card))
        elif kind == "parasol":
            if not (state.parasol_open_by == actor and card in state.face_up[actor]):
                actions.append(OpenParasol(seat=seat, card=card))
        elif kind == "cannibalism":
            actions.extend(
                UseCannibalism(seat=seat, card=card, body=b)
                for b in state.boat
                if status_of(state, b) == "dead"
            )
    return actions


def _fight_prompts(state: LifeboatState) -> dict[int, Blocking]:
    fight = state.fight
    assert fight is not None
    params = {"attackers": fight.attackers.copy(), "defenders": fight.defenders.copy()}
    result: dict[int, Blocking] = {}
    for character in awake_characters(state):
        if character in fight.ready:
            continue
        seat = state.seat_of[character]
        if character in fight.attackers or character in fight.defenders:
            result[seat] = ("fight", [FightReady(seat=seat)], 0, params)
        else:
            result[seat] = (
                "fight",
                [
                    StayOut(seat=seat),
                    JoinFight(seat=seat, side="attackers"),
                    JoinFight(seat=seat, side="defenders"),
                ],
                0,
                params,
            )
    return result


def _overboard_prompts(state: LifeboatState) -> dict[int, Blocking]:
    window = state.window
    assert window is not None
    params = {"swimmers": window.swimmers.copy()}
    result: dict[int, Blocking] = {}
    for character in window.waiting:
        seat = state.seat_of[character]
        actions: list[Action] = [Done(seat=seat)]
        actions.extend(
            ThrowChum(seat=seat, card=c)
            for c in state.hand[character] + state.face_up[character]
            if card_type(c) == "chum"
        )
        result[seat] = ("overboard", actions, 0, params)
    for ghost in window.ghosts:
        seat = state.seat_of[ghost]
        result[seat] = ("ghost", [SpareSwimmers(seat=seat), CallSharks(seat=seat)], 0, params)
    return result


def _thirst_prompts(state: LifeboatState) -> dict[int, Blocking]:
    window = state.window
    assert window is not None
    params = {"thirst": dict(window.thirst)}
    result: dict[int, Blocking] = {}
    for character in window.waiting:
        seat = state.seat_of[character]
        actions: list[Action] = [Done(seat=seat)]
        actions.extend(
            GiveWater(seat=seat, card=c, target=t)
            for c in state.hand[character] + state.face_up[character]
            if card_type(c) == "water"
            for t in window.thirst
        )
        result[seat] = ("thirst", actions, 0, params)
    return result
