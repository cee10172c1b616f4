"""A canvas records how a picture is drawn; any run of its rows, drawn from the operations
that touch them only, is exactly those rows of the whole picture (what lets a table's next
picture draw and encode only its changed bands), for every game's board; and a band's digest
changes when, and only when, what is drawn on it changes."""

from __future__ import annotations

import random

import pytest

from bot.renderers import renderer_for
from games import registry
from tables.pictures.canvas import Canvas
from tables.pictures.png import BAND
from tests.every_game import seats_for
from tests.pictures.tables import ENGLISH_NAMES, moments


@pytest.mark.parametrize("game", registry.names())
def test_any_run_of_rows_is_those_rows_of_the_whole_picture(game: str) -> None:
    renderer = renderer_for(game)
    seats = seats_for(game, 4)
    seen = list(moments(game, seats, 5, names=ENGLISH_NAMES[:seats]))
    rng = random.Random(game)
    for live, view in seen[::max(1, len(seen) // 4)]:
        picture = renderer.board_picture(live, view, "en")
        if picture is None:
            pytest.skip(f"{game} has no board picture")
        canvas = picture.canvas()
        whole = canvas.image
        # Every band on its own (as the encoder draws them), then runs cut anywhere.
        runs = [(top, min(canvas.height, top + BAND)) for top in range(0, canvas.height, BAND)]
        top = 0
        while top < canvas.height:
            bottom = min(canvas.height, top + rng.choice([2 * BAND, 3 * BAND, 17, 45]))
            runs.append((top, bottom))
            top = bottom
        for top, bottom in runs:
            rows = canvas.rows(top, bottom)
            assert rows.tobytes() == whole.crop((0, top, canvas.width, bottom)).tobytes(), \
                f"rows {top}-{bottom} of {game}'s picture differ from the whole picture's"


def test_a_band_digest_changes_only_with_what_is_drawn_on_the_band() -> None:
    def drawn(note: str, shift: int = 0) -> Canvas:
        canvas = Canvas(300, 200, (250, 250, 250))
        canvas.box((10, 10, 290, 60 + shift), (200, 220, 240), radius=8)
        canvas.text((20, 100), note, 20, (0, 0, 0))
        canvas.draw.ellipse((20, 150, 50, 180), fill=(200, 40, 40))
        return canvas

    first, same, other, moved = drawn("one"), drawn("one"), drawn("two"), drawn("one", 20)
    assert first.band_digests(BAND) == same.band_digests(BAND)
    changed = [a != b for a, b in zip(first.band_digests(BAND), other.band_digests(BAND),
                                      strict=True)]
    text = other.texts[-1].box
    assert changed == [text[1] // BAND <= band <= text[3] // BAND for band in range(7)]
    grown = [a != b for a, b in zip(first.band_digests(BAND), moved.band_digests(BAND),
                                    strict=True)]
    assert grown[0] and grown[1] and grown[2] and not any(grown[4:])
