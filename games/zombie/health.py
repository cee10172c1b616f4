"""Health: gains stop at six, losses may go below zero until the dying are dealt with."""

from __future__ import annotations

from games.core import Event
from games.zombie.cards import MAX_HEALTH
from games.zombie.events import note
from games.zombie.state import ZombieState


def heal(state: ZombieState, seat: int, amount: int, events: list[Event], why: str) -> None:
    before = state.players[seat].health
    health = min(MAX_HEALTH, before + amount)
    if health != before:
        player = state.own_player(seat)
        player.health = health
        events.append(note("healed", seat=seat, amount=player.health - before, why=why,
                           health=player.health))


def wound(state: ZombieState, seat: int, amount: int, events: list[Event], why: str) -> None:
    if amount <= 0:
        return
    player = state.own_player(seat)
    player.health -= amount
    events.append(note("wounded", seat=seat, amount=amount, why=why, health=max(0, player.health)))


def dying(state: ZombieState) -> list[int]:
    """Players still standing on the rules' books whose health has run out."""
    return [seat for seat, p in enumerate(state.players) if p.alive and p.health <= 0]


def standing(state: ZombieState) -> list[int]:
    """Living players whose health has not run out: those who can act and receive."""
    return [seat for seat, p in enumerate(state.players) if p.alive and p.health > 0]
