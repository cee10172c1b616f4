"""Overboard: a reaction window (Chum, Life Preservers, ghosts calling sharks), then the fall.

Who is lost is decided by the status at the moment of falling; wounds taken in the water apply
afterwards and the survivors climb back aboard in whatever state that leaves them.
"""

from __future__ import annotations

from games.core import Event
from games.lifeboat.cards import NavCard, card_type
from games.lifeboat.effects import discard_held, lose_overboard, wound
from games.lifeboat.events import public
from games.lifeboat.state import LifeboatState, Window, awake_characters, status_of

SWIMMER = "frenchy"


def open_overboard(state: LifeboatState, card: NavCard, events: list[Event]) -> None:
    swimmers = [c for c in state.boat if card.goes_overboard(c)]
    if not swimmers:
        state.stage = "thirst_start"
        return
    ghosts = state.lost.copy() if state.options.sharks else []
    state.window = Window(
        kind="overboard",
        waiting=awake_characters(state),
        ghosts=ghosts,
        swimmers=swimmers,
    )
    state.stage = "overboard"
    public(events, "overboard_window", swimmers=swimmers.copy())


def throw_chum(state: LifeboatState, character: str, card: str, events: list[Event]) -> None:
    window = state.own_window()
    discard_held(state, character, card)
    window.chum_thrown = True
    public(events, "chum_thrown", character=character, card=card)


def done(state: LifeboatState, character: str, events: list[Event]) -> None:
    window = state.own_window()
    window.waiting.remove(character)
    public(events, "window_done", character=character, window=window.kind)


def ghost_answer(state: LifeboatState, ghost: str, call: bool, events: list[Event]) -> None:
    window = state.own_window()
    window.ghosts.remove(ghost)
    if call:
        window.ghost_callers.append(ghost)
    public(events, "sharks_called" if call else "sharks_spared", character=ghost)


def resolve_overboard(state: LifeboatState, events: list[Event]) -> None:
    window = state.window
    assert window is not None
    swimmers = [c for c in window.swimmers if c in state.boat]
    chum_in_water = any(card_type(c) == "chum" for s in swimmers for c in state.face_up[s])
    sharks = window.chum_thrown or bool(window.ghost_callers) or chum_in_water
    public(events, "overboard", swimmers=swimmers.copy(), sharks=sharks)
    for character in swimmers:
        status = status_of(state, character)
        has_preserver = any(card_type(c) == "preserver" for c in state.face_up[character])
        if status == "dead" or (status == "unconscious" and not has_preserver):
            lose_overboard(state, character, events)
            continue
        lost_cards = [c for c in state.face_up[character] if card_type(c) != "preserver"]
        for card in lost_cards:
            discard_held(state, character, card)
        if lost_cards:
            public(events, "face_up_lost", character=character, cards=lost_cards)
        spared = character == SWIMMER or has_preserver
        wound(state, character, 0 if spared else 1, "overboard", events)
        if sharks:
            wound(state, character, 1, "sharks", events)
    state.window = None
    state.stage = "thirst_start"
