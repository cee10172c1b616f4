"""What each seat may see. Everything carried is face up, so the only hidden things are the
decks' order and, after the haunt, the two books: the traitor's tome (its id is in the
traitor's view alone) and the heroes' secret (in the heroes' views alone). The public view
holds neither."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from games.core.construct import built, whole
from games.haunt import goals, traits
from games.haunt.options import Options
from games.haunt.schema import TRAITS, Trait
from games.haunt.state import HauntState, PlacedRoom, Roll


class TraitView(BaseModel):
    # Frozen: one object per explorer, trait and mark, shared by every view (_trait_view).
    model_config = ConfigDict(frozen=True)

    mark: int
    value: int


class ExplorerView(BaseModel):
    seat: int
    explorer: str
    room: str
    traits: dict[Trait, TraitView]
    cards: list[str]
    alive: bool
    escaped: bool
    side: str


class MonsterView(BaseModel):
    id: str
    kind: str
    room: str
    stunned: bool


class PublicView(BaseModel):
    options: Options  # the table's options: how its bots play among them
    phase: str
    seats: int
    current: int
    monsters_acting: str | None
    monster_moves_left: int
    event_pending: str | None
    rooms: list[PlacedRoom]
    explorers: list[ExplorerView]
    piles: dict[str, list[str]]
    monsters: list[MonsterView]
    rooms_left: int
    omens_drawn: int
    haunt: str | None
    haunt_room: str | None
    revealer: int | None
    traitor: int | None
    round: int
    progress: dict[str, int]
    progress_rooms: dict[str, list[str]]
    rolls: list[Roll]
    winners: list[int] | None


class SeatView(PublicView):
    seat: int
    # The hidden id of the book this seat reads: the tome for the traitor, the heroes' secret
    # for a hero; None before the haunt.
    book: str | None


_TRAIT_VIEWS: dict[tuple[str, Trait, int], TraitView] = {}


def _trait_view(state: HauntState, seat: int, trait: Trait) -> TraitView:
    s = state.seat(seat)
    key = (s.explorer, trait, s.marks[trait])
    view = _TRAIT_VIEWS.get(key)
    if view is None:
        view = _TRAIT_VIEWS[key] = built(
            TraitView, {"mark": key[2], "value": traits.value(state, seat, trait)})
    return view


# An explorer's four trait views by its marks: looked up once per explorer and view rather
# than trait by trait (each view gets its own copy of the dict).
_TRACKS: dict[tuple[str, int, int, int, int], dict[Trait, TraitView]] = {}


def _traits(state: HauntState, seat: int) -> dict[Trait, TraitView]:
    s = state.seat(seat)
    marks = s.marks
    key = (s.explorer, marks["might"], marks["speed"], marks["sanity"], marks["knowledge"])
    views = _TRACKS.get(key)
    if views is None:
        views = _TRACKS[key] = {t: _trait_view(state, seat, t) for t in TRAITS}
    return views.copy()


def _explorer(state: HauntState, seat: int) -> ExplorerView:
    s = state.party[seat]
    # Built without validation: every value is already of its field's type and freshly made
    # here (or frozen and shared), and a view is built for a seat on every move.
    marks = _traits(state, seat) if s.explorer else {}
    side = state.side_of(seat)
    return whole(ExplorerView, {
        "seat": seat,
        "explorer": s.explorer,
        "room": s.room,
        "traits": marks,
        "cards": s.cards.copy(),
        "alive": s.alive,
        "escaped": s.escaped,
        "side": "alone" if side.startswith("seat:") else side,
    })


def build_view(state: HauntState, seat: int | None) -> PublicView:
    turn = state.monster_turn
    fields: dict[str, Any] = {
        "options": state.options,
        "phase": state.phase,
        "seats": state.seats,
        "current": state.current,
        "monsters_acting": turn.queue[0] if turn is not None and turn.queue else None,
        "monster_moves_left": turn.moves_left if turn is not None else 0,
        "event_pending": state.event_choice,
        "rooms": list(state.rooms),  # frozen: shared
        "explorers": [_explorer(state, s) for s in range(state.seats)],
        "piles": {k: list(v) for k, v in state.piles.items()},
        "monsters": [
            whole(MonsterView, {"id": m.id, "kind": m.kind, "room": m.room, "stunned": m.stunned})
            for m in state.monsters
        ],
        "rooms_left": len(state.stack),
        "omens_drawn": state.omens_drawn,
        "haunt": state.haunt,
        "haunt_room": state.haunt_room,
        "revealer": state.revealer,
        "traitor": state.traitor,
        "round": state.round,
        "progress": dict(state.progress),
        "progress_rooms": {k: list(v) for k, v in state.progress_rooms.items()},
        "rolls": list(state.rolls),  # frozen: shared
        "winners": None if state.winners is None else list(state.winners),
    }
    if seat is None:
        return whole(PublicView, fields)
    book = goals.book_of(state, seat) if state.phase == "haunt" else None
    fields["seat"] = seat
    fields["book"] = None if book is None else book.id
    return whole(SeatView, fields)
