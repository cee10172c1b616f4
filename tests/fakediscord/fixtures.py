"""pytest fixtures for end-to-end tests; import them into a conftest.py:

from tests.fakediscord.fixtures import fail_on_logged_errors, fake_discord  # noqa: F401
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator

import pytest

from .redirect import point_discord_py_at
from .server import FakeDiscord


class ErrorLogCollector(logging.Handler):
    """Keeps every record at ERROR or above; the fixture fails the test if any remain."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def take(self) -> list[logging.LogRecord]:
        """Hand over (and forget) the errors so far, for a test that provokes them on purpose."""
        taken, self.records = self.records, []
        return taken

    def describe(self) -> str:
        lines = []
        for record in self.records:
            text = f"{record.name}: {record.getMessage()}"
            if record.exc_info:
                text += "\n" + logging.Formatter().formatException(record.exc_info)
            lines.append(text)
        return "\n".join(lines)


@pytest.fixture
def fail_on_logged_errors() -> Iterator[ErrorLogCollector]:
    """discord.py reports failures in commands, views and events only through logging: any
    ERROR logged during the test fails it."""
    collector = ErrorLogCollector()
    root = logging.getLogger()
    root.addHandler(collector)
    try:
        yield collector
    finally:
        root.removeHandler(collector)
    if collector.records:
        pytest.fail(f"errors were logged during the test:\n{collector.describe()}", pytrace=False)


@pytest.fixture
async def fake_discord(fail_on_logged_errors: ErrorLogCollector) -> AsyncIterator[FakeDiscord]:
    """A started fake with discord.py pointed at it. At teardown the test fails on any broken
    interaction rule, payload Discord would reject, route the fake does not serve or fault that
    never fired (take them with `fake.take_violations()` etc. when a test provokes them)."""
    async with FakeDiscord() as fake:
        with point_discord_py_at(fake):
            yield fake
        problems = fake.problems()
    if problems:
        pytest.fail("fake discord saw problems:\n" + "\n".join(problems), pytrace=False)
