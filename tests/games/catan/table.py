"""Building Catan positions for scenario tests, and driving them through the real engine.

A test sets up a game (the beginners' island by default: its hexes are known by letter),
skips the founding by putting pieces where it wants them (``build``), hands out cards from the
bank (``give``), puts a seat on turn (``on_turn``) and plays on with ``play``.
"""

from __future__ import annotations

from typing import Any

from games.catan import GAME
from games.catan.board import HEX_LABELS, parse_corner, parse_edge
from games.catan.cards import RESOURCES, kind_of
from games.catan.longest_road import road_length
from games.catan.options import Options
from games.catan.state import CatanState, Stage
from games.core import Action, Event, Prompt


def new_game(seats: int = 4, seed: int = 0, **options: Any) -> CatanState:
    options.setdefault("board", "beginner")
    return GAME.setup(seats, Options(**options), seed=seed)


def corner(name: str) -> int:
    found = parse_corner(name)
    assert found is not None, name
    return found


def edge(name: str) -> int:
    found = parse_edge(name)
    assert found is not None, name
    return found


def hex_(label: str) -> int:
    return HEX_LABELS.index(label)


def founded(seats: int = 4, seed: int = 0, **options: Any) -> CatanState:
    """A game past its founding with nothing on the island: seat 0 on turn, before its
    roll. Tests put the pieces they need with ``build``."""
    state = new_game(seats, seed, **options)
    state.phase = "turns"
    state.setup_queue = []
    state.first = 0
    state.turn = 1
    on_turn(state, 0, "roll")
    return state


def on_turn(state: CatanState, seat: int, stage: Stage = "main") -> CatanState:
    state.current = seat
    state.stage = stage
    state.forget_pending()
    return state


def build(state: CatanState, seat: int, *, settlements: tuple[str, ...] = (),
          cities: tuple[str, ...] = (), roads: tuple[str, ...] = ()) -> CatanState:
    """Puts pieces on the island without paying (corners and edges by name)."""
    for name in settlements:
        state.own("corner_owner")[corner(name)] = seat
    for name in cities:
        state.own("corner_owner")[corner(name)] = seat
        state.own("corner_city")[corner(name)] = True
    for name in roads:
        state.own("road_owner")[edge(name)] = seat
    for s in range(state.seats):
        state.own("road_lengths")[s] = road_length(state, s)
    state.forget_pending()
    return state


def give(state: CatanState, seat: int, **counts: int) -> CatanState:
    """Cards from the bank into a hand: ``give(state, 1, ore=3, grain=2)``."""
    for kind, n in counts.items():
        pile = state.bank[kind]
        assert len(pile) >= n, f"the bank holds {len(pile)} {kind}"
        state.own("bank")[kind] = pile[:len(pile) - n]
        state.own_hand(seat)[kind] = state.hands[seat][kind] + pile[len(pile) - n:]
    state.forget_pending()
    return state


def empty_hand(state: CatanState, seat: int) -> CatanState:
    for kind in RESOURCES:
        state.own("bank")[kind] = state.bank[kind] + state.hands[seat][kind]
        state.own_hand(seat)[kind] = ()
    state.forget_pending()
    return state


def drain_bank(state: CatanState, kind: str, leave: int) -> list[str]:
    """Takes cards of ``kind`` out of the bank (kept aside, out of play) until ``leave`` are
    left; returns them so a test can put them back."""
    pile = state.bank[kind]
    taken = list(pile[leave:])
    state.own("bank")[kind] = pile[:leave]
    state.forget_pending()
    return taken


def give_development(state: CatanState, seat: int, kind: str, *, new: bool = False) -> str:
    """A development card of ``kind`` from the deck into a hand (bought this turn if
    ``new``)."""
    card = next(c for c in state.dev_deck if kind_of(c) == kind)
    state.own("dev_deck").remove(card)
    state.own("dev_hands")[seat].append(card)
    if new:
        state.own("dev_new").append(card)
    state.forget_pending()
    return card


def hand(state: CatanState, seat: int) -> dict[str, int]:
    return {kind: len(state.hands[seat][kind]) for kind in RESOURCES
            if state.hands[seat][kind]}


def play(state: CatanState, action: Action) -> tuple[CatanState, list[Event]]:
    transition = GAME.apply(state, action)
    return transition.state, transition.events


def prompt_of(state: CatanState, seat: int) -> Prompt:
    prompt = GAME.prompt_for(state, seat)
    assert prompt is not None, f"seat {seat} is asked nothing"
    return prompt


def keys(events: list[Event]) -> list[str]:
    return [event.key.removeprefix("catan.event.") for event in events]


def event(events: list[Event], name: str) -> Event:
    return next(e for e in events if e.key == "catan.event." + name)


def with_dice(state: CatanState, total: int) -> CatanState:
    """The same state with a seed whose next roll (at this step) makes ``total``."""
    from games.core.rng import derive_rng

    for seed in range(10_000):
        rng = derive_rng(seed, state.step, "apply")
        if rng.randint(1, 6) + rng.randint(1, 6) == total:
            state.seed = seed
            state.forget_pending()
            return state
    raise AssertionError(f"no seed rolls {total}")
