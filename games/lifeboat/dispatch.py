"""Applies one legal action to a private copy of the state (legality is checked by the caller
against the pending prompts), then lets the state machine run on."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.core import Action, Event
from games.lifeboat import actions as act
from games.lifeboat import (
    fight,
    free_moves,
    navigation,
    overboard,
    regard,
    supply,
    thirst,
    turn,
)
from games.lifeboat.flow import advance
from games.lifeboat.state import LifeboatState

Handler = Callable[[LifeboatState, str, Any, random.Random, list[Event]], None]


def apply_action(state: LifeboatState, action: Action, rng: random.Random) -> list[Event]:
    events: list[Event] = []
    character = state.character_of[action.seat]
    regard.note(state, character, action)
    _HANDLERS[type(action)](state, character, action, rng, events)
    advance(state, rng, events)
    return events


def _pick(s: LifeboatState, c: str, a: act.PickSupply, r: random.Random, e: list[Event]) -> None:
    supply.pick(s, a.card, e)


def _nothing(s: LifeboatState, c: str, a: act.DoNothing, r: random.Random, e: list[Event]) -> None:
    turn.do_nothing(s, e)


def _row(s: LifeboatState, c: str, a: act.Row, r: random.Random, e: list[Event]) -> None:
    turn.row(s, e)


def _keep(s: LifeboatState, c: str, a: act.KeepRowed, r: random.Random, e: list[Event]) -> None:
    turn.keep_rowed(s, a.cards, e)


def _swap(s: LifeboatState, c: str, a: act.Swap, r: random.Random, e: list[Event]) -> None:
    turn.swap(s, a.target, e)


def _rob(s: LifeboatState, c: str, a: act.Rob, r: random.Random, e: list[Event]) -> None:
    turn.rob_card(s, a.target, a.card, r, e)


def _medkit(s: LifeboatState, c: str, a: act.UseMedkit, r: random.Random, e: list[Event]) -> None:
    turn.use_medkit(s, a.card, a.target, e)


def _flare(s: LifeboatState, c: str, a: act.FireFlare, r: random.Random, e: list[Event]) -> None:
    turn.fire_flare(s, a.card, e)


def _parasol(
    s: LifeboatState, c: str, a: act.OpenParasol, r: random.Random, e: list[Event]
) -> None:
    turn.open_parasol(s, a.card, e)


def _cannibal(
    s: LifeboatState, c: str, a: act.UseCannibalism, r: random.Random, e: list[Event]
) -> None:
    turn.use_cannibalism(s, a.card, a.body, e)


def _give_in(s: LifeboatState, c: str, a: act.GiveIn, r: random.Random, e: list[Event]) -> None:
    fight.give_in(s, r, e)


def _resist(s: LifeboatState, c: str, a: act.Resist, r: random.Random, e: list[Event]) -> None:
    fight.resist(s, e)


def _allow(
    s: LifeboatState, c: str, a: act.AllowCannibalism, r: random.Random, e: list[Event]
) -> None:
    fight.vote(s, c, False, r, e)


def _object(
    s: LifeboatState, c: str, a: act.ObjectCannibalism, r: random.Random, e: list[Event]
) -> None:
    fight.vote(s, c, True, r, e)


def _join(s: LifeboatState, c: str, a: act.JoinFight, r: random.Random, e: list[Event]) -> None:
    fight.join(s, c, a.side, e)


def _ready(
    s: LifeboatState, c: str, a: act.FightReady | act.StayOut, r: random.Random, e: list[Event]
) -> None:
    fight.declare_ready(s, c, e)


def _choose(
    s: LifeboatState, c: str, a: act.ChooseNavigation, r: random.Random, e: list[Event]
) -> None:
    navigation.choose(s, a.card, e)


def _compass(s: LifeboatState, c: str, a: act.UseCompass, r: random.Random, e: list[Event]) -> None:
    navigation.use_compass(s, e)


def _chum(s: LifeboatState, c: str, a: act.ThrowChum, r: random.Random, e: list[Event]) -> None:
    overboard.throw_chum(s, c, a.card, e)


def _call(s: LifeboatState, c: str, a: act.CallSharks, r: random.Random, e: list[Event]) -> None:
    overboard.ghost_answer(s, c, True, e)


def _spare(
    s: LifeboatState, c: str, a: act.SpareSwimmers, r: random.Random, e: list[Event]
) -> None:
    overboard.ghost_answer(s, c, False, e)


def _water(s: LifeboatState, c: str, a: act.GiveWater, r: random.Random, e: list[Event]) -> None:
    thirst.give_water(s, c, a.card, a.target, e)


def _done(s: LifeboatState, c: str, a: act.Done, r: random.Random, e: list[Event]) -> None:
    overboard.done(s, c, e)


def _play(s: LifeboatState, c: str, a: act.PlayFaceUp, r: random.Random, e: list[Event]) -> None:
    free_moves.play_face_up(s, c, a.card, a.target, e)


def _give(s: LifeboatState, c: str, a: act.GiveCard, r: random.Random, e: list[Event]) -> None:
    free_moves.give_card(s, c, a.card, a.target, e)


_HANDLERS: dict[type[Action], Handler] = {
    act.PickSupply: _pick,
    act.DoNothing: _nothing,
    act.Row: _row,
    act.KeepRowed: _keep,
    act.Swap: _swap,
    act.Rob: _rob,
    act.UseMedkit: _medkit,
    act.FireFlare: _flare,
    act.OpenParasol: _parasol,
    act.UseCannibalism: _cannibal,
    act.GiveIn: _give_in,
    act.Resist: _resist,
    act.AllowCannibalism: _allow,
    act.ObjectCannibalism: _object,
    act.JoinFight: _join,
    act.StayOut: _ready,
    act.FightReady: _ready,
    act.ChooseNavigation: _choose,
    act.UseCompass: _compass,
    act.ThrowChum: _chum,
    act.CallSharks: _call,
    act.SpareSwimmers: _spare,
    act.GiveWater: _water,
    act.Done: _done,
    act.PlayFaceUp: _play,
    act.GiveCard: _give,
}
