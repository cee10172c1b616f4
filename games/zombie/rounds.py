"""The leader's choice for the round: cower, move, explore, or the room's action."""

from __future__ import annotations

import random

from games.core import Action, Event
from games.zombie import actions as a
from games.zombie.actions import make
from games.zombie.board import (
    breach_directions,
    can_break_window,
    explore_directions,
    own_stack_of,
    walkable_neighbours,
)
from games.zombie.cards import CARDS
from games.zombie.deck import draw
from games.zombie.events import note
from games.zombie.health import heal
from games.zombie.items import gain
from games.zombie.state import ZombieState, here, living
from games.zombie.tiles import HEARTHS, SEARCH_ROOMS


def round_choices(state: ZombieState, seat: int) -> list[Action]:
    choices: list[Action] = [make(a.Cower, seat=seat)]
    choices += [make(a.Move, seat=seat, to=to) for to in walkable_neighbours(state, state.at)]
    choices += [make(a.Explore, seat=seat, direction=d) for d in explore_directions(state)]
    if state.at == "evil_temple" and state.totem == "hidden":
        choices.append(make(a.SearchTotem, seat=seat))
    if state.at == "graveyard" and state.totem == "held":
        choices.append(make(a.Bury, seat=seat))
    if state.at in SEARCH_ROOMS and state.at not in state.searched:
        choices.append(make(a.SearchItem, seat=seat))
    if can_break_window(state):
        choices.append(make(a.BreakWindow, seat=seat))
    choices += [make(a.BreakThrough, seat=seat, direction=d) for d in breach_directions(state)]
    return choices


def play_round(state: ZombieState, action: Action, rng: random.Random,
               events: list[Event]) -> None:
    state.stage = "auto"
    state.round_action = action.kind
    events.append(note("chose", seat=action.seat, choice=action.kind))
    if isinstance(action, a.Cower):
        state.plan = ["end"]
        amount = 2 if state.at in HEARTHS else 1
        for seat in living(state):
            heal(state, seat, amount, events, "cower")
        draw(state, rng, events)
    elif isinstance(action, a.Move):
        state.at = action.to
        events.append(note("moved", to=action.to))
        state.plan = ["event", "end"]
    elif isinstance(action, a.Explore):
        state.plan = ["lay", "event", "end"]
        state.drawn_tile = own_stack_of(state, here(state).area).pop(0)
        state.drawn_from = action.direction
        state.breach = False
        events.append(note("drew_tile", tile=state.drawn_tile, direction=action.direction))
    elif isinstance(action, a.SearchTotem):
        state.plan = ["event", "totem_found", "end"]
    elif isinstance(action, a.Bury):
        state.plan = ["event", "bury", "end"]
    elif isinstance(action, a.SearchItem):
        state.plan = ["end"]
        state.own_list("searched").append(state.at)
        card = draw(state, rng, events)
        if card is not None:
            events.append(note("searched", item=CARDS[card].item))
            gain(state, CARDS[card].item, events)
    elif isinstance(action, a.BreakWindow):
        state.victim_for = "window"
        state.plan = ["victim", "casualties", "outside", "event", "end"]
    elif isinstance(action, a.BreakThrough):
        state.victim_for = "wall"
        state.drawn_from = action.direction
        state.plan = ["victim", "casualties", "breach", "event", "end"]
