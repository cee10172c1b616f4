"""A pytest plugin that writes each test's CPU time: ``-p tests.cpu_plugin`` with
``PARLOR_CPU_PER_TEST=<file>`` appends a line ``cpu<TAB>wall<TAB>node id<TAB>start<TAB>worker`` per
test to that file (every xdist worker to the same file; ``start`` in seconds since the epoch,
for drawing when each worker was busy). CPU is user + system time of the test's process and of
the processes it waited for (bot processes, benches, picture workers): what a test costs the
machine, which ``--durations`` (wall time) does not say on a loaded one. docs/testing.md sums it
by file."""

from __future__ import annotations

import os
import resource
import time
from collections.abc import Generator

import pytest


def _cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    waited = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + waited.ru_utime + waited.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None
                            ) -> Generator[None, None, None]:
    cpu, wall, start = _cpu_seconds(), time.monotonic(), time.time()
    yield
    out = os.environ.get("PARLOR_CPU_PER_TEST")
    if out:
        with open(out, "a", encoding="utf-8") as lines:
            lines.write(f"{_cpu_seconds() - cpu:.2f}\t{time.monotonic() - wall:.2f}\t"
                        f"{item.nodeid}\t{start:.2f}\t"
                        f"{os.environ.get('PYTEST_XDIST_WORKER', 'main')}\n")
