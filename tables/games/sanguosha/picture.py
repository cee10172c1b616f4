"""The Sanguosha table as a picture: the seats round the table in turn order (clockwise from
the top left), each with its player, hero and kingdom, HP against its maximum, hand size, the
four equipment slots (the weapon with its range), the delayed tricks in its judgement area and
its identity once public; the dead greyed out; whose turn and which phase in the middle of the
table, with the distance from the seat whose turn it is to every other seat, red where its
attack reaches.

Drawn from the public view only, like the text board. While a question is open the middle
says only what kind of wait it is ("waiting for a response"), never who is asked.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol

from games.sanguosha.cards import KINDS
from games.sanguosha.views import PublicView, SeatRow
from tables.i18n import t_plain
from tables.pictures.canvas import Canvas, Colour
from tables.pictures.fonts import BOLD, MEDIUM
from tables.pictures.picture import BoardPicture
from tables.text import Text

if TYPE_CHECKING:
    from tables.service import LiveMatch


class SanguoshaPictureNames(Protocol):
    """What the picture reads from its game's words: the names it writes on the board
    (the words pass themselves; the picture needs no more of them)."""

    def card_name(self, name: str, locale: str | None) -> Text: ...
    def hero(self, hero_id: str, locale: str | None) -> Text: ...
    def identity(self, identity: str, locale: str | None) -> Text: ...
    def seat_name(self, live: LiveMatch, seat: int) -> Text: ...


# Sized for a phone (Discord shows a board about 400 px wide there, 550 on a desktop): the
# text is as large against the width as a phone can show it, and no larger in pixels, since
# every pixel of a changed band is drawn, mapped and compressed again.
MARGIN = 18
GAP = 11
CARD_WIDTH = 250
CARD_HEIGHT = 238
# A row of seats every 8 bands of the encoder (``tables.pictures.png.BAND``) and the first
# 3.5 bands down: each card's HP and hand row (32 rows from its 80th) then lies in one band,
# and a move that changes only those rows of a row of seats changes one band of it.
ROW_GAP = 18
HEADER = 112
PAD = 11
COLUMNS = 3
WIDTH = 2 * MARGIN + COLUMNS * CARD_WIDTH + (COLUMNS - 1) * GAP
SLOTS = ("weapon", "armor", "plus_horse", "minus_horse")
SLOT_ROW = 24
PIP_WIDTH = 14
PIP_GAP = 4
# More HP than this is written as a number only (no hero starts above 5, the lord 5+1).
MOST_PIPS = 8
# (seats on the top row, down the right side, on the bottom row, up the left side): turn
# order runs clockwise from the top left, round a table in the middle.
RINGS: dict[int, tuple[int, int, int, int]] = {
    2: (1, 0, 1, 0), 3: (1, 1, 1, 0), 4: (1, 1, 1, 1), 5: (1, 1, 2, 1), 6: (2, 1, 2, 1),
    7: (3, 1, 2, 1), 8: (3, 1, 3, 1), 9: (3, 2, 2, 2), 10: (3, 2, 3, 2),
}

PAPER: Colour = (238, 228, 208)
CARD: Colour = (253, 249, 240)
CARD_EDGE: Colour = (196, 176, 142)
DEAD_CARD: Colour = (214, 210, 204)
DEAD_EDGE: Colour = (170, 166, 160)
TABLE: Colour = (122, 74, 40)
TABLE_EDGE: Colour = (84, 48, 24)
TABLE_INK: Colour = (252, 240, 218)
INK: Colour = (44, 32, 24)
MUTED: Colour = (124, 106, 86)
GREY: Colour = (150, 146, 140)
WHITE: Colour = (255, 255, 255)
TURN: Colour = (214, 150, 20)
TURN_PLATE: Colour = (252, 236, 196)
WINNER: Colour = (46, 125, 50)
HEART: Colour = (196, 40, 40)
HEART_EMPTY: Colour = (246, 236, 230)
SLOT_EMPTY: Colour = (236, 228, 214)
REACH: Colour = (196, 40, 40)
KINGDOMS: dict[str, Colour] = {
    "wei": (52, 92, 168), "shu": (182, 50, 44), "wu": (52, 136, 72), "qun": (118, 112, 104),
}
IDENTITIES: dict[str, tuple[Colour, Colour]] = {
    "lord": ((176, 40, 34), (255, 226, 120)),
    "loyalist": ((230, 176, 40), INK),
    "rebel": ((46, 125, 50), WHITE),
    "renegade": ((70, 60, 130), WHITE),
}
SLOT_COLOURS: dict[str, Colour] = {
    "weapon": (150, 60, 44), "armor": (70, 96, 130), "plus_horse": (92, 120, 60),
    "minus_horse": (150, 110, 40),
}
JUDGING: Colour = (108, 64, 150)
HORSES = ("jueying", "dilu", "zhuahuang", "chitu", "dawan", "zixing")


@dataclass(frozen=True)
class Seat:
    number: int
    player: str
    hero: str  # the hero's name, or what the seat is doing while heroes are chosen
    kingdom: str  # wei / shu / wu / qun, "" before a hero is chosen
    kingdom_name: str
    hp: int
    max_hp: int
    hand: int
    alive: bool
    identity: str  # "" while hidden
    identity_name: str
    # The card in each of the four slots, "" where empty; the weapon's range written out.
    slots: tuple[str, str, str, str]
    reach: str
    judging: tuple[str, ...]
    turn: bool
    # From the seat whose turn it is (None: its own seat, the dead, no turn going on).
    distance: int | None
    in_range: bool
    winner: bool


@dataclass(frozen=True)
class TableScene:
    title: str
    subtitle: str
    phase: str
    status: str
    distances: str  # "Distances from Alice", "" when there is no turn
    in_range: str
    out_of_range: str
    dead: str
    winner: str
    seats: tuple[Seat, ...]


def _hero(words: SanguoshaPictureNames, row: SeatRow, locale: str | None) -> str:
    if row.hero:
        return words.hero(row.hero, locale).plain
    return t_plain("picture.sanguosha.chosen" if row.has_chosen else "picture.sanguosha.choosing",
                   locale)


def _equipment(words: SanguoshaPictureNames, row: SeatRow, locale: str | None
               ) -> tuple[tuple[str, str, str, str], str]:
    names = []
    for slot in SLOTS:
        card_id = row.equips.get(slot, "")
        if not card_id:
            names.append("")
            continue
        name = card_id.split("-", 1)[0]
        names.append(t_plain(f"picture.sanguosha.horse.{name}", locale) if name in HORSES
                     else words.card_name(name, locale).plain)
    weapon = row.equips.get("weapon", "")
    reach = t_plain("picture.sanguosha.reach", locale,
                    reach=KINDS[weapon.split("-", 1)[0]].reach) if weapon else ""
    return (names[0], names[1], names[2], names[3]), reach


def _status(view: PublicView, locale: str | None) -> str:
    """What the table waits for, in the words of the board's wait line: never who is asked."""
    waiting = view.waiting
    if waiting is None or view.result_side is not None:
        return ""
    topic = waiting.topic if waiting.topic in ("play", "discard", "hero") else "response"
    return t_plain(f"picture.sanguosha.waiting.{topic}", locale)


