"""The column values written on every move (``storage.rows``): the direct text of a timer set
and the UTC time text say exactly what the general JSON and time conversion say."""

from __future__ import annotations

import json
import math
import random
from datetime import UTC, datetime, timedelta, timezone

import pytest

from storage.records import TimerRecord
from storage.rows import timer_json, timer_set_json, to_db_time, to_json, utc_text


def _general(match_id: int, timers: list[TimerRecord]) -> str:
    """The set as plain ``json.dumps`` writes it, every time through ``astimezone``."""
    rows = [[t.seat, t.version, t.deadline.astimezone(UTC).isoformat(timespec="microseconds"),
             t.warned] for t in timers]
    return json.dumps(rows, separators=(",", ":"), ensure_ascii=False)


def _timer(seat: int, deadline: datetime, *, match_id: int = 7, warned: bool = False
           ) -> TimerRecord:
    return TimerRecord(match_id=match_id, seat=seat, version=40 + seat, deadline=deadline,
                       warned=warned)


UTC_TIMERS = [
    _timer(2, datetime(2026, 1, 2, 3, 4, 5, 6, tzinfo=UTC), warned=True),
    _timer(0, datetime.fromtimestamp(1_700_000_000.5, UTC)),
]


@pytest.mark.parametrize("timers", [
    [],
    UTC_TIMERS,
    # A deadline in another zone is converted; a set with one goes the general way.
    [*UTC_TIMERS, _timer(5, datetime(2026, 1, 2, tzinfo=timezone(timedelta(hours=8))))],
])
def test_a_timer_set_is_the_general_json_text(timers: list[TimerRecord]) -> None:
    assert timer_set_json(7, timers) == _general(7, timers)
    assert json.loads(timer_set_json(7, timers)) == json.loads(_general(7, timers))


def test_a_timer_set_still_refuses_a_stranger_a_repeated_seat_and_a_naive_deadline() -> None:
    with pytest.raises(ValueError, match="matches \\[8\\]"):
        timer_set_json(7, [*UTC_TIMERS, _timer(3, UTC_TIMERS[0].deadline, match_id=8)])
    with pytest.raises(ValueError, match="repeat"):
        timer_set_json(7, [*UTC_TIMERS, UTC_TIMERS[0]])
    with pytest.raises(ValueError, match="naive"):
        timer_set_json(7, [*UTC_TIMERS, _timer(4, datetime(2026, 1, 2))])


def test_utc_text_is_the_same_from_any_zone() -> None:
    moment = datetime(2026, 3, 1, 12, 0, 0, 250, tzinfo=UTC)
    east = moment.astimezone(timezone(timedelta(hours=8)))
    assert to_db_time(moment) == to_db_time(east) == "2026-03-01T12:00:00.000250+00:00"
    with pytest.raises(ValueError, match="naive"):
        to_db_time(datetime(2026, 3, 1))


def test_utc_text_of_seconds_is_the_text_of_their_datetime() -> None:
    """``utc_text`` rounds as ``datetime.fromtimestamp`` does: to the microsecond, half to
    even, a fraction rounding up to a whole second carried into it; and it gives each second
    its own text however the moments come (the same second again, another, back again)."""
    rng = random.Random(11)
    edges = [0.0, 0.5e-6, 1.5e-6, 2.5e-6, 0.4999995, 0.9999994, 0.9999995, 0.9999996,
             0.99999949999, 0.9999999999]
    moments = [rng.uniform(1.6e9, 2.1e9) for _ in range(20_000)]
    moments += [math.floor(rng.uniform(1.6e9, 2.1e9)) + edge for edge in edges * 500]
    moments += [1_799_999_999.9999995, 1_800_000_000.0, 1_799_999_999.25, 1_800_000_000.75]
    for epoch in moments:
        assert utc_text(epoch) == to_db_time(datetime.fromtimestamp(epoch, UTC)), epoch


def test_a_timer_from_seconds_is_the_timer_from_their_datetime() -> None:
    for epoch in (1_700_000_000.5, 1_764_460_800.123456, 1_764_460_800.9999996):
        assert timer_json(3, 41, epoch, False) == \
            timer_json(3, 41, datetime.fromtimestamp(epoch, UTC), False)
        assert json.loads(timer_json(3, 41, epoch, True))[2] == \
            to_db_time(datetime.fromtimestamp(epoch, UTC))


def test_json_text_is_compact_and_keeps_non_ascii() -> None:
    value = {"name": "张三", "seats": [1, 2.5, None, True]}
    assert to_json(value) == '{"name":"张三","seats":[1,2.5,null,true]}'
    assert to_json(value) == json.dumps(value, separators=(",", ":"), ensure_ascii=False)
