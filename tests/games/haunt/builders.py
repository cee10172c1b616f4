"""Hand-built Haunt positions for scenario tests."""

from __future__ import annotations

from collections.abc import Callable

from games.core import Action, Event, derive_rng
from games.haunt import GAME, reveal
from games.haunt.actions import ChooseExplorer
from games.haunt.catalog import catalog
from games.haunt.options import Options
from games.haunt.schema import TRAITS, Direction, Floor, Trait
from games.haunt.state import HauntState, PlacedRoom

# Four explorers with distinct birthdays, in seat order.
EXPLORERS = (
    "ines-valdor",
    "tobias-quell",
    "mei-shuang",
    "aurelio-penn",
    "hattie-brisk",
    "osric-dunmere",
)


def new_game(
    seats: int = 4,
    *,
    seed: int = 0,
    explorers: tuple[str, ...] = EXPLORERS,
    options: Options | None = None,
) -> HauntState:
    state = GAME.setup(seats, options, seed=seed)
    for seat in range(seats):
        state = GAME.apply(state, ChooseExplorer(seat=seat, explorer=explorers[seat])).state
    return state


def act(state: HauntState, action: Action) -> tuple[HauntState, list[Event]]:
    transition = GAME.apply(state, action)
    return transition.state, transition.events


def keys(events: list[Event]) -> list[str]:
    return [e.key for e in events]


def place(
    state: HauntState,
    room: str,
    floor: Floor,
    x: int,
    y: int,
    doors: tuple[Direction, ...] | None = None,
) -> None:
    """Put a room on the map (taken out of the stack) with its doors as printed unless given."""
    if room in state.stack:
        state.stack.remove(room)
    printed = list(doors if doors is not None else catalog().room(room).doors)
    state.rooms.append(PlacedRoom(id=room, floor=floor, x=x, y=y, doors=printed))
    state.forget_pending()


def set_turn(state: HauntState, seat: int) -> None:
    from games.haunt.state import TurnState

    state.current = seat
    state.turn = TurnState(number=state.turn.number + 1)
    state.forget_pending()


def set_value(state: HauntState, seat: int, trait: Trait, mark: int) -> None:
    state.seat(seat).marks[trait] = mark
    state.forget_pending()


def strong(state: HauntState, seat: int) -> None:
    """Every trait at the top of its track."""
    for trait in TRAITS:
        set_value(state, seat, trait, 7)


def chart_pair(haunt_id: str) -> tuple[str, str]:
    """An omen and an omen room whose chart entry is ``haunt_id``."""
    for omen, row in catalog().chart.table.items():
        for room, haunt in row.items():
            if haunt == haunt_id:
                return omen, room
    raise KeyError(haunt_id)


def haunted(haunt_id: str, seats: int = 4, *, revealer: int = 0, seed: int = 0) -> HauntState:
    """A game in which ``revealer`` has just started ``haunt_id`` by drawing its chart omen in
    its chart room, placed north of the entrance hall."""
    state = new_game(seats, seed=seed)
    omen, room = chart_pair(haunt_id)
    place(state, room, "ground", 0, 1, doors=("N", "E", "S", "W"))
    state.omen_deck.remove(omen)
    state.seat(revealer).cards.append(omen)
    state.seat(revealer).room = room
    state.last_omen, state.last_omen_room = omen, room
    state.omens_drawn = 1
    state.current = revealer
    events: list[Event] = []
    reveal.begin(state, revealer, derive_rng(seed, 999, "test"), events)
    from games.haunt.flow import advance

    advance(state, derive_rng(seed, 998, "test"), events)
    state.forget_pending()
    return state


def with_seed(
    state: HauntState, works: Callable[[HauntState], bool], tries: int = 400
) -> HauntState:
    """The same position under the first seed for which ``works`` holds: how a test picks the
    dice of the next move without reaching into the engine's random source."""
    for seed in range(tries):
        trial = state.clone()
        trial.seed = seed
        if works(trial):
            return trial
    raise AssertionError("no seed gives the wanted dice")
