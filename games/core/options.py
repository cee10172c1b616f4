"""What a game's ``Options`` model may say about its fields beyond their types."""

from __future__ import annotations

from typing import Any

from pydantic.fields import FieldInfo

# A field a series sets from the table before it (Sanguosha's league table and points), never
# chosen by hand: ``Field(..., json_schema_extra=SERIES)``. No command or lobby offers it.
SERIES: dict[str, Any] = {"series": True}


def chosen_by_hand(field: FieldInfo) -> bool:
    """Whether a table's host or a server's moderator may set this field."""
    extra = field.json_schema_extra
    return not (isinstance(extra, dict) and extra.get("series") is True)
