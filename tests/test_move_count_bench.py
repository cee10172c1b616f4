"""``bench/move_count.py`` plays the engine's share of the service bench's moves and reports
them (a smoke run of a few moves: the instruction counts are callgrind's business), leaving the
collector as it found it."""

from __future__ import annotations

import gc

import pytest

from bench import move_count


@pytest.mark.parametrize("game", ["lifeboat", "catan"])
def test_the_move_count_bench_plays_and_reports(game: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    thresholds, frozen = gc.get_threshold(), gc.get_freeze_count()
    assert move_count.main(["--game", game, "--matches", "3", "--moves", "2"]) == 0
    report = capsys.readouterr().out
    assert f"{game}: 6 moves; digest " in report, report
    assert gc.get_threshold() == thresholds and gc.get_freeze_count() == frozen


def test_the_rounds_skipped_are_played_and_not_counted(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert move_count.main(["--game", "catan", "--matches", "3", "--moves", "2"]) == 0
    first = capsys.readouterr().out
    assert move_count.main(["--game", "catan", "--matches", "3", "--moves", "2",
                            "--skip", "1"]) == 0
    later = capsys.readouterr().out
    assert "catan: 6 moves; digest " in later, later
    assert later != first  # the second and third rounds' moves, not the first two
