"""The latest events of a live match, as the board and the private panels show them.

Only what can be shown is kept: the board lists the table's last few public events and a
panel the last few private events of its seat. A match in memory used to keep a long buffer
of every event and filter it on each render; the buffer was most of a live match's memory and
of the objects the garbage collector walks (docs/benchmarks.md, "Scale").
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator

from games.core import Event

# How many lines the board's log and a panel's "recent" field show.
BOARD_EVENTS = 6
PANEL_EVENTS = 5


class RecentEvents:
    """Bounded tails per audience: one for the table, one per seat for private events."""

    __slots__ = ("_private", "_public")

    def __init__(self) -> None:
        self._public: deque[Event] = deque(maxlen=BOARD_EVENTS)
        self._private: dict[int, deque[Event]] = {}

    def extend(self, events: Iterable[Event]) -> None:
        for event in events:
            self.append(event)

    def append(self, event: Event) -> None:
        if event.to is None:
            self._public.append(event)
            return
        for seat in event.to:
            tail = self._private.get(seat)
            if tail is None:
                tail = self._private[seat] = deque(maxlen=PANEL_EVENTS)
            tail.append(event)

    def public(self) -> list[Event]:
        """The table's latest events, oldest first."""
        return list(self._public)

    def for_seat(self, seat: int) -> list[Event]:
        """The latest events only ``seat`` (and whoever shares them) may see, oldest first."""
        tail = self._private.get(seat)
        return [] if tail is None else list(tail)

    def clear(self) -> None:
        self._public.clear()
        self._private.clear()

    def __len__(self) -> int:
        """Events held, counting a private event once per seat that keeps it."""
        return len(self._public) + sum(len(tail) for tail in self._private.values())

    def __iter__(self) -> Iterator[Event]:
        """Every event held: the public tail, then each seat's private tail."""
        yield from self._public
        for tail in self._private.values():
            yield from tail
