"""Parts of a board picture recorded once and replayed: a floor's rooms, a seat's row, the
legend. Recording a part (working out where its walls, names and marks go, fitting and
rendering its texts) costs far more than adding the operations it recorded to a picture, and
most of a board is the same from one picture to the next.

A part is kept as the operations, texts and colours it recorded on a canvas the size of the
picture (``tables.pictures.canvas.Canvas``), by a key that names everything its drawing reads,
its place included: replayed, it is the same operations as drawing it again, so the picture's
pixels and its bands' digests are the same too. Operations hold no pixels of their own beyond
the rendered texts the canvas keeps anyway, so thousands of parts cost a few MiB.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from tables.pictures.canvas import Canvas, Colour, DrawnText, Op

# Parts kept by a drawing process, the least recently used dropped first: a table's floors,
# rows and legend are a dozen parts, and a worker draws many tables one after another.
KEPT_PARTS = 4096


@dataclass(frozen=True)
class Part:
    ops: tuple[Op, ...]
    texts: tuple[DrawnText, ...]
    colours: frozenset[Colour]


_PARTS: OrderedDict[Hashable, Part] = OrderedDict()


def keep(canvas: Canvas, key: Hashable, paint: Callable[[Canvas], object]) -> None:
    """What ``paint`` draws on ``canvas``, recorded the first time ``key`` is asked for and
    replayed after; ``key`` must name all that ``paint`` reads."""
    full = (canvas.width, canvas.height, canvas.background, key)
    part = _PARTS.get(full)
    if part is None:
        scratch = Canvas(canvas.width, canvas.height, canvas.background)
        paint(scratch)
        part = _PARTS[full] = Part(tuple(scratch.ops), tuple(scratch.texts),
                                   frozenset(scratch.colours))
        while len(_PARTS) > KEPT_PARTS:
            _PARTS.popitem(last=False)
    else:
        _PARTS.move_to_end(full)
    canvas.ops.extend(part.ops)
    canvas.texts.extend(part.texts)
    canvas.colours |= part.colours


def kept_parts() -> int:
    """How many parts are kept now (for the tests)."""
    return len(_PARTS)
