"""Models built and copied without pydantic's walk (``games.core.construct``) share their
class's one set of field names when every field is set, and are otherwise what pydantic's own
construction and copy make: the same fields, the same set fields, the same JSON."""

from __future__ import annotations

from datetime import UTC, datetime

from pydantic import BaseModel

from games.core.construct import assembled, copied, every_field
from storage import MatchRecord, MatchStatus


class _Row(BaseModel):
    seat: int
    name: str
    tags: list[str] = []


def test_a_model_with_every_field_shares_the_classs_set() -> None:
    full = assembled(_Row, {"seat": 1, "name": "a", "tags": ["x"]})
    other = assembled(_Row, {"seat": 2, "name": "b", "tags": []})
    assert full.model_fields_set is every_field(_Row) is other.model_fields_set
    assert full == _Row(seat=1, name="a", tags=["x"])
    assert full.model_fields_set == _Row(seat=1, name="a", tags=["x"]).model_fields_set
    # Setting a field adds its name to the set, where it already is: nothing changes.
    full.seat = 3
    assert every_field(_Row) == {"seat", "name", "tags"}


def test_a_model_missing_a_field_has_a_set_of_its_own() -> None:
    partial = assembled(_Row, {"seat": 1, "name": "a"})
    assert partial.model_fields_set == {"seat", "name"}
    assert partial.model_fields_set is not every_field(_Row)
    given = assembled(_Row, {"seat": 1, "name": "a", "tags": []}, {"seat"})
    assert given.model_fields_set == {"seat"}


def test_a_copy_keeps_what_model_copy_keeps() -> None:
    now = datetime(2026, 1, 1, tzinfo=UTC)
    every = MatchRecord(id=7, game="zombie", guild_id=1, channel_id=2, host_id=3,
                        status=MatchStatus.ACTIVE, version=4, seed=9, created_at=now,
                        updated_at=now, options={}, outcome=None, locale=None)
    some = MatchRecord(id=7, game="zombie", guild_id=1, channel_id=2, host_id=3,
                       status=MatchStatus.ACTIVE, version=4, seed=9, created_at=now,
                       updated_at=now)
    for record in (every, some):
        for update in (None, {"version": 5}, {"version": 5, "outcome": {"winners": [0]}}):
            made, expected = copied(record, update), record.model_copy(update=update)
            assert made == expected
            assert made.model_fields_set == expected.model_fields_set
            assert made.model_dump_json() == expected.model_dump_json()
    assert copied(every, {"version": 5}).model_fields_set is every_field(MatchRecord)
    assert copied(some, {"version": 5}).model_fields_set is not every_field(MatchRecord)
