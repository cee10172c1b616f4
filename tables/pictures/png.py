"""PNG encoding of board pictures: a 256-colour palette, zlib's fastest level; and, for the
pictures of one table one after another, only what changed since the table's last picture.

Most moves change a small part of a board. A table's ``TableEncoder`` keeps the palette of its
first picture and, for every band of rows, the digest of the operations that drew it
(``Canvas.band_digests``) and its compressed bytes: a later picture draws only the bands whose
operations changed (``Canvas.rows``), maps them onto that palette (no dithering) and compresses
them, each on its own (a deflate stream flushed at every band boundary may be cut and joined
there). A colour drawn that the mapping puts on an entry far from it takes one of the entries
the first palette left spare (the bands drawn before keep their indices); when none is left,
the palette is found afresh from the whole picture.
"""

from __future__ import annotations

import io
import struct
import zlib
from dataclasses import dataclass, field

from PIL import Image

from tables.pictures.canvas import Canvas, Colour

SIGNATURE = b"\x89PNG\r\n\x1a\n"
BAND = 32  # rows per band
# Ends a deflate stream: an empty final block.
FINAL_BLOCK = b"\x03\x00"
ADLER_BASE = 65521
# A colour drawn that the mapping puts on an entry off by more than FAR in a channel takes a
# spare entry (anti-aliased edges blend colours the palette holds).
FAR = 40
# Palette entries a table's first palette leaves free for colours its later pictures bring.
SPARE_COLOURS = 32


def quantized(image: Image.Image, colours: int = 256) -> Image.Image:
    """The picture in a palette of 256 colours (fast octree): half the bytes of the RGB
    picture and quicker to encode, with no difference a reader sees on these flat colours."""
    return image.quantize(colours, method=Image.Quantize.FASTOCTREE)


