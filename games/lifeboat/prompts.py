"""What each seat may decide right now: one prompt per seat.

A seat the game waits for gets a blocking prompt whose actions are its decision followed by
its free moves; every other awake seat holding cards gets a non-blocking prompt of free moves.
Free-move lists depend only on a few facts and repeat a lot, so they are memoised.
"""

from __future__ import annotations

from collections.abc import Callable
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
    offer,
)
from games.lifeboat.cards import card_type
from games.lifeboat.fast import build
from games.lifeboat.free_moves import giving_allowed
from games.lifeboat.navigation import compass_usable
from games.lifeboat.state import LifeboatState, awake_characters, status_of

PROMPT = "lifeboat.prompt."
FREE_MOVES = PROMPT + "free_moves"

Made = tuple[list[Action], int, dict[str, Any]]  # the actions, the default, the params
# A seat's decision: its prompt kind, a key naming everything ``make`` would build (prompts
# with a key are memoised together with the seat's free moves), and how to build it.
Blocking = tuple[str, tuple[Any, ...] | None, Callable[[], Made]]

# Keyed by everything a free-move list depends on: (seat, character, hand, awake, giving).
_FREE_MOVES: dict[tuple[Any, ...], tuple[Action, ...]] = {}
_CARD_MOVES: dict[tuple[Any, ...], tuple[Action, ...]] = {}
_WATER_OFFERS: dict[tuple[Any, ...], tuple[Action, ...]] = {}
_FREE_PROMPTS: dict[tuple[Any, ...], Prompt] = {}
_MERGED: dict[tuple[Any, ...], Prompt] = {}
_CACHE_LIMIT = 50_000


def pending(state: LifeboatState) -> list[Prompt]:
    if state.stage == "over":
        return []
    blocking = _blocking(state)
    wounds = state.wounds
    sizes = state.sizes
    aboard = state.boat
    # Free moves list targets in the fixed starting order, so swaps do not defeat the cache.
    awake_key = tuple([c for c in state.characters if c in aboard and wounds[c] < sizes[c]])
    giving = giving_allowed(state)
    hands = state.hand
    prompts: list[Prompt] = []
    for seat, character in enumerate(state.character_of):
        hand = hands[character]
        free: tuple[Action, ...] = ()
        free_key: tuple[Any, ...] = ()
        if hand and character in awake_key:
            free_key = (seat, character, tuple(hand), awake_key, giving)
            free = _FREE_MOVES.get(free_key) or _free_moves(free_key)
        decision = blocking.get(seat)
        if decision is not None:
            kind, key, make = decision
            merged_key = (key, free_key) if key is not None else None
            prompt = _MERGED.get(merged_key) if merged_key is not None else None
            if prompt is None:
                actions, default, params = make()
                if free:
                    actions = actions + list(free)
                # Built without re-validation: every action here is already a validated model.
                prompt = build(
                    Prompt,
                    {
                        "seat": seat,
                        "kind": PROMPT + kind,
                        "actions": actions,
                        "blocking": True,
                        "default": default,
                        "params": params,
                    },
                )
                if merged_key is not None:
                    _remember(_MERGED, merged_key, prompt)
            prompts.append(prompt)
        elif free:
            prompts.append(_FREE_PROMPTS.get(free_key) or _free_prompt(free_key, free))
    return prompts


def _free_prompt(key: tuple[Any, ...], free: tuple[Action, ...]) -> Prompt:
    prompt = _FREE_PROMPTS.get(key)
    if prompt is None:
        prompt = build(
            Prompt,
            {
                "seat": key[0],
                "kind": FREE_MOVES,
                "actions": list(free),
                "blocking": False,
                "default": None,
                "params": {},
            },
        )
        _remember(_FREE_PROMPTS, key, prompt)
    return prompt


