"""The navigation phase: the navigator picks the day's card, then birds, overboard, thirst."""

from __future__ import annotations

from games.core import Event
from games.lifeboat.cards import NAVIGATION, NavCard
from games.lifeboat.events import private, public
from games.lifeboat.state import LifeboatState, awake_characters, owns_face_up


def start_navigation(state: LifeboatState, events: list[Event]) -> None:
    awake = awake_characters(state)
    state.compass_used = False
    if not awake:
        # Nobody can steer: the rowed pile goes back unseen and the sea decides.
        state.own_list("navigation").extend(state.rowed)
        state.rowed = []
        state.rowed_by = {}
        _reveal_top(state, events)
        return
    navigator = awake[-1]
    state.navigator = navigator
    # The rowed pile becomes the candidates: owned, as the compass may add to it.
    candidates = state.own_list("rowed")
    state.rowed = []
    if state.options.one_card_rowing and state.navigation:
        candidates.append(state.own_list("navigation").pop(0))
    state.candidates = candidates
    public(events, "navigation_started", character=navigator, candidates=len(candidates))
    if len(candidates) >= 2 or (candidates and compass_usable(state)):
        # The navigator sees the candidates in its view; no event lists them, since a rower
        # who just put a card on the pile shares the knowledge of that one card only.
        state.stage = "navigate"
    elif candidates:
        choose(state, candidates[0], events)
    else:
        state.navigator = None
        _reveal_top(state, events)


def compass_usable(state: LifeboatState) -> bool:
    navigator = state.navigator
    return (
        navigator is not None
        and not state.compass_used
        and bool(state.navigation)
        and bool(owns_face_up(state, navigator, "compass"))
    )


def use_compass(state: LifeboatState, events: list[Event]) -> None:
    navigator = state.navigator
    assert navigator is not None
    card = state.own_list("navigation").pop(0)
    state.own_list("candidates").append(card)
    state.compass_used = True
    public(events, "compass_used", character=navigator)
    private(events, (state.seat_of[navigator],), "compass_card", character=navigator, card=card)


def choose(state: LifeboatState, card: str, events: list[Event]) -> None:
    others = [c for c in state.candidates if c != card]
    state.own_list("navigation").extend(others)
    state.candidates = []
    public(events, "navigation_chosen", character=state.navigator, card=card,
           returned=len(others))
    _set_card(state, card)


def _reveal_top(state: LifeboatState, events: list[Event]) -> None:
    card = state.own_list("navigation").pop(0)
    public(events, "navigation_revealed", card=card)
    _set_card(state, card)


def _set_card(state: LifeboatState, card: str) -> None:
    state.rowed_by = {}
    state.revealed = card
    state.navigator = None
    state.stage = "card_chosen"


def current_card(state: LifeboatState) -> NavCard:
    assert state.revealed is not None
    return NAVIGATION[state.revealed]


def navigator_secrets(state: LifeboatState) -> list[str]:
    """The candidates only the navigator knows (not those another rower put on the pile)."""
    navigator = state.navigator
    return [c for c in state.candidates if state.rowed_by.get(c, navigator) == navigator]
