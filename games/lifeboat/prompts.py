"""What each seat may decide right now: one prompt per seat.

A seat the game waits for gets a blocking prompt whose actions are its decision followed by
its free moves; every other awake seat holding cards gets a non-blocking prompt of free moves.
Free-move lists depend only on a few facts and repeat a lot, so they are memoised.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations
from typing import Any

from games.core import Action, Prompt
from games.core.memo import Memo
from games.core.model import assembled_prompt
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
from games.lifeboat.cards import START_ORDER, card_type
from games.lifeboat.free_moves import giving_allowed
from games.lifeboat.navigation import compass_usable
from games.lifeboat.state import LifeboatState, awake_characters, status_of

PROMPT = "lifeboat.prompt."
FREE_MOVES = PROMPT + "free_moves"

Made = tuple[list[Action], int, dict[str, Any]]  # the actions, the default, the params
# A seat's decision: its prompt kind, a key naming everything ``make`` would build (prompts
# with a key are memoised together with the seat's free moves), and how to build it.
Blocking = tuple[str, tuple[Any, ...] | None, Callable[[], Made]]

# Free moves are memoised by everything they depend on: (seat, character, hand, awake, giving),
# with the awake characters as a bitmask (``_awake_mask``) so that keys hash cheaply: every
# seat's key is looked up on every new state.
FreeKey = tuple[int, str, tuple[str, ...], int, bool]
# Most entries are never met again outside their own match (a hand is rarely dealt twice), so
# a table only needs the recent ones: at 1,000 live matches a limit of 10,000 missed 3% more
# often than 50,000, and left the bot's periodic full collection half the objects to walk.
_CACHE_LIMIT = 10_000
_FREE_MOVES: Memo[FreeKey, FreeMoves] = Memo(_CACHE_LIMIT)
_CARD_MOVES: Memo[tuple[Any, ...], tuple[Action, ...]] = Memo(_CACHE_LIMIT)
_WATER_OFFERS: Memo[tuple[Any, ...], tuple[Action, ...]] = Memo(_CACHE_LIMIT)
_MERGED: Memo[tuple[Any, ...], Prompt] = Memo(_CACHE_LIMIT)

# One bit per character, in the fixed starting order.
_BIT: dict[str, int] = {c: 1 << i for i, c in enumerate(START_ORDER)}


class FreeMoves:
    """One seat's free moves for one key, and (built when first needed) the non-blocking
    prompt offering them."""

    __slots__ = ("moves", "prompt")

    def __init__(self, moves: tuple[Action, ...]) -> None:
        self.moves = moves
        self.prompt: Prompt | None = None

    def free_prompt(self, seat: int) -> Prompt:
        if self.prompt is None:
            self.prompt = assembled_prompt(seat, FREE_MOVES, list(self.moves), blocking=False,
                                           default=None)
        return self.prompt


def pending(state: LifeboatState) -> list[Prompt]:
    fields = state.__dict__
    if fields["stage"] == "over":
        return []
    blocking = _blocking(state)
    awake = _awake_mask(fields)
    giving = giving_allowed(state)
    hands = fields["hand"]
    known = _FREE_MOVES.get
    prompts: list[Prompt] = []
    for seat, character in enumerate(fields["character_of"]):
        hand = hands[character]
        free: FreeMoves | None = None
        free_key: FreeKey | None = None
        if hand and awake & _BIT[character]:
            free_key = (seat, character, tuple(hand), awake, giving)
            free = known(free_key) or _free_moves(free_key)
        decision = blocking.get(seat)
        if decision is not None:
            prompts.append(_blocking_prompt(seat, decision, free, free_key))
        elif free is not None:
            prompts.append(free.free_prompt(seat))
    return prompts


def _awake_mask(fields: dict[str, Any]) -> int:
    """The awake characters aboard (``fields``: the state's) as a bitmask; free moves list
    their targets in the fixed starting order (``_awake_in_order``), so swapping places does
    not defeat the cache."""
    wounds = fields["wounds"]
    sizes = fields["sizes"]
    bit = _BIT
    mask = 0
    for character in fields["boat"]:
        if wounds[character] < sizes[character]:
            mask |= bit[character]
    return mask


@lru_cache(maxsize=1 << 12)
def _awake_in_order(mask: int) -> tuple[str, ...]:
    return tuple([c for c in START_ORDER if mask & _BIT[c]])


def _blocking_prompt(
    seat: int, decision: Blocking, free: FreeMoves | None, free_key: FreeKey | None
) -> Prompt:
    """A seat's decision followed by its free moves (memoised together when the decision
    has a key)."""
    kind, key, make = decision
    merged_key = (key, free_key) if key is not None else None
    if merged_key is not None:
        prompt = _MERGED.get(merged_key)
        if prompt is not None:
            return prompt
    actions, default, params = make()
    if free is not None:
        actions = actions + list(free.moves)
    # Built without re-validation: every action here is already a validated model.
    prompt = assembled_prompt(seat, PROMPT + kind, actions, default=default, params=params)
    if merged_key is not None:
        _MERGED.remember(merged_key, prompt)
    return prompt


def _free_moves(key: FreeKey) -> FreeMoves:
    seat, character, hand, awake, giving = key
    targets = _awake_in_order(awake)
    known = _CARD_MOVES.get
    moves: list[Action] = []
    for card in hand:
        card_key = (seat, character, card, targets, giving)
        moves.extend(known(card_key) or _card_moves(card_key))
    entry = FreeMoves(tuple(moves))
    _FREE_MOVES.remember(key, entry)
    return entry


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
        _CARD_MOVES.remember(key, cached)
    return cached


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
    boat = state.boat
    face_up = state.face_up
    hand = state.hand
    others = [c for c in boat if c != actor]
    actions.extend([offer(Swap, seat, t) for t in others])
    for target in others:
        actions.extend([offer(Rob, seat, target, c) for c in face_up[target]])
        if hand[target]:
            actions.append(offer(Rob, seat, target, HAND))
    for card in hand[actor] + face_up[actor]:
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
    """Each seat is asked only what it may answer: a fighter plays weapons and says it is
    ready (its side is fixed); an onlooker joins a side or stays out."""
    fight = state.fight
    assert fight is not None
    sides = (tuple(fight.attackers), tuple(fight.defenders))
    result: dict[int, Blocking] = {}
    for character in awake_characters(state):
        if character in fight.ready:
            continue
        seat = state.seat_of[character]
        side = ("attackers" if character in fight.attackers
                else "defenders" if character in fight.defenders else None)
        params: dict[str, Any] = {"attackers": fight.attackers.copy(),
                                  "defenders": fight.defenders.copy()}
        if side is not None:
            params["side"] = side
            result[seat] = ("fight_member", ("fight_member", seat, side, sides),
                            _made([offer(FightReady, seat)], params))
        else:
            result[seat] = (
                "fight_bystander",
                ("fight_bystander", seat, sides),
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
        _WATER_OFFERS.remember(key, cached)
    return cached
