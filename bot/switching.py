"""How long one thread may keep the GIL while another waits for it.

The bot runs two busy threads: the event loop's, and aiosqlite's worker, which runs every
SQLite statement. The worker releases the GIL while SQLite works and needs it back to hand the
result over; CPython makes a waiting thread ask, then wait up to the switch interval (5 ms by
default) for the running one to let go. With the loop busy, as at a thousand moves a second,
every trip to the worker could so wait 5 ms on each side, and the appends behind it waited too.
At 0.5 ms the worker's turn comes ten times sooner; the loop pays a few more thread switches,
only while the worker is waiting (measured in docs/benchmarks.md, *Service*).
"""

from __future__ import annotations

import sys

SWITCH_INTERVAL = 0.0005  # seconds


class SwitchInterval:
    def __init__(self, seconds: float = SWITCH_INTERVAL) -> None:
        self._seconds = seconds
        self._saved: float | None = None

    def start(self) -> None:
        if self._saved is None:
            self._saved = sys.getswitchinterval()
            sys.setswitchinterval(self._seconds)

    def stop(self) -> None:
        """Back to the interpreter's setting (several clients share one test process)."""
        if self._saved is not None:
            sys.setswitchinterval(self._saved)
            self._saved = None
