"""What the table has seen each character do for or against the others.

Every act the whole table watches — Water or a Medical Kit given, a Life Preserver or a card
handed over, a robbery, a side taken in a fight, Chum thrown or sharks called on swimmers —
moves one number per (doer, receiver) pair: up for help, down for harm. The record is public
(it only sums what every player saw), so it sits in the public view, where a bot reads it to
guess whom each seat loves and hates.
"""

from __future__ import annotations

from games.core import Action
from games.lifeboat import actions as act
from games.lifeboat.cards import card_type
from games.lifeboat.state import LifeboatState

# How much one act says: giving what keeps someone alive says most.
LIFE_GIFT = 2
CARD_GIFT = 1
HARM = -1
SHARKS = -2


def pair(doer: str, receiver: str) -> str:
    return f"{doer}>{receiver}"


def _add(state: LifeboatState, doer: str, receiver: str, amount: int) -> None:
    if doer == receiver:
        return
    key = pair(doer, receiver)
    regard = state.own_counts("regard")
    regard[key] = regard.get(key, 0) + amount


def note(state: LifeboatState, doer: str, action: Action) -> None:
    """Remember what ``action``, about to be applied for ``doer``, shows the table (read
    before it is applied: the fight's sides and the swimmers are those it acts on)."""
    if isinstance(action, (act.GiveWater, act.UseMedkit)):
        _add(state, doer, action.target, LIFE_GIFT)
    elif isinstance(action, act.PlayFaceUp):
        if card_type(action.card) == "preserver":
            _add(state, doer, action.target, LIFE_GIFT)
    elif isinstance(action, act.GiveCard):
        _add(state, doer, action.target, CARD_GIFT)
    elif isinstance(action, act.Rob):
        _add(state, doer, action.target, HARM)
    elif isinstance(action, act.JoinFight):
        fight = state.fight
        if fight is None:
            return
        friends, foes = (
            (fight.attackers, fight.defenders) if action.side == "attackers"
            else (fight.defenders, fight.attackers)
        )
        for friend in friends:
            _add(state, doer, friend, CARD_GIFT)
        for foe in foes:
            _add(state, doer, foe, HARM)
    elif isinstance(action, (act.ThrowChum, act.CallSharks)):
        window = state.window
        swimmers = window.swimmers if window is not None else []
        amount = HARM if isinstance(action, act.ThrowChum) else SHARKS
        for swimmer in swimmers:
            _add(state, doer, swimmer, amount)

