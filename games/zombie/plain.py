"""Models of plain data (no private attributes, no extra fields) built from values that are
already of their fields' types, without validation.

``games.core.construct.built`` does the same for any model, checking the class first; that
check costs as much again as building the model. The state's copy, the seat's view and the
events are built on every move, so the game's own models of plain data skip it (the tests
check that each of them has neither private attributes nor extra fields, and that what is
built here equals the validated model).
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_new = object.__new__
_set = object.__setattr__


def plain(cls: type[M], fields: dict[str, Any], fields_set: set[str] | None = None) -> M:
    """``cls`` with ``fields`` (taken as given: every field, no copy), counting ``fields_set``
    as set (by default every field, as when each one is given to the constructor)."""
    model = _new(cls)
    _set(model, "__dict__", fields)
    _set(model, "__pydantic_fields_set__", set(fields) if fields_set is None else fields_set)
    _set(model, "__pydantic_extra__", None)
    _set(model, "__pydantic_private__", None)
    return model
