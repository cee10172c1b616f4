"""Board pictures: the time to draw and encode one (PNG), per game and table size, over moments
of seeded games, one after another as a drawing worker encodes a table's pictures (each as a
change from the one before, ``tables.pictures.png.TableEncoder``): CPU time, and wall time, which
a busy machine stretches; the share of the bands drawn again after a table's first picture;
then the mean CPU time per game (over its tables). ``--moments N``
takes N moments spread over each game; ``--every K`` instead takes every K-th move of the whole
game (``--every 1``: a board edited after every move). ``--samples DIR`` also writes a few
pictures to look at (docs/pictures/).

    .venv/bin/python bench/pictures.py [--moments 40 | --every 1] [--samples docs/pictures]
        [--games haunt]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.renderers import renderer_for
from tables.pictures.png import TableEncoder
from tests.pictures.tables import CHINESE_NAMES, ENGLISH_NAMES, moments

# (game, seats, seed, locale)
TABLES = [
    ("lifeboat", 4, 1, "en"), ("lifeboat", 6, 2, "zh-CN"),
    ("citadels", 3, 3, "en"), ("citadels", 7, 4, "zh-CN"),
    ("zombie", 4, 3, "en"), ("zombie", 8, 14, "zh-CN"),
    ("haunt", 3, 1, "en"), ("haunt", 6, 6, "zh-CN"),
    ("sanguosha", 5, 1, "en"), ("sanguosha", 10, 2, "zh-CN"),
    ("renju", 2, 1, "en"), ("renju", 2, 2, "zh-CN"),
    ("catan", 4, 1, "en"), ("catan", 3, 2, "zh-CN"),
]
# (file, game, seats, seed, locale, how far into the game: 0..1)
SAMPLES = [
    ("lifeboat-en.png", "lifeboat", 6, 3, "en", 0.45),
    ("lifeboat-zh.png", "lifeboat", 5, 8, "zh-CN", 1.0),
    ("citadels-en.png", "citadels", 4, 2, "en", 0.6),
    ("citadels-zh.png", "citadels", 6, 5, "zh-CN", 1.0),
    ("zombie-en.png", "zombie", 4, 3, "en", 0.753),
    ("zombie-zh.png", "zombie", 5, 13, "zh-CN", 0.741),
    ("haunt-en.png", "haunt", 6, 9, "en", 0.6),
    ("haunt-zh.png", "haunt", 6, 6, "zh-CN", 0.85),
    ("sanguosha-5-en.png", "sanguosha", 5, 7, "en", 0.75433),
    ("sanguosha-5-zh.png", "sanguosha", 5, 3, "zh-CN", 0.63677),
    ("sanguosha-10-en.png", "sanguosha", 10, 8, "en", 0.79971),
    ("sanguosha-10-zh.png", "sanguosha", 10, 6, "zh-CN", 0.92083),
    ("catan-en.png", "catan", 4, 3, "en", 0.6),
    ("catan-zh.png", "catan", 3, 5, "zh-CN", 0.4),
]


def names_for(locale: str) -> list[str]:
    return CHINESE_NAMES if locale.startswith("zh") else ENGLISH_NAMES


def bench(count: int, every: int | None, games: set[str] | None) -> None:
    print(f"{'game':9} {'seats':>5} {'locale':6} {'last size':>10} {'scene ms':>9} "
          f"{'draw+png CPU ms mean':>20} {'p50':>5} {'p90':>6} {'max':>6} {'wall p50':>8} "
          f"{'KiB':>5} {'palettes':>8} {'redrawn':>7}")
    means: list[float] = []
    per_game: dict[str, list[float]] = {}
    for game, seats, seed, locale in TABLES:
        if games is not None and game not in games:
            continue
        renderer = renderer_for(game)
        seen = list(moments(game, seats, seed, names=names_for(locale)[:seats]))
        step = every or max(1, len(seen) // count)
        scenes: list[float] = []
        draws: list[float] = []
        walls: list[float] = []
        sizes: list[int] = []
        shape = (0, 0)
        encoder = TableEncoder()
        for live, view in seen[::step]:
            started = time.perf_counter()
            picture = renderer.board_picture(live, view, locale)
            scenes.append(time.perf_counter() - started)
            assert picture is not None
            started, cpu = time.perf_counter(), time.thread_time()
            canvas = picture.canvas()
            png = encoder.png(canvas)
            draws.append(time.thread_time() - cpu)
            walls.append(time.perf_counter() - started)
            sizes.append(len(png))
            shape = (canvas.width, canvas.height)
        means.append(statistics.mean(draws))
        per_game.setdefault(game, []).append(means[-1])
        draws.sort()
        print(f"{game:9} {seats:>5} {locale:6} {shape[0]:>4}×{shape[1]:<5} "
              f"{statistics.median(scenes) * 1e3:>9.2f} {means[-1] * 1e3:>20.1f} "
              f"{statistics.median(draws) * 1e3:>5.1f} "
              f"{draws[int(len(draws) * 0.9)] * 1e3:>6.1f} {draws[-1] * 1e3:>6.1f} "
              f"{statistics.median(walls) * 1e3:>8.1f} {statistics.mean(sizes) / 1024:>5.0f} "
              f"{encoder.palettes:>4}/{encoder.pictures:<3} "
              f"{encoder.redrawn_bands / max(1, encoder.later_bands):>7.0%}")
    if means:
        print("mean per game: " + ", ".join(f"{game} {statistics.mean(found) * 1e3:.1f} ms"
                                            for game, found in per_game.items()))
        print(f"mean over the tables: {statistics.mean(means) * 1e3:.1f} ms")


def samples(folder: Path, games: set[str] | None) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for filename, game, seats, seed, locale, at in SAMPLES:
        if games is not None and game not in games:
            continue
        seen = list(moments(game, seats, seed, names=names_for(locale)[:seats]))
        live, view = seen[min(len(seen) - 1, int(at * (len(seen) - 1)))]
        picture = renderer_for(game).board_picture(live, view, locale)
        assert picture is not None
        (folder / filename).write_bytes(picture.png())
        print(f"wrote {folder / filename}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moments", type=int, default=40, help="pictures per table")
    parser.add_argument("--every", type=int, help="a picture every this many moves instead")
    parser.add_argument("--samples", type=Path, help="also write sample pictures here")
    parser.add_argument("--games", nargs="+", help="only these games (default: all)")
    args = parser.parse_args()
    games = set(args.games) if args.games else None
    if args.samples is not None:
        samples(args.samples, games)
    bench(args.moments, args.every, games)


if __name__ == "__main__":
    main()
