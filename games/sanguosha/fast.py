"""Prompts and actions built from values that are already valid, without validating again.

Prompts are rebuilt for every seat a window asks, after every move, from the engine's own data;
pydantic's validation would be most of their cost. Every field is filled here, defaults too.
``tests/games/sanguosha/test_fast.py`` checks these models equal their validated twins.
"""

from __future__ import annotations

from typing import Any

from games.core import Action, Pick, Prompt
from games.core.construct import whole
from games.core.memo import Memo
from games.sanguosha.actions import Choose, Pass, Respond, Use

# A model of every field, straight from its values.
build = whole


# Actions are frozen, so equal ones may be one object: a prompt's actions recur from move to
# move (the same card on the same target), and a shared one is found by identity when a move
# is checked against its prompt. Bounded like the engines' other memo tables.
_ACTIONS: Memo[tuple[Any, ...], Any] = Memo(10_000)


def passing(seat: int) -> Pass:
    key = ("pass", seat)
    found = _ACTIONS.get(key)
    if found is None:
        found = _ACTIONS.remember(key, build(Pass, {"kind": "pass", "seat": seat}))
    return found


def use(
    seat: int, cards: tuple[str, ...], name: str, via: str = "", targets: tuple[int, ...] = ()
) -> Use:
    key = ("use", seat, cards, name, via, targets)
    found = _ACTIONS.get(key)
    if found is None:
        fields = {
            "kind": "use", "seat": seat, "cards": cards, "name": name, "targets": targets,
            "via": via,
        }
        found = _ACTIONS.remember(key, build(Use, fields))
    return found


def respond(seat: int, cards: tuple[str, ...], name: str, via: str = "") -> Respond:
    key = ("respond", seat, cards, name, via)
    found = _ACTIONS.get(key)
    if found is None:
        fields = {"kind": "respond", "seat": seat, "cards": cards, "name": name, "via": via}
        found = _ACTIONS.remember(key, build(Respond, fields))
    return found


def choose(seat: int, option: str) -> Choose:
    key = ("choose", seat, option)
    found = _ACTIONS.get(key)
    if found is None:
        found = _ACTIONS.remember(
            key, build(Choose, {"kind": "choose", "seat": seat, "option": option}))
    return found


def prompt(
    seat: int,
    kind: str,
    actions: list[Action],
    *,
    question: str,
    clock: str,
    params: dict[str, Any] | None = None,
    pick: Pick | None = None,
) -> Prompt:
    return build(
        Prompt,
        {
            "seat": seat,
            "kind": kind,
            "actions": actions,
            "blocking": True,
            "default": 0,
            "params": params if params is not None else {},
            "question": question,
            "clock": clock,
            "pick": pick,
        },
    )
