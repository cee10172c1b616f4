"""The events the rules tell the table, built without the constructor's validation: a key and
its parameters are already what it would hold, and a few are made on every move."""

from __future__ import annotations

from typing import Any

from games.core import Event
from games.core.construct import assembled


def new_event(*, key: str, params: dict[str, Any], to: tuple[int, ...] | None = None) -> Event:
    """``Event(key=key, params=params, to=to)``."""
    return assembled(Event, {"key": key, "params": params, "to": to})
