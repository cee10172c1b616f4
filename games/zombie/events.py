"""Event construction: every message key of the game starts with ``zombie.``."""

from __future__ import annotations

from typing import Any

from games.core import Event


def note(what: str, audience: tuple[int, ...] | None = None, **params: Any) -> Event:
    return Event(key=f"zombie.{what}", params=params, to=audience)
