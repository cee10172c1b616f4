"""A new game: the three starting tiles, shuffled rooms and decks, explorers chosen in seat
order, and the first turn to the explorer whose birthday comes next."""

from __future__ import annotations

import random
from datetime import date

from games.core import Event
from games.haunt.catalog import catalog
from games.haunt.events import new_event
from games.haunt.options import Options
from games.haunt.schema import TRAITS
from games.haunt.state import HauntState, PlacedRoom, Seat


def new_state(seats: int, options: Options, seed: int, rng: random.Random) -> HauntState:
    c = catalog()
    starts = c.start_room_ids()
    rooms = [
        PlacedRoom(id=room_id, floor=floor, x=0, y=0, doors=list(c.room(room_id).doors))
        for floor, room_id in c.house.start_rooms.items()
    ]
    stack = [r.id for r in c.house.rooms if r.id not in starts]
    omens = [o.id for o in c.omens]
    items = [i.id for i in c.items]
    events = [e.id for e in c.events]
    for deck in (stack, omens, items, events):
        rng.shuffle(deck)
    return HauntState(
        seed=seed,
        seats=seats,
        options=options,
        phase="choose",
        party=[Seat() for _ in range(seats)],
        rooms=rooms,
        stack=stack,
        omen_deck=omens,
        item_deck=items,
        event_deck=events,
        current=0,
    )


def _days_until(birthday: str, today: str) -> int:
    """Days from ``today`` (MM-DD) to the next ``birthday`` (YYYY-MM-DD), in a leap year so
    that 29 February counts."""
    month, day = (int(p) for p in today.split("-"))
    b_month, b_day = int(birthday[5:7]), int(birthday[8:10])
    start = date(2024, month, day).toordinal()
    then = date(2024, b_month, b_day).toordinal()
    return (then - start) % 366


def first_player(state: HauntState) -> int:
    """The explorer whose birthday is nearest (the next to come); the youngest on a tie."""
    c = catalog()

    def key(seat: int) -> tuple[int, str]:
        birthday = c.explorer(state.seat(seat).explorer).birthday
        return (_days_until(birthday, state.options.today), _negated(birthday))

    return min(range(state.seats), key=key)


def _negated(birthday: str) -> str:
    # Later birthdays (younger explorers) sort first.
    return "".join(chr(ord("9") - ord(ch) + ord("0")) if ch.isdigit() else ch for ch in birthday)


def choose_explorer(
    state: HauntState, seat: int, explorer: str, rng: random.Random, events: list[Event]
) -> None:
    from games.haunt.flow import start_turn

    c = catalog()
    s = state.own_seat(seat)
    s.explorer = explorer
    s.room = c.house.start_rooms["ground"]
    s.marks = {t: c.explorer(explorer).track(t).start for t in TRAITS}
    events.append(new_event(
        key="haunt.explorer_chosen", params={"seat": seat, "explorer": explorer}
    ))
    if seat + 1 < state.seats:
        state.current = seat + 1
        return
    state.phase = "explore"
    start_turn(state, first_player(state), rng, events)


def free_explorers(state: HauntState) -> list[str]:
    taken = {s.explorer for s in state.party}
    return [e.id for e in catalog().explorers if e.id not in taken]
