"""Logging a failure of work nobody waits on (a listener, a timer's move, a background check):
with its traceback, unless the database was not answering, which the repository has logged once
for the whole spell (``storage.outage``): a line each, then, not a traceback each."""

from __future__ import annotations

import asyncio
import logging
from typing import Any, cast

from storage import StorageUnavailable


def log_failure(log: logging.Logger, error: BaseException, message: str, *args: object) -> None:
    if isinstance(error, StorageUnavailable):
        log.warning(f"{message} (%s)", *args, error)
    else:
        log.error(message, *args, exc_info=error)


def read_when_done(future: asyncio.Future[Any]) -> None:
    """Marks ``future``'s outcome as read once it is done: whoever still awaits it gets it, and
    when every waiter is gone (cancelled, or its interaction expired) asyncio does not log it
    as an exception never retrieved."""
    future.add_done_callback(_read)


def _read(future: asyncio.Future[Any]) -> None:
    if not future.cancelled():
        future.exception()


def log_when_failed(task: asyncio.Future[Any], log: logging.Logger, message: str,
                    *args: object) -> None:
    """Logs ``task``'s failure when it ends (``log_failure``): for work nobody awaits, which
    asyncio would otherwise report as an exception never retrieved, with a traceback each."""

    def done(finished: asyncio.Future[Any]) -> None:
        if not finished.cancelled() and finished.exception() is not None:
            log_failure(log, cast(BaseException, finished.exception()), message, *args)

    task.add_done_callback(done)
