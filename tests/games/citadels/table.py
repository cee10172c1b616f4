"""Building Citadels positions for scenario tests, and driving them one action at a time.

A test sets up a game, arranges cities, hands and gold on the state, then deals characters
directly (``deal``) instead of playing the draft, and plays on through the real engine. The
arranging helpers own what they change (games/core/lending.py), so that arranging a state
played to leaves the states before it alone.
"""

from __future__ import annotations

import random
from typing import Any

from games.citadels import GAME
from games.citadels.actions import DraftPick, KeepCard
from games.citadels.calling import begin_calling
from games.citadels.cards import character_card, district_id
from games.citadels.context import Context
from games.citadels.options import Options
from games.citadels.state import CitadelsState
from games.core import Action, Event, Prompt


def new_game(seats: int = 4, seed: int = 0, **options: Any) -> CitadelsState:
    return GAME.setup(seats, Options(**options), seed=seed)


def card(name: str, number: int = 1) -> str:
    """The id of a district card: ``card("temple", 2)`` is ``district-temple-2``."""
    return district_id(name, number)


def _take_out(state: CitadelsState, card_id: str) -> None:
    if card_id in state.deck:
        state.own_list("deck").remove(card_id)
    for seat in range(state.seats):
        if card_id in state.hands[seat]:
            state.own_hand(seat).remove(card_id)
        if card_id in state.cities[seat]:
            state.own_city(seat).remove(card_id)


def give_city(state: CitadelsState, seat: int, *cards: str, built_round: int = 0) -> None:
    for c in cards:
        _take_out(state, c)
        state.own_city(seat).append(c)
        state.own_built_round()[c] = built_round


def give_hand(state: CitadelsState, seat: int, *cards: str) -> None:
    for c in cards:
        _take_out(state, c)
        state.own_hand(seat).append(c)


def set_hand(state: CitadelsState, seat: int, *cards: str) -> None:
    state.own_list("deck").extend(state.hands[seat])
    state.own("hands")[seat] = []
    give_hand(state, seat, *cards)


def put_on_deck(state: CitadelsState, *cards: str) -> None:
    """These cards on top of the deck, first one drawn first."""
    for c in cards:
        _take_out(state, c)
    state.own_list("deck")[:0] = list(cards)


def deal(
    state: CitadelsState,
    roles: dict[int, list[str] | str],
    face_up: tuple[str, ...] = (),
) -> tuple[CitadelsState, list[Event]]:
    """Skip the draft: give each seat these characters and start calling them."""
    state = state.clone()
    state.picks = [[] for _ in range(state.seats)]
    for seat, names in roles.items():
        names = [names] if isinstance(names, str) else names
        state.picks[seat] = [character_card(n) for n in names]
    state.draft_steps = []
    state.draft_pool = []
    state.face_up = list(face_up)
    state.face_down = []
    state.set_down = {}
    ctx = Context(state, random.Random(0))
    begin_calling(ctx)
    return state, ctx.events


def prompt(state: CitadelsState) -> Prompt:
    prompts = GAME.pending(state)
    assert len(prompts) == 1
    return prompts[0]


def offered(state: CitadelsState, kind: str) -> list[Action]:
    return [a for a in prompt(state).actions if a.kind == kind]


def find(state: CitadelsState, kind: str, **fields: Any) -> Action:
    for action in offered(state, kind):
        if all(getattr(action, k) == v for k, v in fields.items()):
            return action
    raise AssertionError(f"{kind} {fields} is not offered: {prompt(state).actions}")


def can(state: CitadelsState, kind: str, **fields: Any) -> bool:
    try:
        find(state, kind, **fields)
    except AssertionError:
        return False
    return True


def do(state: CitadelsState, kind: str, **fields: Any) -> tuple[CitadelsState, list[Event]]:
    transition = GAME.apply(state, find(state, kind, **fields))
    return transition.state, transition.events


def keys(events: list[Event], *, public_only: bool = False) -> list[str]:
    return [
        e.key.removeprefix("citadels.event.")
        for e in events
        if not public_only or e.to is None
    ]


def acting(state: CitadelsState) -> tuple[int, str]:
    """(seat, character) of the turn being played."""
    assert state.turn is not None
    return state.turn.actor, state.turn.character


def pass_turn(state: CitadelsState) -> tuple[CitadelsState, list[Event]]:
    """Take two gold and end the turn."""
    state, first = do(state, "take_gold")
    state, second = do(state, "end_turn")
    return state, first + second


def play_until(state: CitadelsState, character: str) -> CitadelsState:
    """Pass every turn until ``character`` is the one being played."""
    for _ in range(20):
        if state.turn is not None and state.turn.character == character:
            return state
        state, _ = pass_turn(state)
    raise AssertionError(f"{character} never came")


def values(state: CitadelsState, kind: str, field: str) -> set[Any]:
    """Every value of ``field`` among the offered actions of ``kind``."""
    return {getattr(a, field) for a in offered(state, kind)}


def first_card(state: CitadelsState) -> str:
    """The card of the first action offered (a keep or a draft pick)."""
    action = prompt(state).actions[0]
    assert isinstance(action, KeepCard | DraftPick)
    return action.card
