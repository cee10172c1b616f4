"""The Qun heroes' skills."""

from __future__ import annotations

from games.sanguosha.actions import Use

from ..builders import Run, give, table


def test_qingnang_discards_a_card_to_heal_a_wounded_player() -> None:
    state = table(4, heroes={0: "huatuo"})
    state.players[2].hp = 2
    give(state, 0, "sha-spade-7")
    run = Run(state).act(
        Use(seat=0, cards=("sha-spade-7",), name="qingnang", via="qingnang", targets=(2,))
    )
    assert run.players[2].hp == 3 and "sha-spade-7" in run.state.discard


def test_jijiu_uses_a_red_card_as_a_peach_outside_his_turn() -> None:
    state = table(4, heroes={3: "huatuo"})
    state.players[1].hp = 1
    give(state, 0, "sha-spade-7")
    give(state, 3, "shan-heart-2a")
    run = Run(state).use(0, "sha-spade-7", 1).pass_(1)
    for seat in (0, 1, 2):
        run.pass_(seat)
    run.respond(3, "shan-heart-2a", name="tao", via="jijiu")
    assert run.players[1].alive and run.players[1].hp == 1


def test_wushuang_slash_needs_two_dodges() -> None:
    state = table(4, heroes={0: "lvbu"})
    give(state, 0, "sha-spade-7")
    give(state, 1, "shan-heart-2a")
    run = Run(state).use(0, "sha-spade-7", 1).respond(1, "shan-heart-2a").pass_(1)
    assert run.players[1].hp == 3


def test_wushuang_duel_needs_two_slashes_each_time() -> None:
    state = table(4, heroes={0: "lvbu"})
    give(state, 0, "juedou-spade-A")
    give(state, 1, "sha-club-2")
    run = Run(state).use(0, "juedou-spade-A", 1).pass_windows().respond(1, "sha-club-2")
    assert run.prompt().seat == 1  # a second Slash is wanted
    run.pass_(1)
    assert run.players[1].hp == 3


def test_lijian_makes_two_men_duel_without_nullification() -> None:
    state = table(4, heroes={0: "diaochan", 1: "lvbu", 2: "guanyu"})
    give(state, 0, "sha-spade-7")
    run = Run(state).act(Use(seat=0, cards=(), name="lijian", via="lijian", targets=(1, 2)))
    prompt = run.prompt(0)
    assert prompt.pick is not None
    run.act(prompt.pick.build(["sha-spade-7"]))
    assert run.prompt().kind == "slash" and run.prompt().seat == 2
    run.pass_(2)
    assert run.players[2].hp == 3


def test_biyue_draws_a_card_at_the_finish_phase() -> None:
    state = table(4, heroes={0: "diaochan"})
    run = Run(state).pass_(0)
    assert len(run.players[0].hand) == 1
