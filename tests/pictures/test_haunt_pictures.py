"""The Marrowgate House picture: drawn at many moments of seeded games without error and within
its layout, redrawn when a room is placed, Chinese set in the CJK font, and nothing a seat
alone knows drawn (the board is the same picture whoever's view it is drawn from)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.haunt.renderer import HauntRenderer
from bot.renderers import renderer_for
from games import registry
from games.haunt.catalog import catalog
from games.haunt.views import PublicView
from tables.games.haunt import picture as house_pictures
from tables.pictures import BoardPicture
from tables.pictures.canvas import Canvas
from tests.pictures.tables import CHINESE_NAMES, ENGLISH_NAMES, moments
from tests.pictures.test_board_pictures import NOTDEF, check_drawing, glyph, is_cjk

# (seats, seed, every)
TABLES = [(3, 1, 4), (6, 2, 6), (4, 5, 4), (5, 7, 5)]


def haunt_renderer() -> HauntRenderer:
    renderer = renderer_for("haunt")
    assert isinstance(renderer, HauntRenderer)
    return renderer


def scene_of(picture: BoardPicture) -> house_pictures.HauntScene:
    scene = picture.scene
    assert isinstance(scene, house_pictures.HauntScene)
    return scene


def check_picture(picture: BoardPicture, names: list[str]) -> Canvas:
    canvas = picture.canvas()
    image = canvas.image
    assert image.size == (house_pictures.WIDTH, house_pictures.picture_height(scene_of(picture)))
    check_drawing(canvas, names)
    return canvas


def check_tiles_inside_their_panels(picture: BoardPicture) -> None:
    scene = scene_of(picture)
    plan = house_pictures.layout(scene)
    assert plan.tile >= 40, "tiles too small to read"
    for panel in plan.panels:
        x0, y0, x1, y1 = panel.box
        assert 0 <= x0 < x1 <= house_pictures.WIDTH
        spots = [(r.x, r.y) for r in panel.floor.rooms] + list(panel.floor.frontier)
        for x, y in spots:
            left, top = house_pictures.square(panel, plan.tile, x, y)
            assert x0 <= left and left + plan.tile <= x1, (panel.floor.floor, x, y)
            assert y0 + house_pictures.PANEL_TOP <= top and top + plan.tile <= y1


@pytest.mark.parametrize(("seats", "seed", "every"), TABLES)
def test_pictures_of_a_whole_game_show_the_house_and_every_seat(seats: int, seed: int,
                                                               every: int) -> None:
    renderer = haunt_renderer()
    names = ENGLISH_NAMES[:seats]
    keys: set[str] = set()
    phases: set[str] = set()
    drawn = 0
    for live, view in moments("haunt", seats, seed, every=every, names=names):
        picture = renderer.board_picture(live, view, "en")
        assert picture is not None
        check_picture(picture, names)
        check_tiles_inside_their_panels(picture)
        scene = scene_of(picture)
        assert sum(len(f.rooms) for f in scene.floors) == len(view.rooms)
        keys.add(picture.key)
        phases.add(view.phase)
        drawn += 1
    assert {"explore", "haunt"} <= phases
    assert drawn >= 10
    assert len(keys) >= drawn * 3 // 4, "moments apart in the game should look different"


def test_the_picture_is_drawn_again_when_a_room_is_placed() -> None:
    """A placed room is a new tile on its floor, named, so the picture's key changes."""
    renderer = haunt_renderer()
    placed = 0
    before: tuple[int, str] | None = None
    for live, view in moments("haunt", 4, 3, names=ENGLISH_NAMES[:4]):
        picture = renderer.board_picture(live, view, "en")
        assert picture is not None
        if before is not None and len(view.rooms) > before[0]:
            assert picture.key != before[1]
            new = view.rooms[-1]
            floor = next(f for f in scene_of(picture).floors
                         if f.floor == new.floor)
            tile = next(r for r in floor.rooms if (r.x, r.y) == (new.x, new.y))
            assert tile.name == renderer.room(new.id, "en").plain
            assert tuple(new.doors) == tile.doors
            assert (new.x, new.y) not in floor.frontier
            placed += 1
            if placed in (1, 5):
                # The name is drawn (whole, or cut with an ellipsis in a small tile).
                texts = [text.text for text in picture.canvas().texts]
                assert tile.name in " ".join(texts) or any(
                    text.endswith("…") and tile.name.startswith(text[:-1]) for text in texts
                ), texts
        before = (len(view.rooms), picture.key)
    assert placed >= 5


def test_pieces_and_piles_are_where_the_view_puts_them() -> None:
    renderer = haunt_renderer()
    seen = check_pieces(renderer, 2) | check_pieces(renderer, 9)
    assert {"monster", "pile"} <= seen


def test_an_explorer_who_escaped_stands_beyond_the_front_door() -> None:
    renderer = haunt_renderer()
    live, view = next(m for m in moments("haunt", 4, 5, every=5) if m[1].phase == "haunt")
    assert isinstance(view, PublicView)
    out = view.model_copy(deep=True)
    out.explorers[2].escaped = True
    picture = renderer.board_picture(live, out, "en")
    assert picture is not None
    ground = scene_of(picture).floors[0]
    assert [tok.label for tok in ground.outside_tokens] == ["3"]
    assert not any(tok.label == "3" and not tok.monster for f in scene_of(picture).floors
                   for r in f.rooms for tok in r.tokens)
    check_picture(picture, ENGLISH_NAMES[:4])


