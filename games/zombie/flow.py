"""The round machine: the engine works through the round's plan until someone must decide.

A round is a list of steps (``state.plan``); the leader's choice writes it, and questions
raised on the way (a fight, the dying, a tile to turn) insert their own steps in front.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.core import Event
from games.zombie import fight
from games.zombie.board import lay, lay_patio, own_stack_of, turnings
from games.zombie.cards import CARDS
from games.zombie.deck import draw, lose
from games.zombie.events import note
from games.zombie.health import heal, standing, wound
from games.zombie.items import gain
from games.zombie.state import (
    Opening,
    ZombieState,
    clockwise_from,
    here,
    living,
    new_question,
)
from games.zombie.tiles import CARVING_ROOMS, OPPOSITE

Step = Callable[[ZombieState, random.Random, list[Event]], None]


def advance(state: ZombieState, rng: random.Random, events: list[Event]) -> None:
    while state.stage == "auto":
        if state.result is not None:
            state.stage = "over"
            return
        if not living(state):
            lose(state, "all_dead", events)
            return
        if not state.plan:
            start_round(state, events)
            return
        step = state.own_list("plan").pop(0)
        STEPS[step](state, rng, events)
    if state.result is not None:
        state.stage = "over"


def start_round(state: ZombieState, events: list[Event]) -> None:
    events.append(note("round", round=state.round, leader=state.leader, hour=state.hour))
    new_question(state, "lead")


def end_round(state: ZombieState, rng: random.Random, events: list[Event]) -> None:
    if won(state):
        state.result = "won"
        state.stage = "over"
        events.append(note("won", survivors=living(state)))
        return
    order = clockwise_from(state, (state.leader + 1) % state.seats)
    state.leader = order[0]
    state.round += 1
    state.round_action = None
    state.totem_refused = []
    state.held_on = True
    state.offered_item = None
    state.fight = None
    state.drawn_tile = None
    state.drawn_from = None
    state.breach = False
    state.victim_for = None


def won(state: ZombieState) -> bool:
    carving = any(tile.tile in CARVING_ROOMS for tile in state.tiles)
    return state.totem == "buried" and carving and bool(living(state))


# -- events --------------------------------------------------------------------------------
def resolve_event(state: ZombieState, rng: random.Random, events: list[Event]) -> None:
    card_id = draw(state, rng, events)
    if card_id is None:
        return
    card = CARDS[card_id]
    happening = card.at(state.hour)
    events.append(note("event", card=card_id, hour=state.hour, happening=happening.kind,
                       zombies=happening.zombies))
    if happening.kind == "bless":
        for seat in living(state):
            heal(state, seat, 1, events, "bless")
    elif happening.kind == "curse":
        # Once the totem is found only its holder is cursed (the seed: "只有持有圖騰者會受到這詛咒
        # 傷害"); after the burial nobody holds it, so a curse hurts nobody.
        cursed = living(state)
        if state.totem != "hidden":
            holder = state.totem_holder
            cursed = [holder] if state.totem == "held" and holder is not None else []
        for seat in cursed:
            wound(state, seat, 1, events, "curse")
        state.own_list("plan").insert(0, "casualties")
    elif happening.kind == "item":
        state.offered_item = card.item
        new_question(state, "item")
    elif happening.kind == "zombies":
        fight.start_fight(state, max(1, happening.zombies + state.extra_zombies), events)


def take_offered(state: ZombieState, rng: random.Random, events: list[Event]) -> None:
    """The leader searches: the next event is discarded unread and the drawn item taken."""
    item = state.offered_item
    assert item is not None
    state.offered_item = None
    state.stage = "auto"
    if draw(state, rng, events) is None:
        return
    events.append(note("searched", item=item))
    gain(state, item, events)


# -- the map -------------------------------------------------------------------------------
def lay_drawn(state: ZombieState, rng: random.Random, events: list[Event]) -> None:
    tile = state.drawn_tile
    assert tile is not None and state.drawn_from is not None
    options = turnings(tile, None if state.breach else OPPOSITE[state.drawn_from])
    if len(options) == 1:
        place(state, options[0], events)
    else:
        new_question(state, "turn")


def place(state: ZombieState, turns: int, events: list[Event]) -> None:
    tile = state.drawn_tile
    direction = state.drawn_from
    assert tile is not None and direction is not None
    origin = here(state)
    new = lay(state, tile, direction, turns)
    if state.breach:
        state.own_openings().append(Opening(kind="wall", a=origin.tile, b=tile))
    events.append(note("placed", tile=tile, area=new.area, x=new.x, y=new.y, turns=turns,
                       breach=state.breach))
    state.at = tile
    state.drawn_tile = None
    state.drawn_from = None
    state.breach = False
    state.stage = "auto"


def breach(state: ZombieState, rng: random.Random, events: list[Event]) -> None:
    """Draws the tile that goes behind the broken wall."""
    state.drawn_tile = own_stack_of(state, here(state).area).pop(0)
    state.breach = True
    state.own_list("plan").insert(0, "lay")


def outside(state: ZombieState, rng: random.Random, events: list[Event]) -> None:
    patio = lay_patio(state)
    state.at = patio.tile
    events.append(note("placed", tile=patio.tile, area="yard", x=0, y=0, turns=0, breach=False))


def victim(state: ZombieState, rng: random.Random, events: list[Event]) -> None:
    able = standing(state)
    if len(able) == 1:
        hurt_for_breaking(state, able[0], events)
    else:
        new_question(state, "victim")


def hurt_for_breaking(state: ZombieState, seat: int, events: list[Event]) -> None:
    why = state.victim_for or "wall"
    state.victim_for = None
    wound(state, seat, 1, events, why)
    state.stage = "auto"


# -- room results --------------------------------------------------------------------------
def totem_found(state: ZombieState, rng: random.Random, events: list[Event]) -> None:
    if not state.held_on:
        events.append(note("totem_missed"))
        return
    able = standing(state)
    if len(able) == 1:
        name_holder(state, able[0], events)
    else:
        new_question(state, "totem")


def name_holder(state: ZombieState, seat: int, events: list[Event]) -> None:
    state.totem = "held"
    state.totem_holder = seat
    events.append(note("totem_found", holder=seat))
    state.stage = "auto"


def bury(state: ZombieState, rng: random.Random, events: list[Event]) -> None:
    if not state.held_on or state.totem != "held":
        events.append(note("burial_failed"))
        return
    state.totem = "buried"
    state.totem_holder = None
    events.append(note("buried"))


STEPS: dict[str, Step] = {
    "event": resolve_event,
    "casualties": fight.casualties,
    "deaths": fight.deaths,
    "arms": fight.open_arms,
    "strike": fight.strike,
    "fight_over": fight.fight_over,
    "flee_move": fight.flee_move,
    "lay": lay_drawn,
    "breach": breach,
    "outside": outside,
    "victim": victim,
    "totem_found": totem_found,
    "bury": bury,
    "end": end_round,
}
