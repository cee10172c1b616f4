"""Hand-built Lifeboat states for scenario tests, and small drivers to act on them.

``make_state`` builds a game directly from the facts a test cares about (who sits where, who
holds what, the order of the decks); everything else gets a sensible default. Actions always go
through ``GAME.apply``, so every step is checked against the pending prompts.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from games import registry
from games.core import Action, Event, Prompt, Transition
from games.lifeboat import actions as act
from games.lifeboat.cards import CHARACTERS, START_ORDER, navigation_cards, supply_cards
from games.lifeboat.flow import advance
from games.lifeboat.game import LifeboatGame
from games.lifeboat.options import Options
from games.lifeboat.state import LifeboatState, Stage

_registered = registry.get("lifeboat")
assert isinstance(_registered, LifeboatGame)
GAME: LifeboatGame = _registered

FOUR = ("lauren", "stephen", "captain", "kid")


def make_state(
    characters: Sequence[str] = FOUR,
    *,
    boat: Sequence[str] | None = None,
    loves: Sequence[str] | None = None,
    hates: Sequence[str] | None = None,
    hands: dict[str, list[str]] | None = None,
    face_up: dict[str, list[str]] | None = None,
    wounds: dict[str, int] | None = None,
    lost: Sequence[str] = (),
    navigation: Sequence[str] | None = None,
    supply: Sequence[str] | None = None,
    birds: int = 0,
    options: Options | None = None,
    stage: Stage = "round_start",
    seed: int = 1,
) -> LifeboatState:
    """A game with ``characters[seat]`` on each seat.

    Defaults: the boat holds everyone not lost in starting order; each seat loves the next
    seat's character and hates the previous one's; hands and face-up cards are empty; the
    navigation deck is every unused card in numeric order; the supply deck is every unused card.
    """
    options = options or Options(cannibalism="harter" in characters)
    n = len(characters)
    in_game = [c for c in START_ORDER if c in characters]
    hands = {c: list(hands.get(c, [])) if hands else [] for c in characters}
    face_up = {c: list(face_up.get(c, [])) if face_up else [] for c in characters}
    used = {card for cards in [*hands.values(), *face_up.values()] for card in cards}
    if supply is None:
        supply = [c for c in supply_cards(options.cannibalism) if c not in used]
    if navigation is None:
        navigation = navigation_cards(options.cannibalism)
    bonus = 1 if options.sharks else 0
    state = LifeboatState(
        seed=seed,
        seats=n,
        options=options,
        characters=in_game,
        character_of=list(characters),
        seat_of={c: seat for seat, c in enumerate(characters)},
        sizes={c: CHARACTERS[c].size + bonus for c in in_game},
        loves=list(loves) if loves else [characters[(s + 1) % n] for s in range(n)],
        hates=list(hates) if hates else [characters[(s - 1) % n] for s in range(n)],
        boat=list(boat) if boat is not None else [c for c in in_game if c not in lost],
        lost=list(lost),
        wounds={c: (wounds or {}).get(c, 0) for c in in_game},
        hand=hands,
        face_up=face_up,
        supply=list(supply),
        navigation=list(navigation),
        birds=birds,
        stage=stage,
    )
    return state


def run(state: LifeboatState) -> list[Event]:
    """Let the automatic steps run (as ``apply`` does after every action)."""
    events: list[Event] = []
    advance(state, random.Random(0), events)
    state._pending = None
    return events


def at_turn(state: LifeboatState, actor: str) -> LifeboatState:
    """The action phase, with ``actor`` to act now (order = the boat)."""
    state.stage = "turn"
    state.turn_order = state.boat.copy()
    state.turn_index = state.boat.index(actor)
    state.actor = actor
    state._pending = None
    return state


def at_navigation(state: LifeboatState, rowed: Sequence[str] = ()) -> list[Event]:
    """Start the navigation phase with this rowed pile (markers and wounds as set up)."""
    state.stage = "navigation_start"
    state.rowed = list(rowed)
    for card in rowed:
        if card in state.navigation:
            state.navigation.remove(card)
    return run(state)


def play_card(state: LifeboatState, card: str, *, rowed_by: Iterable[str] = (),
              fought: Iterable[str] = ()) -> list[Event]:
    """Make ``card`` the day's navigation card with these markers (one candidate: no choice)."""
    state.row_markers = list(rowed_by)
    state.fight_markers = list(fought)
    return at_navigation(state, [card])


def seat(state: LifeboatState, character: str) -> int:
    return state.seat_of[character]


def prompt(state: LifeboatState, character: str) -> Prompt | None:
    return GAME.prompt_for(state, seat(state, character))


def offered(state: LifeboatState, character: str) -> list[Action]:
    found = prompt(state, character)
    return list(found.actions) if found else []


def kinds(state: LifeboatState, character: str) -> set[str]:
    return {a.kind for a in offered(state, character)}


def do(state: LifeboatState, character: str, cls: type[Action], **fields: Any) -> Transition:
    """Apply ``cls(**fields)`` for ``character``'s seat, through the legality check."""
    action = cls(seat=seat(state, character), **fields)
    return GAME.apply(state, action)


def step(state: LifeboatState, character: str, cls: type[Action],
         **fields: Any) -> tuple[LifeboatState, list[Event]]:
    transition = do(state, character, cls, **fields)
    return transition.state, transition.events


def everyone_done(
    state: LifeboatState, windows: tuple[str, ...] = ("overboard", "thirst")
) -> tuple[LifeboatState, list[Event]]:
    """Close the reaction windows: every waiting player says done, ghosts stay calm."""
    events: list[Event] = []
    while state.stage in windows and state.window is not None:
        window = state.window
        if window.waiting:
            state, more = step(state, window.waiting[0], act.Done)
        elif window.ghosts:
            state, more = step(state, window.ghosts[0], act.SpareSwimmers)
        else:
            break
        events.extend(more)
    return state, events


def event_keys(events: Iterable[Event]) -> list[str]:
    return [e.key.removeprefix("lifeboat.event.") for e in events]


def find(events: Iterable[Event], name: str) -> list[Event]:
    return [e for e in events if e.key == "lifeboat.event." + name]
