"""The bot's worker processes (pictures drawn, bots' searches): pools of one spawned process
each, and each worker leaves when the bot's process is gone. SIGKILL runs no atexit, so a
pool cannot stop its workers then; an orphan would keep its memory (about 100 MB) for good."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

PARENT_CHECK_SECONDS = 1.0
T = TypeVar("T")


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


class WorkerPools:
    """A process's pools of one worker each, by index, started on first use. A pool whose
    worker died is dropped, and the next job starts a new one."""

    def __init__(self, warm: Callable[[], None]) -> None:
        self._warm = warm
        self._pools: dict[int, ProcessPoolExecutor] = {}
        # Each pool's worker's process id, asked of the worker as its first job.
        self._pids: dict[int, Future[int]] = {}

    def started(self, index: int) -> bool:
        return index in self._pools

    def submit(self, index: int, job: Callable[..., T], *args: Any) -> Future[T]:
        try:
            return self._pool(index).submit(job, *args)
        except BrokenProcessPool:
            self.drop(index)  # a worker died: a new one takes over
            return self._pool(index).submit(job, *args)

    def drop(self, index: int) -> None:
        self._pools.pop(index, None)
        self._pids.pop(index, None)

    def pids(self, timeout: float = 30.0) -> set[int]:
        """The process ids of the workers running now (the benchmarks read their CPU); waits
        for a worker still starting, up to ``timeout`` seconds."""
        found: set[int] = set()
        for pid in list(self._pids.values()):
            with contextlib.suppress(Exception):  # a worker that died before it answered
                found.add(pid.result(timeout))
        return found

    def _pool(self, index: int) -> ProcessPoolExecutor:
        pool = self._pools.get(index)
        if pool is None:
            pool = self._pools[index] = worker_pool(self._warm)
            self._pids[index] = pool.submit(os.getpid)
        return pool
