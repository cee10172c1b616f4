"""Moves an awake player may make at any time: play a hand card face up, or give one away
(never during the supply phase or while a fight is open)."""

from __future__ import annotations

from games.core import Event
from games.lifeboat.events import private, public
from games.lifeboat.fight import card_played_during_fight
from games.lifeboat.state import LifeboatState

NO_GIVING_STAGES = frozenset({"supply", "fight"})


def giving_allowed(state: LifeboatState) -> bool:
    return state.stage not in NO_GIVING_STAGES


def play_face_up(
    state: LifeboatState, player: str, card: str, target: str, events: list[Event]
) -> None:
    state.own_hand(player).remove(card)
    state.own_face_up(target).append(card)
    public(events, "card_played", character=player, card=card, target=target)
    if state.stage == "fight":
        card_played_during_fight(state, player)


def give_card(
    state: LifeboatState, giver: str, card: str, receiver: str, events: list[Event]
) -> None:
    state.own_hand(giver).remove(card)
    state.own_hand(receiver).append(card)
    public(events, "card_given", character=giver, target=receiver)
    private(
        events,
        (state.seat_of[giver], state.seat_of[receiver]),
        "card_received",
        character=giver,
        target=receiver,
        card=card,
    )
