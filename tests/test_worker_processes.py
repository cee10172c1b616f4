"""The bot's worker processes leave when the bot is killed outright, even while they start
(tables/worker_processes.py): SIGKILL runs no atexit, so no pool stops them."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.pictures.test_drawing import _alive

KILLED_WHILE_STARTING = """
import os, signal, sys
from tables.worker_processes import worker_pool
from tests.test_worker_processes import slow_warm

pool = worker_pool(slow_warm)
pool.submit(len, ())  # the worker is spawned now; it is still importing when the bot dies
print(*pool._processes, flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def slow_warm() -> None:
    """Runs in the worker (a starting worker that loads for a while)."""
    time.sleep(1.0)


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")
def test_a_worker_whose_bot_dies_while_it_starts_leaves() -> None:
    bot = subprocess.run([sys.executable, "-c", KILLED_WHILE_STARTING], capture_output=True,
                         cwd=Path(__file__).resolve().parents[1], text=True, timeout=60)
    workers = [int(pid) for pid in bot.stdout.split()]
    assert bot.returncode == -9 and workers, bot.stderr
    deadline = time.monotonic() + 15
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(pid) for pid in workers), "a worker outlived its bot"
