"""Identities, hero selection and the opening hands."""

from __future__ import annotations

import pytest

from games.core.conformance import find_leaks
from games.sanguosha import GAME, Options
from games.sanguosha.actions import Choose
from games.sanguosha.heroes import HEROES, LORD_CHOICES
from games.sanguosha.state import SanguoshaState


def test_the_lord_is_revealed_at_once_and_nobody_else() -> None:
    state = GAME.setup(6, seed=4)
    public = GAME.view(state, None)
    shown = [row.identity for row in public.seats]
    assert shown.count("lord") == 1 and shown.count(None) == 5
    assert shown[state.lord] == "lord"


def test_lord_chooses_from_cao_cao_liu_bei_sun_quan_and_two_random_heroes() -> None:
    state = GAME.setup(5, seed=9)
    (prompt,) = GAME.pending(state)
    assert prompt.seat == state.lord and prompt.kind == "hero"
    offered = [a.option for a in prompt.actions]  # type: ignore[attr-defined]
    assert offered[:3] == list(LORD_CHOICES) and len(offered) == 5
    assert not set(offered[3:]) & set(LORD_CHOICES)


@pytest.mark.parametrize(("seats", "each"), [(5, 3), (9, 3), (10, 2)])
def test_others_choose_in_secret_from_three_heroes_two_at_ten(seats: int, each: int) -> None:
    state = GAME.setup(seats, seed=2)
    state = GAME.apply(state, Choose(seat=state.lord, option="liubei")).state
    prompts = GAME.pending(state)
    assert sorted(p.seat for p in prompts) == sorted(set(range(seats)) - {state.lord})
    offers = [a.option for p in prompts for a in p.actions]  # type: ignore[attr-defined]
    assert all(len(p.actions) == each for p in prompts)
    assert len(set(offers)) == len(offers) and "liubei" not in offers
    first = prompts[0]
    transition = GAME.apply(state, first.actions[0])
    assert not find_leaks(GAME, state, transition)
    public = GAME.view(transition.state, None)
    assert public.seats[first.seat].hero == ""  # nobody's hero shows before all have chosen
    assert public.seats[first.seat].has_chosen


def _choose_all(
    seats: int, lord_hero: str, seed: int = 1, options: Options | None = None
) -> SanguoshaState:
    state = GAME.setup(seats, options, seed=seed)
    state = GAME.apply(state, Choose(seat=state.lord, option=lord_hero)).state
    for prompt in GAME.pending(state):
        state = GAME.apply(state, prompt.actions[0]).state
    return state


def test_heroes_are_revealed_together_and_the_lord_gets_one_more_hp() -> None:
    state = _choose_all(5, "liubei")
    lord = state.players[state.lord]
    assert lord.max_hp == HEROES["liubei"].hp + 1 == lord.hp
    for player in state.players:
        assert player.hero
        if player.seat != state.lord:
            assert player.max_hp == HEROES[player.hero].hp


def test_the_lord_gets_no_extra_hp_at_four_players() -> None:
    state = _choose_all(4, "caocao")
    assert state.players[state.lord].max_hp == 4


def test_without_heroes_everyone_has_four_hp_and_the_lord_five_at_five_players() -> None:
    four = GAME.setup(4, Options(heroes=False), seed=1)
    assert {p.max_hp for p in four.players} == {4}
    five = GAME.setup(5, Options(heroes=False), seed=1)
    assert [p.max_hp for p in five.players].count(5) == 1
    assert five.players[five.lord].max_hp == 5
    assert GAME.view(five, None).seats[0].skills == []


def test_four_starting_cards_and_the_lord_plays_first_after_drawing_two() -> None:
    state = GAME.setup(6, Options(heroes=False), seed=5)
    assert state.current == state.lord and state.phase == "play"
    for player in state.players:
        expected = 6 if player.seat == state.lord else 4
        assert len(player.hand) == expected
