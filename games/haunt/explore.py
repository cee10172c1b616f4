"""Exploring: drawing the top room that fits the floor, turning it so a door joins, never
closing a floor, and the card its symbol calls for."""

from __future__ import annotations

import random

from games.core import Event
from games.core.construct import built, whole
from games.haunt import board, cards, effects, moves
from games.haunt.catalog import catalog
from games.haunt.events import new_event
from games.haunt.schema import Direction, Floor
from games.haunt.state import HauntState, PlacedRoom, Placement


def explorable(state: HauntState, seat: int) -> list[Direction]:
    """The open doors of the explorer's room that some remaining room could fill."""
    if not moves.may_leave(state, seat):
        return []
    return doors_to_explore(state, seat, board.cells(state))


def doors_to_explore(state: HauntState, seat: int,
                     grid: dict[board.Cell, PlacedRoom]) -> list[Direction]:
    """``explorable`` for an explorer known to be free to leave, on the map's ``grid``
    (``board.cells(state)``)."""
    here = state.placed(state.seat(seat).room)
    if here is None:
        return []
    fits = board.rooms_fitting(here.floor)
    fitting = [room for room in [*state.stack, *state.room_discards] if room in fits]
    out: list[Direction] = []
    open_doors = board.open_doors(here, grid)
    if len(open_doors) > 1:
        # Each of these cells leaves the floor open elsewhere than at the others: all that
        # ``any_valid_turn`` asks of the floor's unknown cells, without reading the floor.
        unknown = {board.neighbour(here, d) for d in open_doors}
    elif open_doors:
        unknown = board.unknown_cells(state, grid, here.floor)
    else:
        return out
    for direction in open_doors:
        cell = board.neighbour(here, direction)
        if board.any_valid_turn(state, fitting, cell, direction, grid, unknown) or any(
            board.turns_reopening(state, room, cell, direction) for room in fitting
        ):
            out.append(direction)
    return out


def explore(
    state: HauntState, seat: int, direction: Direction, rng: random.Random, events: list[Event]
) -> None:
    here = state.placed(state.seat(seat).room)
    assert here is not None
    if not moves.passes_leave_roll(state, seat, rng, events):
        return
    state.own_turn().moves += moves.cost_to_leave(state, seat)
    cell = board.neighbour(here, direction)
    reshuffled = False
    while True:
        if not state.stack:
            if reshuffled or not state.room_discards:
                if _place_reopening(state, here.floor, cell, direction):
                    break
                events.append(new_event(key="haunt.no_room_fits", params={"seat": seat}))
                state.own_turn().stopped = True
                return
            # A new list: the discards may be lent by the state this one was copied from.
            state.stack, state.room_discards = list(state.room_discards), []
            rng.shuffle(state.stack)
            reshuffled = True
        room = state.own("stack").pop()
        choices = (
            board.valid_turns(state, room, cell, direction) if board.fits(room, here.floor) else []
        )
        if choices:
            floor, x, y = cell
            # Built without validation (``built``): the values are of their fields' types,
            # and a room is drawn on most explorations.
            state.placement = built(Placement, {
                "room": room, "floor": floor, "x": x, "y": y, "choices": choices,
                "reopen": False}, defaulted=("reopen",))
            break
        state.own("room_discards").append(room)
        events.append(new_event(key="haunt.room_discarded", params={"room": room}))
    assert state.placement is not None
    if len(state.placement.choices) == 1:
        place(state, seat, state.placement.choices[0], rng, events)


def _place_reopening(state: HauntState, floor: Floor, cell: board.Cell,
                     direction: Direction) -> bool:
    """Every room left would close the floor: the first that fits and can be placed with one
    other room turned (the seed's last resort) waits to be turned. Whether there was one."""
    for room in list(state.room_discards):
        if not board.fits(room, floor):
            continue
        choices = board.turns_reopening(state, room, cell, direction)
        if choices:
            state.own("room_discards").remove(room)
            _, x, y = cell
            state.placement = Placement(room=room, floor=floor, x=x, y=y, choices=choices,
                                        reopen=True)
            return True
    return False


def place(
    state: HauntState, seat: int, doors: list[Direction], rng: random.Random, events: list[Event]
) -> None:
    placement = state.placement
    assert placement is not None
    state.placement = None
    # Its own list of doors, as the constructor's validation would make it (the event below
    # names the same doors).
    state.own("rooms").append(whole(PlacedRoom, {
        "id": placement.room, "floor": placement.floor, "x": placement.x, "y": placement.y,
        "doors": list(doors)}))
    if placement.reopen:
        _turn_to_reopen(state, (placement.floor, placement.x, placement.y), events)
    events.append(
        new_event(
            key="haunt.room_placed",
            params={
                "seat": seat,
                "room": placement.room,
                "floor": placement.floor,
                "x": placement.x,
                "y": placement.y,
                "doors": doors,
            },
        )
    )
    moves.enter(state, seat, placement.room, rng, events)
    symbol = catalog().room(placement.room).symbol
    if symbol is None or not state.seat(seat).alive:
        return
    state.own_turn().stopped = True
    if symbol == "omen":
        cards.draw_omen(state, seat, rng, events)
    elif symbol == "item":
        cards.draw_item(state, seat, rng, events)
    else:
        draw_event(state, seat, rng, events)


