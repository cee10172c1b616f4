"""Per-hero stats: ``character_of`` names the hero each seat played ("as Zhuge Liang")."""

from __future__ import annotations

from games.sanguosha import GAME, Options
from games.sanguosha.actions import Choose
from games.sanguosha.heroes import HEROES


def test_character_of_is_the_hero_each_seat_chose_once_heroes_are_revealed() -> None:
    state = GAME.setup(5, seed=3)
    assert [GAME.character_of(state, seat) for seat in range(5)] == [None] * 5
    state = GAME.apply(state, Choose(seat=state.lord, option="liubei")).state
    assert GAME.character_of(state, state.lord) == "liubei"
    chosen: dict[int, str] = {}
    for prompt in GAME.pending(state):
        pick = prompt.actions[-1]
        assert isinstance(pick, Choose)
        chosen[prompt.seat] = pick.option
        state = GAME.apply(state, pick).state
    assert {seat: GAME.character_of(state, seat) for seat in chosen} == chosen
    assert set(chosen.values()) <= set(HEROES) - {"liubei"}


def test_a_secret_pick_is_no_character_until_every_hero_is_revealed() -> None:
    state = GAME.setup(5, seed=3)
    state = GAME.apply(state, Choose(seat=state.lord, option="caocao")).state
    first = GAME.pending(state)[0]
    state = GAME.apply(state, first.actions[0]).state
    assert GAME.character_of(state, first.seat) is None


def test_without_heroes_no_seat_has_a_character_but_each_keeps_its_identity() -> None:
    state = GAME.setup(5, Options(heroes=False), seed=1)
    assert [GAME.character_of(state, seat) for seat in range(5)] == [None] * 5
    assert GAME.role_of(state, state.lord) == "lord"
