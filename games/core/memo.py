"""Memo tables with a size bound, for what an engine builds again and again (prompts, view
rows) and may share because it is immutable; and memos kept beside an object for as long as it
lives (``Beside``), for what a match's unchanging parts imply.

A full table forgets its oldest entry for each new one. Emptying it in one go instead, as the
first version did, freed some fifty thousand entries (a few hundred thousand objects) at once:
a 70-100 ms stop of the bot's event loop, the largest single cause of the service's p99
latency (docs/benchmarks.md, *Service*). Oldest-first is an ``OrderedDict``'s O(1)
``popitem(last=False)``; a plain dict would have to skip the holes its deletions leave.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Memo(OrderedDict[K, V]):
    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError("a memo table holds at least one entry")
        super().__init__()
        self.limit = limit

    def remember(self, key: K, value: V) -> V:
        """Stores ``value`` under ``key``; a new key in a full table takes the place of the
        oldest entry. (Stored first and the oldest dropped after: the key is hashed once, where
        asking whether it is new hashed a long tuple key twice on every miss.)"""
        self[key] = value
        if len(self) > self.limit:
            self.popitem(last=False)
        return value


class Beside(Generic[K, V]):
    """Values found by their key object's identity and kept as long as that object lives: what
    one match's unchanging part implies (a Catan island's facts), worked out once for the
    match's whole life however many matches are live, and gone with it. A bounded table keyed
    by the part's value would forget a live match's entry once more matches than its bound
    take turns (a thousand tables at once), and work it out again on every move."""

    def __init__(self) -> None:
        self._entries: dict[int, tuple[weakref.ref[K], V]] = {}

    def get(self, key: K) -> V | None:
        entry = self._entries.get(id(key))
        if entry is not None and entry[0]() is key:
            return entry[1]
        return None

    def made(self, key: K, make: Callable[[K], V]) -> V:
        """The value kept for ``key``, made by ``make(key)`` and kept the first time."""
        entry = self._entries.get(id(key))
        if entry is not None and entry[0]() is key:
            return entry[1]
        return self.remember(key, make(key))

    def remember(self, key: K, value: V) -> V:
        ident = id(key)
        entries = self._entries

        def forget(ref: weakref.ref[K]) -> None:
            # Only this key's own entry (remembering the key again replaced it). Runs in
            # whichever thread lets the key go (pictures and searching bots have their own):
            # each step here is one dict operation, and a lost race only costs a recomputation.
            entry = entries.get(ident)
            if entry is not None and entry[0] is ref:
                entries.pop(ident, None)

        entries[ident] = (weakref.ref(key, forget), value)
        return value

    def __len__(self) -> int:
        return len(self._entries)
