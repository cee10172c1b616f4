"""Event construction: every message key of the game starts with ``zombie.``."""

from __future__ import annotations

from typing import Any

from games.core import Event

_new = Event.__new__
_set = object.__setattr__


def note(what: str, audience: tuple[int, ...] | None = None, **params: Any) -> Event:
    """``Event(key=..., params=params, to=audience)`` without the validation, which would
    leave every value as it is (a string key, ``params`` a dict made for this call, the
    audience a tuple or None), and without ``built``'s checks of the class: a move notes two
    or three events, and this takes about two thirds of the validated construction's time."""
    event = _new(Event)
    _set(event, "__dict__", {"key": f"zombie.{what}", "params": params, "to": audience})
    _set(event, "__pydantic_fields_set__", {"key", "params", "to"})
    _set(event, "__pydantic_extra__", None)
    _set(event, "__pydantic_private__", None)
    return event
