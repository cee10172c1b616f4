"""The map as a bot reads it from its view: joined rooms, passages, distances, open doors."""

from __future__ import annotations

from collections import deque

from games.haunt import board
from games.haunt.board import OPPOSITE, STEP, outside
from games.haunt.state import PlacedRoom


class ViewMap:
    def __init__(self, rooms: list[PlacedRoom], *, monster: bool = False) -> None:
        self.rooms = {r.id: r for r in rooms}
        self.grid = {(r.floor, r.x, r.y): r for r in rooms}
        self.monster = monster
        self._exits: dict[str, list[str]] = {}
        # The passages between placed rooms, each room's in the map's order of rooms: read
        # once here rather than by every room's exits (distances ask for all of them).
        self._passages: dict[str, list[str]] = {}
        # The same passages walked backwards: where one leads into each room from.
        self._passages_in: dict[str, list[str]] = {}
        self._entries: dict[str, list[str]] = {}
        passage_of = board.passage_of()
        for placed in rooms:
            passage = passage_of.get(placed.id)
            if passage is None or passage.to not in self.rooms:
                continue
            self._passages.setdefault(placed.id, []).append(passage.to)
            self._passages_in.setdefault(passage.to, []).append(placed.id)
            if passage.to != placed.id and (monster or not passage.one_way):
                self._passages.setdefault(passage.to, []).append(placed.id)
                self._passages_in.setdefault(placed.id, []).append(passage.to)

    def _through_doors(self, room: PlacedRoom) -> list[str]:
        """The placed rooms ``room``'s doors join (a pair of doors joins both ways)."""
        found: list[str] = []
        for d in room.doors:
            dx, dy = STEP[d]
            other = self.grid.get((room.floor, room.x + dx, room.y + dy))
            if other is not None and OPPOSITE[d] in other.doors:
                found.append(other.id)
        return found

    def exits(self, room_id: str) -> list[str]:
        if room_id in self._exits:
            return self._exits[room_id]
        found = self._through_doors(self.rooms[room_id])
        found.extend(self._passages.get(room_id, ()))
        self._exits[room_id] = found
        return found

    def distances(self, start: str) -> dict[str, int]:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in self.exits(here):
                if there not in seen:
                    seen[there] = seen[here] + 1
                    queue.append(there)
        return seen

    def entries(self, room_id: str) -> list[str]:
        """The placed rooms one move from which lead into ``room_id``: the rooms its doors
        join (a pair of doors joins both ways) and the passages leading in."""
        found = self._entries.get(room_id)
        if found is None:
            room = self.rooms.get(room_id)
            found = [] if room is None else self._through_doors(room)
            found.extend(self._passages_in.get(room_id, ()))
            self._entries[room_id] = found
        return found

    def distances_to(self, targets: set[str], wanted: list[str] | None = None) -> dict[str, int]:
        """Moves from every room that reaches one of ``targets`` to the nearest of them: one
        search backwards from all the targets at once, the same numbers as ``distances`` from
        each room in turn (passages may be one-way, so the search follows them reversed).
        With ``wanted``, the search may stop once it has reached every room named there
        (the numbers of the rooms reached are final when reached)."""
        seen = dict.fromkeys(targets, 0)
        missing = None if wanted is None else {w for w in wanted if w not in seen}
        queue = deque(targets)
        while queue:
            if missing is not None and not missing:
                break
            here = queue.popleft()
            for there in self.entries(here):
                if there not in seen:
                    seen[there] = seen[here] + 1
                    queue.append(there)
                    if missing is not None:
                        missing.discard(there)
        return seen

    def has_open_door(self, room_id: str) -> bool:
        room = self.rooms[room_id]
        for d in room.doors:
            dx, dy = STEP[d]
            cell = (room.floor, room.x + dx, room.y + dy)
            if cell not in self.grid and not outside(cell):
                return True
        return False

    def step_toward(self, options: list[str], targets: set[str]) -> str | None:
        """The option closest to any of ``targets`` (None when none is reachable)."""
        return self.closest(options, self.distances_to(targets, options))

    @staticmethod
    def closest(options: list[str], to_targets: dict[str, int]) -> str | None:
        """``step_toward`` with the targets' ``distances_to`` already known."""
        best: str | None = None
        best_distance = 10_000
        for option in options:
            distance = to_targets.get(option, 10_000)
            if distance < best_distance:
                best, best_distance = option, distance
        return best
