"""A pass that leaves a Nullification window open, applied without copying the table.

Most moves of an eight-player game are such passes: every trick asks each living seat whose
hand may hold a Nullification, one pass each. That pass changes nothing but the window's list
of seats that passed, so the new state shares its players, piles and frames with the one
before, and keeps that state's prompts (less the passer's) and its view's table part
(``views._table``). States are values: ``apply`` never changes its input, and ``clone`` copies
every shared part before a later move changes it. ``tests/games/sanguosha/test_window_pass.py``
checks this path against the full one.
"""

from __future__ import annotations

from typing import Any

from games.core import Action, Transition
from games.core.construct import assembled
from games.core.model import Prompt
from games.sanguosha.actions import Pass
from games.sanguosha.state import SanguoshaState, shallow

# The frame whose first-come window a pass may skip the rules for: its answer to a pass that
# leaves a seat asked is only ``windows.pass_`` (``responses.nullify_answer``).
_QUIET_OPS = frozenset({"nullify"})


def is_quiet_window(state: SanguoshaState) -> bool:
    """Whether the top window takes passes that change nothing but itself."""
    # Read from the models' ``__dict__`` (as ``quiet_pass``): asked before every move, and a
    # pydantic model's attribute goes through its ``__getattr__`` hook.
    fields = state.__dict__
    stack = fields["windows"].__dict__["stack"]
    frames = fields["frames"]
    return (
        bool(stack)
        and stack[-1].__dict__["mode"] == "first_come"
        and fields["result"] is None
        and bool(frames)
        and frames[-1].__dict__["op"] in _QUIET_OPS
    )


def keep_table(state: SanguoshaState) -> None:
    """Lets a state whose window takes quiet passes keep its view's table part once built,
    for those passes to hand on. Only for a state fresh from ``apply``: a state changed in
    place afterwards would keep a stale table."""
    private = state.__pydantic_private__
    if private is not None and is_quiet_window(state):
        private.setdefault("_table", None)


def quiet_pass(state: SanguoshaState, action: Action, pending: list[Prompt]) -> Transition | None:
    """The transition for ``action`` if it is a pass that leaves the top window open and
    changes nothing else; None when the full rules must run."""
    if type(action) is not Pass or not is_quiet_window(state):
        return None
    before = state.__dict__
    stack = before["windows"].__dict__["stack"]
    window = stack[-1]
    seat = action.__dict__["seat"]
    asked = window.asked()
    # Every seat this window asks is offered a pass (a Pass is its kind and its seat only).
    if seat not in asked or len(asked) < 2:
        return None
    new: SanguoshaState = shallow(state)
    top = shallow(window)
    top_fields = top.__dict__
    top_fields["passed"] = (*top_fields["passed"], seat)
    windows = shallow(before["windows"])
    windows.__dict__["stack"] = [*stack[:-1], top]
    fields: dict[str, Any] = new.__dict__
    fields["windows"] = windows
    fields["step"] = before["step"] + 1
    private = state.__pydantic_private__ or {}
    object.__setattr__(
        new,
        "__pydantic_private__",
        {
            "_pending": [p for p in pending if p.seat != seat],
            "_table": private.get("_table"),
            "_rows": private.get("_rows"),
        },
    )
    return assembled(Transition, {"state": new, "events": []})
