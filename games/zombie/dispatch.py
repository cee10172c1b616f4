"""Applying one action: the handler for its kind, then the round machine runs on."""

from __future__ import annotations

import random

from games.core import Action, Event
from games.zombie import actions as a
from games.zombie import fight, flow, items
from games.zombie.rounds import play_round
from games.zombie.state import ZombieState

_ROUND = (a.Cower, a.Move, a.Explore, a.SearchTotem, a.Bury, a.SearchItem, a.BreakWindow,
          a.BreakThrough)


def apply_action(state: ZombieState, action: Action, rng: random.Random) -> list[Event]:
    events: list[Event] = []
    seat = action.seat
    if isinstance(action, _ROUND):
        play_round(state, action, rng, events)
    elif isinstance(action, a.Turn):
        flow.place(state, action.turns, events)
    elif isinstance(action, a.Hurt):
        flow.hurt_for_breaking(state, action.target, events)
    elif isinstance(action, a.TakeItem):
        flow.take_offered(state, rng, events)
    elif isinstance(action, a.LeaveItem):
        state.offered_item = None
        state.stage = "auto"
    elif isinstance(action, a.ChooseItem):
        items.take(state, action.item, events)
        state.stage = "auto"
    elif isinstance(action, a.Commit):
        fight.commit(state, seat, action.choice, events)
    elif isinstance(action, a.Arm):
        fight.arm(state, seat, action.choice, events)
    elif isinstance(action, a.Settle):
        fight.settle(state, action.seats, events)
    elif isinstance(action, a.Rescue):
        fight.rescue(state, seat, action.target, events)
    elif isinstance(action, a.Bequeath):
        fight.bequeath(state, seat, action.to, events)
    elif isinstance(action, a.Flee):
        fight.run_to(state, action.to, events)
    elif isinstance(action, a.NameHolder):
        flow.name_holder(state, action.to, events)
    elif isinstance(action, a.Give | a.GiveTotem | a.AcceptTotem | a.RefuseTotem | a.Drink
                    | a.Refuel):
        # A free move answers no question: the open questions are put again (prompts.py).
        state.ask += 1
        _free_move(state, action, events)
    else:
        raise AssertionError(f"unhandled action {action.kind}")
    flow.advance(state, rng, events)
    return events


def _free_move(state: ZombieState, action: Action, events: list[Event]) -> None:
    seat = action.seat
    if isinstance(action, a.Give):
        items.give(state, seat, action.item, action.to, events)
    elif isinstance(action, a.GiveTotem):
        items.offer_totem(state, seat, action.to, events)
    elif isinstance(action, a.AcceptTotem | a.RefuseTotem):
        items.answer_offer(state, seat, isinstance(action, a.AcceptTotem), events)
    elif isinstance(action, a.Drink):
        fight.drink(state, seat, action.target, events)
    elif isinstance(action, a.Refuel):
        items.refuel(state, seat, events)
