"""The built-in bot plays its identity from what its own view shows."""

from __future__ import annotations

import random

from games.core import Action
from games.sanguosha import GAME
from games.sanguosha.actions import Pass, Respond, Use
from games.sanguosha.turn import play_prompt

from .builders import Run, give, table

FIVE = ["lord", "loyalist", "rebel", "rebel", "renegade"]


def _bot(run: Run, seat: int) -> Action:
    prompt = run.prompt(seat)
    return GAME.choose(GAME.view(run.state, seat), prompt, random.Random(0))


def _lord_dying(holder: int, identities: list[str]) -> Run:
    state = table(5, identities=identities)
    state.players[0].hp = 1
    give(state, 0, "juedou-club-A")
    give(state, 2, "sha-club-2")
    give(state, holder, "tao-heart-3")
    run = Run(state).use(0, "juedou-club-A", 2).pass_windows().respond(2, "sha-club-2").pass_(0)
    while run.prompt().seat != holder:
        run.pass_(run.prompt().seat)
    return run


def test_a_loyalist_bot_saves_the_dying_lord() -> None:
    run = _lord_dying(1, FIVE)
    assert isinstance(_bot(run, 1), Respond)


def test_a_rebel_bot_lets_the_lord_die() -> None:
    run = _lord_dying(3, FIVE)
    assert isinstance(_bot(run, 3), Pass)


def test_a_bot_dodges_a_slash() -> None:
    state = table(4)
    give(state, 0, "sha-spade-7")
    give(state, 1, "shan-heart-2a")
    run = Run(state).use(0, "sha-spade-7", 1)
    assert isinstance(_bot(run, 1), Respond)


def test_a_rebel_bot_slashes_the_lord_and_not_a_fellow_suspect() -> None:
    # Seat 1 (next to the lord) is a rebel here.
    state = table(5, identities=["lord", "rebel", "loyalist", "rebel", "renegade"])
    state.current = 1
    give(state, 1, "sha-spade-7")
    window = state.windows.top
    assert window is not None
    prompt = play_prompt(state, state.frames[-1], window, 1)
    choice = GAME.choose(GAME.view(state, 1), prompt, random.Random(0))
    assert isinstance(choice, Use) and choice.targets == (0,)


def test_a_rebel_bot_nullifies_the_lords_ex_nihilo() -> None:
    state = table(5, identities=FIVE)
    give(state, 0, "wuzhong-heart-7")
    give(state, 2, "wuxie-spade-J")
    give(state, 1, "wuxie-club-Q")
    run = Run(state).use(0, "wuzhong-heart-7", 0)
    assert isinstance(_bot(run, 2), Respond)
    assert isinstance(_bot(run, 1), Pass)  # the loyalist lets it through
