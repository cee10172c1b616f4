"""Finding items, and what a player may do with theirs at any time."""

from __future__ import annotations

from games.core import Event
from games.zombie.cards import CHAINSAW_FUEL, GASOLINE_REFUEL, ITEM_ORDER
from games.zombie.events import note
from games.zombie.state import ZombieState, acting_leader, holder_of, new_question


def unfound(state: ZombieState) -> list[str]:
    return [item for item in ITEM_ORDER if item not in state.found]


def gain(state: ZombieState, item: str, events: list[Event]) -> None:
    """The leader takes ``item``. If the team has it now (a living player carries it: the seed's
    "隊伍已經擁有了"), the leader picks an item never found instead; one used up or burnt is
    no longer the team's and can be found again."""
    if holder_of(state, item) is None:
        take(state, item, events)
        return
    if unfound(state):
        events.append(note("found_again", item=item))
        new_question(state, "other_item")
    else:
        events.append(note("nothing_left", item=item))


def take(state: ZombieState, item: str, events: list[Event]) -> None:
    seat = acting_leader(state)
    if item not in state.found:
        state.own_list("found").append(item)
    state.own_player(seat).items.append(item)
    if item == "chainsaw":
        state.chainsaw_fuel = CHAINSAW_FUEL
    events.append(note("took", seat=seat, item=item))


def give(state: ZombieState, seat: int, item: str, to: int, events: list[Event]) -> None:
    state.own_player(seat).items.remove(item)
    state.own_player(to).items.append(item)
    events.append(note("gave", seat=seat, item=item, to=to))


def offer_totem(state: ZombieState, seat: int, to: int, events: list[Event]) -> None:
    """The holder offers the totem; it goes only to a willing player (the seed: "願意接受"), so
    it stays with the holder until ``to`` accepts. A new offer replaces an open one."""
    state.totem_offer = to
    state.totem_offer_from = seat
    events.append(note("offered_totem", seat=seat, to=to))


def open_offer(state: ZombieState) -> int | None:
    """The player the totem is offered to, while the offer still stands: its maker still holds
    the totem and the receiver is still standing."""
    to = state.totem_offer
    if to is None or state.totem != "held" or state.totem_holder != state.totem_offer_from:
        return None
    player = state.players[to]
    return to if player.alive and player.health > 0 and to != state.totem_holder else None


def answer_offer(state: ZombieState, seat: int, accept: bool, events: list[Event]) -> None:
    holder = state.totem_holder
    state.totem_offer = None
    state.totem_offer_from = None
    if accept:
        state.totem_holder = seat
        events.append(note("gave_totem", seat=holder, to=seat))
    else:
        if seat not in state.totem_refused:
            state.own_refused().append(seat)
        events.append(note("refused_totem", seat=seat, holder=holder))


def refuel(state: ZombieState, seat: int, events: list[Event]) -> None:
    state.own_player(seat).items.remove("gasoline")
    state.chainsaw_fuel += GASOLINE_REFUEL
    events.append(note("refuelled", seat=seat, fuel=state.chainsaw_fuel))


def can_refuel(state: ZombieState, seat: int) -> bool:
    return "gasoline" in state.players[seat].items and holder_of(state, "chainsaw") is not None
