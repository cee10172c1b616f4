"""The latest events of a live match, as the board and the private panels show them.

Only what can be shown is kept: the board lists the table's last few public events and a
panel the last few private events of its seat. A match in memory used to keep a long buffer
of every event and filter it on each render; the buffer was most of a live match's memory and
of the objects the garbage collector walks (docs/benchmarks.md, "Scale"). Events are held as
plain tuples, not models: a pydantic model carries its own field dict and a set of the fields
given, twice the size of what it says. They become ``Event``s again when a board or a panel is
drawn.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from typing import Any

from games.core import Event

# (key, params, to): what an Event says, without the model around it.
Held = tuple[str, dict[str, Any], tuple[int, ...] | None]


def _event(held: Held) -> Event:
    # The fields were validated when the engine made the event.
    return Event.model_construct(key=held[0], params=held[1], to=held[2])

# How many lines the board's log and a panel's "recent" field show.
BOARD_EVENTS = 6
PANEL_EVENTS = 5


class RecentEvents:
    """Bounded tails per audience: one for the table, one per seat for private events."""

    __slots__ = ("_private", "_public")

    def __init__(self) -> None:
        self._public: deque[Held] = deque(maxlen=BOARD_EVENTS)
        self._private: dict[int, deque[Held]] = {}

    def extend(self, events: Iterable[Event]) -> None:
        # The one place events are held: a move's events come here, so each is handled inline
        # (``append``, for the service's own rare events, passes through it).
        public, private = self._public, self._private
        for event in events:
            to = event.to
            held = (event.key, event.params, to)
            if to is None:
                public.append(held)
                continue
            for seat in to:
                tail = private.get(seat)
                if tail is None:
                    tail = private[seat] = deque(maxlen=PANEL_EVENTS)
                tail.append(held)

    def append(self, event: Event) -> None:
        self.extend((event,))

    def public(self) -> list[Event]:
        """The table's latest events, oldest first."""
        return [_event(held) for held in self._public]

    def for_seat(self, seat: int) -> list[Event]:
        """The latest events only ``seat`` (and whoever shares them) may see, oldest first."""
        tail = self._private.get(seat)
        return [] if tail is None else [_event(held) for held in tail]

    def clear(self) -> None:
        self._public.clear()
        self._private.clear()

    def __len__(self) -> int:
        """Events held, counting a private event once per seat that keeps it."""
        return len(self._public) + sum(len(tail) for tail in self._private.values())

    def __iter__(self) -> Iterator[Event]:
        """Every event held: the public tail, then each seat's private tail."""
        for held in self._public:
            yield _event(held)
        for tail in self._private.values():
            for held in tail:
                yield _event(held)
