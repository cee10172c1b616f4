"""What a live match keeps of its latest events: exactly what the board and the panels show."""

from games.core import Event
from tables.recent import BOARD_EVENTS, PANEL_EVENTS, RecentEvents


def test_board_keeps_the_last_public_events_in_order() -> None:
    recent = RecentEvents()
    recent.extend(Event(key=f"e{i}") for i in range(BOARD_EVENTS + 3))
    assert [e.key for e in recent.public()] == [f"e{i}" for i in range(3, BOARD_EVENTS + 3)]


def test_private_events_reach_only_their_seats_and_never_the_board() -> None:
    recent = RecentEvents()
    recent.append(Event(key="shared", to=(0, 2)))
    recent.append(Event(key="mine", to=(1,)))
    recent.append(Event(key="table"))
    assert [e.key for e in recent.public()] == ["table"]
    assert [e.key for e in recent.for_seat(0)] == ["shared"]
    assert [e.key for e in recent.for_seat(1)] == ["mine"]
    assert [e.key for e in recent.for_seat(2)] == ["shared"]
    assert recent.for_seat(3) == []


def test_a_busy_table_does_not_push_a_seats_private_events_out() -> None:
    recent = RecentEvents()
    recent.append(Event(key="secret", to=(0,)))
    recent.extend(Event(key=f"public{i}") for i in range(50))
    assert [e.key for e in recent.for_seat(0)] == ["secret"]
    for i in range(PANEL_EVENTS + 1):
        recent.append(Event(key=f"p{i}", to=(0,)))
    assert [e.key for e in recent.for_seat(0)] == [f"p{i}" for i in range(1, PANEL_EVENTS + 1)]
    assert len(recent) == BOARD_EVENTS + PANEL_EVENTS


def test_extend_keeps_what_append_keeps_one_by_one() -> None:
    """``extend`` writes ``append`` out (a move's events): the same tails, in the same order."""
    events = [Event(key=f"e{i}", params={"i": i}, to=None if i % 3 == 0 else
                    ((i % 4,) if i % 3 == 1 else (0, i % 5))) for i in range(40)]
    extended, appended = RecentEvents(), RecentEvents()
    extended.extend(events)
    for event in events:
        appended.append(event)
    assert list(extended) == list(appended)
    assert extended.public() == appended.public()
    for seat in range(6):
        assert extended.for_seat(seat) == appended.for_seat(seat)
    assert len(extended) == len(appended)