def _turn_to_reopen(state: HauntState, placed: board.Cell, events: list[Event]) -> None:
    found = board.reopening_turn(state, placed[0], board.cells(state), placed)
    if found is None:  # placement.choices were only turns that leave one
        return
    room, doors = found
    # A new object: a placed room is frozen, shared by the states before this one.
    rooms = state.own("rooms")
    rooms[rooms.index(room)] = room.model_copy(update={"doors": doors})
    events.append(new_event(key="haunt.room_turned",
                        params={"room": room.id, "floor": room.floor, "doors": doors}))


def draw_event(state: HauntState, seat: int, rng: random.Random, events: list[Event]) -> None:
    event = cards.next_event(state, rng)
    if event is None:
        events.append(new_event(key="haunt.deck_empty", params={"deck": "event"}))
        return
    events.append(new_event(key="haunt.event", params={"seat": seat, "event": event}))
    if state.traitor == seat:
        state.event_choice = event
        return
    resolve_event(state, seat, event, rng, events)


def resolve_event(
    state: HauntState, seat: int, event: str, rng: random.Random, events: list[Event]
) -> None:
    state.own("event_discards").append(event)
    effects.run(state, seat, catalog().event(event).effects, rng, events)


def can_grow(state: HauntState) -> bool:
    """Whether any room left (in the stack or its discards) can still be placed anywhere."""
    grid = board.cells(state)
    candidates = [*state.stack, *state.room_discards]
    unknown: dict[Floor, set[board.Cell]] = {}
    for here in state.rooms:
        for direction in board.open_doors(here, grid):
            cell = board.neighbour(here, direction)
            fits = board.rooms_fitting(here.floor)
            floor_unknown = unknown.get(here.floor)
            if floor_unknown is None:
                floor_unknown = unknown[here.floor] = board.unknown_cells(state, grid, here.floor)
            if board.any_valid_turn(state, [room for room in candidates if room in fits], cell,
                                    direction, grid, floor_unknown):
                return True
    return False


def has_way_up(state: HauntState) -> bool:
    """Whether a two-way stair or a chute joins the basement to the floors above."""
    basement = catalog().house.start_rooms["basement"]
    for placed in state.rooms:
        passage = catalog().room(placed.id).passage
        if passage is not None and passage.to == basement and not passage.one_way:
            return True
    return False


def trapped_below(state: HauntState, seat: int) -> bool:
    """An explorer in the basement with no stair up and no basement room left to find one."""
    here = state.placed(state.seat(seat).room)
    if here is None or here.floor != "basement" or has_way_up(state):
        return False
    return not any(board.fits(r, "basement") for r in [*state.stack, *state.room_discards])


def ensure_way_up(
    state: HauntState, rng: random.Random, events: list[Event], *, climbing: bool = False
) -> None:
    """When nothing joins the basement to the ground floor both ways, the cellar stair is taken
    from the rooms and placed on the ground floor (then the rooms are shuffled). ``climbing``:
    the way is for monsters, who may climb a one-way chute back, so a placed chute is enough."""
    basement = catalog().house.start_rooms["basement"]
    if has_way_up(state):
        return
    for placed in state.rooms:
        passage = catalog().room(placed.id).passage
        if climbing and passage is not None and passage.to == basement:
            return
    stair = next(
        (
            r.id
            for r in catalog().house.rooms
            if r.passage is not None
            and r.passage.to == basement
            and not r.passage.one_way
            and "ground" in r.floors
            and (r.id in state.stack or r.id in state.room_discards)
        ),
        None,
    )
    if stair is None:
        return
    grid = board.cells(state)
    for here in [r for r in state.rooms if r.floor == "ground"]:
        for direction in board.open_doors(here, grid):
            choices = board.valid_turns(state, stair, board.neighbour(here, direction), direction)
            if choices:
                if stair in state.stack:
                    state.own("stack").remove(stair)
                else:
                    state.own("room_discards").remove(stair)
                floor, x, y = board.neighbour(here, direction)
                state.own("rooms").append(
                    PlacedRoom(id=stair, floor=floor, x=x, y=y, doors=choices[0]))
                rng.shuffle(state.own("stack"))
                events.append(
                    new_event(
                        key="haunt.room_placed",
                        params={
                            "seat": None,
                            "room": stair,
                            "floor": floor,
                            "x": x,
                            "y": y,
                            "doors": choices[0],
                        },
                    )
                )
                return
