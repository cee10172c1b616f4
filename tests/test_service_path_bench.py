"""``bench/service_path.py`` plays its moves through the service and reports them (a smoke run
of a few moves: the figures themselves are the bench's business)."""

from __future__ import annotations

import pytest

from bench import service_path


def test_the_service_path_bench_plays_and_reports(capsys: pytest.CaptureFixture[str]) -> None:
    assert service_path.main(["--game", "citadels", "--matches", "3", "--rounds", "2"]) == 0
    report = capsys.readouterr().out
    assert "citadels: 6 moves of 3 matches" in report and "digest " in report, report
