"""The service benchmark's timeline read back (``bench/service_timeline.py``): the slow acts
gathered into bursts, shown with what happened around their start, and the phase second by
second. That each run writes one is checked with the runs (``test_service_bench_runs.py``)."""

from __future__ import annotations

from bench.service_timeline import PhaseTimeline, burst_lines, bursts, by_second


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
