"""The built-in bot reads the table from its own view: it never names a role it knows to be
out of play."""

from __future__ import annotations

import random

from games.citadels import GAME
from games.citadels.actions import Murder
from tests.games.citadels.table import do, new_game, prompt


def test_first_picker_never_names_the_face_down_role_it_never_saw() -> None:
    state = new_game(4, seed=29)
    assert state.face_down == ["char-merchant"]  # unseen by everyone
    first = state.draft_steps[0][0]
    state, _ = do(state, "draft_pick", card="char-assassin")
    while state.phase == "draft":
        state = GAME.apply(state, prompt(state).actions[0]).state
    assert state.turn is not None and state.turn.actor == first
    view = GAME.view(state, first)
    assert view.me is not None and "merchant" not in view.me.draft_seen
    named = set()
    for seed in range(30):
        action = GAME.choose(view, prompt(state), random.Random(seed))
        if isinstance(action, Murder):
            named.add(action.character)
    assert named and "merchant" not in named


def test_last_picker_never_names_the_role_it_put_face_down() -> None:
    state = new_game(4, seed=29)
    for card in ("char-king", "char-magician", "char-bishop"):
        state, _ = do(state, "draft_pick", card=card)
    last = prompt(state).seat
    state, _ = do(state, "draft_pick", card="char-assassin")
    assert state.set_down[last] == ["char-architect"]
    assert state.turn is not None and state.turn.actor == last
    view = GAME.view(state, last)
    named = set()
    for seed in range(30):
        action = GAME.choose(view, prompt(state), random.Random(seed))
        if isinstance(action, Murder):
            named.add(action.character)
    assert named and "architect" not in named
