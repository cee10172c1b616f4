"""Each haunt's win conditions end the game for the side that meets them, the deadline ends it
for the side whose book names it, and a game where nobody meets a condition has no winners."""

from __future__ import annotations

import pytest

from games.haunt import GAME
from games.haunt.actions import Attack, Special, TakeDamage
from games.haunt.catalog import catalog
from games.haunt.schema import Goal, Haunt, SideRules
from games.haunt.state import DamageOwed, HauntState
from tests.games.haunt.builders import act, haunted, set_turn, set_value, strong, with_seed

SEATS = 4


def _cases() -> list[tuple[str, str, str]]:
    cases: list[tuple[str, str, str]] = []
    for haunt in catalog().haunts:
        for side, book in (("traitor", haunt.tome), ("heroes", haunt.secret)):
            if book is not None:
                for goal in book.wins:
                    cases.append((haunt.id, side, goal.kind))
    return cases


def _kill(state: HauntState, seat: int) -> HauntState:
    # Death must be unavoidable: both physical traits one step above the skull.
    set_value(state, seat, "might", 0)
    set_value(state, seat, "speed", 0)
    state.damage.append(DamageOwed(seat=seat, kind="physical", amount=1))
    state.forget_pending()
    state, _ = act(state, TakeDamage(seat=seat, trait="might"))
    return state


def _winners_for(state: HauntState, side: str) -> list[int]:
    return [state.traitor] if side == "traitor" else state.heroes()  # type: ignore[list-item]


def _make_progress(state: HauntState, seat: int, book: SideRules, goal: Goal) -> HauntState:
    action = next(a for a in book.actions if a.effect == "progress")
    side = state.side_of(seat)
    state.progress[side] = goal.needed(len(state.heroes())) - 1
    set_turn(state, seat)
    state.seat(seat).room = action.room or state.haunt_room or ""
    strong(state, seat)
    special = Special(seat=seat, action=action.id)
    state = with_seed(state, lambda t: GAME.apply(t, special).state.winners is not None)
    state, _ = act(state, special)
    return state


def _escape(state: HauntState, heroes: list[int], book: SideRules) -> HauntState:
    action = next(a for a in book.actions if a.effect == "escape")
    state.seat(heroes[0]).escaped = True
    set_turn(state, heroes[1])
    state.seat(heroes[1]).room = action.room or ""
    strong(state, heroes[1])
    special = Special(seat=heroes[1], action=action.id)
    state = with_seed(state, lambda t: GAME.apply(t, special).state.winners is not None)
    state, _ = act(state, special)
    return state


def _stun_them_all(state: HauntState, hero: int) -> HauntState:
    *others, last = state.monsters
    for piece in others:
        piece.stunned = True
    set_turn(state, hero)
    state.seat(hero).room = last.room
    strong(state, hero)
    attack = Attack(seat=hero, target=last.id, trait="might")
    state = with_seed(state, lambda t: GAME.apply(t, attack).state.winners is not None)
    state, _ = act(state, attack)
    return state


@pytest.mark.parametrize(("haunt_id", "side", "goal"), _cases(), ids=lambda v: str(v))
def test_a_side_meeting_a_win_condition_wins(haunt_id: str, side: str, goal: str) -> None:
    haunt: Haunt = catalog().haunt(haunt_id)
    state = haunted(haunt_id, SEATS, revealer=0)
    book = haunt.tome if side == "traitor" else haunt.secret
    assert book is not None
    chosen = next(g for g in book.wins if g.kind == goal)
    heroes = state.heroes()
    if state.traitor is None:
        # Every explorer for themselves: the first to finish the will inherits alone.
        state = _make_progress(state, 2, book, chosen)
        assert state.winners == [2]
        return
    traitor = state.traitor
    if goal == "heroes_dead":
        for hero in heroes:
            state = _kill(state, hero)
    elif goal == "traitor_dead":
        state = _kill(state, traitor)
    elif goal == "progress":
        seat = traitor if side == "traitor" else heroes[0]
        state = _make_progress(state, seat, book, chosen)
    elif goal == "escaped":
        state = _escape(state, heroes, book)
    elif goal == "monsters_stunned":
        state = _stun_them_all(state, heroes[0])
    assert state.winners == sorted(_winners_for(state, side))
    assert GAME.outcome(state) is not None and GAME.pending(state) == []


