"""The seed's league format: everyone is lord once, one table after another with the same
seats, points summed; first-death protection passes to the last table's first dead."""

from __future__ import annotations

import random

import pytest

from games.core import IllegalAction
from games.core.conformance import bot_action, playout
from games.sanguosha import GAME, Options
from games.sanguosha.state import SanguoshaState


def _finished(seats: int, options: Options, seed: int) -> SanguoshaState:
    played = playout(GAME, seats, seed=seed, options=options, chooser=bot_action,
                     rng=random.Random(seed))
    state = played.state
    assert isinstance(state, SanguoshaState)
    return state


@pytest.mark.parametrize("seats", [4, 7])
def test_league_each_table_makes_its_seat_the_lord(seats: int) -> None:
    for table in range(seats):
        for seed in range(3):
            state = GAME.setup(seats, Options(league=True, league_table=table), seed=seed)
            assert state.lord == table
            identities = sorted(p.identity for p in state.players)
            plain = sorted(p.identity for p in GAME.setup(seats, seed=seed).players)
            assert identities == plain, "the same identities, only the lord placed"


def test_league_passes_the_lord_on_sums_the_points_and_ends_after_every_seat() -> None:
    seats = 4
    options = Options(league=True, scoring="fourth_edition").model_dump(mode="json")
    totals = [0.0] * seats
    for table in range(seats):
        state = _finished(seats, Options.model_validate(options), seed=11 + table)
        assert state.lord == table
        outcome = GAME.outcome(state)
        assert outcome is not None
        totals = [totals[s] + outcome.scores[s] for s in range(seats)]
        following = GAME.next_options(state, options)
        if table == seats - 1:
            assert following is None, "the league ends once every seat has been lord"
            break
        assert following is not None
        assert following["league_table"] == table + 1
        assert list(following["league_points"]) == totals
        options = Options.model_validate(following).model_dump(mode="json")
    assert sum(totals) > 0


def test_a_plain_table_is_followed_by_the_same_options() -> None:
    options = Options(ex_cards=True).model_dump(mode="json")
    state = _finished(5, Options(ex_cards=True), seed=3)
    assert GAME.next_options(state, options) == options


def test_first_death_protection_goes_to_the_first_dead_of_the_table_before() -> None:
    options = Options(first_death_protection=True, protected_seat=2).model_dump(mode="json")
    state = _finished(6, Options.model_validate(options), seed=8)
    assert state.deaths, "someone died"
    following = GAME.next_options(state, options)
    assert following is not None and following["protected_seat"] == state.deaths[0]


def test_a_league_goes_on_only_with_its_seats() -> None:
    with pytest.raises(IllegalAction):
        GAME.setup(5, Options(league=True, league_table=1, league_points=(0.0,) * 4), seed=1)
    with pytest.raises(IllegalAction):
        GAME.setup(4, Options(league=True, league_table=4), seed=1)
