"""The lines a live match's board log and panels' recent fields last showed, kept to be shown
again.

Every move redraws the board (the table's last events) and the panels asked (each its seat's
last events), though at most one line of each is new: writing the same lines again was most of
a panel's cost. Lines are kept per audience (the table, or a reader seat) and locale, only for
the events still in view, so what is kept never outgrows what is shown. A line depends on the
event, the locale, the reader and what the game's words read from the match
(``Words.line_context``: the seats' names and holders, facts fixed at setup); when that context
changes, the audience's lines are written anew.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any

from games.core import Event
from tables.text import Text

# An event held in view, by its params' identity (the recent tails hold the engine's params
# dict, the same object at every redraw), its key and its audience.
_Held = tuple[int, str, tuple[int, ...] | None]
_Kept = tuple[dict[str, Any], Text]


class RecentLines:
    """One live match's shown lines, by audience and locale, and what they last made."""

    __slots__ = ("_made", "_shown")

    def __init__(self) -> None:
        self._shown: dict[tuple[int | None, str | None],
                          tuple[Hashable, dict[_Held, _Kept]]] = {}
        self._made: dict[tuple[int | None, str | None], tuple[tuple[Text, ...], str]] = {}

    def written(self, events: Iterable[Event], reader: int | None, locale: str | None,
                context: Hashable, write: Callable[[Event], Text],
                show: Callable[[list[Text]], str]) -> str:
        """``show`` of the lines (``lines``): made again only when a line is not the one
        shown last time (most panels are redrawn with the same recent events). ``show``
        must be the same function at every call for an audience (the field's markdown)."""
        found = self.lines(events, reader, locale, context, write)
        audience = (reader, locale)
        last = self._made.get(audience)
        if last is not None and len(last[0]) == len(found) and \
                all(old is new for old, new in zip(last[0], found, strict=True)):
            return last[1]
        made = show(found)
        self._made[audience] = (tuple(found), made)
        return made

    def lines(self, events: Iterable[Event], reader: int | None, locale: str | None,
              context: Hashable, write: Callable[[Event], Text]) -> list[Text]:
        """Each event's line for ``reader`` (None: the table) in ``locale``: the line shown
        last time when the event and ``context`` are the same, else ``write(event)``."""
        audience = (reader, locale)
        before = self._shown.get(audience)
        kept = before[1] if before is not None and before[0] == context else {}
        now: dict[_Held, _Kept] = {}
        found: list[Text] = []
        for event in events:
            held = (id(event.params), event.key, event.to)
            line = kept.get(held)
            # The identity check: the kept params keep their id from being reused meanwhile.
            if line is None or line[0] is not event.params:
                line = (event.params, write(event))
            now[held] = line
            found.append(line[1])
        self._shown[audience] = (context, now)
        return found

    def clear(self) -> None:
        self._shown.clear()
        self._made.clear()
