"""A picture being drawn: Pillow's image and drawing context, a few shapes the boards share,
and a record of every text drawn (what the tests read instead of the pixels)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image, ImageDraw, ImageFont

from tables.pictures.fonts import BOLD, REGULAR, font

Colour = tuple[int, int, int]
ELLIPSIS = "…"


@lru_cache(maxsize=4096)
def _glyphs(text: str, size: int, weight: int, anchor: str, start: tuple[float, float]
            ) -> tuple[Any, tuple[int, int], tuple[float, float, float, float]]:
    """A line of text rendered once: its mask, where the mask sits from the anchor point, and
    the text's box from it (as ``ImageDraw.text`` and ``textbbox`` work them out). The face is
    drawn with by one thread of a process at a time (``tables.pictures.fonts``)."""
    face = font(size, weight)
    mask, offset = face.getmask2(text, "L", anchor=anchor, start=start, stroke_filled=True)
    box = face.getbbox(text, "L", anchor=anchor)
    return mask, (int(offset[0]), int(offset[1])), box


# Boards measure the same names and labels picture after picture: measures are kept.
@lru_cache(maxsize=16384)
def _measure(text: str, size: int, weight: int) -> int:
    return int(font(size, weight).getlength(text))


@lru_cache(maxsize=4096)
def _fit(text: str, size: int, width: int, weight: int) -> str:
    if _measure(text, size, weight) <= width:
        return text
    face = font(size, weight)
    cut = len(text)
    while cut > 0 and face.getlength(text[:cut] + ELLIPSIS) > width:
        cut -= 1
    return text[:cut].rstrip() + ELLIPSIS if cut else ""


# Boxes up to this many pixels (pills, slots, tiles) are drawn once and kept.
KEPT_BOX_AREA = 20_000


@lru_cache(maxsize=512)  # at most 80 KiB each
def _box(width: int, height: int, radius: int, fill: Colour | None, outline: Colour | None,
         line: int) -> tuple[Image.Image, Image.Image]:
    """A rounded box drawn at (0, 0) to (width, height), and the mask of its pixels."""
    tile = Image.new("RGB", (width + 1, height + 1))
    mask = Image.new("L", (width + 1, height + 1), 0)
    corners = (0, 0, width, height)
    ImageDraw.Draw(tile).rounded_rectangle(corners, radius=radius, fill=fill, outline=outline,
                                           width=line)
    ImageDraw.Draw(mask).rounded_rectangle(corners, radius=radius,
                                           fill=None if fill is None else 255,
                                           outline=None if outline is None else 255,
                                           width=line)
    return tile, mask


class _Calls:
    """Stands in for Pillow's drawing core: keeps the calls a shape makes of it instead of
    drawing (its inks are worked out by a real core)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []
        self._core = ImageDraw.Draw(Image.new("RGB", (1, 1))).draw

    def draw_ink(self, ink: Any) -> Any:
        return self._core.draw_ink(ink)

    def __getattr__(self, name: str) -> Any:
        def call(*args: Any) -> None:
            self.calls.append((name, args))
        return call


Call = tuple[str, tuple[int, int, int, int], tuple[Any, ...]]


@lru_cache(maxsize=256)
def _box_calls(width: int, height: int, radius: int, fill: Colour | None,
               outline: Colour | None, line: int) -> tuple[Call, ...] | None:
    """The calls of Pillow's drawing core that draw a rounded box from (0, 0) to (width,
    height), each with the corners of what it draws first (its corner arcs, its sides, its
    middle); None if one of them is not such a call."""
    pen = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    calls = _Calls()
    pen.draw = calls
    pen.rounded_rectangle((0, 0, width, height), radius=radius, fill=fill, outline=outline,
                          width=line)
    found: list[Call] = []
    for name, (corners, *rest) in calls.calls:
        flat = tuple(v for point in corners for v in point) \
            if isinstance(corners[0], (tuple, list)) else tuple(corners)
        if len(flat) != 4 or not all(isinstance(v, int) for v in flat):
            return None
        found.append((name, (flat[0], flat[1], flat[2], flat[3]), tuple(rest)))
    return tuple(found)


