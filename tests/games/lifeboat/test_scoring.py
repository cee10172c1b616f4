"""Scoring at the fourth bird: survival, valuables, the loved and the hated, special cases."""

from __future__ import annotations

from typing import Any

from games.core import Outcome
from games.lifeboat.cards import CHARACTERS
from games.lifeboat.options import Options
from tests.games.lifeboat.builders import GAME, make_state

FOUR = ("lauren", "stephen", "captain", "kid")  # seats 0..3


def _score(**kwargs: Any) -> Outcome:
    state = make_state(FOUR, supply=[], stage="over", **kwargs)
    outcome = GAME.outcome(state)
    assert outcome is not None
    return outcome


def _parts(outcome: Outcome, seat: int) -> tuple[float, float, float, float]:
    d = outcome.details[seat]
    return d["survival"], d["valuables"], d["loved"], d["hated"]


def test_the_four_parts_add_up_independently() -> None:
    # Lauren (seat 0) loves the Kid, hates the Captain; the Captain is dead.
    outcome = _score(
        loves=["kid", "lauren", "lauren", "lauren"],
        hates=["captain", "kid", "kid", "stephen"],
        wounds={"captain": 8},
        hands={"lauren": ["cash-01"]},
    )
    assert _parts(outcome, 0) == (8, 1, 9, 7)
    assert outcome.scores[0] == 25
    assert set(outcome.details[0]) == {"survival", "valuables", "loved", "hated"}


def test_unconscious_characters_count_as_survivors() -> None:
    outcome = _score(loves=["kid", "kid", "kid", "kid"], wounds={"kid": 3, "lauren": 4})
    assert _parts(outcome, 0)[0] == 8  # Lauren unconscious (4 of 4) still survives
    assert all(outcome.details[s]["loved"] == 9 for s in range(4))


def test_a_narcissist_alive_scores_survival_twice() -> None:
    outcome = _score(loves=["lauren", "lauren", "lauren", "lauren"])
    assert _parts(outcome, 0)[:3] == (8, 0, 8) and outcome.scores[0] == 16
    dead = _score(loves=["lauren", "lauren", "lauren", "lauren"], wounds={"lauren": 5})
    assert dead.details[0]["survival"] == 0 and dead.details[0]["loved"] == 0


def test_a_misanthrope_scores_every_other_death_and_not_their_own_survival() -> None:
    outcome = _score(
        hates=["lauren", "lauren", "lauren", "lauren"],
        wounds={"stephen": 6, "kid": 4},
        lost=["captain"],
    )
    survival, _, _, hated = _parts(outcome, 0)
    assert survival == 0
    assert hated == 5 + 7 + 3  # Stephen dead, the Captain lost, the Kid dead
    own_death = _score(hates=["lauren", "kid", "kid", "lauren"], wounds={"lauren": 5})
    assert own_death.details[0]["hated"] == 0  # not for their own death


def test_narcissist_and_misanthrope_scores_survival_once_or_nothing() -> None:
    alive = _score(loves=["lauren", "kid", "kid", "kid"], hates=["lauren", "kid", "kid", "lauren"])
    assert _parts(alive, 0) == (0, 0, 8, 0)
    dead = _score(
        loves=["lauren", "kid", "kid", "kid"],
        hates=["lauren", "kid", "kid", "lauren"],
        wounds={"lauren": 5, "kid": 4},
    )
    assert _parts(dead, 0) == (0, 0, 0, 3)  # still scores the others' deaths


def test_loving_and_hating_the_same_person_scores_either_way() -> None:
    same = {"loves": ["captain", "kid", "kid", "kid"], "hates": ["captain", "kid", "kid", "kid"]}
    alive = _score(**same)
    assert alive.details[0]["loved"] == 5 and alive.details[0]["hated"] == 0
    dead = _score(**same, wounds={"captain": 8})
    assert dead.details[0]["loved"] == 0 and dead.details[0]["hated"] == 7


def test_lost_characters_count_as_dead_for_love_and_hate() -> None:
    outcome = _score(
        loves=["kid", "kid", "kid", "lauren"], hates=["captain", "kid", "kid", "captain"],
        lost=["captain"],
    )
    assert outcome.details[0]["hated"] == 7 and outcome.details[2]["survival"] == 0


def test_the_player_of_a_lost_character_still_scores_love_and_hate() -> None:
    # Lady Lauren (seat 0) is lost; she loves the Kid (alive) and hates the Captain (dead).
    outcome = _score(
        loves=["kid", "kid", "kid", "lauren"], hates=["captain", "kid", "kid", "captain"],
        lost=["lauren"], wounds={"captain": 8}, hands={"lauren": ["cash-01"]},
    )
    assert _parts(outcome, 0) == (0, 0, CHARACTERS["kid"].survival, CHARACTERS["captain"].size)


def test_jewels_score_as_a_set_and_lady_lauren_doubles_them() -> None:
    for count, points in ((1, 1), (2, 4), (3, 8)):
        jewels = [f"jewels-{n:02d}" for n in range(1, count + 1)]
        outcome = _score(hands={"stephen": jewels[:1]}, face_up={"stephen": jewels[1:]})
        assert outcome.details[1]["valuables"] == points
        lauren = _score(hands={"lauren": jewels})
        assert lauren.details[0]["valuables"] == 2 * points


def test_paintings_score_their_value_and_sir_stephen_doubles_them() -> None:
    paintings = ["painting-01", "painting-02", "painting-03"]
    assert _score(hands={"kid": paintings}).details[3]["valuables"] == 2 + 3 + 3
    assert _score(hands={"stephen": paintings}).details[1]["valuables"] == 16


def test_cash_scores_one_and_the_captain_doubles_it() -> None:
    cash = ["cash-01", "cash-02", "cash-03"]
    assert _score(hands={"kid": cash}).details[3]["valuables"] == 3
    assert _score(face_up={"captain": cash}).details[2]["valuables"] == 6


def test_other_cards_are_worth_nothing() -> None:
    outcome = _score(hands={"kid": ["water-01", "knife-01", "preserver-01"]})
    assert outcome.details[3]["valuables"] == 0


def test_a_dead_body_aboard_keeps_its_valuables_for_its_heirs() -> None:
    outcome = _score(wounds={"kid": 4}, hands={"kid": ["cash-01"]}, face_up={"kid": ["jewels-01"]})
    assert _parts(outcome, 3)[:2] == (0, 2)


def test_a_character_lost_overboard_scores_no_valuables() -> None:
    state = make_state(FOUR, supply=[], stage="over", lost=["kid"])
    state.hand["kid"] = ["cash-01"]  # even if a card were still recorded
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.details[3]["valuables"] == 0


def test_the_shark_variant_scores_hated_sizes_one_higher() -> None:
    outcome = _score(
        options=Options(sharks=True),
        hates=["captain", "kid", "kid", "kid"],
        wounds={"captain": 9},
    )
    assert outcome.details[0]["hated"] == 8


def test_every_seat_with_the_top_score_wins() -> None:
    outcome = _score(loves=["stephen", "lauren", "kid", "captain"], hates=["captain"] * 4)
    assert outcome.scores == {0: 15, 1: 15, 2: 9, 3: 14}
    assert outcome.winners == [0, 1]


def test_the_game_has_no_outcome_before_the_end() -> None:
    assert GAME.outcome(make_state(FOUR, supply=[])) is None
