"""The Sanguosha table picture: drawn for 4 to 10 seats in English and Chinese at many moments
of seeded games, every seat inside the picture and apart from the others, the Chinese set in
the CJK font; and nothing secret on it — tables that differ only in what the seats hold and
which hidden identity each has draw the same picture, and an open question shows only that
the table waits for a response, not who is asked."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.renderers import renderer_for
from games import registry
from games.sanguosha.state import SanguoshaState
from games.sanguosha.views import PublicView
from tables.games.sanguosha import picture as table_pictures
from tables.pictures import BoardPicture
from tables.pictures.canvas import Canvas
from tests.pictures.tables import CHINESE_NAMES, ENGLISH_NAMES, moments
from tests.pictures.test_board_pictures import NOTDEF, check_drawing, glyph, is_cjk
from tests.shown import t

LOCALES = {"en": ENGLISH_NAMES, "zh-CN": CHINESE_NAMES}


def scene_of(picture: BoardPicture | None) -> table_pictures.TableScene:
    assert picture is not None
    scene = picture.scene
    assert isinstance(scene, table_pictures.TableScene)
    return scene


def check_picture(picture: BoardPicture, names: list[str]) -> Canvas:
    scene = scene_of(picture)
    canvas = picture.canvas()
    image = canvas.image
    assert image.size == (table_pictures.WIDTH, table_pictures.picture_height(len(scene.seats)))
    check_drawing(canvas, names)
    return canvas


@pytest.mark.parametrize("seats", range(4, 11))
def test_the_seats_sit_round_the_table_apart_and_inside_the_picture(seats: int) -> None:
    places = table_pictures.places(seats)
    assert len(set(places)) == seats
    height = table_pictures.picture_height(seats)
    boxes = [(x, y, x + table_pictures.CARD_WIDTH, y + table_pictures.CARD_HEIGHT)
             for x, y in places]
    for i, (left, top, right, bottom) in enumerate(boxes):
        assert left >= 0 and right <= table_pictures.WIDTH and top >= 0 and bottom <= height
        for other in boxes[i + 1:]:
            assert right <= other[0] or other[2] <= left or bottom <= other[1] or \
                other[3] <= top, f"seat {i + 1} overlaps another"
    # Turn order runs clockwise: the first seat at the top, the seat after the top row's last
    # on the right side or the bottom row's right end.
    assert places[0][1] == min(y for _, y in places)
    middle = table_pictures.WIDTH // 2
    down_the_right = [x for x, y in places[:seats // 2 + 1] if y > places[0][1]]
    assert all(x + table_pictures.CARD_WIDTH // 2 >= middle for x in down_the_right)


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
@pytest.mark.parametrize("seats", range(4, 11))
def test_whole_games_draw_every_seat_in_both_languages(seats: int, locale: str) -> None:
    renderer = renderer_for("sanguosha")
    names = LOCALES[locale][:seats]
    seen = list(moments("sanguosha", seats, seats * 3 + 1, names=names))
    checked = 0
    phases: set[str] = set()
    for live, view in seen[::max(1, len(seen) // 6)] + seen[-1:]:
        picture = renderer.board_picture(live, view, locale)
        assert picture is not None
        canvas = check_picture(picture, names)
        scene = scene_of(picture)
        phases.add(scene.phase)
        assert sum(seat.turn for seat in scene.seats) == (
            1 if view.current >= 0 and view.result_side is None else 0)
        if locale == "zh-CN":
            for text in canvas.texts:
                notdef = glyph(text.font, NOTDEF)
                for char in text.text:
                    if is_cjk(char):
                        assert glyph(text.font, char) != notdef, f"{char!r} of {text.text!r}"
                        checked += 1
    assert len(phases) > 1
    assert locale != "zh-CN" or checked > 100
    # The end: every identity face up, the winners marked.
    final = scene_of(renderer.board_picture(*seen[-1], locale))
    if seen[-1][1].result_side is not None:
        assert all(seat.identity for seat in final.seats)
        assert any(seat.winner for seat in final.seats)


def test_a_seat_shows_its_public_facts() -> None:
    renderer = renderer_for("sanguosha")
    for live, view in moments("sanguosha", 6, 8, every=7):
        scene = scene_of(renderer.board_picture(live, view, "en"))
        for row, seat in zip(view.seats, scene.seats, strict=True):
            assert (seat.hp, seat.max_hp, seat.hand, seat.alive) == \
                (row.hp, row.max_hp, row.hand_count, row.alive)
            assert [bool(name) for name in seat.slots] == \
                [slot in row.equips for slot in table_pictures.SLOTS]
            assert bool(seat.reach) == ("weapon" in row.equips)
            assert len(seat.judging) == len(row.judging)
            assert bool(seat.identity) == (row.identity is not None)
            assert (seat.identity == "lord") == (row.identity == "lord")
            if view.current >= 0 and view.result_side is None and row.alive and \
                    row.seat != view.current:
                distance = view.distances[row.seat]
                assert seat.distance == distance
                assert seat.in_range == (distance is not None and distance <= view.attack_range)
            else:
                assert seat.distance is None
        lord = scene.seats[view.lord]
        assert lord.identity == "lord", "the lord is public from the start"


def twin(state: SanguoshaState, rng: random.Random) -> SanguoshaState:
    """The same table where every unseen hand card is another unseen card (from the deck or
    another hand) and two hidden identities are swapped: what no one sees differs."""
    other = state.model_copy(deep=True)
    hidden = [c for p in other.players for c in p.hand if c not in p.shown] + other.deck
    rng.shuffle(hidden)
    for p in other.players:
        p.hand = [c if c in p.shown else hidden.pop() for c in p.hand]
    other.deck = hidden
    secret = [p for p in other.players if not p.revealed]
    cards = {p.identity_card for p in secret}
    if len(cards) > 1:
        first = secret[0]
        second = next(p for p in secret if p.identity_card != first.identity_card)
        first.identity_card, second.identity_card = second.identity_card, first.identity_card
    return other


def test_tables_differing_only_in_secrets_draw_the_same_picture() -> None:
    renderer = renderer_for("sanguosha")
    game = registry.get("sanguosha")
    rng = random.Random(5)
    compared = 0
    for live, view in moments("sanguosha", 7, 12, every=40):
        state = live.state
        assert isinstance(state, SanguoshaState)
        other = twin(state, rng)
        changed = [p.hand != q.hand or p.identity_card != q.identity_card
                   for p, q in zip(state.players, other.players, strict=True)]
        if not any(changed):
            continue
        first = renderer.board_picture(live, view, "en")
        second = renderer.board_picture(live, game.view(other, None), "en")
        assert first is not None and second is not None
        assert first.scene == second.scene and first.key == second.key
        compared += 1
    assert compared >= 5


def test_the_secrets_check_can_fail() -> None:
    """A face-up identity is on the picture: turning one over changes it."""
    renderer = renderer_for("sanguosha")
    game = registry.get("sanguosha")
    live, view = next(m for m in moments("sanguosha", 5, 3) if m[1].current >= 0)
    state = live.state
    assert isinstance(state, SanguoshaState)
    shown = state.model_copy(deep=True)
    hidden = next(p for p in shown.players if not p.revealed)
    hidden.revealed = True
    first = renderer.board_picture(live, view, "en")
    second = renderer.board_picture(live, game.view(shown, None), "en")
    assert first is not None and second is not None and first.key != second.key


def test_an_open_question_says_only_that_the_table_waits_for_a_response() -> None:
    renderer = renderer_for("sanguosha")
    seen = 0
    for live, view in moments("sanguosha", 6, 4):
        waiting = view.waiting
        if waiting is None or waiting.topic in ("play", "discard", "hero") or \
                view.result_side is not None:
            continue
        for locale in ("en", "zh-CN"):
            scene = scene_of(renderer.board_picture(live, view, locale))
            assert scene.status == t("picture.sanguosha.waiting.response", locale)
            # Who is asked is nowhere in the scene: asking other seats draws the same.
            others: dict[str, Any] = {**waiting.__dict__, "seats": [
                s for s in range(len(view.seats)) if s not in waiting.seats]}
            moved = view.model_copy(update={"waiting": waiting.model_copy(update=others)})
            assert isinstance(moved, PublicView)
            assert scene_of(renderer.board_picture(live, moved, locale)) == scene
        seen += 1
    assert seen > 5
