"""Logging a failure of work nobody waits on (a listener, a timer's move, a background check):
with its traceback, unless the database was not answering, which the repository has logged once
for the whole spell (``storage.outage``): a line each, then, not a traceback each."""

from __future__ import annotations

import logging

from storage import StorageUnavailable


def log_failure(log: logging.Logger, error: BaseException, message: str, *args: object) -> None:
    if isinstance(error, StorageUnavailable):
        log.warning(f"{message} (%s)", *args, error)
    else:
        log.error(message, *args, exc_info=error)
