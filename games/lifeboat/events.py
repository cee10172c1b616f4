"""Building events: message keys ``lifeboat.event.<name>`` with plain JSON parameters.

A secret is only ever sent to the seats that may see it; the table then hears about it
through a separate public event carrying no card ids (e.g. ``card_given`` for everyone and
``card_received`` for the giver and the receiver).
"""

from __future__ import annotations

from typing import Any

from games.core import Event
from games.core.construct import assembled

PREFIX = "lifeboat.event."


def public(events: list[Event], name: str, **params: Any) -> None:
    events.append(assembled(Event, {"key": PREFIX + name, "params": params, "to": None}))


def private(events: list[Event], seats: tuple[int, ...], name: str, **params: Any) -> None:
    audience = tuple(sorted(set(seats)))
    events.append(assembled(Event, {"key": PREFIX + name, "params": params, "to": audience}))
