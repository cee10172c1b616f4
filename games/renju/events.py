"""Event construction: every event of the game is public and its key starts with
``renju.event.``."""

from __future__ import annotations

from typing import Any

from games.core import Event


def public(what: str, **params: Any) -> Event:
    return Event(key=f"renju.event.{what}", params=params)
