"""``once``: a property worked out on first reading and kept on the instance.

Python 3.11's ``functools.cached_property`` takes a lock on every first reading, a cost a bot
that builds a fresh reading of its view for every decision pays many times a move."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class once(Generic[T]):
    def __init__(self, compute: Callable[[Any], T]) -> None:
        self.compute = compute
        self.name = compute.__name__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, instance: Any, owner: type | None = None) -> T:
        value = self.compute(instance)
        instance.__dict__[self.name] = value
        return value
