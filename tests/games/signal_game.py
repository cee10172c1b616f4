"""Signal: a small test game that uses every platform piece the new games need.

Two heroes share a plan that the third seat, the spy, must never see; every seat holds a few
private cards. Each round the leader plays a card openly; the others may object, first come;
an objection may be countered by the leader's team, in seat order (a window inside a window);
then every seat commits a signal in secret, revealed together; last, the leader discards one or
two cards in one move (a multi-pick). The game ends after ``rounds`` rounds.

It lives in the tests because it is not a game anyone plays: it proves the shared-secret no-leak
check, the window stack and picks with the same conformance helpers the real games use.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field

from games.core import Action, Event, Game, GameSpec, Outcome, Pick, Prompt, StateBase
from games.core.windows import Windows


class SignalOptions(BaseModel):
    rounds: int = Field(default=3, ge=1, le=6, description="Rounds to play.")
    hand_size: int = Field(default=6, ge=3, le=30, description="Cards dealt to each seat.")
    # Test hooks: a planted leak the checker must find.
    leak_plan_to_spy: bool = False
    leak_hand_to_next: bool = False


class Play(Action):
    kind: Literal["play"] = "play"
    card: str


class Object(Action):
    kind: Literal["object"] = "object"


class Counter(Action):
    kind: Literal["counter"] = "counter"


class Pass(Action):
    kind: Literal["pass"] = "pass"


class Signal(Action):
    kind: Literal["signal"] = "signal"
    colour: Literal["red", "blue"]


class Discard(Action):
    kind: Literal["discard"] = "discard"
    cards: tuple[str, ...] = ()


class SignalState(StateBase):
    options: SignalOptions
    round: int = 0
    leader: int = 0
    plan: str
    hands: list[list[str]]
    played: list[str] = Field(default_factory=list)
    objections: int = 0
    signals: list[dict[int, str]] = Field(default_factory=list)
    stage: Literal["play", "windows", "discard", "over"] = "play"
    windows: Windows = Field(default_factory=Windows)


class SeatView(BaseModel):
    seat: int | None
    round: int
    leader: int
    played: list[str]
    hand_sizes: list[int]
    hand: list[str] = Field(default_factory=list)
    plan: str | None = None
    signals: list[dict[int, str]]
    asked: list[int]
    # Only the seat's own commitment, never another's or who has committed.
    my_signal: str | None = None
    leaked: list[str] = Field(default_factory=list)


SPY = 2


def heroes(state: SignalState) -> tuple[int, ...]:
    return tuple(s for s in range(state.seats) if s != SPY)


class SignalGame(Game[SignalState, SignalOptions]):
    spec: ClassVar[GameSpec] = GameSpec(name="signal", title="Signal", min_players=3,
                                        max_players=5)
    Options = SignalOptions
    State = SignalState
    action_types: ClassVar[tuple[type[Action], ...]] = (Play, Object, Counter, Pass, Signal,
                                                        Discard)

    def _setup(self, seats: int, options: SignalOptions, seed: int,
               rng: random.Random) -> SignalState:
        size = options.hand_size
        deck = [f"card-{n:03d}" for n in range(seats * size)]
        rng.shuffle(deck)
        hands = [sorted(deck[s * size:(s + 1) * size]) for s in range(seats)]
        return SignalState(seed=seed, seats=seats, options=options, hands=hands,
                           plan=f"plan-{rng.randrange(1000):03d}")

    def _pending(self, state: SignalState) -> list[Prompt]:
        if state.stage == "play":
            seat = state.leader
            return [Prompt(seat=seat, kind="play", question=f"play#{state.round}",
                           actions=[Play(seat=seat, card=c) for c in state.hands[seat]])]
        if state.stage == "discard":
            seat = state.leader
            template = Discard(seat=seat)
            pick = Pick(field="cards", options=tuple(state.hands[seat]), min=1, max=2,
                        template=template)
            return [Prompt(seat=seat, kind="discard", question=f"discard#{state.round}",
                           actions=[pick.build(state.hands[seat][:1])], pick=pick)]
        window = state.windows.top
        assert window is not None
        prompts = []
        for seat in window.seats if window.mode == "together" else window.asked():
            question = window.question(seat)
            if window.topic == "object":
                actions: list[Action] = [Pass(seat=seat), Object(seat=seat)]
            elif window.topic == "counter":
                actions = [Pass(seat=seat), Counter(seat=seat)]
            else:
                actions = [Signal(seat=seat, colour="red"), Signal(seat=seat, colour="blue")]
            # A seat that has committed may still change its mind, but nobody waits for it.
            waited = window.mode != "together" or seat not in window.answers
            prompts.append(Prompt(seat=seat, kind=window.topic, question=question,
                                  clock="response", actions=actions, blocking=waited))
        return prompts

    def _apply(self, state: SignalState, action: Action, rng: random.Random) -> list[Event]:
        events: list[Event] = []
        windows = state.windows
        if isinstance(action, Play):
            state.hands[action.seat].remove(action.card)
            state.played.append(action.card)
            events.append(Event(key="signal.played", params={"seat": action.seat,
                                                             "card": action.card}))
            others = [s for s in range(state.seats) if s != state.leader]
            windows.open("object", "first_come", others, card=action.card)
            state.stage = "windows"
            return events
        if isinstance(action, Discard):
            for card in action.cards:
                state.hands[action.seat].remove(card)
            events.append(Event(key="signal.discarded",
                                params={"seat": action.seat, "count": len(action.cards)}))
            events.append(Event(key="signal.discarded_cards", params={"cards": action.cards},
                                to=(action.seat,)))
            self._next_round(state)
            return events
        window = windows.top
        assert window is not None
        if isinstance(action, Object):
            windows.close()
            team = [s for s in heroes(state) if s != action.seat] if action.seat == SPY \
                else [SPY]
            windows.open("counter", "in_order", team, objector=action.seat)
        elif isinstance(action, Counter):
            windows.close()
            events.append(Event(key="signal.countered", params={"seat": action.seat}))
            self._open_signals(state)
        elif isinstance(action, Pass):
            windows.pass_(action.seat)
            if window.exhausted:
                windows.close()
                if window.topic == "counter":
                    state.objections += 1
                    events.append(Event(key="signal.objection_stands"))
                self._open_signals(state)
        elif isinstance(action, Signal):
            windows.commit(action.seat, action.colour)
            if window.exhausted:
                windows.close()
                state.signals.append(dict(window.answers))
                events.append(Event(key="signal.revealed", params={"signals": window.answers}))
                state.stage = "discard" if state.hands[state.leader] else "play"
                if state.stage == "play":
                    self._next_round(state)
        return events

    def _open_signals(self, state: SignalState) -> None:
        state.windows.open("signal", "together", range(state.seats))

    def _next_round(self, state: SignalState) -> None:
        state.round += 1
        state.leader = (state.leader + 1) % state.seats
        state.stage = "over" if state.round >= state.options.rounds or not any(
            state.hands) else "play"
        while state.stage == "play" and not state.hands[state.leader]:
            state.leader = (state.leader + 1) % state.seats

    def view(self, state: SignalState, seat: int | None) -> SeatView:
        window = state.windows.top
        asked = list(window.asked()) if window is not None and window.mode != "together" else []
        view = SeatView(seat=seat, round=state.round, leader=state.leader,
                        played=list(state.played), hand_sizes=[len(h) for h in state.hands],
                        signals=[dict(s) for s in state.signals], asked=asked)
        if seat is None:
            return view
        view.hand = list(state.hands[seat])
        if seat != SPY or state.options.leak_plan_to_spy:
            view.plan = state.plan
        if window is not None and window.mode == "together":
            view.my_signal = window.answers.get(seat)
        if state.options.leak_hand_to_next:
            view.leaked = list(state.hands[(seat + 1) % state.seats])
        return view

    def secrets(self, state: SignalState, seat: int) -> set[str]:
        if state.stage == "over":
            return set()
        known = set(state.hands[seat])
        if seat != SPY:
            known.add(state.plan)
        return known

    def outcome(self, state: SignalState) -> Outcome | None:
        if state.stage != "over":
            return None
        spy_wins = state.objections * 2 >= state.options.rounds
        winners = [SPY] if spy_wins else list(heroes(state))
        return Outcome(scores={s: float(s in winners) for s in range(state.seats)},
                       winners=winners)

    def choose(self, view: Any, prompt: Prompt, rng: random.Random) -> Action:
        return prompt.actions[0]


GAME = SignalGame()


@contextmanager
def registered() -> Iterator[SignalGame]:
    """The Signal game in the registry for the length of a test (the service and the bot find
    games there), and gone afterwards so no other test sees it."""
    from games import registry

    registry.names()  # the built-in games first, so they are not loaded on top of it later
    registry.register(GAME)
    try:
        yield GAME
    finally:
        registry._GAMES.pop(GAME.spec.name, None)
