"""A repository's spells of the database not answering, told once each.

A database that stops answering (a server restarting, the disk full) fails every call until it
is back: hundreds of calls a minute at a busy table. The first failure of a spell is logged
with its traceback; the others are only counted, for ``/metrics`` (``listen``) and for the
line that ends the spell, at the first write that lands again. Reads do not end a spell: a
full disk still reads. A spell that begins within ``RELAPSE`` seconds of the last one's end is
the same fault coming back (a pooled connection the restart had cut, a disk that fills again):
a line, not another traceback.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from storage.errors import StorageUnavailable

log = logging.getLogger(__name__)
RELAPSE = 60.0


class Outage:
    def __init__(self, database: str) -> None:
        self.database = database
        self.failures = 0  # calls failed since the repository was made
        self._since: float | None = None  # when the spell began (monotonic), None when up
        self._ended: float | None = None  # when the last spell ended
        self._in_spell = 0
        self._listeners: list[Callable[[], None]] = []
        # Called as a spell begins: the backend lets go of connections the fault may have cut.
        self.on_down: Callable[[], None] | None = None

    @property
    def down(self) -> bool:
        """A call failed and no write has landed since."""
        return self._since is not None

    def listen(self, listener: Callable[[], None]) -> None:
        """``listener()`` at every failed call (the metric of storage errors)."""
        self._listeners.append(listener)

    def failed(self, error: BaseException) -> StorageUnavailable:
        """Counts a call that failed with the driver's ``error``; what the call raises."""
        self.failures += 1
        self._in_spell += 1
        if self._since is None:
            self._since = now = time.monotonic()
            if self._ended is not None and now - self._ended < RELAPSE:
                log.warning("the %s database is not answering again: %s", self.database, error)
            else:
                log.error("the %s database is not answering: %s", self.database, error,
                          exc_info=error)
            if self.on_down is not None:
                self.on_down()
        for listener in self._listeners:
            listener()
        return StorageUnavailable(f"the {self.database} database is not answering: {error}")

    def wrote(self) -> None:
        """A write landed: a spell under way is over."""
        if self._since is not None:
            log.warning("the %s database answers again after %.1f s (%d calls failed)",
                        self.database, time.monotonic() - self._since, self._in_spell)
            self._since = None
            self._ended = time.monotonic()
            self._in_spell = 0
