"""The Lifeboat board as a picture: the boat seen from above, bow at the top, one bench per
character in boat order with its player, wounds against size, face-up cards and the markers
of who rowed and who fought; the birds seen so far; those lost at sea.

Drawn from the public view only, like the text board.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol

from PIL import Image, ImageDraw

from games.lifeboat.cards import card_type
from games.lifeboat.views import PublicView
from tables.i18n import t_plain
from tables.pictures.canvas import Canvas, Colour
from tables.pictures.fonts import BOLD, MEDIUM
from tables.pictures.picture import BoardPicture
from tables.text import Text

if TYPE_CHECKING:
    from tables.service import LiveMatch


class LifeboatPictureNames(Protocol):
    """What the picture reads from its game's words: the names it writes on the board
    (the words pass themselves; the picture needs no more of them)."""

    def card(self, card: str, locale: str | None) -> Text: ...
    def character(self, character: str, locale: str | None) -> Text: ...
    def seat_name(self, live: LiveMatch, seat: int) -> Text: ...


WIDTH = 960
HEADER = 150
BOW = 120
BENCH = 112
BENCH_GAP = 12
STERN = 60
LOST_ROW = 50
LOST_SIZE = 24
MARGIN = 24
HULL_X = 44
INSIDE_X = 84

SEA: Colour = (20, 58, 94)
HULL: Colour = (104, 62, 34)
HULL_INSIDE: Colour = (180, 128, 78)
PLANK: Colour = (246, 226, 190)
PLANK_EDGE: Colour = (150, 104, 60)
PLANK_OUT: Colour = (200, 196, 188)
INK: Colour = (44, 30, 20)
MUTED: Colour = (112, 88, 66)
WHITE: Colour = (255, 255, 255)
FOAM: Colour = (196, 224, 240)
GOLD: Colour = (244, 196, 48)
WOUND: Colour = (198, 40, 40)
HEALTHY: Colour = (255, 250, 240)
CARD: Colour = (255, 253, 246)
CARD_EDGE: Colour = (176, 150, 110)
STATUS_COLOURS: dict[str, tuple[Colour, Colour]] = {
    "awake": ((46, 125, 50), WHITE),
    "unconscious": ((239, 160, 30), INK),
    "dead": ((55, 55, 60), WHITE),
    "lost": ((30, 60, 90), WHITE),
}
MARK_COLOURS: dict[str, Colour] = {"rowed": (30, 100, 170), "fought": (170, 40, 40)}


@dataclass(frozen=True)
class Bench:
    number: int
    character: str
    player: str
    status: str
    status_text: str
    size: int
    wounds: int
    cards: tuple[str, ...]
    marks: tuple[tuple[str, str], ...]  # (kind, text)
    acting: bool
    winner: bool


@dataclass(frozen=True)
class BoatScene:
    title: str
    birds_label: str
    birds: int
    birds_to_land: int
    bow: str
    stern: str
    benches: tuple[Bench, ...]
    lost_label: str
    lost: tuple[str, ...]


def boat_scene(words: LifeboatPictureNames, live: LiveMatch, view: PublicView,
               locale: str | None) -> BoatScene:
    winners = set(view.results.winners) if view.results is not None else set()
    acting = {view.actor, view.supply_picker, view.navigator} - {None}
    benches = []
    for number, c in enumerate(view.boat, start=1):
        names = [words.card(card, locale).plain + (t_plain("lifeboat.parasol_open", locale)
                                                if card_type(card) == "parasol" and c.parasol_open
                                                else "")
                 for card in c.face_up]
        # Equal cards once, with their count ("Cash ×3"), in the order first played.
        counts = Counter(names)
        cards = tuple(name if counts[name] == 1 else f"{name} ×{counts[name]}"
                      for name in dict.fromkeys(names))
        marks = []
        if c.row_marker:
            marks.append(("rowed", t_plain("picture.lifeboat.rowed", locale)))
        if c.fight_marker:
            marks.append(("fought", t_plain("picture.lifeboat.fought", locale)))
        benches.append(Bench(
            number=number, character=words.character(c.id, locale).plain,
            player=words.seat_name(live, c.seat).plain, status=c.status,
            status_text=t_plain(f"lifeboat.status.{c.status}", locale), size=c.size,
            wounds=c.wounds, cards=cards, marks=tuple(marks), acting=c.id in acting,
            winner=c.seat in winners))
    lost = tuple(t_plain("lifeboat.who", locale, character=words.character(c.id, locale).plain,
                         player=words.seat_name(live, c.seat).plain) for c in view.lost)
    return BoatScene(
        title=t_plain("picture.title", locale, round=view.round,
                      phase=t_plain(f"lifeboat.phase.{view.phase}", locale)),
        birds_label=t_plain("picture.lifeboat.birds", locale), birds=view.birds,
        birds_to_land=view.birds_to_land, bow=t_plain("picture.lifeboat.bow", locale),
        stern=t_plain("picture.lifeboat.stern", locale), benches=tuple(benches),
        lost_label=t_plain("picture.lifeboat.lost", locale), lost=lost)


def boat_picture(words: LifeboatPictureNames, live: LiveMatch, view: PublicView,
                 locale: str | None) -> BoardPicture:
    return BoardPicture(boat_scene(words, live, view, locale), paint_boat)


def picture_height(scene: BoatScene) -> int:
    benches = len(scene.benches) * (BENCH + BENCH_GAP)
    lost = len(_lost_rows(scene)) * LOST_ROW + 24 if scene.lost else 0
    return HEADER + BOW + benches + STERN + lost + MARGIN


def paint_boat(scene: BoatScene) -> Canvas:
    height = picture_height(scene)
    canvas = Canvas(WIDTH, height, SEA)
    canvas.layer(_sea(height), ("sea", height))
    _header(canvas, scene)
    bottom = _hull(canvas, scene)
    y = HEADER + BOW
    for bench in scene.benches:
        _bench(canvas, bench, y)
        y += BENCH + BENCH_GAP
    if scene.lost:
        _lost(canvas, scene, bottom + 24)
    return canvas


@lru_cache(maxsize=16)
def _sea(height: int) -> Image.Image:
    """The sea with its waves, drawn once per picture height (a few heights per game). A flat
    colour: a gradient would band in the picture's 256-colour palette. Read only."""
    image = Image.new("RGB", (WIDTH, height), SEA)
    draw = ImageDraw.Draw(image)
    colour = (38, 86, 124)
    for row, y in enumerate(range(HEADER + 30, height, 70)):
        offset = 60 if row % 2 else 0
        for x in range(-offset, WIDTH, 120):
            draw.arc((x, y, x + 60, y + 24), 200, 340, fill=colour, width=3)
    return image


