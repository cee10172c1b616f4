"""What happened, in time, around the service benchmark's slow acts.

``bench/service.py --timeline FILE`` writes, for each phase of part 1: every act's start and end
(``time.perf_counter``), every trip of the group commit (asked for the lock, sent, back on the
loop, appends carried), every statement on SQLite's thread, every collector pause, every held
checkpoint pass, and each thread's CPU (Linux schedstat) every tenth of a second. With
``--runs N`` each run writes ``FILE.runK``. This reads such a file back:

    .venv/bin/python -m bench.service --part service --game lifeboat --runs 3 --timeline t.json
    .venv/bin/python -m bench.service_timeline t.json.run1

It prints the paced phase second by second (acts, acts over the target, the median act, trips
and their size, the collector's time, the loop thread's and the other threads' CPU), then each
burst of slow acts (``--burst`` of them or more, each begun within 50 ms of the one before) as
the trips, statements, pauses and holds from 30 ms before its first slow act to 60 ms after.
A burst whose trips keep coming back later and later, with short statements and no pause or
hold at its start, is the loop falling behind its own work; a hold or a long statement at its
start is SQLite's.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import threading
import time
from dataclasses import dataclass, field
from typing import Any

# A slow act is one over the service target's p99 (bench/service.py, TARGET_P99_MS).
SLOW = 0.020
# Slow acts begun within this of the one before belong to one burst.
BURST_GAP = 0.050
# Each thread's CPU is read this often.
SAMPLE_EVERY = 0.1


def thread_run_ns() -> dict[int, int]:
    """Each thread's time on a CPU so far, in ns, by native id (Linux schedstat)."""
    found: dict[int, int] = {}
    with contextlib.suppress(OSError):
        for entry in os.listdir("/proc/self/task"):
            with contextlib.suppress(OSError, ValueError), \
                    open(f"/proc/self/task/{entry}/schedstat") as stat:
                found[int(entry)] = int(stat.read().split()[0])
    return found


@dataclass
class PhaseTimeline:
    name: str
    started: float = 0.0  # the paced phase's first move due; the phase's start otherwise
    acts: list[tuple[float, float]] = field(default_factory=list)
    trips: list[tuple[float, float, float, int]] = field(default_factory=list)
    statements: list[tuple[float, float, str]] = field(default_factory=list)
    pauses: list[tuple[float, float]] = field(default_factory=list)
    holds: list[tuple[float, float]] = field(default_factory=list)
    threads: list[tuple[float, dict[int, int]]] = field(default_factory=list)
    loop_thread: int = 0


class Timeline:
    """Gathers one process's phases; ``bench/service.py`` feeds it."""

    def __init__(self) -> None:
        self.phases: list[PhaseTimeline] = []
        self.current: PhaseTimeline | None = None
        self._sampler: asyncio.Task[None] | None = None

    def on_trip(self, asked: float, sent: float, back: float, size: int) -> None:
        if self.current is not None:
            self.current.trips.append((asked, sent, back, size))

    def on_statement(self, started: float, ended: float, sql: str) -> None:
        if self.current is not None:
            self.current.statements.append((started, ended, sql))

    def on_act(self, started: float, ended: float) -> None:
        if self.current is not None:
            self.current.acts.append((started, ended))

    def begin(self, name: str) -> None:
        self.current = PhaseTimeline(name, started=time.perf_counter(),
                                     loop_thread=threading.get_native_id())
        self.phases.append(self.current)
        self._sampler = asyncio.create_task(self._sample(self.current))

    async def end(self, started: float, pauses: list[tuple[float, float]],
                  holds: list[tuple[float, float]]) -> None:
        phase, self.current = self.current, None
        if self._sampler is not None:
            self._sampler.cancel()
            await asyncio.wait([self._sampler])
        if phase is not None:
            phase.started = started or phase.started
            phase.pauses, phase.holds = list(pauses), list(holds)
            phase.threads.append((time.perf_counter(), thread_run_ns()))

    @staticmethod
    async def _sample(phase: PhaseTimeline) -> None:
        while True:
            phase.threads.append((time.perf_counter(), thread_run_ns()))
            await asyncio.sleep(SAMPLE_EVERY)

    def write(self, path: Path) -> None:
        path.write_text(json.dumps([phase.__dict__ for phase in self.phases]))


def read(path: Path) -> list[PhaseTimeline]:
    phases = []
    for raw in json.loads(path.read_text()):
        raw["threads"] = [(t, {int(k): v for k, v in cpu.items()}) for t, cpu in raw["threads"]]
        phases.append(PhaseTimeline(**raw))
    return phases


