"""Actions built once: a game's prompts offer the same frozen actions move after move (the same
seats, rooms, tiles, cards), and building and validating each again was a share of every
move's cost. ``made(cls, **fields)`` builds each distinct one once and hands back that one."""

from __future__ import annotations

from typing import Any, TypeVar

from games.core.model import Action

ActionT = TypeVar("ActionT", bound=Action)

# A few thousand distinct actions a game at most. The key keeps the fields in the order the
# caller names them (each call site names them one way; an action named two ways is built
# twice, equal either way).
_MADE: dict[tuple[object, ...], Action] = {}


def made(cls: type[ActionT], **fields: Any) -> ActionT:
    key = (cls, *fields.items())
    found = _MADE.get(key)
    if found is None:
        found = _MADE[key] = cls(**fields)
    assert isinstance(found, cls)
    return found
