"""A picture being drawn: Pillow's image and drawing context, a few shapes the boards share,
and a record of every text drawn (what the tests read instead of the pixels)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

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


@dataclass(frozen=True)
class DrawnText:
    text: str
    font: ImageFont.FreeTypeFont
    box: tuple[int, int, int, int]


@dataclass
class Canvas:
    width: int
    height: int
    background: Colour
    image: Image.Image = field(init=False)
    draw: ImageDraw.ImageDraw = field(init=False)
    texts: list[DrawnText] = field(default_factory=list, init=False)

    def __post_init__(self) -> None:
        self.image = Image.new("RGB", (self.width, self.height), self.background)
        self.draw = ImageDraw.Draw(self.image)

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
        mask, (dx, dy), (left, top, right, bottom) = _glyphs(
            text, size, weight, anchor, (math.modf(x)[0], math.modf(y)[0]))
        # What ``ImageDraw.text`` does for one line of text (the same pixels), with the
        # rendered line kept: boards draw the same names and numbers picture after picture.
        self.draw.draw.draw_bitmap((int(x) + dx, int(y) + dy), mask,
                                   self.draw._getink(colour)[0])
        self.texts.append(DrawnText(text, face, (int(left + x), int(top + y), int(right + x),
                                                 int(bottom + y))))
        return int(right + x)

    def paste(self, part: Canvas, x: int, y: int) -> None:
        """Another canvas drawn at (x, y), its texts with it (a part drawn once and kept)."""
        self.image.paste(part.image, (x, y))
        self.texts.extend(DrawnText(text.text, text.font, (text.box[0] + x, text.box[1] + y,
                                                          text.box[2] + x, text.box[3] + y))
                          for text in part.texts)

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
            self.image.paste(tile, (x0, y0), mask)
            return
        self.draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline,
                                    width=width)

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
        self.image.paste(tile, (x, y), mask)
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
