"""Copy on write for a state's containers: a copy holds the very lists, dicts and sub-models of
the state it was copied from until a rule is about to change one.

``Game.apply`` copies the state on every move, and a move changes a handful of its containers:
copying them all, then collecting and freeing the copies, is most of what a copy costs. A
``LendingState``'s copy (``lending_copy``) shares every field with its source and keeps the
source's fields (``_lent``); a rule takes a container it changes through ``own`` (a field) or
``own_entry`` (one entry of a field that holds containers, as a hand in a dict of hands), which
copy it first while it is still the source's. The copy keeps its source's fields (not the
source) alive while it lives: the containers it replaced are freed with it, a move later.

The contract, for every rule that changes a state:
- change a container of the state only as ``own`` or ``own_entry`` returned it, in the same
  move (a container read straight from the state may still be the source's);
- never put a container of one field into another field, nor keep one aside to change later,
  before owning it (ownership is told by identity, field by field);
- never change a state once it has been copied (``Game.apply`` changes the copy alone).
Assigning a new value to a field (``state.drawn = []``) needs no owning.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Self

from pydantic import PrivateAttr

from games.core.construct import every_field, set_dict, set_extra, set_fields_set, set_private
from games.core.model import StateBase


def _shallow(value: Any) -> Any:
    return value.copy()


class LendingState(StateBase):
    # The fields of the state this one was copied from, whose containers it shares until it
    # owns them (None: a state built or parsed, which owns everything it holds).
    _lent: dict[str, Any] | None = PrivateAttr(default=None)

    def lending_copy(self) -> Self:
        """A copy sharing every field with this state, each container lent until the copy
        owns it (``own``, ``own_entry``); the pending prompts are not carried over, the
        other private attributes are."""
        cls = self.__class__
        copy = cls.__new__(cls)
        fields = self.__dict__
        set_dict(copy, fields.copy())
        # Every field counted as set, as in a state parsed from its JSON: the class's one set
        # of them (``every_field``), rather than a set of its own made and freed every move.
        set_fields_set(copy, every_field(cls))
        set_extra(copy, None)
        private = self.__pydantic_private__
        kept = {} if private is None else private.copy()
        kept["_pending"] = None
        kept["_lent"] = fields
        set_private(copy, kept)
        return copy

    def own(self, name: str, copy: Callable[[Any], Any] = _shallow) -> Any:
        """Field ``name``, to be changed: replaced first by ``copy`` of it (by default a
        shallow copy) while the state this one was copied from holds the same container."""
        fields = self.__dict__
        value = fields[name]
        private = self.__pydantic_private__
        lent = None if private is None else private.get("_lent")
        if lent is not None and lent.get(name) is value:
            value = fields[name] = copy(value)
        return value

    def own_entry(self, name: str, key: Any, copy: Callable[[Any], Any] = _shallow) -> Any:
        """Entry ``key`` of field ``name`` (a dict or a list of containers), to be changed:
        the field owned first (``own``), then the entry replaced by ``copy`` of it while the
        source's field holds the same container at ``key``."""
        outer = self.own(name)
        value = outer[key]
        private = self.__pydantic_private__
        lent = None if private is None else private.get("_lent")
        if lent is not None:
            source = lent.get(name)
            if source is not None:
                if isinstance(source, dict):
                    shared = source.get(key) is value
                else:
                    shared = 0 <= key < len(source) and source[key] is value
                if shared:
                    value = outer[key] = copy(value)
        return value

    def own_or_add_entry(self, name: str, key: Any, make: Callable[[], Any] = list) -> Any:
        """Entry ``key`` of dict field ``name``, to be changed (``own_entry``); a new
        ``make()`` put there first when the field has no such entry (a new entry is this
        state's own from the start)."""
        outer = self.own(name)
        if key not in outer:
            value = outer[key] = make()
            return value
        return self.own_entry(name, key)
