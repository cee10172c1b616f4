"""Parts of a board picture recorded once and pasted again: a floor's rooms, a seat's row,
the legend. Recording a part (working out where its walls, names and marks go, fitting and
rendering its texts) costs far more than adding the operations it recorded to a picture, and
most of a board is the same from one picture to the next.

A part is a canvas the size of the picture (``tables.pictures.canvas.Canvas``) holding what it
recorded, kept by a key that names everything its drawing reads, its place included, and pasted
onto each picture that shows it: its operations join the picture's, so the picture's pixels
and its bands' digests are the same as if it were drawn there again. Operations hold no pixels
of their own beyond the rendered texts the canvas keeps anyway.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

from tables.pictures.canvas import Canvas

# Parts kept by a drawing process, the least recently used dropped first. A part holds its
# operations twice (as recorded, and as pasted), about 8 KiB; a table's picture is about 60
# parts (its rooms, pieces, rows, legend), so this keeps the parts of the 60-70 tables drawn
# last, in about 35 MiB: a worker drawing more tables in turn records their parts again.
KEPT_PARTS = 4096

_PARTS: OrderedDict[Hashable, Canvas] = OrderedDict()


def keep(canvas: Canvas, key: Hashable, paint: Callable[[Canvas], object]) -> None:
    """What ``paint`` draws on ``canvas``, recorded the first time ``key`` is asked for and
    pasted after (``Canvas.paste``: its operations, not its pixels); ``key`` must name all
    that ``paint`` reads."""
    full = (canvas.width, canvas.height, canvas.background, key)
    part = _PARTS.get(full)
    if part is None:
        part = _PARTS[full] = Canvas(canvas.width, canvas.height, canvas.background)
        paint(part)
        while len(_PARTS) > KEPT_PARTS:
            _PARTS.popitem(last=False)
    else:
        _PARTS.move_to_end(full)
    canvas.paste(part, 0, 0)


def kept_parts() -> int:
    """How many parts are kept now."""
    return len(_PARTS)
