"""Building pydantic models from values that are already valid, without validating again.

Views and prompts are rebuilt after every action from the engine's own (valid) data; skipping
validation there is most of their cost. Every field must be given: defaults are not filled in.
Tests check that these models equal their validated twins.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)


def build(cls: type[M], fields: dict[str, Any]) -> M:
    model = cls.__new__(cls)
    object.__setattr__(model, "__dict__", fields)
    object.__setattr__(model, "__pydantic_fields_set__", set(fields))
    object.__setattr__(model, "__pydantic_extra__", None)
    object.__setattr__(model, "__pydantic_private__", None)
    return model