def table_scene(words: SanguoshaPictureNames, live: LiveMatch, view: PublicView,
                locale: str | None) -> TableScene:
    over = view.result_side is not None
    turn = view.current if view.current >= 0 and not over else -1
    seats = []
    for row in view.seats:
        slots, reach = _equipment(words, row, locale)
        distance = view.distances[row.seat] if turn >= 0 and row.seat < len(view.distances) \
            else None
        seats.append(Seat(
            number=row.seat + 1, player=words.seat_name(live, row.seat).plain,
            hero=_hero(words, row, locale), kingdom=row.kingdom if row.hero else "",
            kingdom_name=t_plain(f"sanguosha.kingdom.{row.kingdom}", locale)
            if row.hero and row.kingdom in KINGDOMS else "",
            hp=row.hp, max_hp=row.max_hp, hand=row.hand_count, alive=row.alive,
            identity=row.identity or "",
            identity_name=words.identity(row.identity, locale).plain if row.identity else "?",
            slots=slots, reach=reach,
            judging=tuple(words.card_name(as_name, locale).plain for _, as_name in row.judging),
            turn=row.seat == turn, distance=distance,
            in_range=distance is not None and distance <= view.attack_range,
            winner=over and row.seat in view.winners))
    summary = t_plain("picture.sanguosha.summary", locale, deck=view.deck_count,
                      discard=view.discard_count)
    if over:
        title = t_plain("picture.sanguosha.over", locale,
                        side=t_plain(f"sanguosha.side.{view.result_side}", locale))
    elif turn >= 0:
        title = t_plain("picture.sanguosha.title", locale, round=view.round,
                        name=words.seat_name(live, turn).plain)
    else:
        title = t_plain("picture.sanguosha.heroes", locale)
    phase = t_plain(f"sanguosha.phase.{view.phase or 'between'}", locale) if turn >= 0 else ""
    return TableScene(
        title=title, subtitle=summary, phase=phase, status=_status(view, locale),
        distances=t_plain("picture.sanguosha.distances", locale,
                          name=words.seat_name(live, turn).plain)
        if turn >= 0 else "",
        in_range=t_plain("picture.sanguosha.in_range", locale, reach=view.attack_range),
        out_of_range=t_plain("picture.sanguosha.out_of_range", locale),
        dead=t_plain("picture.sanguosha.dead", locale),
        winner=t_plain("picture.sanguosha.winner", locale),
        seats=tuple(seats))


