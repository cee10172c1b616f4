"""The service benchmark's timeline (``bench/service.py --timeline``, read back by
``bench/service_timeline.py``): every act, trip and statement of a run written down, and the
slow acts gathered into bursts shown with what happened around their start."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bench.service_timeline import PhaseTimeline, burst_lines, bursts, by_second, main, read

ROOT = Path(__file__).resolve().parent.parent


def test_each_run_writes_its_timeline_and_it_reads_back(tmp_path: Path) -> None:
    timeline = tmp_path / "t.json"
    done = subprocess.run(
        [sys.executable, "-m", "bench.service", "--game", "lifeboat", "--part", "service",
         "--runs", "2", "--matches", "8", "--seconds", "0.2", "--rate", "50",
         "--timeline", str(timeline)],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, (done.stdout + done.stderr)[-4000:]
    for run in (1, 2):
        phases = {phase.name: phase for phase in read(Path(f"{timeline}.run{run}"))}
        assert set(phases) == {"saturation", "paced"}
        for phase in phases.values():
            assert phase.acts and all(start < end for start, end in phase.acts)
            # Every act's append went in a trip, and every trip ran its statement.
            assert sum(trip[3] for trip in phase.trips) >= len(phase.acts)
            assert any("action_appends" in sql for _, _, sql in phase.statements)
            assert phase.threads and phase.loop_thread in phase.threads[-1][1]
        paced = phases["paced"]
        # 50 moves a second for 0.2 s, each act after the phase's first move was due.
        assert 8 <= len(paced.acts) <= 12
        assert min(start for start, _ in paced.acts) >= paced.started - 0.001
    assert main([f"{timeline}.run1"]) == 0


def test_slow_acts_close_together_are_one_burst() -> None:
    phase = PhaseTimeline("paced", started=100.0, loop_thread=1)
    # Fast acts, one burst of three slow acts 30 ms apart, then a lone slow act a second on.
    phase.acts = [(100.0 + i * 0.001, 100.005 + i * 0.001) for i in range(50)]
    phase.acts += [(100.50, 100.53), (100.53, 100.56), (100.56, 100.60), (101.5, 101.53)]
    phase.trips = [(100.49, 100.495, 100.55, 12)]
    phase.holds = [(100.485, 100.52)]
    phase.statements = [(100.496, 100.497, "INSERT INTO action_appends")]
    phase.threads = [(100.0, {1: 0, 2: 0}), (101.0, {1: 600_000_000, 2: 100_000_000}),
                     (102.0, {1: 1_300_000_000, 2: 200_000_000})]
    found = bursts(phase, smallest=2)
    assert [len(burst) for burst in found] == [3]
    assert [len(burst) for burst in bursts(phase, smallest=1)] == [3, 1]
    lines = burst_lines(phase, found[0])
    assert "3 slow acts, the longest 40 ms" in lines[0]
    assert any("held checkpoint 35.0 ms" in line for line in lines)
    assert any("trip of  12" in line and "back on the loop  55.0 ms" in line for line in lines)
    # Second by second: the first second's 53 acts, 3 of them slow; the loop ran 60% of it
    # (0.6 s of CPU over 53 acts: 11,321 µs an act).
    rows = by_second(phase)
    assert rows[1].split()[:3] == ["0", "53", "3"]
    assert "60% (11321)" in rows[1]
