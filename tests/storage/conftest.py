"""Fixtures for the storage tests: a repository on a real SQLite file in ``tmp_path``."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage.sqlite import SqliteRepository
from tests.storage.helpers import FakeClock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "parlor.db"


@pytest.fixture
async def repo(db_path: Path, clock: FakeClock) -> AsyncIterator[SqliteRepository]:
    repository = SqliteRepository(db_path, clock=clock)
    await repository.open()
    try:
        yield repository
    finally:
        await repository.close()
