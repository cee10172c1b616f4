"""DATABASE_URL picks the backend: a postgresql:// URL means PostgreSQL, nothing means SQLite at
DATABASE_PATH, anything else is refused at start-up."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.app import make_repository
from bot.settings import Settings
from storage.postgres import PostgresRepository
from storage.sqlite import SqliteRepository


def _settings(monkeypatch: pytest.MonkeyPatch, **values: Any) -> Settings:
    for name in ("DATABASE_URL", "DATABASE_PATH", "DATABASE_POOL_SIZE", "SHARD_IDS", "SHARD_COUNT"):
        monkeypatch.delenv(name, raising=False)
    return Settings(_env_file=None, **values)


def test_without_a_url_the_bot_uses_sqlite_at_the_database_path(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    repo = make_repository(_settings(monkeypatch, database_path=tmp_path / "x.db"))
    assert isinstance(repo, SqliteRepository) and repo.path == tmp_path / "x.db"


@pytest.mark.parametrize(
    "url", ["postgresql://parlor:secret@db:5432/parlor", "postgres://parlor@/parlor?host=/run"]
)
def test_a_postgresql_url_selects_postgresql(monkeypatch: pytest.MonkeyPatch, url: str) -> None:
    settings = _settings(monkeypatch, database_url=url)
    repo = make_repository(settings)
    assert isinstance(repo, PostgresRepository) and repo.dsn == url
    assert "secret" not in repr(settings)  # the URL may carry a password; it is not printed
    assert repo.max_size == 10


def test_the_pool_size_is_a_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = _settings(monkeypatch, database_url="postgresql://db/x", database_pool_size=20)
    repo = make_repository(settings)
    assert isinstance(repo, PostgresRepository) and repo.max_size == 20
    with pytest.raises(ValueError):
        _settings(monkeypatch, database_pool_size=0)


def test_an_empty_url_from_the_environment_means_sqlite(monkeypatch: pytest.MonkeyPatch) -> None:
    _settings(monkeypatch)
    monkeypatch.setenv("DATABASE_URL", "")
    settings = Settings(_env_file=None)
    assert settings.postgres_url() is None
    assert isinstance(make_repository(settings), SqliteRepository)


@pytest.mark.parametrize("url", ["sqlite:///data/parlor.db", "postgress://db/parlor", "db:5432"])
def test_any_other_url_is_refused_rather_than_ignored(
    monkeypatch: pytest.MonkeyPatch, url: str
) -> None:
    """A mistyped URL must not quietly give each process its own SQLite file."""
    with pytest.raises(ValueError, match="postgresql://"):
        _settings(monkeypatch, database_url=url)