def _header(canvas: Canvas, scene: BoatScene) -> None:
    canvas.text((MARGIN + 8, 34), scene.title, 40, WHITE, weight=BOLD, width=WIDTH - 2 * MARGIN)
    radius = 27
    step = 2 * radius + 12
    right = WIDTH - MARGIN - 8
    left = right - scene.birds_to_land * step + 12
    label_end = left - 14
    canvas.text((label_end, 112), scene.birds_label, 28, FOAM, weight=MEDIUM, anchor="rm")
    for i in range(scene.birds_to_land):
        x = left + i * step + radius
        y = 112
        box = (x - radius, y - radius, x + radius, y + radius)
        if i < scene.birds:
            canvas.draw.ellipse(box, fill=(240, 248, 255), outline=WHITE, width=2)
            canvas.bird((x, y + 6), 44, (30, 60, 90))
        else:
            canvas.draw.ellipse(box, outline=(120, 160, 190), width=3)
    if scene.birds_to_land and scene.birds > scene.birds_to_land:
        canvas.text((right, 112 + radius + 4), f"+{scene.birds - scene.birds_to_land}", 24,
                    FOAM, anchor="ra")


def _hull(canvas: Canvas, scene: BoatScene) -> int:
    """The boat's outline, bow at the top; returns the y of its lowest point."""
    top = HEADER + 14
    bottom = HEADER + BOW + len(scene.benches) * (BENCH + BENCH_GAP) + STERN - 20
    left, right = HULL_X, WIDTH - HULL_X
    mid = WIDTH // 2
    shoulder = HEADER + BOW - 6
    bow = [(mid, top)]
    steps = 12
    for i in range(1, steps + 1):
        k = i / steps
        # The bow's curve: a quarter of an ellipse from the point to each side.
        x_off = (right - mid) * (1 - (1 - k) ** 2)
        y = top + (shoulder - top) * k
        bow.append((int(mid + x_off), int(y)))
    outline = bow + [(right, bottom - 40), (right - 40, bottom), (left + 40, bottom),
                     (left, bottom - 40)] + [(int(2 * mid - x), y) for x, y in reversed(bow)]
    canvas.draw.polygon(outline, fill=HULL_INSIDE, outline=HULL, width=14)
    canvas.text((mid, top - 8), scene.bow, 24, FOAM, weight=MEDIUM, anchor="md")
    canvas.text((mid, bottom + 6), scene.stern, 24, FOAM, weight=MEDIUM, anchor="ma")
    return bottom + 36


