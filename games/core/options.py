"""What a game's ``Options`` model may say about its fields beyond their types."""

from __future__ import annotations

from datetime import date
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

# A field a series sets from the table before it (Sanguosha's league table and points), never
# chosen by hand: ``Field(..., json_schema_extra=SERIES)``. No command or lobby offers it.
SERIES: dict[str, Any] = {"series": True}
# A field the table fills with the day it opens, as "MM-DD" (the haunt's "whose birthday comes
# next"): a fact of the table, not a choice, so no command or lobby offers it either. Kept in the
# options, so the engine stays a function of its options and seed.
TABLE_DATE: dict[str, Any] = {"table_date": True}


def _marked(field: FieldInfo, mark: str) -> bool:
    extra = field.json_schema_extra
    return isinstance(extra, dict) and extra.get(mark) is True


def chosen_by_hand(field: FieldInfo) -> bool:
    """Whether a table's host or a server's moderator may set this field."""
    return not (_marked(field, "series") or _marked(field, "table_date"))


def dated(model: type[BaseModel], options: dict[str, Any], day: date) -> dict[str, Any]:
    """``options`` with the fields the table fills with its date set to ``day``."""
    fields = [name for name, field in model.model_fields.items() if _marked(field, "table_date")]
    return {**options, **{name: day.strftime("%m-%d") for name in fields}}
