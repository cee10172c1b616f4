"""Fault tests: the real client against the fake Discord (``tests/fakediscord``) while the
database, the disk or the gateway fails under tables in play."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from tests.fakediscord.fixtures import fail_on_logged_errors, fake_discord
from tests.faults.postgres_server import PostgresServer
from tests.soak.conftest import soak_discord

__all__ = ["fail_on_logged_errors", "fake_discord", "soak_discord"]


class Tracebacks(logging.Handler):
    """Every record logged with a traceback, at any level; and every warning's message."""

    def __init__(self) -> None:
        super().__init__(level=logging.NOTSET)
        self.records: list[logging.LogRecord] = []
        self.warnings: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.records.append(record)
        if record.levelno == logging.WARNING:
            self.warnings.append(record.getMessage())


@pytest.fixture
def tracebacks() -> Iterator[Tracebacks]:
    handler = Tracebacks()
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield handler
    finally:
        root.removeHandler(handler)


@pytest.fixture
def postgres_server() -> Iterator[PostgresServer]:
    """A PostgreSQL server of the test's own, running."""
    server = PostgresServer()
    try:
        server.create()
        server.start()
        yield server
    finally:
        server.remove()
