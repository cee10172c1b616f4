"""The map: rooms on a grid per floor, doors that join, stairs and passages, straight lines.

A placed room's ``doors`` are already turned. Two neighbouring rooms are joined when both have
a door on the shared side; a door that faces an empty cell is open (it leads into the unknown).
The cell south of the ground floor's starting tile is the outside, beyond the front door.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from games.haunt.catalog import catalog
from games.haunt.schema import DIRECTIONS, Direction, Floor, Passage
from games.haunt.state import HauntState, PlacedRoom

STEP: dict[Direction, tuple[int, int]] = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE: dict[Direction, Direction] = {"N": "S", "E": "W", "S": "N", "W": "E"}
Cell = tuple[Floor, int, int]


# Turned doors by the doors and the turn: at most 16 sets of doors times 4 turns, asked for
# many times a move while the explorer looks for rooms that fit.
_TURNED: dict[tuple[tuple[Direction, ...], int], tuple[Direction, ...]] = {}


def turned(doors: tuple[Direction, ...] | list[Direction], quarter_turns: int) -> list[Direction]:
    """The doors after turning a room clockwise by ``quarter_turns``."""
    key = (tuple(doors), quarter_turns % 4)
    found = _TURNED.get(key)
    if found is None:
        found = _TURNED[key] = tuple(sorted(
            (DIRECTIONS[(DIRECTIONS.index(d) + quarter_turns) % 4] for d in doors),
            key=DIRECTIONS.index,
        ))
    return list(found)


def cells(state: HauntState) -> dict[Cell, PlacedRoom]:
    return {(r.floor, r.x, r.y): r for r in state.rooms}


def outside(cell: Cell) -> bool:
    return cell == ("ground", 0, -1)


def neighbour(room: PlacedRoom, direction: Direction) -> Cell:
    dx, dy = STEP[direction]
    return (room.floor, room.x + dx, room.y + dy)


def open_doors(room: PlacedRoom, grid: dict[Cell, PlacedRoom]) -> list[Direction]:
    """The room's doors that lead into unexplored space."""
    return [
        d for d in room.doors if neighbour(room, d) not in grid and not outside(neighbour(room, d))
    ]


def joined(room: PlacedRoom, grid: dict[Cell, PlacedRoom]) -> list[str]:
    """Rooms joined to ``room`` by a pair of doors."""
    out = []
    for d in room.doors:
        other = grid.get(neighbour(room, d))
        if other is not None and OPPOSITE[d] in other.doors:
            out.append(other.id)
    return out


_PASSAGES: dict[str, Passage] = {}
# The rooms a stair or passage joins, either end: a room that is neither has no passage
# exits, whatever the map (most rooms, most asks).
_PASSAGE_ENDS: set[str] = set()


def passage_of() -> dict[str, Passage]:
    """Each room's stair or passage, by the room's id (rooms without one are left out)."""
    if not _PASSAGES:
        for room in catalog().house.rooms:
            if room.passage is not None:
                _PASSAGES[room.id] = room.passage
                _PASSAGE_ENDS.update((room.id, room.passage.to))
    return _PASSAGES


def passages(state: HauntState, room_id: str, *, monster: bool = False) -> list[str]:
    """Rooms reached from ``room_id`` by a stair or passage (both ends placed). Monsters also
    climb one-way passages back."""
    by_room = passage_of()
    if room_id not in _PASSAGE_ENDS:
        return []
    out = []
    placed_ids: set[str] | None = None
    for placed in state.rooms:
        passage = by_room.get(placed.id)
        if passage is None:
            continue
        if placed_ids is None:
            placed_ids = {r.id for r in state.rooms}
        if passage.to not in placed_ids:
            continue
        if placed.id == room_id:
            out.append(passage.to)
        elif passage.to == room_id and (monster or not passage.one_way):
            out.append(placed.id)
    return out


