"""The engines' memo tables (games/core/memo.py): bounded ones, and those kept beside a live
object."""

from __future__ import annotations

import gc

import pytest

from games.core.memo import Beside, Memo


def test_a_full_memo_forgets_its_oldest_entry_one_at_a_time() -> None:
    """Emptying a full table at once stopped the bot's loop for 70-100 ms; it must shrink by
    exactly one entry per new one, oldest first."""
    memo: Memo[int, str] = Memo(3)
    for key in range(3):
        assert memo.remember(key, f"v{key}") == f"v{key}"
    memo.remember(3, "v3")
    assert list(memo.items()) == [(1, "v1"), (2, "v2"), (3, "v3")]
    memo.remember(4, "v4")
    assert list(memo) == [2, 3, 4] and memo.get(0) is None


def test_storing_a_known_key_again_forgets_nothing() -> None:
    memo: Memo[str, int] = Memo(2)
    memo.remember("a", 1)
    memo.remember("b", 2)
    memo.remember("b", 3)
    assert dict(memo) == {"a": 1, "b": 3}


def test_a_memo_holds_at_least_one_entry() -> None:
    with pytest.raises(ValueError):
        Memo(0)


class _Part:
    """A stand-in for a match's unchanging part (an island)."""


@pytest.mark.usefixtures("own_heap")
def test_a_value_kept_beside_an_object_lives_as_long_as_it_and_no_longer() -> None:
    """A thousand live matches keep their entries (a bounded table forgot them and worked
    each out again on every move); a match's entry goes with it, and an object that takes the
    same id later does not find it."""
    memo: Beside[_Part, str] = Beside()
    parts = [_Part() for _ in range(1_000)]
    for i in range(1_000):
        memo.remember(parts[i], f"facts {i}")
    assert [memo.get(part) for part in parts] == [f"facts {i}" for i in range(1_000)]
    assert memo.get(_Part()) is None
    del parts[10:]
    gc.collect()
    assert len(memo) == 10
    later = [_Part() for _ in range(1_000)]
    assert all(memo.get(part) is None for part in later)


@pytest.mark.usefixtures("own_heap")
def test_remembering_again_keeps_one_entry_that_still_goes_with_its_object() -> None:
    memo: Beside[_Part, int] = Beside()
    part = _Part()
    memo.remember(part, 1)
    memo.remember(part, 2)
    assert memo.get(part) == 2 and len(memo) == 1
    del part
    gc.collect()
    assert len(memo) == 0


def test_a_value_is_made_once_for_its_object() -> None:
    memo: Beside[_Part, int] = Beside()
    made: list[_Part] = []

    def make(part: _Part) -> int:
        made.append(part)
        return len(made)

    first, second = _Part(), _Part()
    assert [memo.made(first, make), memo.made(first, make), memo.made(second, make)] == [1, 1, 2]
    assert made == [first, second]
