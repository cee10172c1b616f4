"""A table's pictures encoded one after another: the first exactly as a single picture, the
later ones valid PNGs holding the picture mapped onto the first one's palette with only the
changed bands compressed again, and a new palette when a picture brings colours the palette
lacks."""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageDraw

from tables.pictures.png import BAND, TableEncoder, encode


def board(note: str, colour: tuple[int, int, int] = (40, 40, 40), height: int = 400
          ) -> Image.Image:
    image = Image.new("RGB", (600, height), (240, 232, 214))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((20, 20, 580, 180), radius=14, fill=(253, 249, 240),
                           outline=(196, 176, 142), width=3)
    draw.text((40, 60), "Round 3", fill=(44, 32, 24), font_size=40)
    draw.rectangle((40, 240, 560, 300), fill=(120, 80, 40))
    draw.text((60, 250), note, fill=colour, font_size=32)
    return image


def decoded(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def test_the_first_picture_is_encoded_as_a_single_picture_is() -> None:
    image = board("waiting")
    assert TableEncoder().png(image) == encode(image)


def test_later_pictures_are_the_picture_on_the_first_palette_with_changed_bands_only() -> None:
    encoder = TableEncoder()
    first = board("waiting")
    encoder.png(first)
    palette = encoder.palette
    assert palette is not None
    second = board("playing")
    png = encoder.png(second)
    expected = second.quantize(palette=palette, dither=Image.Dither.NONE)
    assert decoded(png).convert("RGB").tobytes() == expected.convert("RGB").tobytes()
    kept = list(encoder.bands)
    third = board("discarding")  # only the note's rows change
    png = encoder.png(third)
    expected = third.quantize(palette=palette, dither=Image.Dither.NONE)
    assert decoded(png).convert("RGB").tobytes() == expected.convert("RGB").tobytes()
    again = [old is new for old, new in zip(kept, encoder.bands, strict=True)]
    note_bands = {264 // BAND}  # the middle of the note
    assert not any(again[b] for b in note_bands)
    assert again[0] and again[-1], "bands that did not change are not compressed again"
    assert encoder.palettes == 1 and encoder.pictures == 3


def test_a_colour_the_palette_lacks_brings_a_new_palette() -> None:
    encoder = TableEncoder()
    encoder.png(board("waiting"))
    green = board("the rebels win", colour=(20, 200, 60))
    png = encoder.png(green)
    assert encoder.palettes == 2
    error = ImageChops.difference(decoded(png).convert("RGB"), green).convert("L")
    assert sum(error.histogram()[48:]) < 20


def test_a_picture_that_grew_is_encoded_whole() -> None:
    encoder = TableEncoder()
    encoder.png(board("waiting"))
    taller = board("waiting", height=520)
    png = encoder.png(taller)
    assert decoded(png).size == (600, 520)
    palette = encoder.palette
    assert palette is not None
    expected = taller.quantize(palette=palette, dither=Image.Dither.NONE)
    assert decoded(png).convert("RGB").tobytes() == expected.convert("RGB").tobytes()