def check_pieces(renderer: HauntRenderer, seed: int) -> set[str]:
    """What the game's moments showed beside explorers in rooms."""
    seen: set[str] = set()
    for live, view in moments("haunt", 6, seed, every=3, names=ENGLISH_NAMES[:6]):
        picture = renderer.board_picture(live, view, "en")
        assert picture is not None
        tiles = {r.name: r for f in scene_of(picture).floors for r in f.rooms}
        assert tiles[renderer.room("entrance-hall", "en").plain].front_door
        outside = scene_of(picture).floors[0].outside_tokens
        for e in view.explorers:
            if e.explorer and e.room and not e.escaped:
                tile = tiles[renderer.room(e.room, "en").plain]
                assert any(not tok.monster and tok.label == str(e.seat + 1)
                           for tok in tile.tokens)
            if e.escaped:
                # Out of the front door: drawn beyond it, in no room.
                assert any(tok.label == str(e.seat + 1) for tok in outside)
                seen.add("escaped")
        for m in view.monsters:
            tile = tiles[renderer.room(m.room, "en").plain]
            assert any(tok.monster for tok in tile.tokens)
            seen.add("monster")
        for room, cards in view.piles.items():
            assert tiles[renderer.room(room, "en").plain].pile == len(cards)
            if cards:
                seen.add("pile")
    return seen


def test_the_board_is_the_same_picture_from_every_seats_view() -> None:
    """Rule (views): the tome and the heroes' secret are in one side's views alone; the board
    picture is built from what the whole table sees, so a seat's own view draws the same
    picture as the public view, and no book's words are on it."""
    renderer = haunt_renderer()
    game = registry.get("haunt")
    checked = 0
    for live, public in moments("haunt", 5, 7, every=7, names=ENGLISH_NAMES[:5]):
        if public.phase != "haunt":
            continue
        picture = renderer.board_picture(live, public, "en")
        assert picture is not None
        books = []
        for seat in range(5):
            own: Any = game.view(live.state, seat)
            assert own.book is not None
            books.append(catalog().book(own.book))
            mine = renderer.board_picture(live, own, "en")
            assert mine is not None and mine.key == picture.key
        drawn = " ".join(text.text for text in picture.canvas().texts)
        for book in books:
            assert book.text.en[:30] not in drawn
        checked += 1
    assert checked >= 2


def test_the_secret_check_can_fail() -> None:
    """A picture built with something only one seat knows would differ from the public one."""
    renderer = haunt_renderer()
    seen = [m for m in moments("haunt", 3, 1, every=5) if m[1].phase == "haunt"]
    live, public = seen[0]
    assert isinstance(public, PublicView)
    changed = public.model_copy(update={"traitor": None})
    one = renderer.board_picture(live, public, "en")
    other = renderer.board_picture(live, changed, "en")
    assert one is not None and other is not None and one.key != other.key


@pytest.mark.parametrize(("seats", "seed"), [(3, 4), (6, 6)])
def test_chinese_names_and_rooms_are_drawn_with_the_cjk_font(seats: int, seed: int) -> None:
    renderer = haunt_renderer()
    names = CHINESE_NAMES[:seats]
    checked = 0
    for live, view in moments("haunt", seats, seed, every=15, names=names):
        picture = renderer.board_picture(live, view, "zh-CN")
        assert picture is not None
        canvas = check_picture(picture, names)
        for room in view.rooms:
            assert renderer.room(room.id, "zh-CN").plain in {
                r.name for f in scene_of(picture).floors for r in f.rooms}
        for text in canvas.texts:
            notdef = glyph(text.font, NOTDEF)
            for char in text.text:
                if is_cjk(char):
                    assert glyph(text.font, char) != notdef, f"{char!r} of {text.text!r}"
                    checked += 1
    assert checked > 100


def test_the_same_state_draws_the_same_bytes() -> None:
    renderer = haunt_renderer()
    seen = list(moments("haunt", 4, 11, every=20))
    live, view = seen[len(seen) // 2]
    first = renderer.board_picture(live, view, "en")
    again = renderer.board_picture(live, view, "en")
    assert first is not None and again is not None
    assert first.key == again.key and first.png() == again.png()


@pytest.mark.parametrize("pieces", [1, 3, 7, 9])
@pytest.mark.parametrize("tile", [60, 82, 110])
def test_pieces_in_a_crowded_room_never_cover_its_name(pieces: int, tile: int) -> None:
    # A room full of monsters once drew them over its two-line name; now a crowd gets the
    # name on one line and the pieces below it.
    tokens = tuple(house_pictures.Token(str(n % 6 + 1), monster=n > 0, colour=0, down=False,
                                        acting=False) for n in range(pieces))
    room = house_pictures.RoomTile(
        name="Long Dining Room", x=0, y=0, doors=("N", "S"), note="", passage=True,
        start=False, haunt=False, front_door=False, pile=0, tokens=tokens)
    canvas = Canvas(tile, tile, (0, 0, 0))
    house_pictures._room(canvas, room, (0, 0), tile, (230, 215, 180))
    names = [text for text in canvas.texts if text.text not in {token.label for token in tokens}]
    assert names and all(text.text.rstrip("…") in room.name for text in names), names
    pieces_drawn = {house_pictures.WHITE, house_pictures.MONSTER_EDGE,
                    house_pictures.SEAT_COLOURS[0], *house_pictures.MONSTER_FILL}
    for text in names:
        left, top, right, bottom = text.box
        inside = {canvas.image.getpixel((px, py)) for px in range(max(0, left), right)
                  for py in range(max(0, top), bottom)}
        assert not inside & pieces_drawn, f"a piece covers {text.text!r} in a {tile} px tile"
