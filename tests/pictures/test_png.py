"""A table's pictures encoded one after another: valid PNGs on a palette of the first picture's
colours, later pictures with only the bands whose drawing changed compressed again, a colour
the palette lacks taking one of its spare entries, and a new palette when the spares run out.
"""

from __future__ import annotations

import io
import zlib

from PIL import Image, ImageChops

from tables.pictures.canvas import Canvas, Colour
from tables.pictures.fonts import BOLD
from tables.pictures.png import BAND, FAR, TableEncoder, encode

INK: Colour = (44, 32, 24)


def board(note: str, colour: Colour = (40, 40, 40), height: int = 400) -> Canvas:
    canvas = Canvas(600, height, (240, 232, 214))
    canvas.box((20, 20, 580, 180), (253, 249, 240), radius=14, outline=(196, 176, 142),
               line=3)
    canvas.text((40, 60), "Round 3", 40, INK, weight=BOLD)
    canvas.draw.rectangle((40, 240, 560, 300), fill=(120, 80, 40))
    canvas.text((60, 250), note, 32, colour)
    return canvas


def decoded(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def worst_error(png: bytes, canvas: Canvas) -> int:
    """How far the encoded picture's pixels are from the drawn ones (the largest channel
    difference of all but the 0.2% farthest pixels: anti-aliased edges)."""
    error = ImageChops.difference(decoded(png).convert("RGB"), canvas.image).convert("L")
    counts = error.histogram()
    allowed = canvas.width * canvas.height // 500
    for level in range(255, -1, -1):
        allowed -= counts[level]
        if allowed < 0:
            return level
    return 0


def test_the_first_picture_is_the_drawing_on_its_own_octree_palette() -> None:
    canvas = board("waiting")
    png = TableEncoder().png(canvas)
    assert decoded(png).mode == "P" and decoded(png).size == (600, 400)
    assert worst_error(png, canvas) <= 8
    # As near to the drawing as the single picture's encoding.
    assert worst_error(encode(canvas.image), canvas) <= 8


def test_later_pictures_compress_again_only_the_bands_whose_drawing_changed() -> None:
    encoder = TableEncoder()
    encoder.png(board("waiting"))
    kept = list(encoder.bands)
    later = board("discarding")  # only the note's rows change
    png = encoder.png(later)
    again = [old is new for old, new in zip(kept, encoder.bands, strict=True)]
    box = later.texts[-1].box  # the note's
    note_bands = set(range(box[1] // BAND, box[3] // BAND + 1))
    assert not any(again[b] for b in note_bands)
    assert all(again[b] for b in range(len(again)) if b not in note_bands), \
        "bands that did not change are not compressed again"
    # The changed bands hold the drawing mapped onto the palette, colour by nearest colour.
    assert encoder.palette is not None
    top, bottom = min(note_bands) * BAND, (max(note_bands) + 1) * BAND
    expected = later.image.crop((0, top, 600, bottom)).quantize(
        palette=encoder.palette, dither=Image.Dither.NONE)
    got = decoded(png).crop((0, top, 600, bottom))
    assert got.convert("RGB").tobytes() == expected.convert("RGB").tobytes()
    assert worst_error(png, later) <= 8
    assert encoder.palettes == 1 and encoder.pictures == 2


def test_a_colour_the_palette_lacks_takes_a_spare_entry_and_the_other_bands_are_kept() -> None:
    encoder = TableEncoder()
    encoder.png(board("waiting"))
    kept = list(encoder.bands)
    green = board("the rebels win", colour=(20, 200, 60))
    png = encoder.png(green)
    assert encoder.palettes == 1
    assert encoder.palette is not None
    entries = encoder.palette.getpalette() or []
    assert (20, 200, 60) in set(zip(entries[0::3], entries[1::3], entries[2::3], strict=True))
    assert kept[0] is encoder.bands[0]
    assert worst_error(png, green) <= FAR


def test_a_new_palette_when_the_spare_entries_run_out() -> None:
    encoder = TableEncoder()
    encoder.png(board("waiting"))
    # Colours far from each other (42 apart in some channel), one more each picture.
    far = [(r, g, b) for r in range(0, 256, 42) for g in range(0, 256, 42)
           for b in range(0, 256, 42)]
    canvas = board("waiting")
    for number, colour in enumerate(far):
        canvas.box((4 + number % 60 * 9, 310 + number // 60 * 9, 11 + number % 60 * 9,
                    317 + number // 60 * 9), colour, radius=0)
        assert encoder.palette is not None
        before = len(encoder.palette.getpalette() or [])
        png = encoder.png(canvas)
        if encoder.palettes == 2:
            assert before == 3 * 256, "only a full palette is found afresh"
            break
        assert worst_error(png, canvas) <= FAR
    assert encoder.palettes == 2
    assert worst_error(png, canvas) <= 48


def test_a_picture_that_grew_keeps_the_bands_above_and_is_whole() -> None:
    encoder = TableEncoder()
    encoder.png(board("waiting"))
    kept = list(encoder.bands)
    taller = board("waiting", height=520)
    png = encoder.png(taller)
    assert decoded(png).size == (600, 520)
    assert all(old is new for old, new in zip(kept[:-1], encoder.bands, strict=False))
    assert worst_error(png, taller) <= 8


def test_every_band_stands_on_its_own() -> None:
    """Bands compressed in one run are joined with bands kept from other pictures: each must
    decompress alone to its rows."""
    encoder = TableEncoder()
    encoder.png(board("waiting"))
    encoder.png(board("discarding"))
    for band in encoder.bands:
        assert band is not None
        rows = zlib.decompressobj(-15).decompress(band.deflated)
        assert len(rows) == band.length and zlib.adler32(rows) == band.adler
