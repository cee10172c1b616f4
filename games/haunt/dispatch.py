"""Applying one action: the rule each kind calls, then what follows from it (unresolvable
damage dropped, the win conditions, the monsters' turn ending)."""

from __future__ import annotations

import random

from games.core import Action, Event
from games.haunt import cards, combat, deaths, explore, flow, goals, monsters, moves, traits
from games.haunt.actions import (
    Attack,
    ChooseExplorer,
    Drop,
    EndTurn,
    Explore,
    FaceEvent,
    Give,
    MonsterAttack,
    MonsterDone,
    MonsterMove,
    Move,
    PickUp,
    RoomAction,
    Special,
    Steal,
    TakeDamage,
    TurnRoom,
    UseCard,
)
from games.haunt.catalog import catalog
from games.haunt.effects import run
from games.haunt.events import new_event
from games.haunt.prompts import damage_traits
from games.haunt.setup import choose_explorer
from games.haunt.state import DamageOwed, HauntState, clone_model


def apply_action(state: HauntState, action: Action, rng: random.Random) -> list[Event]:
    events: list[Event] = []
    _apply(state, action, rng, events)
    _follow_up(state, rng, events)
    return events


def _apply(state: HauntState, action: Action, rng: random.Random, events: list[Event]) -> None:
    seat = action.seat
    if isinstance(action, ChooseExplorer):
        choose_explorer(state, seat, action.explorer, rng, events)
    elif isinstance(action, Move):
        moves.step(state, seat, action.to, rng, events)
    elif isinstance(action, Explore):
        explore.explore(state, seat, action.direction, rng, events)
    elif isinstance(action, TurnRoom):
        explore.place(state, seat, list(action.doors), rng, events)
    elif isinstance(action, RoomAction):
        _room_action(state, seat, rng, events)
    elif isinstance(action, UseCard):
        _use_card(state, seat, action.card, rng, events)
    elif isinstance(action, Give):
        state.own_turn().used.append("give")
        cards.give_up(state, seat, action.card, rng, events)
        cards.take(state, action.to, action.card, rng, events)
        events.append(
            new_event(
                key="haunt.given",
                params={"seat": seat, "to": action.to, "card": action.card}
            )
        )
    elif isinstance(action, Drop):
        cards.give_up(state, seat, action.card, rng, events)
        cards.to_pile(state, state.seat(seat).room, action.card)
        events.append(new_event(key="haunt.dropped", params={"seat": seat, "card": action.card}))
    elif isinstance(action, PickUp):
        cards.from_pile(state, state.seat(seat).room, action.card)
        cards.take(state, seat, action.card, rng, events)
    elif isinstance(action, Attack):
        combat.attack(state, seat, action.target, action.trait, action.ranged, rng, events)
    elif isinstance(action, Special):
        goals.perform(state, seat, action.action, rng, events)
    elif isinstance(action, EndTurn):
        flow.end_turn(state, rng, events)
    elif isinstance(action, TakeDamage):
        _take_damage(state, action.trait, rng, events)
    elif isinstance(action, Steal):
        combat.steal(state, action.card, rng, events)
    elif isinstance(action, FaceEvent):
        event = state.event_choice
        assert event is not None
        state.event_choice = None
        if action.resolve:
            explore.resolve_event(state, seat, event, rng, events)
        else:
            state.own("event_discards").append(event)
            events.append(new_event(
                key="haunt.event_ignored", params={"seat": seat, "event": event}
            ))
    elif isinstance(action, MonsterMove):
        monsters.move(state, action.to, events)
    elif isinstance(action, MonsterAttack):
        monsters.attack(state, action.target, rng, events)
    elif isinstance(action, MonsterDone):
        monsters.done(state, rng, events)


def _room_action(state: HauntState, seat: int, rng: random.Random, events: list[Event]) -> None:
    room_id = state.seat(seat).room
    action = catalog().room(room_id).action
    assert action is not None
    state.own_turn().used.append(f"room:{room_id}")
    if action.once == "game":
        state.own_seat(seat).used_room_actions.append(room_id)
    total = traits.trait_roll(state, seat, action.trait, rng, events)
    success = total >= action.at_least
    events.append(
        new_event(
            key="haunt.room_action",
            params={"seat": seat, "room": room_id, "success": success}
        )
    )
    if success:
        run(state, seat, action.effects, rng, events)


def _use_card(
    state: HauntState, seat: int, card: str, rng: random.Random, events: list[Event]
) -> None:
    state.own_turn().used.append(f"card:{card}")
    events.append(new_event(key="haunt.card_used", params={"seat": seat, "card": card}))
    rules = catalog().card(card)
    if rules.consumable:
        cards.give_up(state, seat, card, rng, events)
    run(state, seat, rules.use, rng, events)


def _take_damage(state: HauntState, trait: str, rng: random.Random, events: list[Event]) -> None:
    owed: DamageOwed = state.own_entry("damage", 0, clone_model)
    traits.lose(state, owed.seat, trait, 1, events)  # type: ignore[arg-type]
    owed.amount -= 1
    if owed.amount <= 0:
        state.own("damage").pop(0)
    deaths.check_death(state, owed.seat, rng, events)


def _follow_up(state: HauntState, rng: random.Random, events: list[Event]) -> None:
    while True:
        # Damage nobody can take any more (traits at their lowest step before the haunt).
        while state.damage and not damage_traits(state, state.damage[0]):
            state.own("damage").pop(0)
        goals.settle(state, events)
        if state.winners is not None:
            return
        busy = state.damage or state.steal or state.placement or state.event_choice
        if busy:
            return
        if state.monster_turn is not None and monsters.finished(state):
            state.monster_turn = None
            flow.advance(state, rng, events)
            continue
        if (
            state.phase == "haunt"
            and state.monster_turn is None
            and not state.in_house(state.current)
        ):
            # The explorer whose turn it was died or escaped during it.
            flow.advance(state, rng, events)
            continue
        return