def by_second(phase: PhaseTimeline) -> list[str]:
    lines = ["  s      acts  slow  median act  trips (mean size)  collector  loop CPU "
             "(µs an act)  others"]
    last = max((end for _, end in phase.acts), default=phase.started)
    second = 0
    while phase.started + second < last:
        lo, hi = phase.started + second, phase.started + second + 1

        def within(spans: list[Any], lo: float = lo, hi: float = hi) -> list[Any]:
            return [s for s in spans if lo <= s[0] < hi]

        acts = within(phase.acts)
        trips = within(phase.trips)
        walls = sorted(end - start for start, end in acts)
        loop_cpu, others = _cpu_between(phase, lo, hi)
        lines.append(
            f"  {second:<4d} {len(acts):6d} {sum(w > SLOW for w in walls):5d} "
            f"{1000 * walls[len(walls) // 2] if walls else 0:8.1f} ms "
            f"{len(trips):6d} ({statistics.fmean(t[3] for t in trips) if trips else 0:4.1f})"
            f"   {1000 * sum(b - a for a, b in within(phase.pauses)):7.1f} ms"
            f" {100 * loop_cpu:6.0f}% ({1e6 * loop_cpu / max(1, len(acts)):4.0f})"
            f"  {100 * others:5.0f}%")
        second += 1
    return lines


def _cpu_between(phase: PhaseTimeline, lo: float, hi: float) -> tuple[float, float]:
    """The share of [lo, hi) the loop's thread, and all the others, ran (from the samples
    nearest each end)."""
    if len(phase.threads) < 2:
        return 0.0, 0.0
    first = min(phase.threads, key=lambda s: abs(s[0] - lo))
    last = min(phase.threads, key=lambda s: abs(s[0] - hi))
    span = last[0] - first[0]
    if span <= 0:
        return 0.0, 0.0
    ran = {tid: ns - first[1].get(tid, 0) for tid, ns in last[1].items()}
    loop = ran.pop(phase.loop_thread, 0)
    return loop / 1e9 / span, sum(ran.values()) / 1e9 / span


def bursts(phase: PhaseTimeline, smallest: int) -> list[list[tuple[float, float]]]:
    found: list[list[tuple[float, float]]] = []
    for act in sorted(a for a in phase.acts if a[1] - a[0] > SLOW):
        if found and act[0] - found[-1][-1][0] < BURST_GAP:
            found[-1].append(act)
        else:
            found.append([act])
    return [b for b in found if len(b) >= smallest]


def burst_lines(phase: PhaseTimeline, burst: list[tuple[float, float]]) -> list[str]:
    t0 = burst[0][0]
    lo, hi = t0 - 0.030, t0 + 0.060
    loop_cpu, others = _cpu_between(phase, t0 - 0.1, t0 + 0.2)
    lines = [f"  burst at {t0 - phase.started:.3f} s: {len(burst)} slow acts, the longest "
             f"{1000 * max(e - s for s, e in burst):.0f} ms; from 0.1 s before to 0.2 s after "
             f"its start the loop's thread ran {100 * loop_cpu:.0f}% of the time, the others "
             f"{100 * others:.0f}%"]
    events: list[tuple[float, str]] = []
    for asked, sent, back, size in phase.trips:
        if back > lo and asked < hi:
            events.append((asked, f"trip of {size:3d}: lock {1000 * (sent - asked):5.1f} ms, "
                                  f"sent to back on the loop {1000 * (back - sent):5.1f} ms"))
    for start, end, sql in phase.statements:
        if end > lo and start < hi:
            events.append((start, f"    statement {1000 * (end - start):5.1f} ms  {sql}"))
    for start, end in phase.pauses:
        if end > lo and start < hi:
            events.append((start, f"collector pause {1000 * (end - start):.1f} ms"))
    for start, end in phase.holds:
        if end > lo and start < hi:
            events.append((start, f"held checkpoint {1000 * (end - start):.1f} ms"))
    for when, text in sorted(events):
        begun = sum(1 for s, _ in phase.acts if when - 0.005 <= s < when)
        lines.append(f"    {1000 * (when - t0):+6.1f} ms  {text}  ({begun} acts begun in the "
                     f"5 ms before)")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--phase", default="paced")
    parser.add_argument("--burst", type=int, default=30,
                        help="the fewest slow acts a burst shown in full has")
    args = parser.parse_args(argv)
    for phase in read(args.file):
        if phase.name != args.phase:
            continue
        print(f"{phase.name}: {len(phase.acts)} acts, "
              f"{sum(e - s > SLOW for s, e in phase.acts)} over {1000 * SLOW:.0f} ms")
        print("\n".join(by_second(phase)))
        for burst in bursts(phase, args.burst):
            print("\n".join(burst_lines(phase, burst)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
