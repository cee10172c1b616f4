"""PNG encoding of board pictures: a 256-colour palette, zlib's fastest level; and, for the
pictures of one table one after another, only what changed since the table's last picture.

Most moves change a small part of a board. A table's ``TableEncoder`` keeps the palette of its
first picture and, for every band of rows, the band's compressed bytes: a later picture is
mapped onto that palette (no dithering; a few milliseconds where finding a palette costs
ten or more), and only the bands whose palette indices changed are compressed again, each on
its own (a deflate stream flushed at every band boundary may be cut and joined there). When a
band's colours are far from every colour of the palette (colours the first picture did not
have), the palette is found afresh from the whole picture.

The first picture of a table is encoded the way a single picture is (``encode``), byte for
byte.
"""

from __future__ import annotations

import io
import struct
import zlib
from dataclasses import dataclass, field

from PIL import Image, ImageChops

SIGNATURE = b"\x89PNG\r\n\x1a\n"
BAND = 32  # rows per band
# Ends a deflate stream: an empty final block.
FINAL_BLOCK = b"\x03\x00"
ADLER_BASE = 65521
# A band whose mapping onto the palette is off by more than FAR in a colour channel in more
# than FAR_SHARE of its pixels calls for a new palette (anti-aliased edges are off by less).
FAR = 40
FAR_SHARE = 0.002


def quantized(image: Image.Image) -> Image.Image:
    """The picture in a palette of 256 colours (fast octree): half the bytes of the RGB
    picture and quicker to encode, with no difference a reader sees on these flat colours."""
    return image.quantize(256, method=Image.Quantize.FASTOCTREE)


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
    digest: int  # crc32 of the band's palette indices
    deflated: bytes  # its rows (each after a "no filter" byte), compressed and flushed
    adler: int
    length: int


@dataclass
class TableEncoder:
    """The pictures of one table, one after another."""

    size: tuple[int, int] = (0, 0)
    palette: Image.Image | None = None
    bands: list[_Band | None] = field(default_factory=list)
    # Pictures encoded, and how many found a new palette (the first included).
    pictures: int = 0
    palettes: int = 0

    def png(self, image: Image.Image) -> bytes:
        self.pictures += 1
        if self.palette is None:
            return self._afresh(image)
        if image.size != self.size:
            # A board grown taller keeps the bands above its change (their rows are the same
            # rows); a wider one shares none.
            count = -(-image.height // BAND)
            kept = self.bands if image.width == self.size[0] else []
            self.bands = (kept + [None] * count)[:count]
            self.size = image.size
        mapped = image.quantize(palette=self.palette, dither=Image.Dither.NONE)
        width, height = image.size
        indices = memoryview(mapped.tobytes())
        changed = []
        for number, top in enumerate(range(0, height, BAND)):
            rows = indices[top * width:min(height, top + BAND) * width]
            digest = zlib.crc32(rows)
            band = self.bands[number]
            if band is None or band.digest != digest:
                changed.append((number, top, rows, digest))
        for _, top, _, _ in changed:
            box = (0, top, width, min(height, top + BAND))
            if self._far(image.crop(box), mapped.crop(box)):
                return self._afresh(image)
        for number, _, rows, digest in changed:
            self.bands[number] = self._band(rows, width, digest)
        return self._assemble(mapped)

    def _afresh(self, image: Image.Image) -> bytes:
        """A new palette from the whole picture, encoded as a single picture is."""
        self.palettes += 1
        self.size = image.size
        palette = quantized(image)
        self.palette = palette
        # The octree's own mapping is not the nearest colour's: the next picture, mapped
        # onto the palette, compresses every band afresh.
        self.bands = [None] * -(-image.height // BAND)
        out = io.BytesIO()
        palette.save(out, format="PNG", optimize=False, compress_level=1)
        return out.getvalue()

    @staticmethod
    def _far(original: Image.Image, mapped: Image.Image) -> bool:
        """Whether the palette lacks colours of this band (beyond the error an octree's own
        mapping makes on anti-aliased edges)."""
        counts = ImageChops.difference(original, mapped.convert("RGB")).histogram()
        far = max(sum(counts[channel + FAR:channel + 256]) for channel in (0, 256, 512))
        return far > max(8, FAR_SHARE * original.width * original.height)

    @staticmethod
    def _band(rows: memoryview, width: int, digest: int) -> _Band:
        raw = b"".join(b"\x00" + rows[start:start + width]
                       for start in range(0, len(rows), width))
        compressor = zlib.compressobj(1, zlib.DEFLATED, -15)
        deflated = compressor.compress(raw) + compressor.flush(zlib.Z_SYNC_FLUSH)
        return _Band(digest, deflated, zlib.adler32(raw), len(raw))

    def _assemble(self, mapped: Image.Image) -> bytes:
        width, height = mapped.size
        adler = 1
        parts = [b"\x78\x01"]
        for band in self.bands:
            assert band is not None
            parts.append(band.deflated)
            adler = _adler_combine(adler, band.adler, band.length)
        parts.append(FINAL_BLOCK)
        parts.append(struct.pack(">I", adler))
        colours = mapped.getpalette() or []
        header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
        return SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"PLTE", bytes(colours)) + \
            _chunk(b"IDAT", b"".join(parts)) + _chunk(b"IEND", b"")