def _free_moves(key: tuple[Any, ...]) -> tuple[Action, ...]:
    cached = _FREE_MOVES.get(key)
    if cached is None:
        seat, character, hand, awake, giving = key
        cached = tuple(
            move
            for card in hand
            for move in _card_moves((seat, character, card, awake, giving))
        )
        _remember(_FREE_MOVES, key, cached)
    return cached


def _card_moves(key: tuple[Any, ...]) -> tuple[Action, ...]:
    """Playing one hand card face up, and (when allowed) giving it to each awake character."""
    cached = _CARD_MOVES.get(key)
    if cached is None:
        seat, character, card, awake, giving = key
        moves: list[Action] = []
        if card_type(card) == "preserver":
            moves.extend(offer(PlayFaceUp, seat, card, t) for t in awake)
        else:
            moves.append(offer(PlayFaceUp, seat, card, character))
        if giving:
            moves.extend(offer(GiveCard, seat, card, t) for t in awake if t != character)
        cached = tuple(moves)
        _remember(_CARD_MOVES, key, cached)
    return cached


def _remember(cache: dict[tuple[Any, ...], Any], key: tuple[Any, ...], value: Any) -> None:
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[key] = value


def _made(actions: list[Action], params: dict[str, Any] | None = None) -> Callable[[], Made]:
    return lambda: (actions, 0, params or {})


def _blocking(state: LifeboatState) -> dict[int, Blocking]:
    stage = state.stage
    seat_of = state.seat_of
    if stage == "supply":
        picker = state.picker
        assert picker is not None
        seat = seat_of[picker]
        packet = tuple(state.packet)
        return {seat: ("pick_supply", ("supply", seat, packet),
                       lambda: ([offer(PickSupply, seat, c) for c in packet], 0, {}))}
    if stage == "turn":
        actor = state.actor
        assert actor is not None
        return {seat_of[actor]: ("take_action", None, _made(_turn_actions(state, actor)))}
    if stage == "rowing":
        actor = state.actor
        assert actor is not None
        seat = seat_of[actor]
        drawn = tuple(state.drawn)
        return {seat: ("keep_rowed", ("rowing", seat, drawn),
                       lambda: (_row_subsets(seat, drawn), 0, {}))}
    if stage == "demand":
        demand = state.demand
        assert demand is not None
        seat = seat_of[demand.target]
        params = {"demand": demand.kind, "attacker": demand.actor, "card": demand.card}
        key = ("demand", seat, demand.kind, demand.actor, demand.card)
        return {seat: ("answer_demand", key,
                       _made([offer(GiveIn, seat), offer(Resist, seat)], params))}
    if stage == "vote":
        assert state.vote is not None and state.demand is not None
        params = {"attacker": state.demand.actor, "body": state.demand.target}
        return {
            seat_of[c]: (
                "cannibalism_vote",
                None,
                _made([offer(AllowCannibalism, seat_of[c]), offer(ObjectCannibalism, seat_of[c])],
                      params),
            )
            for c in state.vote.waiting
        }
    if stage == "fight":
        return _fight_prompts(state)
    if stage == "navigate":
        navigator = state.navigator
        assert navigator is not None
        seat = seat_of[navigator]
        actions: list[Action] = [offer(ChooseNavigation, seat, c) for c in state.candidates]
        if compass_usable(state):
            actions.append(offer(UseCompass, seat))
        return {seat: ("navigate", None, _made(actions))}
    if stage == "overboard":
        return _overboard_prompts(state)
    if stage == "thirst":
        return _thirst_prompts(state)
    return {}


def _row_subsets(seat: int, drawn: tuple[str, ...]) -> list[Action]:
    """Every subset of the drawn cards to keep, all of them first."""
    return [
        offer(KeepRowed, seat, kept)
        for size in range(len(drawn), -1, -1)
        for kept in combinations(drawn, size)
    ]


