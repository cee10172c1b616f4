"""Positions for the bot's tactical suite: a table built in one call, and the bot's answer.

``seats`` lays out a table around seat 0, whose play phase it is: the identities (the lord
anywhere), heroes, HP, hands, equipment, delayed tricks and the public record of deeds
(``state.intent``) the position needs. Tests then either ask the bot for seat 0's play, or
drive the engine (``builders.Run``) to the window the position is about and ask the seat
that must answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from games.core import Action
from games.sanguosha import GAME, Options
from games.sanguosha.actions import Choose, Discard, Pass, Respond, Use
from games.sanguosha.state import SanguoshaState

from .builders import IDENTITY_CARD, Run, give, lay, set_hero, table, wield

FIVE = ["lord", "loyalist", "rebel", "rebel", "renegade"]

_BASES: dict[tuple[int, bool, bool], SanguoshaState] = {}


def _base(count: int, heroes: bool, ex_cards: bool) -> SanguoshaState:
    """A table at seat 0's play phase with empty hands, made once per kind."""
    key = (count, heroes, ex_cards)
    if key not in _BASES:
        _BASES[key] = table(count, heroes={} if heroes else None,
                            options=Options(heroes=heroes, ex_cards=ex_cards))
    return _BASES[key].model_copy(deep=True)


def seats(
    identities: list[str],
    *,
    heroes: dict[int, str] | None = None,
    hp: dict[int, int | tuple[int, int]] | None = None,
    cards: dict[int, Iterable[str]] | None = None,
    equips: dict[int, Iterable[str]] | None = None,
    judging: dict[int, Iterable[str]] | None = None,
    deeds: dict[tuple[int, int], int] | None = None,
    dead: Iterable[int] = (),
    options: dict[str, Any] | None = None,
) -> SanguoshaState:
    """Seat 0 is in its play phase. ``hp`` gives a seat's HP (and max HP as a pair; the max is
    4 otherwise); ``deeds[(a, b)]`` is what the table saw ``a`` choose to do to ``b``."""
    state = _base(len(identities), heroes is not None, bool((options or {}).get("ex_cards")))
    if options:
        state.options = Options.model_validate({**state.options.model_dump(), **options})
    counts: dict[str, int] = {}
    for seat, identity in enumerate(identities):
        counts[identity] = counts.get(identity, 0) + 1
        player = state.players[seat]
        player.identity_card = IDENTITY_CARD[identity].format(n=counts[identity])
        player.revealed = identity == "lord"
        player.hp = player.max_hp = 4
    state.lord = identities.index("lord")
    for seat, hero_id in (heroes or {}).items():
        set_hero(state, seat, hero_id)
    for seat, value in (hp or {}).items():
        now, most = value if isinstance(value, tuple) else (value, max(value, 4))
        state.players[seat].hp, state.players[seat].max_hp = now, most
    for seat, held in (cards or {}).items():
        give(state, seat, *held)
    for seat, worn in (equips or {}).items():
        wield(state, seat, *worn)
    for seat, tricks in (judging or {}).items():
        lay(state, seat, *tricks)
    for (actor, target), amount in (deeds or {}).items():
        state.intent[actor][target] = amount
    for seat in dead:
        player = state.players[seat]
        player.alive, player.revealed, player.hp = False, True, 0
        state.deaths.append(seat)
    state.forget_pending()
    return state


def decide(source: SanguoshaState | Run, seat: int = 0, seed: int = 0) -> Action:
    """The bot's choice for ``seat``'s prompt, from that seat's view only."""
    state = source.state if isinstance(source, Run) else source
    prompts = [p for p in GAME.pending(state) if p.seat == seat]
    assert prompts, f"seat {seat} is not asked; asked: {[p.seat for p in GAME.pending(state)]}"
    return GAME.choose(GAME.view(state, seat), prompts[0], random.Random(seed))


def until_asked(run: Run, seat: int, kind: str) -> Run:
    """Every other seat passes until ``seat`` is asked a ``kind`` question."""
    for _ in range(200):
        prompts = GAME.pending(run.state)
        mine = [p for p in prompts if p.seat == seat and p.kind == kind]
        if mine:
            return run
        run.pass_(prompts[0].seat)
    raise AssertionError(f"seat {seat} was never asked {kind}")


def advance(run: Run, stop: Callable[[Any], bool],
            answer: Callable[[Any], Action] | None = None) -> Run:
    """Answers every prompt (a pass, or ``answer``'s choice) until one ``stop`` accepts."""
    for _ in range(300):
        prompts = GAME.pending(run.state)
        if any(stop(p) for p in prompts):
            return run
        prompt = prompts[0]
        run.act(answer(prompt) if answer is not None else prompt.actions[0])
    raise AssertionError("the awaited prompt never came")


def asked(seat: int, kind: str, **params: Any) -> Callable[[Any], bool]:
    """A ``stop`` for ``advance``: ``seat`` is asked a ``kind`` question with these params."""
    def stop(prompt: Any) -> bool:
        return prompt.seat == seat and prompt.kind == kind and all(
            prompt.params.get(k) == v for k, v in params.items())

    return stop


# -- what the answer should be ------------------------------------------------------------------
Check = Callable[[Action], bool]


def passes(action: Action) -> bool:
    return isinstance(action, Pass)


def answers(action: Action) -> bool:
    return isinstance(action, Respond)


def uses(name: str, *targets: int, via: str | None = None) -> Check:
    def check(action: Action) -> bool:
        return (isinstance(action, Use) and action.name == name
                and (not targets or action.targets == targets)
                and (via is None or action.via == via))

    return check


def uses_card(card_id: str, *targets: int) -> Check:
    def check(action: Action) -> bool:
        return (isinstance(action, Use) and card_id in action.cards
                and (not targets or action.targets == targets))

    return check


def chooses(option: str) -> Check:
    def check(action: Action) -> bool:
        return isinstance(action, Choose) and action.option == option

    return check


def discards(*card_ids: str) -> Check:
    def check(action: Action) -> bool:
        return isinstance(action, Discard) and set(action.cards) == set(card_ids)

    return check


def keeps(*card_ids: str) -> Check:
    def check(action: Action) -> bool:
        return isinstance(action, Discard) and not set(action.cards) & set(card_ids)

    return check


def either(*checks: Check) -> Check:
    return lambda action: any(check(action) for check in checks)


def neither(*checks: Check) -> Check:
    return lambda action: not any(check(action) for check in checks)


@dataclass(frozen=True)
class Position:
    """One position: why its answer is the right one, how to reach it, who answers, and what
    the answer must be."""

    reason: str
    build: Callable[[], SanguoshaState | Run]
    seat: int
    right: Check

    def bot_answer(self) -> Action:
        return decide(self.build(), self.seat)
