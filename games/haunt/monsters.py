"""The monsters' turn: dice movement per kind, hindering, one attack, stunned monsters
recovering instead of acting. The traitor moves them; with no traitor (or a dead one) they move
by themselves toward the nearest explorer they hunt."""

from __future__ import annotations

import random

from games.core import Event
from games.haunt import board, traits
from games.haunt.combat import monster_attack
from games.haunt.events import new_event
from games.haunt.sides import monster_enemy, monster_hindrance
from games.haunt.state import HauntState, MonsterTurn, Roll


def controller(state: HauntState) -> int | None:
    """The seat that moves the monsters: a living traitor."""
    if state.traitor is not None and state.seat(state.traitor).alive:
        return state.traitor
    return None


def start(state: HauntState, rng: random.Random, events: list[Event]) -> None:
    queue = []
    for piece in state.monsters:
        if piece.stunned:
            state.own_monster(piece.id).stunned = False
            events.append(new_event(key="haunt.monster_recovers", params={"monster": piece.id}))
        else:
            queue.append(piece.id)
    state.monster_turn = MonsterTurn(queue=queue)
    _activate(state, rng, events)


def _activate(state: HauntState, rng: random.Random, events: list[Event]) -> None:
    """Ready the monster at the head of the queue. Each kind rolls its movement once a turn:
    dice equal to its Speed, and every monster of the kind may move that many rooms (at least
    one)."""
    turn = state.own_monster_turn()
    turn.attacked = False
    turn.moved = False
    if not turn.queue:
        return
    piece = state.monster(turn.queue[0])
    if piece.kind not in turn.kind_moves:
        haunt = state.haunt_rules()
        assert haunt is not None
        kind = next(m for m in haunt.monsters if m.id == piece.kind)
        dice = traits.roll_dice(kind.speed, rng)
        turn.kind_moves[piece.kind] = max(1, sum(dice))
        state.log_roll(Roll(who=piece.kind, trait="speed", dice=dice, total=sum(dice)))
        events.append(
            new_event(
                key="haunt.monster_moves",
                params={"monster": piece.kind, "dice": dice, "moves": turn.kind_moves[piece.kind]},
            )
        )
    turn.moves_left = turn.kind_moves[piece.kind]


def prey(state: HauntState, room: str) -> list[int]:
    return [
        s
        for s in range(state.seats)
        if state.in_house(s) and state.seat(s).room == room and monster_enemy(state, s)
    ]


def destinations(state: HauntState) -> list[str]:
    turn = state.monster_turn
    if turn is None or not turn.queue or turn.attacked:
        return []
    piece = state.monster(turn.queue[0])
    cost = 1 + monster_hindrance(state, piece.room)
    if turn.moves_left < cost and turn.moved:
        return []
    if turn.moves_left <= 0:
        return []
    return board.exits(state, piece.room, monster=True)


def move(state: HauntState, to: str, events: list[Event]) -> None:
    turn = state.own_monster_turn()
    piece = state.own_monster(turn.queue[0])
    cost = 1 + monster_hindrance(state, piece.room)
    turn.moves_left = max(0, turn.moves_left - cost)
    turn.moved = True
    piece.room = to
    events.append(new_event(key="haunt.monster_moved", params={"monster": piece.id, "room": to}))


def attack(state: HauntState, target: int, rng: random.Random, events: list[Event]) -> None:
    turn = state.monster_turn
    assert turn is not None
    monster_attack(state, turn.queue[0], target, rng, events)


def done(state: HauntState, rng: random.Random, events: list[Event]) -> None:
    turn = state.own_monster_turn()
    turn.queue.pop(0)
    _activate(state, rng, events)


def finished(state: HauntState) -> bool:
    return state.monster_turn is not None and not state.monster_turn.queue


def play_by_themselves(state: HauntState, rng: random.Random, events: list[Event]) -> None:
    """Each monster walks toward the nearest explorer it hunts and attacks on arrival. Damage
    the attacked explorer owes is spread by that explorer before play goes on."""
    # Owned before the loop: the moves below own the turn and the piece, and these names must
    # stay the objects they change.
    turn = state.own_monster_turn()
    while turn.queue and state.winners is None:
        piece = state.own_monster(turn.queue[0])
        while not turn.attacked:
            if prey(state, piece.room):
                targets = prey(state, piece.room)
                attack(state, targets[rng.randrange(len(targets))], rng, events)
                break
            options = destinations(state)
            if not options:
                break
            move(state, _toward(state, piece.room, options), events)
        done(state, rng, events)


def _toward(state: HauntState, here: str, options: list[str]) -> str:
    hunted = {
        state.seat(s).room
        for s in range(state.seats)
        if state.in_house(s) and monster_enemy(state, s)
    }
    best, best_distance = options[0], 10_000
    for option in options:
        reach = board.distances(state, option, monster=True)
        distance = min((reach[r] for r in hunted if r in reach), default=10_000)
        if distance < best_distance:
            best, best_distance = option, distance
    return best
