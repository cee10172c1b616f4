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

# Each model's four slots, set through their own descriptors: cheaper than
# ``object.__setattr__`` by name, and these run for every model an engine builds on a move.
set_dict = BaseModel.__dict__["__dict__"].__set__
set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
set_private = BaseModel.__dict__["__pydantic_private__"].__set__
_EVERY_FIELD: dict[type[BaseModel], set[str]] = {}


def every_field(cls: type[BaseModel]) -> set[str]:
    """The names of all of ``cls``'s fields, one set per class: what a model built with every
    field given holds as its set fields, shared by all of them (setting a field adds its name
    to the set, where every name already is)."""
    found = _EVERY_FIELD.get(cls)
    if found is None:
        found = _EVERY_FIELD[cls] = set(cls.model_fields)
    return found


def assembled(cls: type[M], fields: dict[str, Any], fields_set: set[str] | None = None) -> M:
    """A model of plain data (no private attributes, no extra fields: the caller knows)
    holding ``fields`` as they are (every field, no validation, no copy), with ``fields_set``
    as its set fields (by default every field, as when each is given to the constructor:
    then the class's one shared set of them, ``every_field``, rather than a set of its own for
    every model built, a few hundred bytes and one more object for the collector each).
    ``built`` is the same with a look at the class first, which costs as much again."""
    model = cls.__new__(cls)
    set_dict(model, fields)
    if fields_set is None:
        every = _EVERY_FIELD.get(cls)
        if every is None:
            every = every_field(cls)
        # ``fields`` names only fields (the caller knows): as many names, the same names.
        fields_set = every if len(fields) == len(every) else set(fields)
    set_fields_set(model, fields_set)
    set_extra(model, None)
    set_private(model, None)
    return model


def whole(cls: type[M], fields: dict[str, Any]) -> M:
    """``assembled(cls, fields, every_field(cls))`` in one call, for the models an engine
    builds with every field on every move (a view, a prompt, an event)."""
    model = cls.__new__(cls)
    set_dict(model, fields)
    every = _EVERY_FIELD.get(cls)
    set_fields_set(model, every if every is not None else every_field(cls))
    set_extra(model, None)
    set_private(model, None)
    return model


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
    return assembled(cls, fields, set(fields).difference(defaulted))


def copied(model: M, update: dict[str, Any] | None = None) -> M:
    """``model.model_copy(update=update)``: a shallow copy with ``update``'s fields replaced
    (and counted as set)."""
    if model.__pydantic_extra__ is not None:
        return model.model_copy(update=update)
    cls = model.__class__
    new = cls.__new__(cls)
    fields = model.__dict__.copy()
    fields_set = model.__pydantic_fields_set__
    every = _EVERY_FIELD.get(cls)
    if every is None:
        every = every_field(cls)
    if len(fields_set) == len(every) and (not update or update.keys() <= every):
        # Every field set before and after (set fields are fields): the class's shared set,
        # as ``assembled`` gives.
        fields_set = every
    else:
        fields_set = set(fields_set)
        if update:
            fields_set.update(update)
    if update:
        fields.update(update)
    private = model.__pydantic_private__
    set_dict(new, fields)
    set_extra(new, None)
    set_fields_set(new, fields_set)
    set_private(new, None if private is None else {
        k: v for k, v in private.items() if v is not PydanticUndefined})
    return new


def json_text(model: BaseModel) -> str:
    """``model.model_dump_json()``: the model's JSON from its serializer with every option at
    its default, without the method that passes each of its fifteen options on (1.5 µs of
    its 2.4, for the action the service logs on every move)."""
    return model.__pydantic_serializer__.to_json(model).decode()
