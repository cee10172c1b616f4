"""The action phase: each awake character, in the order fixed when the phase starts, takes
one action (nothing, row, swap, rob, or a special card)."""

from __future__ import annotations

import random

from games.core import Event
from games.lifeboat.actions import HAND
from games.lifeboat.birds import apply_birds
from games.lifeboat.cards import NAVIGATION
from games.lifeboat.effects import discard_held, heal, take_held
from games.lifeboat.events import private, public
from games.lifeboat.state import (
    Demand,
    LifeboatState,
    Vote,
    awake_characters,
    is_awake,
    owns_face_up,
)
from games.lifeboat.wishes import cannibalize, rob, swap_places

FLARE_CARDS = 3
DOCTOR = "harter"
PICKPOCKET = "kid"


def start_action_phase(state: LifeboatState, events: list[Event]) -> None:
    state.turn_order = state.boat.copy()
    state.turn_index = -1
    state.stage = "turn_next"
    public(events, "action_phase", order=state.turn_order.copy())


def next_turn(state: LifeboatState, events: list[Event]) -> None:
    order = state.turn_order
    index = state.turn_index + 1
    while index < len(order) and not is_awake(state, order[index]):
        index += 1
    state.turn_index = index
    if index >= len(order):
        state.actor = None
        state.turn_order = []
        state.turn_index = -1
        state.stage = "navigation_start"
        return
    state.actor = order[index]
    state.stage = "turn"
    public(events, "turn_started", character=state.actor)


def end_turn(state: LifeboatState) -> None:
    if state.stage != "over":
        state.stage = "turn_next"


def rowing_draw_count(state: LifeboatState, rower: str) -> int:
    base = 1 if state.options.one_card_rowing else 2
    return min(base + len(owns_face_up(state, rower, "oar")), len(state.navigation))


# -- the actions -------------------------------------------------------------------------------


def do_nothing(state: LifeboatState, events: list[Event]) -> None:
    public(events, "did_nothing", character=state.actor)
    end_turn(state)


def row(state: LifeboatState, events: list[Event]) -> None:
    rower = state.actor
    assert rower is not None
    count = rowing_draw_count(state, rower)
    state.drawn = state.navigation[:count]
    del state.own_list("navigation")[:count]
    state.stage = "rowing"
    public(events, "rowing", character=rower, count=count)
    private(events, (state.seat_of[rower],), "rowing_drawn", character=rower,
            cards=state.drawn.copy())


def keep_rowed(state: LifeboatState, kept: tuple[str, ...], events: list[Event]) -> None:
    rower = state.actor
    assert rower is not None
    kept_in_order = [c for c in state.drawn if c in kept]
    returned = [c for c in state.drawn if c not in kept]
    state.own_list("rowed").extend(kept_in_order)
    rowed_by = state.own_rowed_by()
    for card in kept_in_order:
        rowed_by[card] = rower
    state.own_list("navigation").extend(returned)
    state.drawn = []
    if kept_in_order and rower not in state.row_markers:
        state.own_list("row_markers").append(rower)
    public(events, "rowed", character=rower, kept=len(kept_in_order), returned=len(returned),
           marker=bool(kept_in_order))
    private(events, (state.seat_of[rower],), "rowed_cards", character=rower,
            kept=kept_in_order, returned=returned)
    end_turn(state)


def swap(state: LifeboatState, target: str, events: list[Event]) -> None:
    actor = state.actor
    assert actor is not None
    public(events, "swap_asked", character=actor, target=target)
    if is_awake(state, target):
        state.demand = Demand(kind="swap", actor=actor, target=target)
        state.stage = "demand"
        return
    swap_places(state, actor, target, events)
    end_turn(state)


def rob_card(
    state: LifeboatState, target: str, card: str, rng: random.Random, events: list[Event]
) -> None:
    actor = state.actor
    assert actor is not None
    pickpocket = actor == PICKPOCKET and card == HAND
    if is_awake(state, target) and not pickpocket:
        state.demand = Demand(kind="rob", actor=actor, target=target, card=card)
        state.stage = "demand"
        public(events, "robbery", character=actor, target=target, card=card, pickpocket=False)
        return
    # Resolved at once: the named card ends in a hand, so the table hears of it without id.
    public(events, "robbery", character=actor, target=target, card=None, pickpocket=pickpocket)
    rob(state, actor, target, card, rng, events)
    end_turn(state)


def use_medkit(state: LifeboatState, card: str, target: str, events: list[Event]) -> None:
    actor = state.actor
    assert actor is not None
    public(events, "medkit_used", character=actor, target=target, card=card)
    if actor == DOCTOR:
        # Dr. Harter keeps his kits: the used one stays (or goes) face up in front of him.
        if card in state.hand[actor]:
            take_held(state, actor, card)
            state.own_face_up(actor).append(card)
    else:
        discard_held(state, actor, card)
    heal(state, target, 1, "medkit", events)
    end_turn(state)


def fire_flare(state: LifeboatState, card: str, events: list[Event]) -> None:
    actor = state.actor
    assert actor is not None
    discard_held(state, actor, card)
    shown = state.navigation[:FLARE_CARDS]
    navigation = state.own_list("navigation")
    del navigation[:FLARE_CARDS]
    navigation.extend(shown)
    public(events, "flare_fired", character=actor, card=card, cards=shown.copy())
    for nav_id in shown:
        if apply_birds(state, NAVIGATION[nav_id].birds, "flare", events):
            return
    end_turn(state)


def open_parasol(state: LifeboatState, card: str, events: list[Event]) -> None:
    actor = state.actor
    assert actor is not None
    if card in state.hand[actor]:
        take_held(state, actor, card)
        state.own_face_up(actor).append(card)
    state.parasol_open_by = actor
    public(events, "parasol_opened", character=actor, card=card)
    end_turn(state)


def use_cannibalism(state: LifeboatState, card: str, body: str, events: list[Event]) -> None:
    actor = state.actor
    assert actor is not None
    if card in state.hand[actor]:
        # The card is on the table from now on: spent if the act succeeds, else it stays.
        take_held(state, actor, card)
        state.own_face_up(actor).append(card)
    public(events, "cannibalism_proposed", character=actor, body=body, card=card)
    voters = [c for c in awake_characters(state) if c != actor]
    if not voters:
        cannibalize(state, actor, body, card, events)
        end_turn(state)
        return
    state.demand = Demand(kind="cannibalism", actor=actor, target=body, card=card)
    state.vote = Vote(waiting=voters)
    state.stage = "vote"

