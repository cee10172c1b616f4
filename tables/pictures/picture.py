"""A board picture: what it shows (a scene of plain, already translated facts) and how it is
drawn. The key is a digest of the scene, so the Desk uploads a picture again only when what it
shows changed; drawing and PNG encoding run on one worker thread, off the event loop."""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from tables import metrics
from tables.pictures.canvas import Canvas
from tables.pictures.png import encode

FILENAME = "board.png"
# Pillow's FreeType faces are shared (``tables.pictures.fonts``) and must not draw on two threads
# at once; one thread also keeps drawing from taking both of a small machine's cores.
_DRAWER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")


@dataclass(frozen=True)
class BoardPicture:
    """``scene`` is a frozen dataclass (its repr is its identity); ``paint`` draws it.
    ``style`` names the drawing code's version: changing how a board looks changes every
    key, so boards shown before are drawn again."""

    scene: Any
    paint: Callable[[Any], Canvas] = field(compare=False)
    style: str = "1"
    filename: str = FILENAME

    @cached_property
    def key(self) -> str:
        digest = hashlib.blake2b(f"{self.style}|{self.scene!r}".encode(), digest_size=12)
        return digest.hexdigest()

    def canvas(self) -> Canvas:
        return self.paint(self.scene)

    def png(self) -> bytes:
        """The picture on its own (a table's pictures one after another: ``TableEncoder``)."""
        return encode(self.canvas().image)


@dataclass
class DrawingClock:
    """CPU time the drawing thread has spent, and pictures drawn, since the process started
    (for the benchmarks: the thread shares the process's CPU with SQLite's)."""

    seconds: float = 0.0
    pictures: int = 0


DRAWING = DrawingClock()


def _drawn(picture: BoardPicture) -> bytes:
    started = time.thread_time()
    try:
        return picture.png()
    finally:  # the one drawing thread is the only writer
        spent = time.thread_time() - started
        DRAWING.seconds += spent
        DRAWING.pictures += 1
        metrics.DRAW_SECONDS.observe(spent)


async def draw(picture: BoardPicture) -> bytes:
    """The picture's PNG, drawn and encoded on the drawing thread."""
    return await asyncio.get_running_loop().run_in_executor(_DRAWER, _drawn, picture)
