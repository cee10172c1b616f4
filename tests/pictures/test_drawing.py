"""Pictures drawn in worker processes: the newest picture of a table wins (one replaced before
it starts is never drawn, and counted), a wait shorter than the drawing gives up without the
picture and the drawer calls back when it is ready, and a painter's failure reaches the one
waiting instead of stopping the drawer."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from tables.pictures.canvas import Canvas
from tables.pictures.drawing import Drawer
from tables.pictures.picture import BoardPicture


@dataclass(frozen=True)
class Slow:
    label: str
    seconds: float = 0.0


def paint_slowly(scene: Slow) -> Canvas:
    """Runs in the worker process."""
    if scene.label == "broken":
        raise ValueError("a painter's bug")
    time.sleep(scene.seconds)
    canvas = Canvas(120, 60, (250, 250, 250))
    canvas.text((8, 8), scene.label, 20, (0, 0, 0))
    return canvas


def picture(label: str, seconds: float = 0.0) -> BoardPicture:
    return BoardPicture(Slow(label, seconds), paint_slowly)


async def test_the_newest_picture_of_a_table_wins_and_the_replaced_are_never_drawn() -> None:
    drawer = Drawer(workers=1)
    await drawer.png(1, picture("warm"), None)  # the worker is up
    first = asyncio.ensure_future(drawer.png(1, picture("first", 0.5), None))
    await asyncio.sleep(0.1)  # the first is being drawn
    # Three newer pictures while it is drawn: only the last of them is drawn.
    replaced = [asyncio.ensure_future(drawer.png(1, picture(f"newer {i}"), 0.2))
                for i in range(3)]
    other = asyncio.ensure_future(drawer.png(2, picture("other table"), None))
    assert await first is not None
    newest = await drawer.png(1, picture("newer 2"), None)
    assert newest is not None and await other is not None
    assert [await r for r in replaced[:2]] == [None, None]
    assert drawer.skipped == 2
    assert drawer.drawn == 4  # warm, first, newer 2, other table


async def test_a_late_picture_is_announced_when_it_is_drawn() -> None:
    drawer = Drawer(workers=1)
    await drawer.png(5, picture("warm"), None)
    ready: list[int] = []
    drawer.on_ready = ready.append
    # The painter sleeps well beyond the wait, so that a busy machine's delays do not blur the
    # two: a board that waited for its picture would wait the whole 1.2 s.
    slow = picture("slow", 1.2)
    started = time.monotonic()
    assert await drawer.png(5, slow, 0.05) is None
    assert time.monotonic() - started < 0.8, "the board does not wait past its delay"
    for _ in range(300):
        if ready:
            break
        await asyncio.sleep(0.02)
    assert ready == [5]
    assert drawer.ready(5, slow.key) is not None
    drawer.shown(5)
    assert drawer.ready(5, slow.key) is None


async def test_a_painters_failure_reaches_the_one_waiting() -> None:
    drawer = Drawer(workers=1)
    with pytest.raises(ValueError, match="a painter's bug"):
        await drawer.png(7, picture("broken"), None)
    assert await drawer.png(7, picture("fine"), None) is not None


def _alive(pid: int) -> bool:
    """A process that runs (a zombie left for its new parent to reap counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


DRAWING_PROCESS = """
import asyncio, sys, time
from tables.pictures import drawing
from tests.pictures.test_drawing import picture

async def main() -> None:
    drawer = drawing.Drawer(workers=1)
    await drawer.png(1, picture("warm"), None)
    print(*drawing.POOLS.pids(), flush=True)
    time.sleep(60)

asyncio.run(main())
"""


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")
def test_a_drawing_worker_leaves_when_the_bot_is_killed_outright() -> None:
    """SIGKILL runs no atexit, so the pool cannot stop its workers: each watches its parent."""
    bot = subprocess.Popen([sys.executable, "-c", DRAWING_PROCESS], stdout=subprocess.PIPE,
                           cwd=Path(__file__).resolve().parents[2], text=True)
    try:
        assert bot.stdout is not None
        workers = [int(pid) for pid in bot.stdout.readline().split()]
        assert workers and all(_alive(pid) for pid in workers)
    finally:
        bot.kill()
        bot.wait()
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(pid) for pid in workers), "a drawing worker outlived its bot"
