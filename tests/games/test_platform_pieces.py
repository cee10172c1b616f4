"""The engine platform's pieces: windows, shared secrets and multi-picks, on the Signal test game
and on their own."""

from __future__ import annotations

import random

import pytest

from games.core import IllegalAction, Pick
from games.core.conformance import find_leaks, mixed_chooser, playout, random_action, replay
from games.core.windows import Windows
from tests.games.signal_game import GAME, SPY, Discard, Object, Pass, Play, Signal, SignalState


def _run_to(state: SignalState, stage: str, rng: random.Random) -> SignalState:
    for _ in range(200):
        if state.stage == stage:
            return state
        state = GAME.apply(state, random_action(GAME, state, rng)).state
    raise AssertionError(f"never reached {stage}")


# -- shared secrets ---------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_a_secret_two_heroes_share_passes_the_no_leak_check(seats: int) -> None:
    for seed in range(8):
        def check(before: object, action: object, transition: object) -> None:
            assert find_leaks(GAME, before, transition) == []

        playout(GAME, seats, seed=seed, on_step=check)


def test_the_shared_plan_is_known_to_both_heroes_and_not_to_the_spy() -> None:
    state = GAME.setup(4, seed=1)
    assert state.plan in GAME.secrets(state, 0)
    assert state.plan in GAME.secrets(state, 1)
    assert state.plan not in GAME.secrets(state, SPY)
    assert state.plan not in GAME.view(state, SPY).model_dump_json()
    assert state.plan not in GAME.view(state, None).model_dump_json()


def test_the_check_catches_the_plan_planted_in_the_spys_view() -> None:
    state = GAME.setup(3, {"leak_plan_to_spy": True}, seed=2)
    transition = GAME.apply(state, GAME.pending(state)[0].actions[0])
    leaks = find_leaks(GAME, state, transition)
    assert leaks and all(f"view of {SPY}" in leak for leak in leaks)
    assert any(transition.state.plan in leak for leak in leaks)


def test_the_check_catches_a_hand_card_shown_to_the_next_seat() -> None:
    state = GAME.setup(3, {"leak_hand_to_next": True}, seed=2)
    transition = GAME.apply(state, GAME.pending(state)[0].actions[0])
    leaks = find_leaks(GAME, state, transition)
    assert any("view of 0" in leak for leak in leaks)


# -- windows ----------------------------------------------------------------------------------


def test_an_in_order_window_asks_one_seat_at_a_time_with_a_fresh_question_each() -> None:
    windows = Windows()
    window = windows.open("dodge", "in_order", (2, 0, 1), card="sha-spade-7")
    assert window.asked() == (2,)
    first = window.question(2)
    windows.pass_(2)
    assert window.asked() == (0,)
    assert window.question(0) != first
    windows.pass_(0)
    windows.pass_(1)
    assert window.exhausted
    assert windows.close().data == {"card": "sha-spade-7"}
    assert windows.top is None


def test_a_first_come_window_keeps_each_seats_question_while_others_pass() -> None:
    windows = Windows()
    window = windows.open("nullify", "first_come", (0, 1, 2))
    before = window.question(2)
    windows.pass_(0)
    assert window.question(2) == before
    assert window.asked() == (1, 2)
    with pytest.raises(ValueError):
        windows.pass_(0)  # a seat that passed is not asked again
    windows.pass_(1)
    windows.pass_(2)
    assert window.exhausted


def test_a_together_window_holds_every_answer_until_the_last_seat_is_in() -> None:
    windows = Windows()
    window = windows.open("fight_or_flee", "together", (0, 1, 2))
    windows.commit(0, "fight")
    windows.commit(0, "flee")  # a seat may change its mind until all are in
    windows.commit(1, "fight")
    assert not window.exhausted
    windows.commit(2, "fight")
    assert window.exhausted
    assert window.answers == {0: "flee", 1: "fight", 2: "fight"}
    with pytest.raises(ValueError):
        windows.commit(0, "fight")


def test_only_the_innermost_window_asks_and_each_window_gets_a_new_serial() -> None:
    windows = Windows()
    outer = windows.open("dodge", "in_order", (1, 2))
    inner = windows.open("nullify", "first_come", (0, 1, 2))
    innermost = windows.open("nullify", "first_come", (0, 1, 2))
    assert windows.depth == 3
    assert windows.asking(1) is innermost
    assert len({outer.serial, inner.serial, innermost.serial}) == 3
    assert inner.question(1) != innermost.question(1)  # a window opened again is a new question
    windows.close()
    assert windows.asking(1) is inner