@pytest.mark.parametrize("haunt_id", [h.id for h in catalog().haunts])
def test_at_the_end_of_the_last_round_the_deadline_decides(haunt_id: str) -> None:
    haunt = catalog().haunt(haunt_id)
    state = haunted(haunt_id, SEATS, revealer=0)
    state.round = haunt.deadline
    if haunt.deadline_winner == "most_progress":
        state.progress = {"seat:1": 2, "seat:3": 1}
    state.forget_pending()
    steps = 0
    while state.winners is None:
        prompt = GAME.pending(state)[0]
        state, _ = act(state, prompt.default_action())  # type: ignore[arg-type]
        steps += 1
        assert steps < 200
    assert state.end_reason == "deadline"
    if haunt.deadline_winner == "traitor":
        assert state.winners == [state.traitor]
    elif haunt.deadline_winner == "heroes":
        assert state.winners == state.heroes()
    else:
        assert state.winners == [1]


def test_the_last_hero_dying_ends_the_game_for_the_traitor_even_mid_turn() -> None:
    state = haunted("burial-bargain", SEATS, revealer=0)
    heroes = state.heroes()
    for hero in heroes[:-1]:
        state = _kill(state, hero)
    assert state.winners is None
    assert state.current == heroes[-1] or state.current == state.traitor
    state = _kill(state, heroes[-1])
    assert state.winners == [state.traitor]


@pytest.mark.parametrize(
    "haunt_id", [h.id for h in catalog().haunts if h.deadline_winner != "most_progress"]
)
def test_the_deadline_winner_is_a_win_condition_written_in_that_sides_book(haunt_id: str) -> None:
    """Seed: "谁最先完成书中的胜利条件者获胜" and "若…皆无法达成其胜利条件,则两者皆负": the books
    decide. A haunt hands its deadline to a side only when that side's book names the deadline
    round as a way to win, so at the deadline that side has met a written condition."""
    haunt = catalog().haunt(haunt_id)
    book = haunt.tome if haunt.deadline_winner == "traitor" else haunt.secret
    assert book is not None
    assert f"round {haunt.deadline}" in book.text.en
    assert f"第{haunt.deadline}轮" in book.text.zh_CN


def test_without_a_traitor_nobody_inherits_at_the_deadline_if_nobody_read() -> None:
    """Seed: "若奸徒Traitor或英雄Hero皆无法达成其胜利条件,则两者皆负" — with no fragment read,
    nobody meets the will's condition and the game ends without winners."""
    haunt = catalog().haunt("will-of-marrowgate")
    state = haunted("will-of-marrowgate", SEATS, revealer=0)
    state.round = haunt.deadline
    state.forget_pending()
    while state.winners is None:
        prompt = GAME.pending(state)[0]
        state, _ = act(state, prompt.default_action())  # type: ignore[arg-type]
    assert state.end_reason == "deadline" and state.winners == []
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == []
    assert set(outcome.scores.values()) == {0.0}
    assert GAME.pending(state) == []


def test_without_a_traitor_if_everyone_dies_having_read_nothing_all_lose() -> None:
    """Seed: "…皆无法达成其胜利条件,则两者皆负"."""
    state = haunted("will-of-marrowgate", SEATS, revealer=0)
    for seat in range(SEATS):
        state = _kill(state, seat)
    assert state.end_reason == "all_dead" and state.winners == []


def test_without_a_traitor_if_everyone_dies_the_furthest_reader_inherits() -> None:
    state = haunted("will-of-marrowgate", SEATS, revealer=0)
    state.progress = {"seat:2": 2, "seat:0": 1}
    for seat in range(SEATS):
        state = _kill(state, seat)
    assert state.winners == [2]
