"""Small helpers that set a Zombie in My Pocket table up for one rule's scenario."""

from __future__ import annotations

from typing import Any

from games.core import Action, Event, Prompt
from games.zombie import GAME
from games.zombie.actions import Commit
from games.zombie.cards import CARDS
from games.zombie.state import Opening, PlacedTile, ZombieState


def table(seats: int = 4, seed: int = 1, leader: int = 0, health: int | None = None,
          deck: list[str] | None = None, options: Any = None) -> ZombieState:
    """A new game at its first leader's choice, with the leader and the deck's top fixed."""
    state = GAME.setup(seats, options, seed=seed)
    state.leader = leader
    if health is not None:
        for player in state.players:
            player.health = health
    if deck is not None:
        stack_deck(state, *deck)
    state.forget_pending()
    return state


def stack_deck(state: ZombieState, *cards: str) -> None:
    """Puts ``cards`` on top of the event deck, in this order."""
    rest = [c for c in state.deck + state.discard if c not in cards]
    state.deck = [*cards, *rest]
    state.discard = []
    state.forget_pending()


def lay(state: ZombieState, tile: str, x: int, y: int, turns: int = 0) -> None:
    """Puts an explored tile on the map (taking it out of its stack)."""
    for name in ("house_stack", "yard_stack"):
        if tile in getattr(state, name):
            state.own_list(name).remove(tile)
    state.own_tiles().append(PlacedTile(tile=tile, x=x, y=y, turns=turns))
    state.forget_pending()


def next_tiles(state: ZombieState, *tiles: str) -> None:
    """Puts ``tiles`` on top of their stacks, in this order."""
    for name in ("house_stack", "yard_stack"):
        stack = getattr(state, name)
        mine = [t for t in tiles if t in stack]
        setattr(state, name, [*mine, *[t for t in stack if t not in mine]])
    state.forget_pending()


def prompt_of(state: ZombieState, seat: int) -> Prompt:
    prompt = GAME.prompt_for(state, seat)
    assert prompt is not None, f"seat {seat} has nothing to decide"
    return prompt


def waiting(state: ZombieState) -> list[int]:
    return [p.seat for p in GAME.pending(state) if p.blocking]


def play(state: ZombieState, *actions: Action) -> tuple[ZombieState, list[Event]]:
    events: list[Event] = []
    for action in actions:
        transition = GAME.apply(state, action)
        state = transition.state
        events.extend(transition.events)
    return state, events


def keys(events: list[Event]) -> list[str]:
    return [e.key for e in events]


def commit_all(state: ZombieState, choices: dict[int, str]) -> tuple[ZombieState, list[Event]]:
    """Every seat in ``choices`` commits ("fight" or "flee"), in the order given."""
    return play(state, *(Commit.model_validate({"seat": s, "choice": c})
                         for s, c in choices.items()))


def at_hour(state: ZombieState, hour: int, *deck: str) -> None:
    """The clock at ``hour`` with exactly ``deck`` left to draw this hour (in this order): every
    other card is face up on the discard pile."""
    state.hour = hour
    state.reshuffles = hour - 9
    state.deck = list(deck)
    state.discard = [c for c in CARDS if c not in deck]
    state.forget_pending()


def open_window(state: ZombieState) -> None:
    """The Dining Room window broken: the Patio laid outside it (the Dining Room must be on the
    map)."""
    if "patio" not in [t.tile for t in state.tiles]:
        state.own_tiles().append(PlacedTile(tile="patio", x=0, y=0, turns=0))
        state.own_openings().append(Opening(kind="window", a="dining_room", b="patio"))
    state.forget_pending()


def standing_at(state: ZombieState, tile: str) -> None:
    state.at = tile
    state.forget_pending()
