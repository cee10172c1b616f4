"""The small state changes several rules share: wounds, healing, moving and discarding cards,
losing a character overboard."""

from __future__ import annotations

from games.core import Event
from games.lifeboat.cards import card_type
from games.lifeboat.events import public
from games.lifeboat.state import LifeboatState, status_of


def wound(
    state: LifeboatState, character: str, amount: int, cause: str, events: list[Event]
) -> None:
    if amount <= 0:
        return
    state.own_counts("wounds")[character] += amount
    public(
        events,
        "wounded",
        character=character,
        amount=amount,
        cause=cause,
        wounds=state.wounds[character],
        status=status_of(state, character),
    )


def heal(
    state: LifeboatState, character: str, amount: int, cause: str, events: list[Event]
) -> None:
    healed = min(amount, state.wounds[character])
    if healed <= 0:
        return
    state.own_counts("wounds")[character] -= healed
    public(
        events,
        "healed",
        character=character,
        amount=healed,
        cause=cause,
        wounds=state.wounds[character],
        status=status_of(state, character),
    )


def take_face_up(state: LifeboatState, character: str, card: str) -> None:
    """Remove a card from in front of ``character``; an opened parasol closes when it goes."""
    state.own_face_up(character).remove(card)
    if state.parasol_open_by == character and card_type(card) == "parasol":
        state.parasol_open_by = None


def take_held(state: LifeboatState, character: str, card: str) -> None:
    """Remove a card ``character`` holds, in hand or face up."""
    if card in state.hand[character]:
        state.own_hand(character).remove(card)
    else:
        take_face_up(state, character, card)


def discard_held(state: LifeboatState, character: str, card: str) -> None:
    take_held(state, character, card)
    state.own_list("discard").append(card)


def lose_overboard(state: LifeboatState, character: str, events: list[Event]) -> None:
    """The character drowns: out of the game for good with all its cards. Its face-up cards
    were public and go to the discard pile; its hand leaves face down (the seed removes the
    cards from the game; showing them would tell the table what the player held)."""
    cards = state.face_up[character]
    hand_count = len(state.hand[character])
    state.own_list("discard").extend(cards)
    state.own_list("set_aside").extend(state.hand[character])
    state.own_hands()[character] = []
    state.own_faces_up()[character] = []
    if state.parasol_open_by == character:
        state.parasol_open_by = None
    state.own_list("boat").remove(character)
    state.own_list("lost").append(character)
    public(events, "character_lost", character=character, discarded=cards,
           hand_count=hand_count)
