"""Part 1 of the service benchmark (bench/service.py) run several times in a row, as the target
asks (3 of 3 consecutive runs), ends with one line per run judged against the target; and a
slow call on SQLite's thread is put down to what its wall time went to."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from bench import service_timeline
from bench.service import (
    PhaseResult,
    SlowCall,
    TimedAct,
    blame,
    report_timed_acts,
    run_meets,
    run_misses,
)

ROOT = Path(__file__).resolve().parent.parent


def test_consecutive_runs_end_with_a_line_per_run_against_the_target(tmp_path: Path) -> None:
    timeline = tmp_path / "t.json"
    done = subprocess.run(
        [sys.executable, "-m", "bench.service", "--game", "lifeboat", "--part", "service",
         "--runs", "2", "--matches", "8", "--seconds", "0.2", "--rate", "50",
         "--timeline", str(timeline)],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    report = done.stdout
    assert done.returncode == 0, (report + done.stderr)[-4000:]
    assert report.count("######## lifeboat: run ") == 2, report
    rows = re.findall(r"^(\d)\s+(\d+)\s+(\d+) of 50\s+([\d.]+)\s+(\d+)\s", report, re.MULTILINE)
    assert [row[0] for row in rows] == ["1", "2"], report
    # 50 actions/s offered is not the target's 1,000: no run can meet it.
    assert "Target met in 0 of 2 consecutive runs" in report, report
    # Each line says what its run missed, and the collector's pauses beside it.
    assert len(re.findall(r"\d+/\d+/\d+\s+[\d.]+\s+no \((?:[^)]*, )?rate\b", report)) == 2, report
    # And how busy the rest of the machine was meanwhile, run by run.
    assert re.search(r"other CPUs busy during the paced phase .*: run 1 \d+%, run 2 \d+%$",
                     report, re.MULTILINE), report
    # Each run wrote its own timeline (bench/service_timeline.py reads them back).
    for run in (1, 2):
        check_timeline(Path(f"{timeline}.run{run}"))
    assert service_timeline.main([f"{timeline}.run1"]) == 0


def check_timeline(path: Path) -> None:
    phases = {phase.name: phase for phase in service_timeline.read(path)}
    assert set(phases) == {"saturation", "paced"}
    for phase in phases.values():
        assert phase.acts and all(start < end for start, end in phase.acts)
        # Every act's append went in a trip, and the trips ran their statements.
        assert sum(trip[3] for trip in phase.trips) >= len(phase.acts)
        assert any("action_appends" in sql for _, _, sql in phase.statements)
        assert phase.threads and phase.loop_thread in phase.threads[-1][1]
    paced = phases["paced"]
    # 50 moves a second for 0.2 s, each act after the phase's first move was due.
    assert 8 <= len(paced.acts) <= 12
    assert min(start for start, _ in paced.acts) >= paced.started - 0.001


def test_a_run_meets_the_target_only_at_the_target_load() -> None:
    saturation = {"phase": "saturation", "rate": 2400.0, "offered": None, "p99_ms": 900.0,
                  "cpu_us": 400.0}
    paced = {"phase": "paced", "rate": 995.0, "offered": 1000.0, "p99_ms": 12.0, "cpu_us": 700.0}
    assert run_meets([saturation, paced])
    assert not run_meets([saturation, {**paced, "p99_ms": 21.0}])
    assert not run_meets([saturation, {**paced, "cpu_us": 801.0}])
    assert not run_meets([saturation, {**paced, "rate": 900.0}])  # fell behind the offer
    assert not run_meets([{**saturation, "rate": 950.0}, paced])
    assert not run_meets([saturation, {**paced, "offered": 300.0, "rate": 300.0}])
    assert run_misses([saturation, paced]) == []
    assert run_misses([saturation, {**paced, "p99_ms": 30.0, "cpu_us": 900.0}]) == ["p99", "CPU"]
    assert run_misses([{**saturation, "rate": 950.0}, paced]) == ["saturation rate"]


def test_a_slow_call_is_put_down_to_where_its_time_went() -> None:
    waited = SlowCall(started=0.0, wall=0.200, cpu=0.030, runnable=0.160, what="_commit")
    assert waited.cause == "waiting for a core"
    synced = SlowCall(started=0.0, wall=0.300, cpu=0.010, runnable=0.020, what="_commit")
    assert synced.cause == "waiting off the CPU (disk, a lock)"
    assert abs(synced.blocked - 0.270) < 1e-9
    busy = SlowCall(started=0.0, wall=0.050, cpu=0.045, runnable=0.004, what="_commit")
    assert busy.cause == "its own CPU"


def test_a_slow_act_is_set_against_what_overlapped_it() -> None:
    """Each act over the target is put down to the collector's pauses, slow SQLite calls and
    the checkpointer's held passes that overlapped it (those over 2 ms), or to none of them."""
    result = PhaseResult("paced", offered_rate=1000)
    result.slow_acts = [(0.0, 0.03), (1.0, 1.03), (2.0, 2.03), (3.0, 3.03), (4.0, 4.03)]
    result.gc.spans = [(0.01, 0.015), (3.01, 3.0105)]  # the second is too short to count
    result.slow_statements = [(1.01, 1.02), (2.01, 2.02)]
    result.holds = [(2.0, 2.01), (4.0, 4.02)]
    assert blame(result) == (
        "5 acts over 20 ms; during them: a collector pause 1, a slow SQLite call 1, "
        "a slow SQLite call and a held checkpoint 1, none of these 1, a held checkpoint 1")