@lru_cache(maxsize=64)
def _dashes(size: int, inset: int, colour: Colour) -> tuple[Image.Image, Image.Image]:
    """The dashed outline of an unexplored square, drawn once, and the mask of its pixels."""
    tile = Image.new("RGB", (size + 1, size + 1))
    mask = Image.new("L", (size + 1, size + 1), 0)
    corners = [(inset, inset), (size - inset, inset), (size - inset, size - inset),
               (inset, size - inset)]
    steps = 8
    for image, ink in ((tile, colour), (mask, 255)):
        draw = ImageDraw.Draw(image)
        for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1], strict=True):
            for i in range(0, steps, 2):
                draw.line((ax + (bx - ax) * i / steps, ay + (by - ay) * i / steps,
                           ax + (bx - ax) * (i + 1) / steps, ay + (by - ay) * (i + 1) / steps),
                          fill=ink, width=2)
    return tile, mask


@lru_cache(maxsize=256)
def _ink(colour: Colour) -> int:
    """A colour as the ink Pillow's drawing core takes on an RGB picture."""
    ink: int = ImageDraw.Draw(Image.new("RGB", (1, 1))).draw.draw_ink(colour)
    return ink


_LAYER_COLOURS: dict[tuple[Any, ...], frozenset[Colour]] = {}


def _colours(key: tuple[Any, ...], image: Image.Image) -> frozenset[Colour]:
    """The colours of a kept picture (a background: a few flat colours), by its key."""
    found = _LAYER_COLOURS.get(key)
    if found is None:
        if len(_LAYER_COLOURS) >= 64:
            _LAYER_COLOURS.clear()
        counts: list[tuple[int, Colour]] = image.getcolors(1 << 16) or []  # type: ignore[assignment]
        found = _LAYER_COLOURS[key] = frozenset(colour for _, colour in counts)
    return found


# An operation on the picture: the rows it may touch (top to bottom, the bottom excluded), what
# it is (hashed: two pictures whose bands hold the same operations in the same order have the
# same pixels there), and how to do it (``Canvas._replay``).
Op = tuple[int, int, int, str, tuple[Any, ...]]


def _shifted(op: Op, x: int, y: int) -> Op:
    """An operation moved right by ``x`` and down by ``y`` (what it draws is the same)."""
    start, end, key, kind, how = op
    if kind == "text":
        at_x, at_y, mask, ink = how
        how = (at_x + x, at_y + y, mask, ink)
    elif kind == "tile":
        tile, mask, at_x, at_y = how
        how = (tile, mask, at_x + x, at_y + y)
    elif kind == "image":
        image, at_x, at_y = how
        how = (image, at_x + x, at_y + y)
    elif kind == "call":
        name, (x0, y0, x1, y1), rest = how
        how = (name, (x0 + x, y0 + y, x1 + x, y1 + y), rest)
    else:  # a shape keeps its points and how far they are moved (added where it is drawn)
        method, points, args, options, dx, dy = how
        how = (method, points, args, options, dx + x, dy + y)
    return (start + y, end + y, hash((key, x, y)), kind, how)


# Shapes drawn inside the box their corners give, outline and all.
_INSIDE = frozenset({"rectangle", "rounded_rectangle", "ellipse", "pieslice", "arc"})


