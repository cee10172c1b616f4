"""The haunt: the roll that starts it, the chart that picks it, the traitor, the set-up."""

from __future__ import annotations

import random

from games.core import Event
from games.haunt import board, cards, effects, explore, traits
from games.haunt.catalog import catalog
from games.haunt.events import new_event
from games.haunt.schema import Haunt, TraitorRule
from games.haunt.state import MONSTERS, HauntState, MonsterPiece, Roll

HAUNT_DICE = 6


def haunt_roll(state: HauntState, seat: int, rng: random.Random, events: list[Event]) -> bool:
    """After a turn that drew an omen: six dice; a total below the omens drawn so far starts
    the haunt, with the roller as its revealer."""
    dice = traits.roll_dice(HAUNT_DICE, rng)
    total = sum(dice)
    state.log_roll(Roll(who=f"seat:{seat}", trait="haunt", dice=dice, total=total))
    started = total < state.omens_drawn
    events.append(
        new_event(
            key="haunt.haunt_roll",
            params={
                "seat": seat,
                "dice": dice,
                "total": total,
                "omens": state.omens_drawn,
                "started": started,
            },
        )
    )
    if started:
        begin(state, seat, rng, events)
    return started


def pick_haunt(
    state: HauntState, revealer: int, rng: random.Random, events: list[Event]
) -> tuple[str, str]:
    """The chart's haunt for the last omen and its room; a haunt the table excludes is replaced
    by trying the other omen rooms nearest the revealer, then new omens for the revealer's."""
    table = catalog().chart.table
    omen, room = state.last_omen, state.last_omen_room
    assert omen is not None and room is not None
    first = table[omen][room]
    if not state.options.excluded(first):
        return first, room
    near = board.distances(state, state.seat(revealer).room)
    others = [
        (near.get(r.id, len(state.rooms) + 1), i, r.id)
        for i, r in enumerate(state.rooms)
        if catalog().room(r.id).symbol == "omen" and r.id != room
    ]
    for _, _, other in sorted(others):
        if not state.options.excluded(table[omen][other]):
            return table[omen][other], other
    for candidate in reversed(state.omen_deck):
        if state.options.excluded(table[candidate][room]):
            continue
        state.own("omen_deck").remove(candidate)
        if omen in state.seat(revealer).cards:
            cards.give_up(state, revealer, omen, rng, events)
            deck = state.own("omen_deck")
            deck.append(omen)
            rng.shuffle(deck)
        cards.take(state, revealer, candidate, rng, events)
        state.last_omen = candidate
        return table[candidate][room], room
    return first, room


def choose_traitor(state: HauntState, rule: TraitorRule, revealer: int) -> int | None:
    kind = rule.rule
    if kind == "named":
        for seat in range(state.seats):
            if state.seat(seat).explorer == rule.explorer:
                return seat
        kind = rule.fallback or "revealer"
    if kind == "none":
        return None
    if kind == "revealer":
        return revealer
    if kind == "left_of_revealer":
        return (revealer + 1) % state.seats
    assert rule.trait is not None
    leftward = [(revealer + k) % state.seats for k in range(state.seats)]
    values = {s: traits.value(state, s, rule.trait) for s in leftward}
    best = max(values.values()) if kind == "highest" else min(values.values())
    return next(s for s in leftward if values[s] == best)


def turn_order(state: HauntState, haunt: Haunt) -> list[int]:
    """Heroes from the traitor's left, then the traitor, then the monsters; without a traitor,
    everyone from the revealer's left."""
    first = state.traitor if state.traitor is not None else state.revealer
    assert first is not None
    order = [(first + k) % state.seats for k in range(1, state.seats + 1)]
    if haunt.monsters:
        order.append(MONSTERS)
    return order


def begin(state: HauntState, revealer: int, rng: random.Random, events: list[Event]) -> None:
    haunt_id, room = pick_haunt(state, revealer, rng, events)
    haunt = catalog().haunt(haunt_id)
    state.haunt = haunt_id
    state.revealer = revealer
    state.haunt_room = room
    state.traitor = choose_traitor(state, haunt.traitor, revealer)
    state.phase = "haunt"
    events.append(
        new_event(
            key="haunt.revealed",
            params={
                "haunt": haunt_id,
                "revealer": revealer,
                "traitor": state.traitor,
                "room": room,
            },
        )
    )
    heroes = tuple(s for s in range(state.seats) if s != state.traitor)
    if haunt.tome is not None and state.traitor is not None:
        events.append(new_event(
            key="haunt.tome", params={"book": haunt.tome.id}, to=(state.traitor,)
        ))
        effects.run(state, state.traitor, haunt.tome.setup, rng, events)
        for _ in range(len(heroes) - 2):
            effects.run(state, state.traitor, haunt.tome.setup_per_extra_hero, rng, events)
    events.append(new_event(key="haunt.secret", params={"book": haunt.secret.id}, to=heroes))
    explore.ensure_way_up(state, rng, events, climbing=True)
    for kind in haunt.monsters:
        where: str = kind.start
        if kind.start == "haunt_room":
            where = room
        elif kind.start == "traitor":
            where = state.seat(state.traitor if state.traitor is not None else revealer).room
        for n in range(kind.count_for(len(heroes))):
            state.own("monsters").append(
                MonsterPiece(id=f"{kind.id}-{n + 1}", kind=kind.id, room=where))
    state.order = turn_order(state, haunt)
    state.order_at = -1
    state.round = 1
