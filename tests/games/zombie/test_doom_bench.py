"""The doom table's script still plays games and picks rows by its stated rule."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from games.zombie.doom import DOOM_TABLE, DoomRow

_SCRIPT = Path(__file__).resolve().parents[3] / "bench" / "zombie_doom.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("zombie_doom_bench", _SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_bench_plays_bot_and_random_games_at_every_count() -> None:
    bench = _bench()
    for seats in (1, 8):
        assert bench.play(seats, DOOM_TABLE[seats], 0) in (True, False)
        assert bench.play(seats, DOOM_TABLE[seats], 0, randomly=True) in (True, False)


def test_the_bench_prefers_the_published_health_among_rows_close_enough() -> None:
    bench = _bench()
    tried = [(0.01, DoomRow(6, 2)), (0.025, DoomRow(3, 5)), (0.2, DoomRow(3, 4))]
    assert bench.choose(tried) == DoomRow(3, 5)
    assert bench.choose([(0.2, DoomRow(3, 4)), (0.1, DoomRow(5, 1))]) == DoomRow(5, 1)


def test_the_four_player_row_is_the_published_one() -> None:
    assert DOOM_TABLE[4] == DoomRow(3, 5)


def test_one_player_is_the_published_solo_game() -> None:
    """The solo print-and-play game: a player starts at health 6 and attack 1 and meets the
    zombies each card shows (X = 0); the bench keeps the row as published."""
    assert DOOM_TABLE[1] == DoomRow(6, 0)
    assert _bench().PUBLISHED[1] == DoomRow(6, 0)
