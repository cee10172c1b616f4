"""Each haunt's special actions and win conditions, and the end of the game."""

from __future__ import annotations

import random

from games.core import Event
from games.haunt import traits
from games.haunt.catalog import catalog
from games.haunt.combat import stun
from games.haunt.events import new_event
from games.haunt.schema import Goal, SideRules, SpecialAction
from games.haunt.state import HauntState


def book_of(state: HauntState, seat: int) -> SideRules | None:
    """The book this seat reads: the tome for the traitor, the secret for everyone else."""
    haunt = state.haunt_rules()
    if haunt is None:
        return None
    if seat == state.traitor:
        return haunt.tome
    return haunt.secret


def available(state: HauntState, seat: int) -> list[SpecialAction]:
    book = book_of(state, seat)
    if book is None:
        return []
    room = state.seat(seat).room
    side = state.side_of(seat)
    out = []
    for action in book.actions:
        if f"special:{action.id}" in state.turn.used:
            continue
        if action.where == "haunt_room" and room != state.haunt_room:
            continue
        if action.where == "omen_room" and catalog().room(room).symbol != "omen":
            continue
        if action.where == "room" and room != action.room:
            continue
        if action.distinct_rooms and room in state.progress_rooms.get(side, []):
            continue
        out.append(action)
    return out


def perform(
    state: HauntState, seat: int, action_id: str, rng: random.Random, events: list[Event]
) -> None:
    book = book_of(state, seat)
    assert book is not None
    action = next(a for a in book.actions if a.id == action_id)
    state.own_turn().used.append(f"special:{action.id}")
    total = traits.trait_roll(state, seat, action.trait, rng, events)
    success = total >= action.at_least
    events.append(
        new_event(
            key="haunt.special",
            params={"seat": seat, "action": action.id, "success": success}
        )
    )
    if not success:
        return
    room = state.seat(seat).room
    if action.effect == "progress":
        side = state.side_of(seat)
        progress = state.own("progress")
        progress[side] = progress.get(side, 0) + 1
        if action.distinct_rooms:
            state.own_or_add_entry("progress_rooms", side).append(room)
    elif action.effect == "stun_monsters":
        for piece in state.monsters:
            if piece.room == room and not piece.stunned:
                stun(state, piece.id, events)
    else:
        state.own_seat(seat).escaped = True
        state.own_turn().stopped = True
        events.append(new_event(key="haunt.escaped", params={"seat": seat}))


def _met(state: HauntState, goal: Goal, side: str) -> bool:
    # Asked for every goal after every action: the heroes are listed only by the goals that
    # count them.
    kind = goal.kind
    if kind == "traitor_dead":
        return state.traitor is not None and not state.seat(state.traitor).alive
    if kind == "heroes_dead":
        return not any(state.in_house(h) for h in state.heroes())
    if kind == "progress":
        return state.progress.get(side, 0) >= goal.needed(len(state.heroes()))
    if kind == "escaped":
        heroes = state.heroes()
        escaped = sum(1 for h in heroes if state.seat(h).escaped)
        return escaped >= min(goal.needed(len(heroes)), len(heroes))
    return bool(state.monsters) and all(m.stunned for m in state.monsters)


def _finish(state: HauntState, winners: list[int], reason: str, events: list[Event]) -> None:
    state.winners = sorted(winners)
    state.end_reason = reason
    state.phase = "over"
    events.append(new_event(key="haunt.over", params={"winners": state.winners, "reason": reason}))


def most_progress(state: HauntState) -> list[int]:
    """Those who made the most progress alone. Nobody who made none wins: with no progress at
    all neither reaches a win condition, and the seed's "两者皆负" leaves the game without
    winners."""
    scores = {s: state.progress.get(f"seat:{s}", 0) for s in range(state.seats)}
    best = max(scores.values())
    if best <= 0:
        return []
    return [s for s, v in scores.items() if v == best]


def settle(state: HauntState, events: list[Event]) -> None:
    """End the game when a side has met one of its win conditions."""
    haunt = state.haunt_rules()
    if haunt is None or state.winners is not None:
        return
    if state.traitor is None:
        for seat in range(state.seats):
            if any(
                _met(state, g, f"seat:{seat}") for g in haunt.secret.wins if g.kind == "progress"
            ):
                _finish(state, [seat], "goal", events)
                return
        if not any(state.in_house(s) for s in range(state.seats)):
            _finish(state, most_progress(state), "all_dead", events)
        return
    if any(_met(state, g, "heroes") for g in haunt.secret.wins):
        _finish(state, state.heroes(), "heroes_goal", events)
    elif haunt.tome is not None and any(_met(state, g, "traitor") for g in haunt.tome.wins):
        _finish(state, [state.traitor], "traitor_goal", events)


def deadline_reached(state: HauntState, events: list[Event]) -> None:
    haunt = state.haunt_rules()
    assert haunt is not None
    if haunt.deadline_winner == "traitor" and state.traitor is not None:
        _finish(state, [state.traitor], "deadline", events)
    elif haunt.deadline_winner == "heroes" and state.traitor is not None:
        _finish(state, state.heroes(), "deadline", events)
    else:
        _finish(state, most_progress(state), "deadline", events)
