"""The bot's worker processes (pictures drawn, bots' searches): pools of one spawned process
each, and each worker leaves when the bot's process is gone. SIGKILL runs no atexit, so a
pool cannot stop its workers then; an orphan would keep its memory (about 100 MB) for good."""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

PARENT_CHECK_SECONDS = 1.0


def worker_pool(warm: Callable[[], None]) -> ProcessPoolExecutor:
    """A pool of one spawned worker, which runs ``warm`` (a module-level function) first."""
    # The bot's id is handed over, not read in the worker: a bot killed while its worker
    # starts would otherwise leave the worker watching its new parent (init).
    return ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_start, initargs=(os.getpid(), warm))


def _start(parent: int, warm: Callable[[], None]) -> None:
    threading.Thread(target=_exit_with, args=(parent,), daemon=True,
                     name="parent watch").start()
    warm()


def _exit_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)
