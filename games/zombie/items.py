"""Finding items, and what a player may do with theirs at any time."""

from __future__ import annotations

from games.core import Event
from games.zombie.cards import CHAINSAW_FUEL, GASOLINE_REFUEL, ITEM_ORDER
from games.zombie.events import note
from games.zombie.state import ZombieState, acting_leader, holder_of, new_question


def unfound(state: ZombieState) -> list[str]:
    return [item for item in ITEM_ORDER if item not in state.found]


def gain(state: ZombieState, item: str, events: list[Event]) -> None:
    """The leader takes ``item``; one the team found before lets the leader pick another."""
    if item not in state.found:
        take(state, item, events)
        return
    if unfound(state):
        events.append(note("found_again", item=item))
        new_question(state, "other_item")
    else:
        events.append(note("nothing_left", item=item))


def take(state: ZombieState, item: str, events: list[Event]) -> None:
    seat = acting_leader(state)
    state.found.append(item)
    state.players[seat].items.append(item)
    if item == "chainsaw":
        state.chainsaw_fuel = CHAINSAW_FUEL
    events.append(note("took", seat=seat, item=item))


def give(state: ZombieState, seat: int, item: str, to: int, events: list[Event]) -> None:
    state.players[seat].items.remove(item)
    state.players[to].items.append(item)
    events.append(note("gave", seat=seat, item=item, to=to))


def give_totem(state: ZombieState, seat: int, to: int, events: list[Event]) -> None:
    state.totem_holder = to
    events.append(note("gave_totem", seat=seat, to=to))


def refuel(state: ZombieState, seat: int, events: list[Event]) -> None:
    state.players[seat].items.remove("gasoline")
    state.chainsaw_fuel += GASOLINE_REFUEL
    events.append(note("refuelled", seat=seat, fuel=state.chainsaw_fuel))


def can_refuel(state: ZombieState, seat: int) -> bool:
    return "gasoline" in state.players[seat].items and holder_of(state, "chainsaw") is not None
