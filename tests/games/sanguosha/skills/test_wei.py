"""The Wei heroes' skills."""

from __future__ import annotations

from games.sanguosha import GAME
from games.sanguosha.actions import Choose

from ..builders import Run, give, lay, stack, table


def _skill_asked(run: Run, seat: int, skill: str) -> None:
    prompt = run.prompt(seat)
    assert prompt.kind == "skill" and prompt.params["skill"] == skill, prompt


def test_jianxiong_takes_the_card_that_dealt_the_damage() -> None:
    state = table(4, heroes={1: "caocao"})
    give(state, 0, "sha-spade-7")
    run = Run(state).use(0, "sha-spade-7", 1).pass_(1)
    _skill_asked(run, 1, "jianxiong")
    run.choose(1, "yes")
    assert run.players[1].hand == ["sha-spade-7"] and run.players[1].hp == 3


def test_hujia_lets_a_wei_hero_dodge_for_the_lord() -> None:
    state = table(5, heroes={0: "caocao", 1: "xuchu", 3: "zhangliao"})
    give(state, 1, "sha-spade-7")
    give(state, 3, "shan-heart-2a")
    stack(state, "tao-heart-3", "tao-heart-4")
    run = Run(state).pass_(0)
    _skill_asked(run, 1, "luoyi")
    run.choose(1, "no")
    run.use(1, "sha-spade-7", 0)
    _skill_asked(run, 0, "hujia")
    run.choose(0, "yes")
    # Every Wei hero is asked, in seat order from the lord, the attacker too.
    assert run.prompt().seat == 1
    run.pass_(1)
    assert run.prompt().seat == 3
    run.respond(3, "shan-heart-2a")
    assert run.players[0].hp == 4 and "shan-heart-2a" in run.state.discard


def test_guicai_replaces_a_judgement_with_a_hand_card() -> None:
    state = table(4, heroes={3: "simayi"})
    lay(state, 1, "lebu-spade-6")
    give(state, 3, "tao-heart-3")
    stack(state, "sha-spade-7")
    run = Run(state).pass_(0).pass_windows()
    _skill_asked(run, 3, "guicai")
    run.choose(3, "tao-heart-3")
    assert run.state.current == 1 and run.state.phase == "play"  # the heart set seat 1 free
    assert "judgement_replaced" in run.said()


def test_fankui_takes_a_card_from_the_damage_source() -> None:
    state = table(4, heroes={1: "simayi"})
    give(state, 0, "sha-spade-7", "tao-heart-3")
    run = Run(state).use(0, "sha-spade-7", 1).pass_(1)
    _skill_asked(run, 1, "fankui")
    run.choose(1, "hand")
    assert run.players[1].hand == ["tao-heart-3"] and run.players[0].hand == []


def test_ganglie_makes_the_source_pay_unless_a_heart_is_judged() -> None:
    state = table(4, heroes={1: "xiahoudun"})
    give(state, 0, "sha-spade-7")
    stack(state, "sha-club-2")
    run = Run(state).use(0, "sha-spade-7", 1).pass_(1)
    _skill_asked(run, 1, "ganglie")
    run.choose(1, "yes")
    assert run.players[0].hp == 3  # no two hand cards to pay with: the damage


def test_ganglie_source_may_discard_two_hand_cards_instead() -> None:
    state = table(4, heroes={1: "xiahoudun"})
    give(state, 0, "sha-spade-7", "tao-heart-3", "tao-heart-4")
    stack(state, "sha-club-2")
    run = Run(state).use(0, "sha-spade-7", 1).pass_(1).choose(1, "yes")
    prompt = run.prompt(0)
    assert prompt.pick is not None
    run.act(prompt.pick.build(["tao-heart-3", "tao-heart-4"]))
    assert run.players[0].hp == 4 and run.players[0].hand == []


def test_tuxi_takes_hand_cards_instead_of_drawing() -> None:
    state = table(4, heroes={1: "zhangliao"})
    give(state, 2, "tao-heart-3")
    give(state, 3, "tao-heart-4")
    run = Run(state).pass_(0)
    _skill_asked(run, 1, "tuxi")
    run.choose(1, "2,3")
    assert sorted(run.players[1].hand) == ["tao-heart-3", "tao-heart-4"]
    assert run.players[2].hand == [] and run.players[3].hand == []
    public = [e for e in run.events if e.to is None and "tao-heart" in str(e.params)]
    assert not public


def test_luoyi_draws_one_fewer_and_adds_one_damage() -> None:
    state = table(4, heroes={1: "xuchu"})
    stack(state, "sha-spade-7", "tao-heart-3")
    run = Run(state).pass_(0)
    _skill_asked(run, 1, "luoyi")
    run.choose(1, "yes")
    assert run.players[1].hand == ["sha-spade-7"]
    run.use(1, "sha-spade-7", 2).pass_(2)
    assert run.players[2].hp == 2


def test_tiandu_takes_his_own_judgement_card() -> None:
    state = table(4, heroes={1: "guojia"})
    lay(state, 1, "lebu-spade-6")
    stack(state, "sha-spade-7")
    run = Run(state).pass_(0).pass_windows()
    assert "sha-spade-7" in run.players[1].hand


def test_yiji_draws_two_per_damage_and_hands_them_out() -> None:
    state = table(4, heroes={1: "guojia"})
    give(state, 0, "sha-spade-7")
    stack(state, "tao-heart-3", "tao-heart-4")
    run = Run(state).use(0, "sha-spade-7", 1).pass_(1)
    _skill_asked(run, 1, "yiji")
    run.choose(1, "yes").choose(1, "2").choose(1, "1")
    assert run.players[2].hand == ["tao-heart-3"] and run.players[1].hand == ["tao-heart-4"]


def test_luoshen_keeps_black_judgements_until_a_red_one() -> None:
    state = table(4, heroes={1: "zhenji"})
    stack(state, "sha-spade-7", "sha-club-2", "tao-heart-3")
    run = Run(state).pass_(0)
    for _ in range(3):
        _skill_asked(run, 1, "luoshen")
        run.choose(1, "yes")
    assert sorted(run.players[1].hand)[:2] == ["sha-club-2", "sha-spade-7"]
    assert "tao-heart-3" in run.state.discard


def test_qingguo_dodges_with_a_black_hand_card() -> None:
    state = table(4, heroes={1: "zhenji"})
    give(state, 0, "sha-spade-7")
    give(state, 1, "guohe-spade-3")
    run = Run(state).use(0, "sha-spade-7", 1)
    run.respond(1, "guohe-spade-3", name="shan", via="qingguo")
    assert run.players[1].hp == run.players[1].max_hp and "guohe-spade-3" in run.state.discard


def test_tuxi_leaks_the_taken_card_to_nobody_else() -> None:
    from games.core.conformance import find_leaks

    state = table(4, heroes={1: "zhangliao"})
    give(state, 2, "tao-heart-3")
    run = Run(state).pass_(0)
    after = GAME.apply(run.state, Choose(seat=1, option="2"))
    assert not find_leaks(GAME, run.state, after)
