"""Values the sqlite3 module would offer to be adapted (None, bools) are found in its registry of
adapters (``storage.sqlite``), so a bind skips the failed ``__adapt__`` look-up and its
formatted AttributeError, and stores what it stored before: NULL, and 0 or 1."""

from __future__ import annotations

import sqlite3

import storage.sqlite  # noqa: F401  (registers the adapters)


def test_none_and_bools_are_found_in_the_registry() -> None:
    """Without them, each None or bool bound costs a failed look-up (docs/benchmarks.md)."""
    for kind in (type(None), bool):
        assert (kind, sqlite3.PrepareProtocol) in sqlite3.adapters


def test_they_bind_as_before() -> None:
    conn = sqlite3.connect(":memory:")
    try:
        row = conn.execute("SELECT ?, typeof(?), ?, typeof(?), ?, typeof(?)",
                           (None, None, True, True, False, False)).fetchone()
    finally:
        conn.close()
    assert row == (None, "null", 1, "integer", 0, "integer")
