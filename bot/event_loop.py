"""The event loop the bot runs on: uvloop's (libuv's loop, written in C) where it is installed,
asyncio's own otherwise.

Every move of every match passes through the loop several times (the lock, the planner's
awaits, the hand-offs to aiosqlite's thread and back, the listeners), and on one core at a
thousand moves a second its bookkeeping is a share of each move's CPU that uvloop's loop
makes smaller (measured in docs/benchmarks.md, *Service*). Nothing in the bot depends on which
loop runs it: both run the same coroutines, the tests run under uvloop's too (tests/conftest.py),
and ``PARLOR_EVENT_LOOP=asyncio`` chooses asyncio's own loop (a what-if, or a platform uvloop
does not build for: it is left out on Windows).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")

try:
    import uvloop
except ImportError:  # pragma: no cover - the platforms uvloop does not build for
    uvloop = None  # type: ignore[assignment]


def name() -> str:
    """``"uvloop"`` or ``"asyncio"``: the loop ``run`` will use."""
    wanted = os.environ.get("PARLOR_EVENT_LOOP", "uvloop")
    return "uvloop" if wanted == "uvloop" and uvloop is not None else "asyncio"


def factory() -> Callable[[], asyncio.AbstractEventLoop]:
    """Makes a new loop of the kind ``run`` uses."""
    return uvloop.new_event_loop if name() == "uvloop" else asyncio.new_event_loop


def run(main: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` on the loop ``name`` says."""
    with asyncio.Runner(loop_factory=factory()) as runner:
        return runner.run(main)