def _turn_actions(state: LifeboatState, actor: str) -> list[Action]:
    seat = state.seat_of[actor]
    actions: list[Action] = [offer(DoNothing, seat)]
    if state.navigation:
        actions.append(offer(Row, seat))
    others = [c for c in state.boat if c != actor]
    actions.extend(offer(Swap, seat, t) for t in others)
    for target in others:
        actions.extend(offer(Rob, seat, target, c) for c in state.face_up[target])
        if state.hand[target]:
            actions.append(offer(Rob, seat, target, HAND))
    for card in state.hand[actor] + state.face_up[actor]:
        kind = card_type(card)
        if kind == "medkit":
            actions.extend(
                offer(UseMedkit, seat, card, t)
                for t in state.boat
                if state.wounds[t] > 0 and status_of(state, t) != "dead"
            )
        elif kind == "flare":
            actions.append(offer(FireFlare, seat, card))
        elif kind == "parasol":
            if not (state.parasol_open_by == actor and card in state.face_up[actor]):
                actions.append(offer(OpenParasol, seat, card))
        elif kind == "cannibalism":
            actions.extend(
                offer(UseCannibalism, seat, card, b)
                for b in state.boat
                if status_of(state, b) == "dead"
            )
    return actions


def _fight_prompts(state: LifeboatState) -> dict[int, Blocking]:
    fight = state.fight
    assert fight is not None
    sides = (tuple(fight.attackers), tuple(fight.defenders))
    params = {"attackers": fight.attackers.copy(), "defenders": fight.defenders.copy()}
    result: dict[int, Blocking] = {}
    for character in awake_characters(state):
        if character in fight.ready:
            continue
        seat = state.seat_of[character]
        if character in fight.attackers or character in fight.defenders:
            result[seat] = ("fight", ("fight", seat, True, sides),
                            _made([offer(FightReady, seat)], params))
        else:
            result[seat] = (
                "fight",
                ("fight", seat, False, sides),
                _made(
                    [
                        offer(StayOut, seat),
                        offer(JoinFight, seat, "attackers"),
                        offer(JoinFight, seat, "defenders"),
                    ],
                    params,
                ),
            )
    return result


def _overboard_prompts(state: LifeboatState) -> dict[int, Blocking]:
    window = state.window
    assert window is not None
    swimmers = tuple(window.swimmers)
    params = {"swimmers": window.swimmers.copy()}
    result: dict[int, Blocking] = {}
    for character in window.waiting:
        seat = state.seat_of[character]
        chums = tuple(
            c for c in state.hand[character] + state.face_up[character]
            if card_type(c) == "chum"
        )
        actions: list[Action] = [offer(Done, seat), *(offer(ThrowChum, seat, c) for c in chums)]
        result[seat] = ("overboard", ("overboard", seat, chums, swimmers), _made(actions, params))
    for ghost in window.ghosts:
        seat = state.seat_of[ghost]
        result[seat] = (
            "ghost",
            ("ghost", seat, swimmers),
            _made([offer(SpareSwimmers, seat), offer(CallSharks, seat)], params),
        )
    return result


def _thirst_prompts(state: LifeboatState) -> dict[int, Blocking]:
    window = state.window
    assert window is not None
    params = {"thirst": dict(window.thirst)}
    thirsty = tuple(window.thirst)
    counts = tuple(window.thirst.items())
    result: dict[int, Blocking] = {}
    for character in window.waiting:
        seat = state.seat_of[character]
        waters = tuple(
            c for c in state.hand[character] + state.face_up[character]
            if card_type(c) == "water"
        )
        offers = _water_offers((seat, waters, thirsty))
        result[seat] = ("thirst", ("thirst", seat, waters, counts),
                        _made(list(offers), params))
    return result


def _water_offers(key: tuple[Any, ...]) -> tuple[Action, ...]:
    """Done, then each Water to each thirsty character (memoised: windows repeat a lot)."""
    cached = _WATER_OFFERS.get(key)
    if cached is None:
        seat, waters, thirsty = key
        cached = (
            offer(Done, seat),
            *(offer(GiveWater, seat, card, target) for card in waters for target in thirsty),
        )
        _remember(_WATER_OFFERS, key, cached)
    return cached
