"""The generator of a move (``derive_rng``) is seeded only when first drawn from, and draws
exactly what ``random.Random`` seeded with the same material draws: games replay the same."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from games.core import derive_rng

_DRAWS: list[Callable[[random.Random], Any]] = [
    lambda r: r.random(),
    lambda r: r.choice("abcdefghij"),
    lambda r: r.randint(1, 6),
    lambda r: r.sample(range(50), 5),
    lambda r: r.gauss(0, 1),
    lambda r: r.uniform(1, 2),
    lambda r: r.getrandbits(70),
    lambda r: r.randbytes(5),
    lambda r: r.shuffle(deck := list(range(20))) or deck,
    lambda r: r.getstate(),
]


@pytest.mark.parametrize("first", range(len(_DRAWS)))
def test_draws_are_those_of_a_generator_seeded_at_once(first: int) -> None:
    lazy = derive_rng(1234, 56, "apply")
    eager = random.Random("parlor:1234:56:apply")
    order = _DRAWS[first:] + _DRAWS[:first]  # each kind of draw comes first once
    assert [draw(lazy) for draw in order] == [draw(eager) for draw in order]


def test_a_generator_never_drawn_from_is_never_seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    seeded: list[Any] = []
    original = random.Random.seed

    def counting(self: random.Random, *args: Any, **kwargs: Any) -> None:
        seeded.append(args)
        original(self, *args, **kwargs)

    monkeypatch.setattr(random.Random, "seed", counting)
    rng = derive_rng(1, 2)
    assert seeded == []
    rng.random()
    assert len(seeded) == 1
    rng.random()
    assert len(seeded) == 1


def test_seeding_again_replaces_the_pending_material() -> None:
    rng = derive_rng(1, 2)
    rng.seed(99)
    assert rng.random() == random.Random(99).random()
