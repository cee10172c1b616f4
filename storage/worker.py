"""Running code on an aiosqlite connection's own worker thread."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import TypeVar

import aiosqlite

T = TypeVar("T")


async def run_on_thread(
    connection: aiosqlite.Connection, function: Callable[[sqlite3.Connection], T]
) -> T:
    """Runs ``function`` on the connection's worker thread with its sqlite3 connection.

    aiosqlite has no public call for this. ``_execute`` queues a callable for the worker (every
    public statement goes through it) and ``_conn`` is the sqlite3 connection that thread owns;
    both exist in the versions pyproject.toml admits, and every append test goes through here.
    """
    result: T = await connection._execute(function, connection._conn)
    return result
