"""The Marrowgate House picture is drawn for a table's pictures one after another: a table's
encoder draws and compresses again only the bands of rows whose drawing changed, so a change
on the board stays in few bands (a moved piece in its two rooms', whose turn it is in one band
of the header, a placed room in its own), the maps move only when the house outgrows them, and
parts kept from an earlier picture draw exactly what drawing them afresh draws."""

from __future__ import annotations

import dataclasses
from collections import OrderedDict

import pytest

from bot.renderers import renderer_for
from tables.games.haunt import kept
from tables.games.haunt import picture as house_pictures
from tables.games.haunt.picture import HauntScene, RoomTile
from tables.pictures.png import BAND
from tests.pictures.tables import CHINESE_NAMES, ENGLISH_NAMES, moments


def scenes(seats: int, seed: int, locale: str = "en", every: int = 1) -> list[HauntScene]:
    renderer = renderer_for("haunt")
    names = (CHINESE_NAMES if locale.startswith("zh") else ENGLISH_NAMES)[:seats]
    found = []
    for live, view in moments("haunt", seats, seed, every=every, names=names):
        picture = renderer.board_picture(live, view, locale)
        assert picture is not None and isinstance(picture.scene, HauntScene)
        found.append(picture.scene)
    return found


def changed_bands(before: HauntScene, after: HauntScene) -> set[int]:
    old = house_pictures.paint_house(before).band_digests(BAND)
    new = house_pictures.paint_house(after).band_digests(BAND)
    assert len(old) == len(new), "the picture changed height"
    return {number for number, (a, b) in enumerate(zip(old, new, strict=True)) if a != b}


def room_bands(scene: HauntScene, floor: int, room: RoomTile) -> set[int]:
    plan = house_pictures.layout(scene)
    panel = plan.panels[floor]
    _, top = house_pictures.square(panel, plan.tile, room.x, room.y)
    wall = max(4, plan.tile // 16) // 2  # walls straddle the square's edges
    return set(range((top - wall) // BAND, (top + plan.tile + wall - 1) // BAND + 1))


@pytest.mark.parametrize(("seats", "seed", "locale"), [(4, 5, "en"), (6, 6, "zh-CN")])
def test_kept_parts_draw_what_drawing_afresh_draws(seats: int, seed: int, locale: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    seen = scenes(seats, seed, locale, every=9)
    warm = [house_pictures.paint_house(scene) for scene in seen]
    assert kept.kept_parts() > 0
    for scene, kept_canvas in zip(seen, warm, strict=True):
        # Nothing kept: every part recorded again.
        monkeypatch.setattr(kept, "_PARTS", OrderedDict())
        fresh = house_pictures.paint_house(scene)
        assert kept_canvas.band_digests(BAND) == fresh.band_digests(BAND)
        assert kept_canvas.image.tobytes() == fresh.image.tobytes()
        assert [text.text for text in kept_canvas.texts] == [text.text for text in fresh.texts]


def test_a_moved_piece_changes_only_the_bands_of_the_rooms_it_leaves_and_enters() -> None:
    checked = 0
    for scene in scenes(6, 2, every=25):
        ground = scene.floors[0]
        full = [room for room in ground.rooms if any(not t.monster for t in room.tokens)]
        empty = [room for room in ground.rooms if not room.tokens]
        if not full or not empty:
            continue
        source, target = full[0], empty[-1]
        piece = next(t for t in source.tokens if not t.monster)
        rooms = tuple(
            dataclasses.replace(room, tokens=tuple(t for t in room.tokens if t != piece))
            if room == source else dataclasses.replace(room, tokens=(piece,))
            if room == target else room for room in ground.rooms)
        moved = dataclasses.replace(
            scene, floors=(dataclasses.replace(ground, rooms=rooms), *scene.floors[1:]))
        changed = changed_bands(scene, moved)
        allowed = room_bands(scene, 0, source) | room_bands(scene, 0, target)
        assert changed and changed <= allowed, (sorted(changed), sorted(allowed))
        checked += 1
    assert checked >= 3


def test_whose_turn_it_is_changes_one_band_of_the_header() -> None:
    checked = 0
    for scene in scenes(5, 7, every=30):
        if not scene.turn or scene.banner:
            continue
        seat = ((scene.turn_seat or 0) + 1) % len(scene.players)
        other = dataclasses.replace(scene, turn=f"{scene.players[seat].name}'s turn",
                                    turn_seat=seat)
        assert changed_bands(scene, other) == {1}
        checked += 1
    assert checked >= 2


def test_the_maps_move_only_when_the_house_outgrows_them() -> None:
    """Every move of four seeded games: the tiles and where each floor's squares are drawn
    change far less often than rooms are placed (they used to change with most placed rooms).
    Counted over the four games together: a short game (the bots' choices decide its length)
    places few rooms after the first growths of its floors."""
    changes = placed = 0
    for seats, seed in [(3, 1), (6, 6), (4, 5), (5, 7)]:
        seen = scenes(seats, seed)
        before = None
        for scene in seen:
            plan = house_pictures.layout(scene)
            where = (plan.tile, tuple((panel.box, house_pictures.square(panel, plan.tile, 0, 0))
                                      for panel in plan.panels))
            changes += before is not None and where != before
            before = where
        placed += sum(len(f.rooms) for f in seen[-1].floors) - sum(len(f.rooms)
                                                                   for f in seen[0].floors)
    assert placed >= 60
    assert changes * 4 <= placed, (changes, placed)


def test_the_kept_parts_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kept, "_PARTS", OrderedDict())
    monkeypatch.setattr(kept, "KEPT_PARTS", 10)
    for scene in scenes(4, 5, every=20):
        house_pictures.paint_house(scene)
    assert kept.kept_parts() == 10