def test_a_table_three_windows_deep_survives_a_json_round_trip() -> None:
    state = GAME.setup(4, seed=5)
    state = GAME.apply(state, GAME.pending(state)[0].actions[0]).state
    state.windows.open("object", "first_come", (0, 1))
    state.windows.open("object", "first_come", (2, 3))
    restored = GAME.parse_state(state.model_dump_json())
    assert restored == state
    assert restored.windows.depth == 3
    assert [p.seat for p in GAME.pending(restored)] == [2, 3]
    assert GAME.apply(restored, Pass(seat=2)).state.windows.depth == 3


def test_a_response_prompt_names_its_window_question_and_runs_on_the_response_clock() -> None:
    state = GAME.setup(3, seed=3)
    state = GAME.apply(state, GAME.pending(state)[0].actions[0]).state
    prompts = GAME.pending(state)
    assert {p.seat for p in prompts} == {1, 2}
    assert all(p.clock == "response" for p in prompts)
    assert len({p.question_id for p in prompts}) == 1
    after_pass = GAME.apply(state, Pass(seat=1)).state
    # Seat 2's question is the same one: its click and its clock stay valid.
    assert GAME.prompt_for(after_pass, 2).question_id == prompts[1].question_id  # type: ignore[union-attr]


def test_an_objection_opens_a_counter_window_inside_the_round() -> None:
    state = GAME.setup(3, seed=3)
    state = GAME.apply(state, GAME.pending(state)[0].actions[0]).state
    state = GAME.apply(state, Object(seat=SPY)).state
    window = state.windows.top
    assert window is not None and window.topic == "counter" and window.asked() == (0,)


def test_a_commitment_is_seen_by_its_seat_alone_until_the_reveal() -> None:
    rng = random.Random(9)
    state = _run_to(GAME.setup(3, seed=9), "windows", rng)
    while state.windows.top is not None and state.windows.top.topic != "signal":
        state = GAME.apply(state, Pass(seat=GAME.pending(state)[0].seat)).state
    state = GAME.apply(state, Signal(seat=0, colour="red")).state
    assert GAME.view(state, 0).my_signal == "red"
    assert GAME.view(state, 1).my_signal is None
    # Who has committed is not shown either: every seat is still asked.
    assert {p.seat for p in GAME.pending(state)} == {0, 1, 2}


# -- picks ------------------------------------------------------------------------------------


def test_a_pick_builds_one_action_in_the_options_order() -> None:
    pick = Pick(field="cards", options=("a", "b", "c"), min=1, max=2,
                template=Discard(seat=0))
    assert pick.build(["c", "a"]) == Discard(seat=0, cards=("a", "c"))
    assert pick.accepts(Discard(seat=0, cards=("a", "c")))
    assert not pick.accepts(Discard(seat=0, cards=("c", "a")))
    assert not pick.accepts(Discard(seat=0, cards=()))
    assert not pick.accepts(Discard(seat=0, cards=("a", "b", "c")))
    assert not pick.accepts(Discard(seat=0, cards=("a", "a")))
    assert not pick.accepts(Discard(seat=0, cards=("z",)))
    assert not pick.accepts(Discard(seat=1, cards=("a",)))
    for bad in (["a", "a"], ["z"], [], ["a", "b", "c"]):
        with pytest.raises(ValueError):
            pick.build(bad)


def test_any_valid_pick_applies_as_one_move_even_when_not_listed() -> None:
    rng = random.Random(4)
    state = _run_to(GAME.setup(3, seed=4), "discard", rng)
    prompt = GAME.pending(state)[0]
    assert prompt.pick is not None
    chosen = prompt.pick.build(prompt.pick.options[-2:])
    assert chosen not in prompt.actions
    after = GAME.apply(state, chosen).state
    assert after.step == state.step + 1
    assert len(after.hands[prompt.seat]) == len(state.hands[prompt.seat]) - 2
    with pytest.raises(IllegalAction):
        GAME.apply(state, Discard(seat=prompt.seat, cards=prompt.pick.options[:3]))


def test_signal_games_replay_from_their_seed_and_log() -> None:
    first = playout(GAME, 4, seed=21, chooser=mixed_chooser({1}))
    assert replay(GAME, 4, first.actions, seed=21) == first.state
    assert any(isinstance(a, Discard) for a in first.actions)
    assert any(isinstance(a, Play) for a in first.actions)
