"""What the web asks of a game's words: the event lines, the board's text, a seat's panel and
the reveal, as plain data (a ``Card``), and the board's picture. The process hands an
implementation to ``web.site.make_app`` (the Discord adapter's renderers, ``bot.narrator``);
the web never imports them itself."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from games.core import Event, Outcome
from tables.pictures.picture import BoardPicture
from tables.service import LiveMatch


@dataclass(frozen=True)
class Card:
    """A titled block of text with named fields: what a board, a panel or a reveal shows.
    Texts may carry the light markup players know from chat (``**bold**``, ``*italic*``)."""

    title: str = ""
    description: str = ""
    fields: list[tuple[str, str]] = field(default_factory=list)


class Narrator(Protocol):
    def event_line(self, live: LiveMatch, event: Event, locale: str) -> str: ...

    def seat_name(self, live: LiveMatch, seat: int) -> str: ...

    def board(self, live: LiveMatch, view: Any, locale: str) -> Card: ...

    def board_picture(self, live: LiveMatch, view: Any, locale: str) -> BoardPicture | None: ...

    def panel(self, live: LiveMatch, view: Any, seat: int, locale: str) -> Card: ...

    def reveal(self, live: LiveMatch, view: Any, outcome: Outcome, locale: str) -> Card: ...
