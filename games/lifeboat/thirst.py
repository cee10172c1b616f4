"""Thirst: rowers, fighters and the named each get thirsty (each source at most once); an
opened Parasol shades its owner from one; Water from anyone cancels one; the rest wound."""

from __future__ import annotations

from games.core import Event
from games.lifeboat.cards import NavCard, card_type
from games.lifeboat.effects import discard_held, wound
from games.lifeboat.events import public
from games.lifeboat.state import LifeboatState, Window, awake_characters, is_living_aboard


def thirst_of(state: LifeboatState, card: NavCard, character: str) -> int:
    return (
        int(card.row and character in state.row_markers)
        + int(card.fight and character in state.fight_markers)
        + int(card.is_thirsty(character))
    )


def has_open_parasol(state: LifeboatState, character: str) -> bool:
    return state.parasol_open_by == character and any(
        card_type(c) == "parasol" for c in state.face_up[character]
    )


def open_thirst(state: LifeboatState, card: NavCard, events: list[Event]) -> None:
    thirst: dict[str, int] = {}
    for character in state.boat:
        if not is_living_aboard(state, character):
            continue
        count = thirst_of(state, card, character)
        if count and has_open_parasol(state, character):
            count -= 1
            public(events, "parasol_shade", character=character)
        if count:
            thirst[character] = count
    if not thirst:
        state.stage = "round_end"
        return
    public(events, "thirst", thirst=thirst.copy())
    state.window = Window(kind="thirst", waiting=awake_characters(state), thirst=thirst)
    state.stage = "thirst"


def give_water(
    state: LifeboatState, giver: str, card: str, target: str, events: list[Event]
) -> None:
    window = state.own_window()
    discard_held(state, giver, card)
    window.thirst[target] -= 1
    if not window.thirst[target]:
        del window.thirst[target]
    public(events, "water_given", character=giver, target=target, card=card)


def resolve_thirst(state: LifeboatState, events: list[Event]) -> None:
    window = state.window
    assert window is not None
    for character in state.boat:
        wound(state, character, window.thirst.get(character, 0), "thirst", events)
    state.window = None
    state.stage = "round_end"
