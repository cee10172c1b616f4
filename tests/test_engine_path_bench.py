"""``bench/engine_path.py`` plays the engine's part of the service's moves and reports them (a
smoke run of a few moves: the figures themselves are the bench's business)."""

from __future__ import annotations

import pytest

from bench import engine_path


def test_the_engine_path_bench_plays_and_reports(capsys: pytest.CaptureFixture[str]) -> None:
    assert engine_path.main(["--game", "lifeboat", "--matches", "3", "--rounds", "2"]) == 0
    report = capsys.readouterr().out
    assert "lifeboat: 6 moves of 3 matches" in report and "digest " in report, report
