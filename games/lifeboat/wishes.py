"""What a swap, a robbery or an act of cannibalism does once it happens (given in, won, or
unopposed)."""

from __future__ import annotations

import random

from games.core import Event
from games.lifeboat.actions import HAND
from games.lifeboat.cards import card_type
from games.lifeboat.effects import discard_held, heal, lose_overboard, take_face_up
from games.lifeboat.events import private, public
from games.lifeboat.state import LifeboatState, is_living_aboard


def swap_places(state: LifeboatState, actor: str, target: str, events: list[Event]) -> None:
    boat = state.own_list("boat")
    i, j = boat.index(actor), boat.index(target)
    boat[i], boat[j] = boat[j], boat[i]
    public(events, "places_swapped", character=actor, target=target, boat=boat.copy())


def rob(
    state: LifeboatState,
    actor: str,
    target: str,
    card: str,
    rng: random.Random,
    events: list[Event],
) -> None:
    """The named face-up card, or (asked for, or if it is gone) a random hand card, goes to
    the robber's hand. An empty hand yields nothing."""
    seats = (state.seat_of[actor], state.seat_of[target])
    if card != HAND and card in state.face_up[target]:
        take_face_up(state, target, card)
        state.own_hand(actor).append(card)
        # Now in a hand: the table is told what kind of card it was, not which one.
        public(events, "card_robbed", character=actor, target=target, face_up=True,
               card_type=card_type(card))
        private(events, seats, "robbed_card", character=actor, target=target, card=card)
        return
    if not state.hand[target]:
        public(events, "robbery_empty", character=actor, target=target)
        return
    victim_hand = state.own_hand(target)
    taken = victim_hand.pop(rng.randrange(len(victim_hand)))
    state.own_hand(actor).append(taken)
    public(events, "card_robbed", character=actor, target=target, face_up=False,
           card_type=None)
    private(events, seats, "robbed_card", character=actor, target=target, card=taken)


def cannibalize(
    state: LifeboatState, actor: str, body: str, card: str, events: list[Event]
) -> None:
    discard_held(state, actor, card)
    public(events, "cannibalism_done", character=actor, body=body, card=card)
    lose_overboard(state, body, events)
    for character in list(state.boat):
        if is_living_aboard(state, character):
            heal(state, character, 1, "cannibalism", events)
