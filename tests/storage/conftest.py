"""Fixtures for the storage tests: every ``repo`` test runs once per backend, on a real SQLite
file in ``tmp_path`` and, when a server is reachable, on PostgreSQL (see ``backends.py``)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage.repository import Repository
from tests.storage.backends import (
    BACKENDS,
    POSTGRES_SKIP_REASON,
    Backend,
    PostgresBackend,
    SqliteBackend,
    postgres_dsn,
)
from tests.storage.helpers import FakeClock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "parlor.db"


@pytest.fixture(params=BACKENDS)
async def backend(
    request: pytest.FixtureRequest, db_path: Path, clock: FakeClock
) -> AsyncIterator[Backend]:
    if request.param == "sqlite":
        yield SqliteBackend(db_path, clock)
        return
    dsn = postgres_dsn()
    if dsn is None:
        pytest.skip(POSTGRES_SKIP_REASON)
    pytest.importorskip("asyncpg", reason="the asyncpg driver is not installed")
    chosen = PostgresBackend(dsn, clock)
    try:
        yield chosen
    finally:
        await chosen.drop()


@pytest.fixture
async def repo(backend: Backend) -> AsyncIterator[Repository]:
    repository = backend.make()
    await repository.open()
    try:
        yield repository
    finally:
        await repository.close()