def table_picture(words: SanguoshaPictureNames, live: LiveMatch, view: PublicView,
                  locale: str | None) -> BoardPicture:
    return BoardPicture(table_scene(words, live, view, locale), paint_table, style="2")


# -- layout ------------------------------------------------------------------------------------
def ring(seats: int) -> tuple[int, int, int, int]:
    return RINGS[max(2, min(seats, 10))]


def rows(seats: int) -> int:
    _, right, _, left = ring(seats)
    return 2 + max(right, left, 1)


def picture_height(seats: int) -> int:
    count = rows(seats)
    return HEADER + count * CARD_HEIGHT + (count - 1) * ROW_GAP + MARGIN


def places(seats: int) -> list[tuple[int, int]]:
    """The top-left corner of each seat's card, in turn order."""
    top, right, bottom, left = ring(seats)
    count = rows(seats)
    middle = count - 2

    def column_x(column: float) -> int:
        return int(MARGIN + column * (CARD_WIDTH + GAP))

    def row_y(row: float) -> int:
        return int(HEADER + row * (CARD_HEIGHT + ROW_GAP))

    def spread(k: int) -> list[float]:
        # k cards over the three columns, centred: 1 in the middle, 2 either side of it.
        return [(COLUMNS - k) / 2 + i for i in range(k)]

    def side(k: int) -> list[float]:
        return [1 + (middle - k) / 2 + i for i in range(k)]

    found = [(column_x(c), row_y(0)) for c in spread(top)]
    found += [(column_x(COLUMNS - 1), row_y(r)) for r in side(right)]
    found += [(column_x(c), row_y(count - 1)) for c in reversed(spread(bottom))]
    found += [(column_x(0), row_y(r)) for r in reversed(side(left))]
    return found[:seats]


# -- painting ----------------------------------------------------------------------------------
def paint_table(scene: TableScene) -> Canvas:
    count = len(scene.seats)
    canvas = Canvas(WIDTH, picture_height(count), PAPER)
    canvas.text((MARGIN + 3, 22), scene.title, 30, INK, weight=BOLD, width=WIDTH - 2 * MARGIN)
    canvas.text((MARGIN + 3, 67), scene.subtitle, 20, MUTED, weight=MEDIUM,
                width=WIDTH - 2 * MARGIN)
    _table(canvas, scene)
    for seat, (x, y) in zip(scene.seats, places(count), strict=True):
        canvas.paste(_seat_card(seat, scene.dead, scene.winner), x, y)
    return canvas