class Pen:
    """``Canvas.draw``: Pillow's shapes (the same arguments as ``ImageDraw``'s), recorded on
    the canvas rather than drawn at once."""

    def __init__(self, canvas: Canvas) -> None:
        self._canvas = canvas

    def _shape(self, method: str, xy: Any, args: tuple[Any, ...], options: dict[str, Any]
               ) -> None:
        canvas = self._canvas
        first = xy[0]
        points = tuple(v for point in xy for v in point) \
            if first.__class__ is tuple or first.__class__ is list else tuple(xy)
        # Wide lines, joints and outlines reach past the coordinates by up to their width; a
        # box, an ellipse or a part of one draws its outline inside its corners.
        reach = 1 if method in _INSIDE else int(options.get("width") or 1) + 2
        ys = points[1::2]
        fill = options.get("fill")
        if fill.__class__ is tuple:
            canvas.colours.add(fill)
        outline = options.get("outline")
        if outline.__class__ is tuple:
            canvas.colours.add(outline)
        canvas.ops.append((max(0, int(min(ys)) - reach),
                           min(canvas.height, int(max(ys)) + reach + 1),
                           hash((method, points, args, *options.items())), "shape",
                           (method, points, args, options, 0, 0)))

    def rectangle(self, xy: Any, *args: Any, **options: Any) -> None:
        self._shape("rectangle", xy, args, options)

    def rounded_rectangle(self, xy: Any, *args: Any, **options: Any) -> None:
        self._shape("rounded_rectangle", xy, args, options)

    def ellipse(self, xy: Any, *args: Any, **options: Any) -> None:
        self._shape("ellipse", xy, args, options)

    def pieslice(self, xy: Any, *args: Any, **options: Any) -> None:
        self._shape("pieslice", xy, args, options)

    def arc(self, xy: Any, *args: Any, **options: Any) -> None:
        self._shape("arc", xy, args, options)

    def line(self, xy: Any, *args: Any, **options: Any) -> None:
        self._shape("line", xy, args, options)

    def polygon(self, xy: Any, *args: Any, **options: Any) -> None:
        self._shape("polygon", xy, args, options)


class DrawnText(NamedTuple):
    text: str
    font: ImageFont.FreeTypeFont
    box: tuple[int, int, int, int]


