"""The web tests are about pages, not about how bots play: Renju's searching bot, which fills
a board in minutes of CPU, gives its seats to a quick player (``tests.every_game``)."""

from __future__ import annotations

import pytest

from tests.every_game import use_quick_bots


@pytest.fixture(autouse=True)
def quick_web_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    use_quick_bots(monkeypatch)
