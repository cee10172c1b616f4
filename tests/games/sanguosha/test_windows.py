"""Windows: nested ones survive a save and restore, and who is asked never depends on who holds
a card."""

from __future__ import annotations

from games.sanguosha import GAME

from .builders import Run, give, table, wield


def test_a_game_three_windows_deep_survives_a_restart() -> None:
    state = table(4)
    give(state, 0, "nanman-spade-7", "wuxie-club-Q")
    give(state, 2, "wuxie-spade-J")
    give(state, 3, "wuxie-club-K")
    run = Run(state).use(0, "nanman-spade-7").respond(2, "wuxie-spade-J")
    run.respond(0, "wuxie-club-Q")
    assert run.state.windows.depth == 1 and len(run.state.frames) >= 6
    saved = run.state.model_dump_json()
    restored = GAME.parse_state(saved)
    assert restored == run.state
    assert GAME.pending(restored) == GAME.pending(run.state)
    # Seat 3 nullifies the lord's Nullification, in both copies: seat 1 is spared in both.
    for start in (run.state, restored):
        again = Run(start).respond(3, "wuxie-club-K").pass_windows()
        assert again.prompt().kind == "slash" and again.prompt().seat == 2
        assert again.players[1].hp == 4


def test_every_seat_with_a_secret_hand_is_asked_for_a_nullification_holder_or_not() -> None:
    state = table(5)
    give(state, 0, "wuzhong-heart-7", "sha-club-2")
    give(state, 1, "sha-club-3")
    give(state, 2, "wuxie-spade-J")
    give(state, 3, "shan-heart-2a")
    give(state, 4, "sha-club-4")
    run = Run(state).use(0, "wuzhong-heart-7", 0)
    prompts = GAME.pending(run.state)
    assert sorted(p.seat for p in prompts) == [0, 1, 2, 3, 4]
    assert [len(p.actions) for p in prompts] == [1, 1, 2, 1, 1]
    assert all(p.clock == "response" for p in prompts)
    questions = {p.question for p in prompts}
    run.pass_(3)
    assert {p.question for p in GAME.pending(run.state)} <= questions  # others keep their clock


def test_a_seat_whose_whole_hand_the_table_knows_is_not_asked_for_a_nullification() -> None:
    # Rule: the Nullification window asks by public facts; an empty hand, or one whose every
    # card was seen arriving face up, is known to hold none.
    state = table(5)
    give(state, 0, "wuzhong-heart-7", "sha-club-2")
    give(state, 2, "sha-club-3")
    give(state, 3, "shan-heart-2a", "wuxie-spade-J")
    state.players[2].shown = ["sha-club-3"]
    state.players[3].shown = ["shan-heart-2a", "wuxie-spade-J"]
    run = Run(state).use(0, "wuzhong-heart-7", 0)
    # Seat 1 and 4: empty; seat 2: a known Slash; seat 3: a known Nullification, so asked.
    assert sorted(p.seat for p in GAME.pending(run.state)) == [0, 3]
    assert run.state.windows.top is not None and run.state.windows.top.seats == (0, 3)


def test_a_trick_nobody_can_nullify_opens_no_window() -> None:
    state = table(4)
    give(state, 0, "wuzhong-heart-7")
    run = Run(state).use(0, "wuzhong-heart-7", 0)
    assert run.prompt().kind == "play" and len(run.players[0].hand) == 2


def test_who_is_asked_for_a_nullification_does_not_depend_on_secret_cards() -> None:
    asked = []
    for secret in ("sha-club-3", "wuxie-spade-J"):
        state = table(4)
        give(state, 0, "wuzhong-heart-7", "sha-club-2")
        give(state, 2, secret)
        run = Run(state).use(0, "wuzhong-heart-7", 0)
        asked.append(sorted(p.seat for p in GAME.pending(run.state)))
        assert GAME.view(run.state, None).waiting is not None
        assert GAME.view(run.state, None).waiting.seats == asked[-1]  # type: ignore[union-attr]
    assert asked == [[0, 2], [0, 2]]


def test_the_blade_asks_whether_or_not_a_slash_is_in_hand() -> None:
    state = table(4)
    wield(state, 0, "qinglong-spade-5")
    give(state, 0, "sha-spade-7")
    give(state, 1, "shan-heart-2a")
    run = Run(state).use(0, "sha-spade-7", 1).respond(1, "shan-heart-2a")
    assert run.prompt(0).kind == "blade" and len(run.prompt(0).actions) == 1


def test_a_reopened_dodge_question_gets_a_new_id() -> None:
    state = table(4)
    wield(state, 0, "qinglong-spade-5")
    give(state, 0, "sha-spade-7", "sha-club-2")
    give(state, 1, "shan-heart-2a", "shan-heart-2b")
    run = Run(state).use(0, "sha-spade-7", 1)
    first = run.prompt(1).question
    run.respond(1, "shan-heart-2a").use(0, "sha-club-2", 1, via="qinglong")
    assert run.prompt(1).kind == "dodge" and run.prompt(1).question != first
