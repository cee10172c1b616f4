"""The house's content, loaded once from games/haunt/content/*.json and validated.

Everything the rules read about a room, card, explorer or haunt comes from here by id.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, TypeAdapter

from games.haunt.schema import Card, Chart, Event, Explorer, Haunt, House, Room, SideRules

CONTENT = Path(__file__).parent / "content"


def _read(name: str) -> Any:
    return json.loads((CONTENT / name).read_text(encoding="utf-8"))


class Catalog(BaseModel):
    house: House
    explorers: tuple[Explorer, ...]
    omens: tuple[Card, ...]
    items: tuple[Card, ...]
    events: tuple[Event, ...]
    haunts: tuple[Haunt, ...]
    chart: Chart

    def model_post_init(self, _: Any) -> None:
        self._rooms = {r.id: r for r in self.house.rooms}
        self._explorers = {e.id: e for e in self.explorers}
        self._cards = {c.id: c for c in (*self.omens, *self.items)}
        self._omen_ids = frozenset(c.id for c in self.omens)
        self._events = {e.id: e for e in self.events}
        self._haunts = {h.id: h for h in self.haunts}
        books: dict[str, SideRules] = {}
        for haunt in self.haunts:
            books[haunt.secret.id] = haunt.secret
            if haunt.tome is not None:
                books[haunt.tome.id] = haunt.tome
        self._books = books

    def room(self, room_id: str) -> Room:
        return self._rooms[room_id]

    def explorer(self, explorer_id: str) -> Explorer:
        return self._explorers[explorer_id]

    def card(self, card_id: str) -> Card:
        return self._cards[card_id]

    def is_omen(self, card_id: str) -> bool:
        return card_id in self._omen_ids

    def event(self, event_id: str) -> Event:
        return self._events[event_id]

    def haunt(self, haunt_id: str) -> Haunt:
        return self._haunts[haunt_id]

    def book(self, book_id: str) -> SideRules:
        """A tome or a heroes' secret by its hidden id (what a seat that knows the id reads)."""
        return self._books[book_id]

    def start_room_ids(self) -> tuple[str, ...]:
        return tuple(self.house.start_rooms.values())


@cache
def catalog() -> Catalog:
    return Catalog(
        house=House.model_validate(_read("house.json")),
        explorers=TypeAdapter(tuple[Explorer, ...]).validate_python(_read("explorers.json")),
        omens=TypeAdapter(tuple[Card, ...]).validate_python(_read("omens.json")),
        items=TypeAdapter(tuple[Card, ...]).validate_python(_read("items.json")),
        events=TypeAdapter(tuple[Event, ...]).validate_python(_read("events.json")),
        haunts=TypeAdapter(tuple[Haunt, ...]).validate_python(_read("haunts.json")),
        chart=Chart.model_validate(_read("chart.json")),
    )
