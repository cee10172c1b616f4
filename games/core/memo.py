"""Memo tables with a size bound, for what an engine builds again and again (prompts, view
rows) and may share because it is immutable.

A full table forgets its oldest entry for each new one. Emptying it in one go instead, as the
first version did, freed some fifty thousand entries (a few hundred thousand objects) at once:
a 70-100 ms stop of the bot's event loop, the largest single cause of the service's p99
latency (docs/benchmarks.md, *Service*). Oldest-first is an ``OrderedDict``'s O(1)
``popitem(last=False)``; a plain dict would have to skip the holes its deletions leave.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Memo(OrderedDict[K, V]):
    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError("a memo table holds at least one entry")
        super().__init__()
        self.limit = limit

    def remember(self, key: K, value: V) -> V:
        """Stores ``value`` under ``key``; when full, first forgets the oldest entry."""
        if key not in self and len(self) >= self.limit:
            self.popitem(last=False)
        self[key] = value
        return value