@dataclass
class Canvas:
    """A picture as the operations that draw it, in order. The pixels are made when asked for:
    the whole picture (``image``) or a run of rows (``rows``), so a table's next picture draws
    only the rows whose operations changed (``band_digests``, ``tables.pictures.png``)."""

    width: int
    height: int
    background: Colour
    draw: Pen = field(init=False, repr=False)
    texts: list[DrawnText] = field(default_factory=list, init=False)
    ops: list[Op] = field(default_factory=list, init=False, repr=False)
    # Every colour an operation draws with (anti-aliased text also blends its colour with
    # what is under it): what a palette must hold (``tables.pictures.png``).
    colours: set[Colour] = field(default_factory=set, init=False, repr=False)
    # The whole picture and the digest, and how many operations they hold.
    _image: tuple[int, Image.Image] | None = field(default=None, init=False, repr=False)
    _digest: tuple[int, int] | None = field(default=None, init=False, repr=False)
    # ``band_index``: the band's height and how many operations it was found for, then it.
    _index: tuple[int, int, list[int], list[list[int]]] | None = field(
        default=None, init=False, repr=False)
    # Its operations and texts moved to where another canvas pastes it (``paste``), by that
    # place (and how many operations it held then).
    _moved: dict[tuple[int, int, int], tuple[list[Op], list[DrawnText]]] = field(
        default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        self.draw = Pen(self)
        self.colours.add(self.background)

    @classmethod
    def holding(cls, image: Image.Image) -> Canvas:
        """A picture drawn elsewhere, as a canvas (one operation: any change is a change of
        every band)."""
        canvas = cls(image.width, image.height, (0, 0, 0))
        canvas.layer(image, ("picture", hash(image.tobytes())))
        return canvas

    def _record(self, top: int, bottom: int, key: tuple[Any, ...], kind: str,
                how: tuple[Any, ...]) -> None:
        self.ops.append((max(0, top), min(self.height, bottom), hash(key), kind, how))

    # -- pixels ------------------------------------------------------------------------------
    @property
    def image(self) -> Image.Image:
        """The whole picture (made once, then kept while nothing more is drawn). Read only."""
        if self._image is None or self._image[0] != len(self.ops):
            self._image = len(self.ops), self.rows_below(0, self.height)[0]
        return self._image[1]

    def rows(self, top: int, bottom: int) -> Image.Image:
        """The picture's rows ``top`` to ``bottom`` (excluded): the same pixels as those rows
        of the whole picture, made by the operations that touch them only."""
        image, above = self.rows_below(top, bottom)
        return image.crop((0, above, self.width, above + bottom - top)) if above else image

    def rows_below(self, top: int, bottom: int, only: list[int] | None = None
                   ) -> tuple[Image.Image, int]:
        """The picture's rows ``top`` to ``bottom`` (excluded) below a few more rows, and how
        many more (cut them off: they are not all drawn). ``only``: the numbers of the
        operations that touch those rows, in order (``band_index``), if known."""
        ops = self.ops if only is None else [self.ops[number] for number in only]
        # Pillow truncates the fractional corners of a shape toward zero, which moves those
        # above the image's top edge: a shape with fractional corners that the run cuts is
        # drawn whole, from its top (the rows above the run are then cut off).
        above = 0
        for start, end, _, kind, how in ops:
            if kind == "shape" and end > top and start < top - above and \
                    not all(isinstance(v, int) for v in how[1]):
                above = top - start
        image = Image.new("RGB", (self.width, bottom - top + above), self.background)
        pen = ImageDraw.Draw(image)
        core = image.im
        shift = top - above
        for start, end, _, kind, how in ops:
            if end > shift and start < bottom:
                self._replay(kind, how, core, pen, shift)
        return image, above

    @staticmethod
    def _replay(kind: str, how: tuple[Any, ...], core: Any, pen: ImageDraw.ImageDraw,
                top: int) -> None:
        if kind == "text":
            x, y, mask, ink = how
            pen.draw.draw_bitmap((x, y - top), mask, ink)
        elif kind == "tile":  # a kept box through the mask of its pixels
            tile, mask, x, y = how
            w, h = tile.size
            core.paste(tile.im, (x, y - top, x + w, y - top + h), mask.im)
        elif kind == "image":
            part, x, y = how
            w, h = part.size
            core.paste(part.im, (x, y - top, x + w, y - top + h))
        elif kind == "call":  # one call of a large box's to the drawing core
            name, (x0, y0, x1, y1), rest = how
            getattr(pen.draw, name)((x0, y0 - top, x1, y1 - top), *rest)
        else:  # a shape, moved by where it was pasted and up by ``top`` rows
            method, points, args, options, dx, dy = how
            down = dy - top
            moved = tuple(v + down if i % 2 else v + dx for i, v in enumerate(points))
            getattr(pen, method)(moved, *args, **options)

    def band_digests(self, band: int) -> list[int]:
        """For every ``band`` rows from the top, a digest of the operations that touch them,
        in order: a band whose digest did not change holds the same pixels."""
        return self.band_index(band)[0]

    def band_index(self, band: int) -> tuple[list[int], list[list[int]]]:
        """``band_digests``, and for every band the numbers of the operations that touch it
        (in order)."""
        if self._index is not None and self._index[:2] == (band, len(self.ops)):
            return self._index[2], self._index[3]
        count = -(-self.height // band)
        touching: list[list[int]] = [[] for _ in range(count)]
        keys: list[list[int]] = [[] for _ in range(count)]
        for number, (start, end, key, _, _) in enumerate(self.ops):
            for at in range(start // band, min(count, -(-end // band))):
                touching[at].append(number)
                keys[at].append(key)
        base = hash((self.width, self.background))
        digests = [hash((base, *found)) for found in keys]
        if count:  # the last band may be short
            digests[-1] = hash((digests[-1], self.height - (count - 1) * band))
        self._index = (band, len(self.ops), digests, touching)
        return digests, touching

    def digest(self) -> int:
        """What the picture holds: equal digests, equal pixels."""
        if self._digest is None or self._digest[0] != len(self.ops):
            self._digest = len(self.ops), hash((self.width, self.height, self.background,
                                                *(op[2] for op in self.ops)))
        return self._digest[1]

    # -- text --------------------------------------------------------------------------------
    @staticmethod
    def measure(text: str, size: int, weight: int = REGULAR) -> int:
        return _measure(text, size, weight)

    @staticmethod
    def fit(text: str, size: int, width: int, weight: int = REGULAR) -> str:
        """``text``, cut with an ellipsis where it would run past ``width`` pixels."""
        return _fit(text, size, width, weight)

    def text(self, xy: tuple[int, int], text: str, size: int, colour: Colour, *,
             weight: int = REGULAR, width: int | None = None, anchor: str = "la") -> int:
        """Draw ``text`` (cut to ``width``); returns the x where it ends."""
        if width is not None:
            text = self.fit(text, size, width, weight)
        if not text:
            return xy[0]
        face = font(size, weight)
        x, y = xy
        start = (math.modf(x)[0], math.modf(y)[0])
        mask, (dx, dy), (left, top, right, bottom) = _glyphs(text, size, weight, anchor, start)
        # What ``ImageDraw.text`` does for one line of text (the same pixels), with the
        # rendered line kept: boards draw the same names and numbers picture after picture.
        at_x, at_y = int(x) + dx, int(y) + dy
        self.colours.add(colour)
        self._record(at_y, at_y + mask.size[1],
                     ("text", text, size, weight, anchor, start, at_x, at_y, colour), "text",
                     (at_x, at_y, mask, _ink(colour)))
        self.texts.append(DrawnText(text, face, (int(left + x), int(top + y), int(right + x),
                                                 int(bottom + y))))
        return int(right + x)

    def paste(self, part: Canvas, x: int, y: int) -> None:
        """Another canvas drawn at (x, y), its texts with it: a part recorded once and kept,
        whose operations are moved here rather than recorded again. Each band of this picture
        holds the part's operations that touch it only, so a change in one corner of a part
        changes that corner's bands alone."""
        place = (x, y, len(part.ops))
        moved = part._moved.get(place)
        if moved is None:
            ops = [_shifted(op, x, y) for op in part.ops]
            if part.background != self.background:
                rows = (part.background, x, y, part.width, part.height)
                ops.insert(0, (y, y + part.height, hash(("ground", *rows)), "shape",
                               ("rectangle", (x, y, x + part.width - 1, y + part.height - 1),
                                (), {"fill": part.background}, 0, 0)))
            texts = [DrawnText(text.text, text.font, (text.box[0] + x, text.box[1] + y,
                                                      text.box[2] + x, text.box[3] + y))
                     for text in part.texts]
            moved = part._moved[place] = (ops, texts)
        ops, texts = moved
        height = self.height
        if y + part.height <= height:
            self.ops.extend(ops)
        else:
            self.ops.extend(op if op[1] <= height else (op[0], height, *op[2:]) for op in ops
                            if op[0] < height)
        self.colours |= part.colours
        self.colours.add(part.background)
        self.texts.extend(texts)

    def layer(self, image: Image.Image, key: tuple[Any, ...], x: int = 0, y: int = 0) -> None:
        """A picture drawn elsewhere and kept (a background), at (x, y); ``key`` names what
        it shows: the same key, the same pixels."""
        self._record(y, y + image.height, ("layer", *key, x, y), "image", (image, x, y))
        self.colours.update(_colours(key, image))

    # -- shapes ------------------------------------------------------------------------------
    def box(self, box: tuple[int, int, int, int], fill: Colour | None, *, radius: int = 12,
            outline: Colour | None = None, line: int = 2) -> None:
        x0, y0, x1, y1 = box
        width = line if outline else 0
        if all(isinstance(v, int) for v in box) and \
                0 <= (x1 - x0 + 1) * (y1 - y0 + 1) <= KEPT_BOX_AREA:
            # A small box is drawn once and pasted where it goes (the same pixels: Pillow's
            # rounded boxes are not anti-aliased, and the mask holds exactly those it draws).
            tile, mask = _box(x1 - x0, y1 - y0, radius, fill, outline, width)
            self.colours.update(ink for ink in (fill, outline) if ink is not None)
            self._record(y0, y1 + 1, ("box", box, radius, fill, outline, width), "tile",
                         (tile, mask, x0, y0))
            return
        calls = _box_calls(x1 - x0, y1 - y0, radius, fill, outline, width) \
            if all(isinstance(v, int) for v in box) and x1 >= x0 and y1 >= y0 else None
        if calls is None:
            self.draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline,
                                        width=width)
            return
        # A large box as the calls that draw it, each an operation of its own rows: a run of
        # rows across the box's middle draws its sides and middle only, with no corners.
        self.colours.update(ink for ink in (fill, outline) if ink is not None)
        for name, (a, b, c, d), rest in calls:
            self._record(y0 + b, y0 + d + 1, ("call", name, a + x0, b + y0, c + x0,
                                                  d + y0, rest), "call",
                         (name, (a + x0, b + y0, c + x0, d + y0), rest))

    def pill(self, x: int, y: int, text: str, size: int, fill: Colour, colour: Colour, *,
             weight: int = REGULAR, pad: int = 12, height: int | None = None,
             max_width: int | None = None) -> int:
        """A rounded label whose left edge is at ``x`` and top at ``y``; returns its right
        edge."""
        inner = None if max_width is None else max_width - 2 * pad
        shown = text if inner is None else self.fit(text, size, inner, weight)
        tall = height or size + pad
        wide = self.measure(shown, size, weight) + 2 * pad
        self.box((x, y, x + wide, y + tall), fill, radius=tall // 2)
        self.text((x + wide // 2, y + tall // 2), shown, size, colour, weight=weight,
                  anchor="mm")
        return x + wide

    def unexplored(self, at: tuple[int, int], size: int, inset: int, colour: Colour,
                   mark: int) -> None:
        """A square not yet explored: a dashed outline ``inset`` inside the cell at ``at``, a
        question mark of ``mark`` pixels in its middle."""
        x, y = at
        tile, mask = _dashes(size, inset, colour)
        self.colours.add(colour)
        self._record(y, y + size + 1, ("dashes", size, inset, colour, x, y), "tile",
                     (tile, mask, x, y))
        self.text((x + size // 2, y + size // 2), "?", mark, colour, weight=BOLD, anchor="mm")

    def coin(self, centre: tuple[int, int], radius: int, value: str, size: int) -> None:
        """A gold coin with a number on it."""
        x, y = centre
        self.draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=(236, 186, 56),
                          outline=(160, 112, 20), width=3)
        self.text((x, y), value, size, (70, 44, 4), weight=800, anchor="mm")

    def crown(self, x: int, y: int, width: int, colour: Colour = (244, 196, 48)) -> None:
        """A small crown whose box starts at (x, y)."""
        h = int(width * 0.7)
        points = [(x, y + h), (x, y + h * 0.25), (x + width * 0.27, y + h * 0.55),
                  (x + width * 0.5, y), (x + width * 0.73, y + h * 0.55),
                  (x + width, y + h * 0.25), (x + width, y + h)]
        self.draw.polygon([(int(a), int(b)) for a, b in points], fill=colour,
                          outline=(150, 100, 10))

    def bird(self, centre: tuple[int, int], span: int, colour: Colour) -> None:
        """A gull in flight, wings raised."""
        x, y = centre
        half = span // 2
        wings = [(x - half, y - half // 5), (x - half // 2, y - half // 2), (x, y + half // 5),
                 (x + half // 2, y - half // 2), (x + half, y - half // 5)]
        self.draw.line(wings, fill=colour, width=max(3, span // 9), joint="curve")
