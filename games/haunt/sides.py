"""Who is against whom after the haunt."""

from __future__ import annotations

from games.haunt.state import HauntState


def enemies(state: HauntState, seat: int, other: int) -> bool:
    """Whether two explorers are on opposite sides (every explorer plays alone when there is
    no traitor)."""
    if state.haunt is None or seat == other:
        return False
    if state.traitor is None:
        return True
    return (seat == state.traitor) != (other == state.traitor)


def monster_enemy(state: HauntState, seat: int) -> bool:
    """Whether the monsters are against this explorer."""
    return state.haunt is not None and seat != state.traitor


def hindrance(state: HauntState, seat: int) -> int:
    """How many enemies in the explorer's room hinder leaving it (stunned monsters do not)."""
    if state.haunt is None:
        return 0
    room = state.seat(seat).room
    count = sum(
        1
        for other in range(state.seats)
        if state.in_house(other) and state.seat(other).room == room and enemies(state, seat, other)
    )
    if monster_enemy(state, seat):
        count += sum(1 for m in state.monsters if m.room == room and not m.stunned)
    return count


def monster_hindrance(state: HauntState, room: str) -> int:
    return sum(
        1
        for other in range(state.seats)
        if state.in_house(other) and state.seat(other).room == room and monster_enemy(state, other)
    )
