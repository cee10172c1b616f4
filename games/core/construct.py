"""Models built and copied without pydantic's walk over their fields.

Engines build a seat's view and copy the state on every move, a few dozen small models each;
``model_construct`` and ``model_copy`` spend more time on their bookkeeping (defaults, aliases,
extra and private attributes, one call per model) than on the data. These give the same objects
for models of plain data, and hand anything else to pydantic.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

M = TypeVar("M", bound=BaseModel)


def built(cls: type[M], fields: dict[str, Any], defaulted: tuple[str, ...] = ()) -> M:
    """``cls.model_construct(**fields)`` when ``fields`` holds every field of ``cls`` (taken
    as given: no validation, no copy); a model with private attributes or extra fields goes
    through ``model_construct`` itself. ``defaulted`` names fields given their default here
    that pydantic's own construction would have been left to fill: they stay out of the
    model's set fields, as they would there."""
    if cls.__private_attributes__ or cls.model_config.get("extra") == "allow":
        model = cls.model_construct(**fields)
        object.__setattr__(model, "__pydantic_fields_set__",
                           set(fields).difference(defaulted))
        return model
    model = cls.__new__(cls)
    object.__setattr__(model, "__dict__", fields)
    object.__setattr__(model, "__pydantic_fields_set__", set(fields).difference(defaulted))
    object.__setattr__(model, "__pydantic_extra__", None)
    object.__setattr__(model, "__pydantic_private__", None)
    return model


def copied(model: M, update: dict[str, Any] | None = None) -> M:
    """``model.model_copy(update=update)``: a shallow copy with ``update``'s fields replaced
    (and counted as set)."""
    if model.__pydantic_extra__ is not None:
        return model.model_copy(update=update)
    cls = model.__class__
    new = cls.__new__(cls)
    fields = model.__dict__.copy()
    fields_set = set(model.__pydantic_fields_set__)
    if update:
        fields.update(update)
        fields_set.update(update)
    private = model.__pydantic_private__
    object.__setattr__(new, "__dict__", fields)
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_fields_set__", fields_set)
    object.__setattr__(new, "__pydantic_private__", None if private is None else {
        k: v for k, v in private.items() if v is not PydanticUndefined})
    return new