def test_every_act_timed_tells_a_backlog_from_a_costly_move(capsys: Any) -> None:
    """With every call timed, the acts over 20 ms are set against all acts by move, with the
    share of their wall time the loop's thread was running."""
    result = PhaseResult("paced", offered_rate=1000.0)
    result.timed_acts = [TimedAct(0.002, 0.0005, 0.0, "zombie.prompt.fight", "commit", 7)] * 90 \
        + [TimedAct(0.050, 0.045, 0.002, "zombie.prompt.lead", "explore", 3)] * 10
    assert abs(TimedAct(0.050, 0.045, 0.0, "p", "m", 0).loop_share - 0.9) < 1e-9
    report_timed_acts(result)
    out = capsys.readouterr().out
    assert "10 of 100 over 20 ms" in out, out
    assert "the loop's thread ran 90%" in out and "waited for a core 4%" in out, out
    assert "and neither 6%" in out, out
    assert re.search(r"zombie\.prompt\.lead / explore\s+10\s+100\.0%\s+10\s+10\.0%", out), out
    assert re.search(r"50\.00\s+45\.00\s+90%\s+2\.00\s+zombie\.prompt\.lead / explore\s+3",
                     out), out


def test_the_engine_is_timed_on_one_call_in_every_and_scaled_to_all() -> None:
    """The breakdown of the loop's CPU is read on one call in ``every`` (each reading is a
    system call the CPU per action would pay), and the estimate counts every call."""
    from bench.service import EngineClock

    class Dumped:
        def model_dump_json(self) -> str:
            return "{}"

    class Game:
        State = Dumped

        def apply(self, state: object, action: object) -> object:
            return sum(range(20_000))

    game = Game()
    clock = EngineClock(every=4)
    undo = clock.instrument(game)  # type: ignore[arg-type]
    try:
        for _ in range(400):
            game.apply(None, None)
    finally:
        undo()
    assert clock.apply_calls == 400
    assert 60 <= clock.apply_timed <= 140  # about one in four, drawn at random
    assert clock.apply_seconds > 0
    assert clock.apply_estimate() == clock.apply_seconds * 400 / clock.apply_timed
    every = EngineClock(every=1)
    assert all(every.times_this_one() for _ in range(100))
    assert clock.json_calls == 0  # the class's model_dump_json, not called
    assert "apply" not in vars(game)
    assert Dumped().model_dump_json() == "{}"


def test_the_engine_share_of_a_move_is_timed_and_the_moves_digested() -> None:
    """``bench/service_moves.py`` plays the service bench's moves offline: every verb is timed,
    and the digest of what was played is the same from one run to the next (it shows that a
    change left the moves alone)."""
    from bench.service_moves import VERBS, play

    played, seconds, digest = play("zombie", matches=6, moves=4)
    assert played == 24
    assert set(seconds) == set(VERBS) and all(s >= 0 for s in seconds.values())
    assert seconds["apply"] > 0 and seconds["view"] > 0
    again = play("zombie", matches=6, moves=4)
    assert again[2] == digest
    assert play("zombie", matches=6, moves=5)[2] != digest
