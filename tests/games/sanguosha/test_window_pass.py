"""The fast paths of a move give exactly what the full rules give: a quiet pass in a
Nullification window (``window_pass``), the views' shared rows and table, the parts a state
shares with the state before, the events, frames and windows built without validation."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from games.core import Event, Game
from games.core.windows import Window
from games.sanguosha import GAME, fast
from games.sanguosha.actions import Use
from games.sanguosha.state import Frame, SanguoshaState
from games.sanguosha.views import _new_row, build_view
from games.sanguosha.window_pass import quiet_pass


def _full_apply(state: SanguoshaState, action: object) -> SanguoshaState:
    """The move through the engine's generic path only: copy the state, run the rules."""
    return Game.apply(GAME, state, action).state  # type: ignore[arg-type]


def _bot_game(seats: int, seed: int, steps: int) -> list[SanguoshaState]:
    rng = random.Random(seed)
    state = GAME.setup(seats, seed=seed)
    states = [state]
    for _ in range(steps):
        if GAME.outcome(state) is not None:
            break
        prompt = rng.choice(GAME.pending(state))
        action = GAME.choose(GAME.view(state, prompt.seat), prompt, rng)
        state = GAME.apply(state, action).state
        states.append(state)
    return states


def test_a_quiet_pass_gives_what_the_full_rules_give_and_leaves_its_input_alone() -> None:
    quiet = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.setup(8, seed=seed)
        while GAME.outcome(state) is None:
            prompt = rng.choice(GAME.pending(state))
            action = GAME.choose(GAME.view(state, prompt.seat), prompt, rng)
            before = state.model_dump_json()
            fast = quiet_pass(state, action, GAME.pending(state))
            if fast is not None:
                quiet += 1
                full = _full_apply(state, action)
                assert fast.events == []
                assert fast.state == full
                assert fast.state.model_dump_json() == full.model_dump_json()
                assert GAME.pending(fast.state) == GAME.pending(full)
                for viewer in [None, *range(8)]:
                    assert GAME.view(fast.state, viewer) == GAME.view(full, viewer)
                assert state.model_dump_json() == before
            state = GAME.apply(state, action).state
    assert quiet > 200


def test_a_quiet_pass_is_refused_where_the_rules_must_run() -> None:
    checked = 0
    for state in _bot_game(8, 4, 3000):
        window = state.windows.top
        if window is None or window.mode != "first_come":
            continue
        for prompt in GAME.pending(state):
            # The last seat asked closes the window: the trick resolves, so the full rules run.
            if len(window.asked()) == 1:
                assert quiet_pass(state, prompt.actions[0], GAME.pending(state)) is None
                checked += 1
            # An answer is no pass.
            for action in prompt.actions[1:]:
                assert quiet_pass(state, action, GAME.pending(state)) is None
    assert checked > 10


def test_views_with_shared_rows_and_tables_equal_fresh_ones() -> None:
    for seats, seed in ((8, 5), (5, 6)):
        for state in _bot_game(seats, seed, 1500):
            view = build_view(state, 0)
            assert view.seats == [_new_row(state, s) for s in range(seats)]
            fresh = build_view(GAME.parse_state(state.model_dump_json()), 0)
            assert view.model_dump_json() == fresh.model_dump_json()


def test_views_from_the_parts_of_the_state_before_equal_fresh_ones() -> None:
    """A state fresh from ``apply`` keeps the rows, distances and range of the seats the move
    left alone from the state before (``views._rows``) and shares its untouched frames with it
    (``state.own_top``): its first view equals one built from the state parsed afresh, and no
    state changes once a later move is made from it."""
    kept: list[tuple[SanguoshaState, str]] = []
    reused = 0
    for seats, seed in ((8, 7), (5, 8)):
        rng = random.Random(seed)
        state = GAME.setup(seats, seed=seed)
        while GAME.outcome(state) is None:
            prompt = rng.choice(GAME.pending(state))
            private = state.__pydantic_private__ or {}
            reused += private.get("_before") is not None
            view = GAME.view(state, prompt.seat)
            fresh = GAME.view(GAME.parse_state(state.model_dump_json()), prompt.seat)
            assert view.model_dump_json() == fresh.model_dump_json()
            kept.append((state, state.model_dump_json()))
            state = GAME.apply(state, GAME.choose(view, prompt, rng)).state
    assert reused > 300
    for old, dumped in kept:
        assert old.model_dump_json() == dumped


def test_events_and_frames_built_without_validation_equal_validated_ones() -> None:
    rng = random.Random(9)
    state = GAME.setup(6, seed=9)
    events = 0
    for _ in range(600):
        if GAME.outcome(state) is not None:
            break
        prompt = rng.choice(GAME.pending(state))
        transition = GAME.apply(state, GAME.choose(GAME.view(state, prompt.seat), prompt, rng))
        for event in transition.events:
            twin = Event(key=event.key, params=event.params, to=event.to)
            assert twin == event and twin.model_dump_json() == event.model_dump_json()
            events += 1
        state = transition.state
        for window in state.windows.stack:
            twin_window = Window(serial=window.serial, topic=window.topic, mode=window.mode,
                                 seats=window.seats, data=window.data)
            if window.at == 0 and not window.passed and not window.answers:
                assert twin_window == window
                assert twin_window.__pydantic_fields_set__ == window.__pydantic_fields_set__
            assert twin_window.model_dump_json(exclude={"at", "passed", "answers"}) == \
                window.model_dump_json(exclude={"at", "passed", "answers"})
        for frame in state.frames:
            twin_frame = Frame(op=frame.op, step=frame.step, ret=frame.ret, d=frame.d)
            assert twin_frame == frame
            assert twin_frame.model_dump_json() == frame.model_dump_json()
    assert events > 100


def test_equal_actions_built_fast_are_one_frozen_object() -> None:
    first = fast.use(0, ("sha-club-2",), "sha", "", (1,))
    assert fast.use(0, ("sha-club-2",), "sha", "", (1,)) is first
    assert fast.use(0, ("sha-club-2",), "sha", "", (2,)) is not first
    assert fast.passing(3) is fast.passing(3) and fast.respond(1, ("shan-heart-2a",), "shan") \
        is fast.respond(1, ("shan-heart-2a",), "shan")
    with pytest.raises(ValidationError):
        first.seat = 5  # type: ignore[misc]
    assert first == Use(seat=0, cards=("sha-club-2",), name="sha", targets=(1,))
