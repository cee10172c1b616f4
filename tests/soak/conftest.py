"""Fixtures for the soak tests: a fake Discord the bot process can log in to."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.every_game import use_random_slow_bots
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import fail_on_logged_errors, fake_discord

__all__ = ["fail_on_logged_errors", "fake_discord", "soak_discord"]

# The bot refuses a token that does not look like one (three dot-separated parts).
BOT_SHAPED_TOKEN = "MTAxMDEwMTAxMDEwMTAxMDEw.GsOakk.c29ha3Rlc3Rfbm90X2FfcmVhbF90b2tlbg"


@pytest.fixture(autouse=True)
def _random_slow_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot process plays random legal stones for Renju's bots (``tests/soak/botprocess.py``):
    the moves the checks expect of a bot are chosen the same way here."""
    use_random_slow_bots(monkeypatch)


@pytest.fixture
async def soak_discord(fail_on_logged_errors: object) -> AsyncIterator[FakeDiscord]:
    """A started fake on 127.0.0.1 for a bot in another process (so discord.py in this process
    is not redirected). Fails the test at teardown on any problem the fake saw."""
    async with FakeDiscord(token=BOT_SHAPED_TOKEN) as fake:
        yield fake
        problems = fake.problems()
    if problems:
        pytest.fail("fake discord saw problems:\n" + "\n".join(problems), pytrace=False)