def encode(image: Image.Image) -> bytes:
    """One picture on its own. zlib's fastest level costs a third more bytes than level 6 and
    7-9 ms less CPU."""
    out = io.BytesIO()
    quantized(image).save(out, format="PNG", optimize=False, compress_level=1)
    return out.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + \
        struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def _adler_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings one after the other, from theirs (as zlib's
    ``adler32_combine``)."""
    rem = second_length % ADLER_BASE
    sum1 = first & 0xFFFF
    sum2 = (rem * sum1) % ADLER_BASE
    sum1 = (sum1 + (second & 0xFFFF) + ADLER_BASE - 1) % ADLER_BASE
    sum2 = (sum2 + ((first >> 16) & 0xFFFF) + ((second >> 16) & 0xFFFF) + ADLER_BASE - rem) \
        % ADLER_BASE
    return sum1 | (sum2 << 16)


@dataclass
class _Band:
    digest: int  # of the operations that draw its rows (``Canvas.band_digests``)
    deflated: bytes  # its rows (each after a "no filter" byte), compressed and flushed
    adler: int
    length: int


@dataclass
class TableEncoder:
    """The pictures of one table, one after another. What it keeps is small (the palette and
    the compressed bands, tens of KiB), so a worker keeps a thousand tables'."""

    size: tuple[int, int] = (0, 0)
    palette: Image.Image | None = None  # 1 × 1: only its colours are used
    # The colours drawn so far on this palette, each near one of its colours.
    known: set[Colour] = field(default_factory=set)
    bands: list[_Band | None] = field(default_factory=list)
    # Pictures encoded, and how many found a new palette (the first included); bands of the
    # pictures after a table's first, and how many of them were drawn again.
    pictures: int = 0
    palettes: int = 0
    later_bands: int = 0
    redrawn_bands: int = 0

    def png(self, drawn: Canvas | Image.Image) -> bytes:
        canvas = drawn if isinstance(drawn, Canvas) else Canvas.holding(drawn)
        self.pictures += 1
        digests, touching = canvas.band_index(BAND)
        size = (canvas.width, canvas.height)
        if self.palette is None or size[0] != self.size[0]:
            return self._afresh(canvas, digests)
        if not self._holds(canvas.colours):
            return self._afresh(canvas, digests)
        if size != self.size:
            # A board grown taller keeps the bands above its change (their rows are the same
            # rows when their operations are).
            self.bands = (self.bands + [None] * len(digests))[:len(digests)]
            self.size = size
        changed = [number for number, (band, digest) in enumerate(zip(self.bands, digests,
                                                                     strict=True))
                   if band is None or band.digest != digest]
        self.later_bands += len(digests)
        self.redrawn_bands += len(changed)
        # Each run of changed bands drawn from the operations touching it alone, and mapped
        # onto the palette (run by run: mapping them stacked in one picture costs more).
        runs: list[tuple[int, Image.Image]] = []
        for first, last in _runs(changed):
            top, bottom = first * BAND, min(canvas.height, (last + 1) * BAND)
            ops = sorted({op for number in range(first, last + 1) for op in touching[number]})
            rows, above = canvas.rows_below(top, bottom, ops)
            if above:
                rows = rows.crop((0, above, canvas.width, above + bottom - top))
            runs.append((first, rows.quantize(palette=self.palette, dither=Image.Dither.NONE)))
        self._bands(runs, digests)
        return self._assemble()

    def _afresh(self, canvas: Canvas, digests: list[int]) -> bytes:
        """A new palette from the whole picture, and every band compressed again."""
        self.palettes += 1
        self.size = (canvas.width, canvas.height)
        image = canvas.image
        mapped = quantized(image, 256 - SPARE_COLOURS)
        self.bands = [None] * len(digests)
        palette = Image.new("P", (1, 1))
        palette.putpalette(octree := mapped.getpalette() or [])
        self.palette = palette
        self.known = set()
        # The octree merges a colour of few pixels into a far one: such colours take spare
        # entries too, and the picture is mapped onto the palette they join.
        if not self._holds(canvas.colours):
            self.known = set(canvas.colours)
        elif len(palette.getpalette() or []) != len(octree):
            mapped = image.quantize(palette=palette, dither=Image.Dither.NONE)
        self._bands([(0, mapped)], digests)
        return self._assemble()

    def _holds(self, colours: set[Colour]) -> bool:
        """Whether every colour drawn maps near itself on the palette, the palette taking
        those that do not into its spare entries; False when they do not fit."""
        new = sorted(colours - self.known)
        if not new:
            return True
        assert self.palette is not None
        entries = self.palette.getpalette() or []
        # Where the mapping puts each colour (its nearest entry by its own measure).
        probe = Image.new("RGB", (len(new), 1))
        probe.putdata(new)
        indices = probe.quantize(palette=self.palette, dither=Image.Dither.NONE).tobytes()
        far = [colour for colour, index in zip(new, indices, strict=True)
               if max(abs(v - entries[3 * index + channel])
                      for channel, v in enumerate(colour)) > FAR]
        if len(entries) // 3 + len(far) > 256:
            return False
        if far:
            # The palette's spare entries take them: the bands drawn before keep their
            # indices, which still name the same colours.
            self.palette.putpalette(entries + [v for colour in far for v in colour])
        self.known.update(new)
        return True

    def _bands(self, runs: list[tuple[int, Image.Image]], digests: list[int]) -> None:
        """Runs of bands compressed, each its first band and its rows mapped."""
        # One compressor, flushed in full at every band's end: its state starts afresh there,
        # so each band's bytes stand on their own, as if compressed alone.
        compressor = zlib.compressobj(1, zlib.DEFLATED, -15)
        for first, mapped in runs:
            width, height = mapped.size
            # PNG's rows: each after its filter type, 0 (none), the column of zeros here.
            lines = Image.new("P", (width + 1, height), 0)
            lines.paste(mapped, (1, 0))
            raw = memoryview(lines.tobytes())
            row = width + 1
            for number in range(first, first + -(-height // BAND)):
                part = raw[(number - first) * BAND * row:(number - first + 1) * BAND * row]
                deflated = compressor.compress(part) + compressor.flush(zlib.Z_FULL_FLUSH)
                self.bands[number] = _Band(digests[number], deflated, zlib.adler32(part),
                                           len(part))

    def _assemble(self) -> bytes:
        assert self.palette is not None
        width, height = self.size
        adler = 1
        parts = [b"\x78\x01"]
        for band in self.bands:
            assert band is not None
            parts.append(band.deflated)
            adler = _adler_combine(adler, band.adler, band.length)
        parts.append(FINAL_BLOCK)
        parts.append(struct.pack(">I", adler))
        colours = self.palette.getpalette() or []
        header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
        return SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"PLTE", bytes(colours)) + \
            _chunk(b"IDAT", b"".join(parts)) + _chunk(b"IEND", b"")


def _runs(numbers: list[int]) -> list[tuple[int, int]]:
    """Consecutive numbers as (first, last) runs."""
    runs: list[tuple[int, int]] = []
    for number in numbers:
        if runs and runs[-1][1] == number - 1:
            runs[-1] = (runs[-1][0], number)
        else:
            runs.append((number, number))
    return runs