def _bench(canvas: Canvas, bench: Bench, y: int) -> None:
    x0, x1 = INSIDE_X, WIDTH - INSIDE_X
    out = bench.status == "dead"
    fill = PLANK_OUT if out else PLANK
    canvas.box((x0, y, x1, y + BENCH), fill, radius=14, outline=PLANK_EDGE, line=3)
    if bench.acting:
        canvas.box((x0 - 5, y - 5, x1 + 5, y + BENCH + 5), None, radius=18, outline=GOLD,
                   line=6)
    # The seat's number, bow first.
    cx, cy = x0 + 40, y + 38
    canvas.draw.ellipse((cx - 24, cy - 24, cx + 24, cy + 24), fill=HULL)
    canvas.text((cx, cy), str(bench.number), 28, WHITE, weight=BOLD, anchor="mm")
    if bench.winner:
        canvas.crown(cx - 20, y + 70, 40)
    status_fill, status_ink = STATUS_COLOURS.get(bench.status, STATUS_COLOURS["awake"])
    status_width = canvas.measure(bench.status_text, 24, MEDIUM) + 28
    status_x = x1 - 16 - status_width
    canvas.pill(status_x, y + 18, bench.status_text, 24, status_fill, status_ink,
                weight=MEDIUM, pad=14, height=40)
    name_x = x0 + 80
    name_room = status_x - 16 - name_x
    ink = MUTED if out else INK
    end = canvas.text((name_x, y + 40), bench.character, 34, ink, weight=BOLD,
                      width=name_room * 3 // 5, anchor="lm")
    canvas.text((end + 14, y + 42), bench.player, 28, MUTED, weight=MEDIUM,
                width=status_x - 16 - end - 14, anchor="lm")
    _second_line(canvas, bench, name_x, y + 72, x1 - 16)


def _second_line(canvas: Canvas, bench: Bench, x: int, y: int, right: int) -> None:
    """Wounds against size, then the face-up cards and the markers, as many as fit."""
    square, gap = 18, 5
    for i in range(bench.size):
        box = (x + i * (square + gap), y, x + i * (square + gap) + square, y + square + 8)
        if i < bench.wounds:
            canvas.draw.rounded_rectangle(box, 4, fill=WOUND)
        else:
            canvas.draw.rounded_rectangle(box, 4, fill=HEALTHY, outline=PLANK_EDGE, width=2)
    extra = bench.wounds - bench.size
    x += bench.size * (square + gap) + 4
    if extra > 0:
        x = canvas.text((x, y + 13), f"+{extra}", 22, WOUND, weight=BOLD, anchor="lm") + 6
    x += 14
    chips: list[tuple[str, Colour, Colour, Colour | None]] = [
        (kind_text, MARK_COLOURS[kind], WHITE, None) for kind, kind_text in bench.marks]
    chips += [(card, CARD, INK, CARD_EDGE) for card in bench.cards]
    for shown, (text, fill, ink, edge) in enumerate(chips):
        wide = canvas.measure(text, 22, MEDIUM) + 24
        remaining = len(chips) - shown - 1
        reserve = 60 if remaining else 0
        if x + wide > right - reserve:
            canvas.text((right, y + 13), f"+{len(chips) - shown}", 22, INK, weight=BOLD,
                        anchor="rm")
            return
        canvas.box((x, y - 2, x + wide, y + 28), fill, radius=8, outline=edge, line=2)
        canvas.text((x + wide // 2, y + 13), text, 22, ink, weight=MEDIUM, anchor="mm")
        x += wide + 8


def _lost_rows(scene: BoatScene) -> list[list[tuple[str, int]]]:
    """The lost as chips (name, width), wrapped into rows after the label."""
    label = Canvas.measure(scene.lost_label, 26, BOLD) + 16
    left = MARGIN + 8
    rows: list[list[tuple[str, int]]] = [[]]
    x = left + label
    for name in scene.lost:
        wide = min(Canvas.measure(name, LOST_SIZE, MEDIUM) + 28, WIDTH - 2 * MARGIN - label)
        if rows[-1] and x + wide > WIDTH - MARGIN:
            rows.append([])
            x = left + label
        rows[-1].append((name, wide))
        x += wide + 10
    return rows


def _lost(canvas: Canvas, scene: BoatScene, y: int) -> None:
    x0 = canvas.text((MARGIN + 8, y + 20), scene.lost_label, 26, FOAM, weight=BOLD,
                     anchor="lm") + 16
    for row in _lost_rows(scene):
        x = x0
        for name, wide in row:
            canvas.pill(x, y + 2, name, LOST_SIZE, (18, 52, 84), FOAM, weight=MEDIUM, pad=14,
                        height=38, max_width=wide)
            x += wide + 10
        y += LOST_ROW
