"""The supply phase: a packet of supply cards travels from bow to stern among the awake."""

from __future__ import annotations

from games.core import Event
from games.lifeboat.events import private, public
from games.lifeboat.state import LifeboatState, awake_characters


def start_supply(state: LifeboatState, events: list[Event]) -> None:
    awake = awake_characters(state)
    if not state.supply or not awake:
        state.stage = "action_start"
        return
    count = min(len(awake), len(state.supply))
    packet = state.supply[:count]
    del state.own_list("supply")[:count]
    state.supply_order = awake
    public(events, "supply_drawn", character=awake[0], count=count, left=len(state.supply))
    private(
        events, (state.seat_of[awake[0]],), "supply_packet", character=awake[0], cards=packet.copy()
    )
    _offer(state, 0, packet, events)


def _offer(
    state: LifeboatState,
    index: int,
    packet: list[str],
    events: list[Event],
) -> None:
    """Put ``packet`` in front of the ``index``-th picker; a single card is simply taken (the
    passer was already told which card it passed)."""
    picker = state.supply_order[index]
    if len(packet) > 1:
        state.picker = picker
        state.packet = packet
        state.stage = "supply"
        return
    card = packet[0]
    state.own_hand(picker).append(card)
    private(events, (state.seat_of[picker],), "supply_picked", character=picker, card=card)
    public(events, "supply_taken", character=picker)
    _finish(state)


def pick(state: LifeboatState, card: str, events: list[Event]) -> None:
    picker = state.picker
    assert picker is not None
    seat = state.seat_of[picker]
    state.own_list("packet").remove(card)
    state.own_hand(picker).append(card)
    private(events, (seat,), "supply_picked", character=picker, card=card)
    public(events, "supply_taken", character=picker)
    rest = state.packet
    index = state.supply_order.index(picker) + 1
    if rest and index < len(state.supply_order):
        receiver = state.supply_order[index]
        # The passer and the receiver each read their own line about the same cards.
        private(events, (seat,), "supply_handed", character=picker, to=receiver,
                cards=rest.copy())
        private(events, (state.seat_of[receiver],), "supply_received", character=picker,
                to=receiver, cards=rest.copy())
        public(events, "supply_passed", character=picker, to=receiver, count=len(rest))
        state.packet = []
        _offer(state, index, rest, events)
        return
    # Packets are never larger than the number of pickers, so nothing is left over here.
    state.own_list("discard").extend(rest)
    _finish(state)


def _finish(state: LifeboatState) -> None:
    state.picker = None
    state.packet = []
    state.supply_order = []
    state.stage = "action_start"
