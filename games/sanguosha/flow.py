"""The resolution stack: frames that step until one opens a window, and the answers to it.

Every rule that takes time (a turn, a Slash, a dying player) is a frame on ``state.frames``
with a handler registered here under its ``op``. ``run`` steps the top frame until a window is
open (someone must decide) or the game is over. A frame asks by opening a window
(``games.core.windows``) and the answer goes to the frame that opened it, the top one. Children
finish into their parent's ``d[ret]``. All of it lives in the state, so a game waiting three
windows deep is saved and restored like any other.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.core import Action, Event, Prompt
from games.core.windows import Window, WindowMode
from games.sanguosha.fast import build
from games.sanguosha.state import Frame, SanguoshaState, own_top, own_top_of


class Ctx:
    """One step's working set: the state being changed, its RNG and the events so far."""

    __slots__ = ("events", "rng", "state")

    def __init__(self, state: SanguoshaState, rng: random.Random, events: list[Event]) -> None:
        self.state = state
        self.rng = rng
        self.events = events

    def emit(self, key: str, to: tuple[int, ...] | None = None, **params: Any) -> None:
        # Built without validation (``fast``): a move emits several, all from engine values.
        self.events.append(build(Event, {"key": f"sanguosha.{key}", "params": params, "to": to}))

    def push(self, op: str, ret: str = "", **data: Any) -> Frame:
        frame = build(Frame, {"op": op, "step": 0, "ret": ret, "d": data})
        self.state.frames.append(frame)
        return frame

    def finish(self, value: Any = None) -> None:
        """Takes the top frame off and hands ``value`` to its parent."""
        frames = self.state.frames
        if not frames:
            return
        done = frames.pop()
        if done.ret and frames:
            own_top(self.state).d[done.ret] = value

    def ask(self, topic: str, mode: WindowMode, seats: list[int], **data: Any) -> Window:
        return self.state.windows.open(topic, mode, seats, **data)

    def close(self) -> Window:
        return self.state.windows.close()


Step = Callable[[Ctx, Frame], None]
Answer = Callable[[Ctx, Frame, Window, Action], None]
PromptMaker = Callable[[SanguoshaState, Frame, Window, int], Prompt]

STEPS: dict[str, Step] = {}
ANSWERS: dict[str, Answer] = {}
PROMPTS: dict[str, PromptMaker] = {}


def step(op: str) -> Callable[[Step], Step]:
    def register(fn: Step) -> Step:
        STEPS[op] = fn
        return fn

    return register


def answer(op: str) -> Callable[[Answer], Answer]:
    def register(fn: Answer) -> Answer:
        ANSWERS[op] = fn
        return fn

    return register


def prompt(topic: str) -> Callable[[PromptMaker], PromptMaker]:
    def register(fn: PromptMaker) -> PromptMaker:
        PROMPTS[topic] = fn
        return fn

    return register


# A game never needs this many steps without a decision; more means a frame is stuck.
_STEP_LIMIT = 20_000


def run(ctx: Ctx) -> None:
    """Steps the top frame until a window asks someone or the game is over."""
    state = ctx.state
    # The lists themselves: a rule replaces neither while the rules run. The result is read
    # from the fields (a pydantic model's attribute costs a ``__getattr__`` hook each time).
    fields = state.__dict__
    frames, open_windows = fields["frames"], fields["windows"].__dict__["stack"]
    private = state.__pydantic_private__
    for _ in range(_STEP_LIMIT):
        if fields["result"] is not None:
            frames.clear()
            open_windows.clear()
            return
        if not frames or open_windows:
            return
        frame = own_top_of(frames, private)
        STEPS[frame.op](ctx, frame)
    raise RuntimeError(f"sanguosha: frame {state.frames[-1].op} made no progress")


def dispatch(ctx: Ctx, action: Action) -> None:
    """Hands ``action`` to the frame whose window asked, then runs on."""
    state = ctx.state
    frame = own_top(state)
    window = state.windows.stack[-1]
    ANSWERS[frame.op](ctx, frame, window, action)
    run(ctx)


def prompts(state: SanguoshaState) -> list[Prompt]:
    stack = state.windows.stack
    if not stack or not state.frames:
        return []
    window = stack[-1]
    frame = state.frames[-1]
    maker = PROMPTS[window.topic]
    return [maker(state, frame, window, seat) for seat in window.asked()]
