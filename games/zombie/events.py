"""Event construction: every message key of the game starts with ``zombie.``."""

from __future__ import annotations

from typing import Any

from games.core import Event
from games.core.construct import assembled


def note(what: str, audience: tuple[int, ...] | None = None, **params: Any) -> Event:
    """``Event(key=..., params=params, to=audience)`` without the validation, which would
    leave every value as it is (a string key, ``params`` a dict made for this call, the
    audience a tuple or None): a move notes two or three events."""
    return assembled(Event, {"key": f"zombie.{what}", "params": params, "to": audience})
