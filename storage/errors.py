"""What the repository raises: its own refusals and the database not answering. A module of
their own so that what the repository uses (``storage.outage``) can name them too."""

from __future__ import annotations


class StaleVersion(Exception):
    """An append named a version that is no longer the match's current one."""

    def __init__(self, match_id: int, expected: int, actual: int) -> None:
        super().__init__(f"match {match_id}: expected version {expected}, found {actual}")
        self.match_id = match_id
        self.expected = expected
        self.actual = actual


class MatchNotFound(LookupError):
    pass


class StorageUnavailable(Exception):
    """The database did not answer or would not write: a server stopped or restarting, a
    connection cut, the disk full, the file read-only. The call changed nothing, except a
    write cut off while it committed, whose fate only the database knows: read it again once
    it answers. ``__cause__`` is the driver's error. The repository logs the first failure of a
    spell with its traceback and counts the others (``storage.outage.Outage``)."""
