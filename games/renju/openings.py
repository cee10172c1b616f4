"""The opening rules the seed names: black designates one of the 26 standard openings (the
first three stones: black in the centre, white beside it, black's second stone at the
opening's point), white may then swap colours, and black offers two fifth moves of which white
keeps one.

Openings are given as black's third stone relative to the centre, white's stone above the
centre (the 13 direct openings) or above and to the right (the 13 indirect ones). Names are
ids; the catalogs hold their Chinese and English names.
"""

from __future__ import annotations

from typing import Final

from games.renju.board import CENTRE, SIZE, on_board, point, xy

# id -> (white's offset, black's third stone offset), offsets as (right, up) from the centre.
DIRECT: Final = (0, 1)
INDIRECT: Final = (1, 1)
OPENINGS: Final[dict[str, tuple[tuple[int, int], tuple[int, int]]]] = {
    # direct: white on H9
    "kansei": (DIRECT, (0, 2)),      # 寒星
    "keigetsu": (DIRECT, (1, 2)),    # 溪月
    "sosei": (DIRECT, (2, 2)),       # 疏星
    "kagetsu": (DIRECT, (1, 1)),     # 花月
    "zangetsu": (DIRECT, (2, 1)),    # 残月
    "ugetsu": (DIRECT, (1, 0)),      # 雨月
    "kinsei": (DIRECT, (2, 0)),      # 金星
    "shogetsu": (DIRECT, (0, -1)),   # 松月
    "kyugetsu": (DIRECT, (1, -1)),   # 丘月
    "shingetsu": (DIRECT, (2, -1)),  # 新月
    "zuisei": (DIRECT, (0, -2)),     # 瑞星
    "sangetsu": (DIRECT, (1, -2)),   # 山月
    "yusei": (DIRECT, (2, -2)),      # 游星
    # indirect: white on I9
    "chosei": (INDIRECT, (2, 2)),     # 长星
    "kyogetsu": (INDIRECT, (2, 1)),   # 峡月
    "kosei": (INDIRECT, (2, 0)),      # 恒星
    "suigetsu": (INDIRECT, (2, -1)),  # 水月
    "ryusei": (INDIRECT, (2, -2)),    # 流星
    "ungetsu": (INDIRECT, (1, 0)),    # 云月
    "hogetsu": (INDIRECT, (1, -1)),   # 浦月
    "rangetsu": (INDIRECT, (1, -2)),  # 岚月
    "gingetsu": (INDIRECT, (0, -1)),  # 银月
    "meisei": (INDIRECT, (0, -2)),    # 明星
    "shagetsu": (INDIRECT, (-1, -1)),  # 斜月
    "meigetsu": (INDIRECT, (-1, -2)),  # 名月
    "suisei": (INDIRECT, (-2, -2)),   # 彗星
}


def is_direct(opening: str) -> bool:
    return OPENINGS[opening][0] == DIRECT


def _offset(offset: tuple[int, int]) -> int:
    cx, cy = xy(CENTRE)
    return point(cx + offset[0], cy + offset[1])


def stones(opening: str) -> tuple[int, int, int]:
    """The first three stones of ``opening``: black, white, black."""
    white, third = OPENINGS[opening]
    return CENTRE, _offset(white), _offset(third)


# The eight symmetries of the square board, as maps of (x, y).
def _symmetries() -> list[tuple[int, ...]]:
    last = SIZE - 1
    maps = [
        lambda x, y: (x, y), lambda x, y: (last - x, y), lambda x, y: (x, last - y),
        lambda x, y: (last - x, last - y), lambda x, y: (y, x), lambda x, y: (last - y, x),
        lambda x, y: (y, last - x), lambda x, y: (last - y, last - x),
    ]
    tables = []
    for mapping in maps:
        table = []
        for p in range(SIZE * SIZE):
            mx, my = mapping(*xy(p))
            assert on_board(mx, my)
            table.append(point(mx, my))
        tables.append(tuple(table))
    return tables


SYMMETRIES: Final = tuple(_symmetries())


def equivalent_points(board: str, p: int) -> set[int]:
    """The points that stand to the stones on ``board`` as ``p`` does: the images of ``p``
    under every symmetry of the board that leaves the stones where they are. Two fifth moves
    offered together must not be equivalent, or white's choice would be no choice."""
    found = {p}
    for table in SYMMETRIES:
        if all(board[table[q]] == board[q] for q in range(SIZE * SIZE)):
            found.add(table[p])
    return found
