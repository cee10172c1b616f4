"""Pictures drawn in worker processes: the newest picture of a table wins (one replaced before
it starts is never drawn, and counted), a wait shorter than the drawing gives up without the
picture and the drawer calls back when it is ready, and a painter's failure reaches the one
waiting instead of stopping the drawer."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass

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
    slow = picture("slow", 0.4)
    started = time.monotonic()
    assert await drawer.png(5, slow, 0.05) is None
    assert time.monotonic() - started < 0.3, "the board does not wait past its delay"
    for _ in range(100):
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