def exits(state: HauntState, room_id: str, *, monster: bool = False,
          grid: dict[Cell, PlacedRoom] | None = None) -> list[str]:
    """Every placed room one move away (``grid``: ``cells(state)`` when the caller has it)."""
    room = state.placed(room_id)
    if room is None:
        return []
    if grid is None:
        grid = cells(state)
    found = joined(room, grid) + passages(state, room_id, monster=monster)
    return list(dict.fromkeys(found))


def distances(state: HauntState, start: str, *, monster: bool = False) -> dict[str, int]:
    """Moves from ``start`` to every placed room it reaches."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in exits(state, here, monster=monster):
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def in_line(state: HauntState, room_id: str) -> list[str]:
    """Rooms seen in a straight line from ``room_id`` through joined doors (no walls between)."""
    start = state.placed(room_id)
    if start is None:
        return []
    grid = cells(state)
    seen: list[str] = []
    for d in DIRECTIONS:
        here = start
        while d in here.doors:
            there = grid.get(neighbour(here, d))
            if there is None or OPPOSITE[d] not in there.doors:
                break
            seen.append(there.id)
            here = there
    return seen


def _joining_turns(
    state: HauntState, room_id: str, cell: Cell, came_from: Direction,
    keeps: Callable[[dict[Cell, PlacedRoom], PlacedRoom], bool],
) -> list[list[Direction]]:
    """The distinct turns of ``room_id`` at ``cell`` whose doors join the room the explorer
    left (through ``came_from``'s opposite side) and for which ``keeps(grid, trial)`` holds
    with the turned room in the grid."""
    grid = cells(state)
    floor, x, y = cell
    needed = OPPOSITE[came_from]
    choices: list[list[Direction]] = []
    for quarter in range(4):
        doors = turned(catalog().room(room_id).doors, quarter)
        if needed not in doors or doors in choices:
            continue
        trial = PlacedRoom(id=room_id, floor=floor, x=x, y=y, doors=doors)
        grid[cell] = trial
        if keeps(grid, trial):
            choices.append(doors)
        del grid[cell]
    return choices


def valid_turns(
    state: HauntState, room_id: str, cell: Cell, came_from: Direction
) -> list[list[Direction]]:
    """The distinct ways ``room_id`` may be turned at ``cell``: a door joins the room the
    explorer left and the floor keeps an open door."""
    grid = cells(state)
    if cell in grid:  # not an empty cell: tried the long way, room in place
        return _joining_turns(state, room_id, cell, came_from, lambda grid, trial: any(
            open_doors(r, grid) for r in [*state.rooms, trial] if r.floor == trial.floor))
    return _keeping_turns(catalog().room(room_id).doors, cell, came_from, grid,
                          _open_elsewhere(state, grid, cell))


def any_valid_turn(state: HauntState, room_ids: list[str], cell: Cell, came_from: Direction,
                   grid: dict[Cell, PlacedRoom] | None = None,
                   unknown: set[Cell] | None = None) -> bool:
    """Whether one of ``room_ids`` has a valid turn at ``cell`` (``valid_turns``), the map
    read once for all of them (``grid``: ``cells(state)`` when the caller has it; ``unknown``:
    ``unknown_cells`` of ``cell``'s floor, when the caller asks for several cells of it)."""
    if grid is None:
        grid = cells(state)
    if cell in grid:
        return any(valid_turns(state, room, cell, came_from) for room in room_ids)
    if (_open_elsewhere(state, grid, cell) if unknown is None
            else len(unknown) > (cell in unknown)):
        # Then any turn joining the room left keeps the floor open (``_keeping_turns``), and
        # a room with a door has such a turn (the door turned to face the room left): no
        # turn need be tried, for the few rooms looked at on every turn's prompt.
        rooms = catalog().room
        return any(rooms(room).doors for room in room_ids)
    return any(_keeping_turns(catalog().room(room).doors, cell, came_from, grid, False)
               for room in room_ids)


def unknown_cells(state: HauntState, grid: dict[Cell, PlacedRoom], floor: Floor) -> set[Cell]:
    """The empty cells of ``floor`` a placed room has a door into (the outside aside): the
    floor is open elsewhere than at ``cell`` when one of them is not ``cell``
    (``_open_elsewhere``)."""
    found: set[Cell] = set()
    for room in state.rooms:
        if room.floor != floor:
            continue
        for d in room.doors:
            there = neighbour(room, d)
            if there not in grid and not outside(there):
                found.add(there)
    return found


def _open_elsewhere(state: HauntState, grid: dict[Cell, PlacedRoom], cell: Cell) -> bool:
    """Whether a placed room of ``cell``'s floor has a door into the unknown other than the
    one ``cell`` fills. (A room placed at the empty ``cell`` closes only the doors facing it,
    so the floor stays open either way when this holds; ``_keeping_turns`` relies on it.)"""
    floor = cell[0]
    for room in state.rooms:
        if room.floor != floor:
            continue
        for d in room.doors:
            there = neighbour(room, d)
            if there != cell and there not in grid and not outside(there):
                return True
    return False


def _keeping_turns(doors: tuple[Direction, ...] | list[Direction], cell: Cell,
                   came_from: Direction, grid: dict[Cell, PlacedRoom],
                   open_elsewhere: bool) -> list[list[Direction]]:
    """``valid_turns`` at the empty ``cell``: the distinct turns with a door joining the room
    left through ``came_from`` and, unless the floor is open elsewhere, a door of their own
    into the unknown."""
    floor, x, y = cell
    needed = OPPOSITE[came_from]
    choices: list[list[Direction]] = []
    for quarter in range(4):
        turned_doors = turned(doors, quarter)
        if needed not in turned_doors or turned_doors in choices:
            continue
        if open_elsewhere or any(
            (there := (floor, x + STEP[d][0], y + STEP[d][1])) not in grid and not outside(there)
            for d in turned_doors
        ):
            choices.append(turned_doors)
    return choices


def reopening_turn(state: HauntState, floor: Floor, grid: dict[Cell, PlacedRoom],
                   placed: Cell) -> tuple[PlacedRoom, list[Direction]] | None:
    """The least change that opens a closed floor again: one of its rooms turned so that every
    door it joins stays joined and one door now faces the unknown (the seed lets an explorer
    change the other rooms as little as possible when every room left would close the floor).
    The starting tiles and the room just ``placed`` stay as they are; the room placed last is
    tried first."""
    starts = set(catalog().start_room_ids())
    for room in reversed(state.rooms):
        if room.floor != floor or room.id in starts or (room.floor, room.x, room.y) == placed:
            continue
        kept = {d for d in room.doors if (other := grid.get(neighbour(room, d))) is not None
                and OPPOSITE[d] in other.doors}
        for quarter in (1, 2, 3):
            doors = turned(room.doors, quarter)
            if doors == room.doors or not kept <= set(doors):
                continue
            trial = room.model_copy(update={"doors": doors})
            if open_doors(trial, grid):
                return room, doors
    return None


def turns_reopening(
    state: HauntState, room_id: str, cell: Cell, came_from: Direction
) -> list[list[Direction]]:
    """The ways ``room_id`` may be turned at ``cell`` when it closes the floor but turning one
    other room of the floor opens it again (``reopening_turn``)."""
    return _joining_turns(state, room_id, cell, came_from, lambda grid, trial: reopening_turn(
        state, trial.floor, grid, cell) is not None)


def fits(room_id: str, floor: Floor) -> bool:
    return room_id in rooms_fitting(floor)


_FITTING: dict[Floor, frozenset[str]] = {}


def rooms_fitting(floor: Floor) -> frozenset[str]:
    """The ids of the rooms that may be placed on ``floor``."""
    found = _FITTING.get(floor)
    if found is None:
        found = _FITTING[floor] = frozenset(
            room.id for room in catalog().house.rooms if floor in room.floors)
    return found
