"""Session set-up shared by the whole suite.

Under pytest-xdist (``make test`` runs on every core) each worker gets its own PostgreSQL
database, made here before any test runs and dropped at the end: schemas alone would not keep
workers apart, since PostgreSQL's advisory locks (the migration lock) are per database.
"""

from __future__ import annotations

import asyncio
import gc
import os
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

from bot import event_loop
from games import registry
from tests.every_game import SLOW_BOTS, use_quick_bots
from tests.storage.backends import POSTGRES_DSN_VARIABLE

# The longest tests, first: under xdist each worker takes the next test as it finishes one, so
# a long test taken late keeps one worker busy while the other has nothing left. In this order
# (whole games in bot processes killed and restarted, the service bench in its own interpreter,
# the longest of the tests collected last, the real Renju bot's games, the whole-game renders,
# whole tables through the real client). The tests not named run in the order they are
# collected, tests/web/ last: the bench's runs, the bot refusing a busy port, the service
# path's bench, the unread failures and the web pages' end to end (3-6 s of CPU each, and
# longer waits) came last, and the bot refusing a busy port ran alone for a run's last 20 s.
SLOW_FIRST = (
    "tests/soak/",
    "tests/faults/",
    "tests/test_service_bench.py",
    "tests/test_service_bench_runs.py",
    "tests/web/test_settings_checks.py",
    "tests/test_service_path_bench.py",
    "tests/test_unread_failures.py",
    "tests/web/test_end_to_end.py",
    "tests/playthroughs/",
    "tests/games/renju/",
    "tests/test_i18n.py",
    "tests/e2e/test_storms.py",
    "tests/e2e/test_team_threads.py",
    "tests/e2e/test_fuzz.py",
    "tests/e2e/test_public_payloads.py",
    "tests/test_non_interference.py",
    "tests/test_reader_language.py",
    "tests/e2e/",
)

# The server's own address and the database made for this worker.
_OWN_DATABASE_KEY = pytest.StashKey[tuple[str, str]]()


def _with_database(dsn: str, database: str) -> str:
    parts = urlsplit(dsn)
    return urlunsplit(parts._replace(path=f"/{database}"))


async def _run(dsn: str, statement: str) -> None:
    import asyncpg

    connection = await asyncpg.connect(dsn)
    try:
        await connection.execute(statement)
    finally:
        await connection.close()


@pytest.fixture(autouse=True)
def registered_games_as_found() -> Iterator[None]:
    """A test leaves the registered games' bots as it found them: one that set the Renju bot's
    quick level for good (not through its ``monkeypatch``) made every later test of its worker
    play the quick bot, and a test of the real bot's search fail there."""
    before = _slow_bots()
    yield
    assert _slow_bots() == before, "a test changed a registered game's bot for good: set it " \
        "through the test's monkeypatch (tests.every_game.use_quick_bots(monkeypatch))"


def _slow_bots() -> list[tuple[str, Any, Any]]:
    return [(name, getattr(game, "bot", None), getattr(game, "choose", None))
            for name in sorted(SLOW_BOTS & set(registry.names()))
            for game in [registry.get(name)]]


@pytest.fixture
def quick_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots that think long play quick legal moves for this test (``tests.every_game``)."""
    use_quick_bots(monkeypatch)


@pytest.fixture
def own_heap() -> Iterator[None]:
    """For a test that runs a full collection (``gc.collect()``, or a collector's start): what
    the process held before the test is frozen until it ends (``gc.freeze``), so that the
    collection walks what the test made, all that it frees or counts: in a worker that has
    run other tests a walk of everything costs 0.3-3 s of CPU. Something in the test that
    unfreezes (``Collector.stop``) ends it."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _rank(item: pytest.Item) -> int:
    return next((rank for rank, prefix in enumerate(SLOW_FIRST)
                 if item.nodeid.startswith(prefix)), len(SLOW_FIRST))


# Tests marked xdist_group that pytest-xdist failed to group (see _ungrouped).
_UNGROUPED_KEY = pytest.StashKey[set[str]]()


def _ungrouped(config: pytest.Config, items: list[pytest.Item]) -> set[str]:
    """Tests marked ``xdist_group`` whose node id lacks the ``@group`` suffix through which
    pytest-xdist's loadgroup keeps a group on one worker (it writes the suffix into a field
    pytest 9.2 no longer reads: pytest-xdist issue 1386)."""
    if not os.environ.get("PYTEST_XDIST_WORKER") or not config.getvalue("loadgroup"):
        return set()
    return {item.nodeid for item in items
            if any(True for _ in item.iter_markers("xdist_group")) and "@" not in item.nodeid}


@pytest.hookimpl(trylast=True)  # after pytest-xdist's own hook has named the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    config.stash[_UNGROUPED_KEY] = _ungrouped(config, items)
    items.sort(key=_rank)  # stable: the order within each part stays the collection's


def pytest_runtest_setup(item: pytest.Item) -> None:
    # A group split over the workers would pass, only slower (the whole-game renders and the
    # browser made once per worker): its tests fail instead, saying why.
    if item.nodeid in item.config.stash.get(_UNGROUPED_KEY, set()):
        pytest.fail("pytest-xdist did not keep this xdist_group on one worker (its loadgroup "
                    "cannot name groups under pytest 9.2: pytest-xdist issue 1386; "
                    "pyproject.toml pins pytest below it)", pytrace=False)


def pytest_asyncio_loop_factories(config: pytest.Config, item: pytest.Item
                                  ) -> dict[str, Callable[[], asyncio.AbstractEventLoop]]:
    """Async tests run on the bot's event loop (``bot/event_loop.py``: uvloop's)."""
    return {event_loop.name(): event_loop.factory()}


# How many collections of the middle generation come before a full collection in a test
# process (CPython's default: 10). A worker that has run a few hundred tests holds
# hundreds of thousands of objects that live as long as it does (modules, caches, fixtures),
# and each full collection walked them all (0.3 s of CPU, eleven times in a minute of engine
# tests: docs/testing.md). Young and middle collections go on at CPython's pace, freeing the
# short-lived cycles where they form; a test that needs a full collection runs one
# (``own_heap``).
FULL_COLLECTION_AFTER = 100


def pytest_configure(config: pytest.Config) -> None:
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_COLLECTION_AFTER)
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    dsn = os.environ.get(POSTGRES_DSN_VARIABLE)
    if not worker or not dsn:
        return
    database = f"parlor_test_{worker}"
    asyncio.run(_run(dsn, f'DROP DATABASE IF EXISTS "{database}"'))
    asyncio.run(_run(dsn, f'CREATE DATABASE "{database}"'))
    os.environ[POSTGRES_DSN_VARIABLE] = _with_database(dsn, database)
    config.stash[_OWN_DATABASE_KEY] = (dsn, database)


def pytest_unconfigure(config: pytest.Config) -> None:
    made = config.stash.get(_OWN_DATABASE_KEY, None)
    if made is None:
        return
    dsn, database = made
    os.environ[POSTGRES_DSN_VARIABLE] = dsn
    asyncio.run(_run(dsn, f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)'))

