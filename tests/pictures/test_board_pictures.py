"""Board pictures drawn from many moments of seeded games: never blank, the size the layout
says, the same bytes for the same state, every seat's name on them, and Chinese drawn with
glyphs of the CJK font (no "tofu" boxes)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image, ImageFont

from bot.renderers import renderer_for
from tables.games.citadels import picture as city_pictures
from tables.games.lifeboat import picture as boat_pictures
from tables.pictures import BoardPicture
from tables.pictures.canvas import Canvas
from tables.pictures.fonts import FACE_NAME, font
from tests.pictures.tables import CHINESE_NAMES, ENGLISH_NAMES, moments

# (game, seats, seed, every): moments every ``every`` moves, to the game's end.
TABLES = [
    ("lifeboat", 4, 1, 25), ("lifeboat", 6, 2, 40), ("lifeboat", 5, 3, 30),
    ("citadels", 2, 4, 40), ("citadels", 4, 5, 50), ("citadels", 7, 6, 60),
]
NOTDEF = "\uffff"  # a noncharacter: every font draws its .notdef glyph for it


def glyph(face: ImageFont.FreeTypeFont, char: str) -> tuple[tuple[int, int], bytes]:
    mask = face.getmask(char)
    return mask.size, bytes(mask)


def is_cjk(char: str) -> bool:
    return "\u3400" <= char <= "\u9fff" or "\uff00" <= char <= "\uffef"


def expected_size(picture: BoardPicture) -> tuple[int, int]:
    scene = picture.scene
    if isinstance(scene, boat_pictures.BoatScene):
        return boat_pictures.WIDTH, boat_pictures.picture_height(scene)
    grid = city_pictures.layout(scene)
    rows = -(-len(scene.cities) // grid.columns)
    return grid.width, (city_pictures.HEADER
                        + rows * (city_pictures.panel_height(scene, grid) + city_pictures.PANEL_GAP)
                        + city_pictures.MARGIN - city_pictures.PANEL_GAP)


def check_picture(picture: BoardPicture, names: list[str]) -> Canvas:
    canvas = picture.canvas()
    image = canvas.image
    assert image.size == expected_size(picture)
    check_drawing(canvas, names)
    return canvas


def check_drawing(canvas: Canvas, names: list[str]) -> None:
    """What every game's board picture must be: a phone-readable size, not blank (many
    colours, ink as well as light areas), every name in ``names`` drawn, every text in the
    project's font and inside the picture."""
    image = canvas.image
    assert 400 <= image.width <= 1400 and 300 <= image.height <= 2400
    # Not blank: many colours, and ink (dark text) as well as light areas.
    colours = image.getcolors(maxcolors=1 << 16)
    assert colours is None or len(colours) > 50
    low, high = image.convert("L").getextrema()
    assert high - low > 150
    drawn = "\n".join(text.text for text in canvas.texts)
    for name in names:
        assert name in drawn, f"{name!r} is not on the picture"
    for text in canvas.texts:
        assert text.font.getname()[0] == FACE_NAME
        box = text.box
        assert box[0] >= 0 and box[2] <= image.width + 2 and box[3] <= image.height + 2, (
            f"{text.text!r} runs off the picture at {box}")


@pytest.mark.parametrize(("game", "seats", "seed", "every"), TABLES)
def test_pictures_of_a_whole_game_show_every_seat(game: str, seats: int, seed: int,
                                                  every: int) -> None:
    renderer = renderer_for(game)
    names = ENGLISH_NAMES[:seats]
    keys: set[str] = set()
    drawn = 0
    for live, view in moments(game, seats, seed, every=every, names=names):
        picture = renderer.board_picture(live, view, "en")
        assert picture is not None
        check_picture(picture, names)
        keys.add(picture.key)
        drawn += 1
    assert drawn >= 3
    assert len(keys) >= drawn - 1, "moments apart in the game should look different"


@pytest.mark.parametrize("game", ["lifeboat", "citadels"])
def test_the_same_state_draws_the_same_picture(game: str) -> None:
    renderer = renderer_for(game)
    seen: list[tuple[Any, Any]] = list(moments(game, 4, 11, every=30))
    live, view = seen[len(seen) // 2]
    first = renderer.board_picture(live, view, "en")
    again = renderer.board_picture(live, view, "en")
    assert first is not None and again is not None
    assert first.key == again.key
    png = first.png()
    assert png == again.png()
    assert Image.open(io.BytesIO(png)).size == expected_size(first)
    other_live, other_view = seen[-1]
    later = renderer.board_picture(other_live, other_view, "en")
    assert later is not None and later.key != first.key


@pytest.mark.parametrize(("game", "seats"), [("lifeboat", 6), ("citadels", 5)])
def test_chinese_names_are_drawn_with_the_cjk_font_not_boxes(game: str, seats: int) -> None:
    renderer = renderer_for(game)
    names = CHINESE_NAMES[:seats]
    checked = 0
    for live, view in moments(game, seats, 21, every=45, names=names):
        picture = renderer.board_picture(live, view, "zh-CN")
        assert picture is not None
        canvas = check_picture(picture, names)
        for text in canvas.texts:
            notdef = glyph(text.font, NOTDEF)
            for char in text.text:
                if is_cjk(char):
                    assert glyph(text.font, char) != notdef, f"{char!r} of {text.text!r}"
                    checked += 1
    assert checked > 100


def test_the_notdef_check_can_fail() -> None:
    """A character the font lacks draws the same as the .notdef glyph."""
    face = font(24)
    assert glyph(face, "\U0001fbf9") == glyph(face, NOTDEF)  # a symbol beyond the font
    assert glyph(face, "王") != glyph(face, NOTDEF)