@lru_cache(maxsize=96)  # its operations and rendered texts: a few KiB each
def _seat_card(seat: Seat, dead: str, winner: str) -> Canvas:
    """A seat's card, recorded once while it looks the same (most moves change one or two
    seats of a table); pasted, its operations join the picture's, so a changed row of it
    changes that row's bands only."""
    # Its box's right and bottom edges are drawn on the pixel past its width and height.
    card = Canvas(CARD_WIDTH + 1, CARD_HEIGHT + 1, PAPER)
    _seat(card, dead, winner, seat, 0, 0)
    return card


def _table(canvas: Canvas, scene: TableScene) -> None:
    """The table in the middle of the ring: the phase, what it waits for, the distance key."""
    count = rows(len(scene.seats))
    left = MARGIN + CARD_WIDTH + GAP
    right = left + CARD_WIDTH
    top = HEADER + CARD_HEIGHT + ROW_GAP
    bottom = top + (count - 2) * CARD_HEIGHT + (count - 3) * ROW_GAP
    canvas.box((left + 5, top + 5, right - 5, bottom - 5), TABLE, radius=48, outline=TABLE_EDGE,
               line=5)
    middle = (left + right) // 2
    inner = CARD_WIDTH - 48
    lines: list[tuple[str, int, int]] = []
    if scene.phase:
        lines.append((scene.phase, 26, BOLD))
    lines += [(line, 19, MEDIUM) for line in _wrapped(scene.status, 19, inner)]
    key = 3 if scene.distances else 0
    height = sum(size + 13 for _, size, _ in lines) + key * 32
    y = (top + bottom) // 2 - height // 2
    for text, size, weight in lines:
        canvas.text((middle, y + size // 2 + 3), text, size, TABLE_INK, weight=weight,
                    width=inner, anchor="mm")
        y += size + 13
    if not key:
        return
    y += 6
    canvas.text((middle, y + 11), scene.distances, 17, TABLE_INK, weight=MEDIUM, width=inner,
                anchor="mm")
    for in_range, text in ((True, scene.in_range), (False, scene.out_of_range)):
        y += 32
        x = left + 27
        _distance_badge(canvas, x + 12, y + 11, "", in_range, TABLE)
        canvas.text((x + 32, y + 11), text, 17, TABLE_INK, weight=MEDIUM,
                    width=right - x - 48, anchor="lm")


def _wrapped(text: str, size: int, width: int) -> list[str]:
    """``text`` on one line, or on two split at the last space (any character in Chinese)
    that fits; the second line is cut if it is still too long."""
    if not text:
        return []
    if Canvas.measure(text, size, MEDIUM) <= width:
        return [text]
    cut = len(text)
    while cut > 1 and Canvas.measure(text[:cut], size, MEDIUM) > width:
        cut -= 1
    space = text.rfind(" ", 0, cut + 1)
    if space > 0:
        cut = space
    return [text[:cut].rstrip(), Canvas.fit(text[cut:].strip(), size, width, MEDIUM)]


def _seat(canvas: Canvas, dead: str, winner: str, seat: Seat, x: int, y: int) -> None:
    right, bottom = x + CARD_WIDTH, y + CARD_HEIGHT
    fill = CARD if seat.alive else DEAD_CARD
    ink = INK if seat.alive else (96, 92, 88)
    edge, line = (CARD_EDGE if seat.alive else DEAD_EDGE), 2
    if seat.winner:
        edge, line = WINNER, 5
    canvas.box((x, y, right, bottom), fill, radius=13, outline=edge, line=line)
    # The seat's number, its player and its identity.
    mid = y + PAD + 15
    if seat.turn:
        # The seat whose turn it is: its top row lit, not the whole card's edge (a turn
        # passing then changes the rows of two top rows, not of two whole cards).
        canvas.box((x + 4, y + 4, right - 4, mid + 19), TURN_PLATE, radius=10, outline=TURN,
                   line=3)
    canvas.draw.ellipse((x + PAD, mid - 15, x + PAD + 30, mid + 15),
                        fill=TURN if seat.turn else (ink if seat.alive else GREY))
    canvas.text((x + PAD + 15, mid), str(seat.number), 18, WHITE, weight=BOLD, anchor="mm")
    role_fill, role_ink = IDENTITIES.get(seat.identity, ((214, 204, 188), MUTED))
    badge = min(canvas.measure(seat.identity_name, 15, BOLD) + 14, CARD_WIDTH // 2)
    canvas.pill(right - PAD - badge, mid - 12, seat.identity_name, 15, role_fill, role_ink,
                weight=BOLD, pad=7, height=24, max_width=badge)
    canvas.text((x + PAD + 35, mid), seat.player, 22, ink, weight=BOLD,
                width=CARD_WIDTH - 2 * PAD - 40 - badge, anchor="lm")
    # The hero and its kingdom.
    mid += 34
    hero_x = x + PAD
    if seat.kingdom:
        hero_x = canvas.pill(hero_x, mid - 13, seat.kingdom_name, 16,
                             KINGDOMS[seat.kingdom] if seat.alive else GREY, WHITE,
                             weight=BOLD, pad=7, height=26) + 8
    canvas.text((hero_x, mid), seat.hero, 21 if seat.kingdom else 18, ink,
                weight=BOLD if seat.kingdom else MEDIUM, width=right - PAD - hero_x,
                anchor="lm")
    # HP, hand and distance.
    mid += 34
    edge_x = right - PAD
    if seat.distance is not None:
        _distance_badge(canvas, edge_x - 14, mid, str(seat.distance), seat.in_range, fill)
        edge_x -= 37
    if seat.alive:
        edge_x = canvas.text((edge_x, mid), str(seat.hand), 21, ink, weight=BOLD,
                             anchor="rm")
        edge_x = right - PAD - (37 if seat.distance is not None else 0) \
            - canvas.measure(str(seat.hand), 21, BOLD) - 6
        _card_back(canvas, edge_x - 10, mid)
        _hearts(canvas, seat, x + PAD, mid, ink)
    else:
        canvas.pill(x + PAD, mid - 13, dead, 16, (96, 92, 88), WHITE, weight=BOLD,
                    height=26)
    # The four equipment slots and the judgement area, kept while they look the same (most
    # moves change neither).
    canvas.paste(_slots(seat.slots, seat.reach, seat.judging, seat.alive,
                        winner if seat.winner else ""), x + PAD, mid + 19)


@lru_cache(maxsize=256)  # its operations and rendered texts: a few KiB each
def _slots(slots: tuple[str, str, str, str], reach: str, judging: tuple[str, ...], alive: bool,
           winner: str) -> Canvas:
    """A seat's four equipment slots and its judgement area (and the winner's label) from
    (0, 0), drawn over its card: the part's background, the picture's, is not drawn."""
    right = CARD_WIDTH - 2 * PAD
    part = Canvas(right + 1, 4 * SLOT_ROW + 3 + 24 + 1, PAPER)
    for i, (slot, name) in enumerate(zip(SLOTS, slots, strict=True)):
        _slot(part, slot, name, reach if slot == "weapon" else "", 0, i * SLOT_ROW, right,
              alive)
    jy = 4 * SLOT_ROW + 3
    jx = 0
    if winner:
        jx = part.pill(jx, jy, winner, 15, WINNER, WHITE, weight=BOLD, pad=8, height=24) + 5
    for trick in judging:
        if jx > right - 48:
            break
        jx = part.pill(jx, jy, trick, 15, JUDGING if alive else GREY, WHITE, weight=BOLD,
                       pad=8, height=24, max_width=right - jx) + 5
    return part


def _hearts(canvas: Canvas, seat: Seat, x: int, mid: int, ink: Colour) -> None:
    """HP as pips against the maximum, then written out."""
    if 0 < seat.max_hp <= MOST_PIPS:
        for i in range(seat.max_hp):
            px = x + i * (PIP_WIDTH + PIP_GAP)
            canvas.box((px, mid - 10, px + PIP_WIDTH, mid + 10),
                       HEART if i < seat.hp else HEART_EMPTY, radius=3,
                       outline=(150, 40, 40), line=2)
        x += seat.max_hp * (PIP_WIDTH + PIP_GAP) + 3
    if seat.max_hp:
        canvas.text((x, mid), f"{seat.hp}/{seat.max_hp}", 19, ink, weight=BOLD, anchor="lm")


def _slot(canvas: Canvas, slot: str, name: str, reach: str, x: int, y: int, right: int,
          alive: bool) -> None:
    filled = bool(name)
    colour = SLOT_COLOURS[slot] if filled and alive else (GREY if filled else SLOT_EMPTY)
    canvas.box((x, y + 2, x + 32, y + SLOT_ROW - 2), colour, radius=6)
    icon = WHITE if filled else (196, 186, 170)
    centre = (x + 16, y + SLOT_ROW // 2)
    if slot == "weapon":
        _sword(canvas, centre, icon)
    elif slot == "armor":
        _shield(canvas, centre, icon)
    else:
        canvas.text(centre, "+1" if slot == "plus_horse" else "−1", 14, icon, weight=BOLD,
                    anchor="mm")
    if not filled:
        canvas.draw.line((x + 42, y + SLOT_ROW // 2, x + 58, y + SLOT_ROW // 2),
                         fill=(206, 196, 180), width=2)
        return
    ink = INK if alive else (96, 92, 88)
    end = right
    if reach:
        end = right - canvas.measure(reach, 15, MEDIUM) - 6
        canvas.text((right, y + SLOT_ROW // 2), reach, 15, MUTED, weight=MEDIUM, anchor="rm")
    canvas.text((x + 40, y + SLOT_ROW // 2), name, 17, ink, weight=MEDIUM, width=end - x - 40,
                anchor="lm")


def _sword(canvas: Canvas, centre: tuple[int, int], colour: Colour) -> None:
    x, y = centre
    canvas.draw.line((x - 6, y + 6, x + 6, y - 6), fill=colour, width=3)
    canvas.draw.line((x - 6, y + 1, x - 1, y + 6), fill=colour, width=2)
    canvas.draw.line((x - 7, y + 7, x - 5, y + 5), fill=colour, width=3)


def _shield(canvas: Canvas, centre: tuple[int, int], colour: Colour) -> None:
    x, y = centre
    canvas.draw.polygon([(x - 6, y - 7), (x + 6, y - 7), (x + 6, y), (x, y + 8), (x - 6, y)],
                        fill=colour)


def _card_back(canvas: Canvas, x: int, y: int) -> None:
    """Two overlapping card backs centred on (x, y): the hand."""
    for dx, dy, fill in ((-4, -2, (150, 60, 50)), (2, 2, (176, 76, 62))):
        canvas.box((x + dx - 8, y + dy - 11, x + dx + 8, y + dy + 11), fill, radius=3,
                   outline=(250, 240, 220), line=2)


def _distance_badge(canvas: Canvas, x: int, y: int, text: str, in_range: bool,
                    behind: Colour) -> None:
    """The distance from the seat whose turn it is: filled red within its attack range,
    an outline without."""
    radius = 13
    if in_range:
        canvas.draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=REACH,
                            outline=WHITE, width=2)
        canvas.text((x, y), text, 16, WHITE, weight=BOLD, anchor="mm")
    else:
        canvas.draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=behind,
                            outline=GREY, width=2)
        canvas.text((x, y), text, 16, GREY, weight=BOLD, anchor="mm")
