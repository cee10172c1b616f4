"""Fixtures for the storage tests: every ``repo`` test runs once per backend, on a real SQLite
file in ``tmp_path`` and, when a server is reachable, on PostgreSQL (see ``backends.py``)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from storage.repository import Repository
from tests.storage.backends import (
    BACKENDS,
    POSTGRES_SKIP_REASON,
    Backend,
    PostgresBackend,
    SqliteBackend,
    drop_schema,
    fresh_schema_name,
    postgres_dsn,
)
from tests.storage.helpers import FakeClock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "parlor.db"


@pytest.fixture(scope="session")
def postgres_schema() -> Iterator[str]:
    """The schema the session's PostgreSQL tests share, dropped when the session ends."""
    name = fresh_schema_name()
    yield name
    dsn = postgres_dsn()
    if dsn is not None:
        asyncio.run(drop_schema(dsn, name))


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
    chosen = PostgresBackend(dsn, request.getfixturevalue("postgres_schema"), clock)
    try:
        yield chosen
    finally:
        await chosen.reset()


@pytest.fixture
async def repo(backend: Backend) -> AsyncIterator[Repository]:
    repository = backend.make()
    await repository.open()
    try:
        yield repository
    finally:
        await repository.close()
