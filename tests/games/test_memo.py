"""The engines' bounded memo tables (games/core/memo.py)."""

from __future__ import annotations

import pytest

from games.core.memo import Memo


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
