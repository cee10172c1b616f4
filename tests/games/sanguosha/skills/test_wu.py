"""The Wu heroes' skills."""

from __future__ import annotations

from games.sanguosha.actions import Use

from ..builders import Run, give, stack, table, wield


def _uses(run: Run, seat: int) -> list[Use]:
    return [a for a in run.prompt(seat).actions if isinstance(a, Use)]


def test_zhiheng_discards_any_number_and_draws_as_many_once_a_turn() -> None:
    state = table(4, heroes={0: "sunquan"})
    give(state, 0, "sha-spade-7", "shan-heart-2a", "tao-heart-3")
    stack(state, "juedou-club-A", "wuzhong-heart-7")
    run = Run(state).act(Use(seat=0, cards=(), name="zhiheng", via="zhiheng"))
    prompt = run.prompt(0)
    assert prompt.pick is not None and prompt.pick.max == 3
    run.act(prompt.pick.build(["sha-spade-7", "shan-heart-2a"]))
    assert sorted(run.players[0].hand) == ["juedou-club-A", "tao-heart-3", "wuzhong-heart-7"]
    assert not [u for u in _uses(run, 0) if u.name == "zhiheng"]


def test_jiuyuan_wu_peaches_heal_the_dying_lord_one_more() -> None:
    state = table(5, heroes={0: "sunquan", 1: "ganning", 4: "lvmeng"})
    state.players[0].hp = 1
    give(state, 0, "juedou-club-A")
    give(state, 1, "sha-club-2")
    give(state, 4, "tao-heart-3")
    run = Run(state).use(0, "juedou-club-A", 1).pass_windows().respond(1, "sha-club-2").pass_(0)
    for seat in (0, 1, 2, 3):
        run.pass_(seat)
    run.respond(4, "tao-heart-3")
    assert run.players[0].hp == 2


def test_qixi_uses_a_black_card_as_dismantlement() -> None:
    state = table(4, heroes={0: "ganning"})
    give(state, 0, "sha-spade-7")
    give(state, 2, "tao-heart-3")
    run = Run(state).use(0, "sha-spade-7", 2, name="guohe", via="qixi").pass_windows()
    run.choose(0, "hand")
    assert "tao-heart-3" in run.state.discard


def test_keji_skips_the_discard_phase_without_a_slash() -> None:
    state = table(4, heroes={0: "lvmeng"})
    state.players[0].hp = 1
    give(state, 0, "tao-heart-3", "shan-heart-2a", "shan-heart-2b")
    run = Run(state).pass_(0)
    assert run.state.current == 1 and len(run.players[0].hand) == 3


def test_keji_does_not_apply_after_a_slash() -> None:
    state = table(4, heroes={0: "lvmeng"})
    state.players[0].hp = 1
    give(state, 0, "sha-spade-7", "shan-heart-2a", "shan-heart-2b")
    run = Run(state).use(0, "sha-spade-7", 1).pass_(1).pass_(0)
    assert run.prompt(0).kind == "discard"


def test_kurou_loses_one_hp_and_draws_two() -> None:
    state = table(4, heroes={0: "huanggai"})
    run = Run(state).act(Use(seat=0, cards=(), name="kurou", via="kurou"))
    assert run.players[0].hp == 3 and len(run.players[0].hand) == 2


def test_yingzi_draws_three() -> None:
    state = table(4, heroes={1: "zhouyu"})
    run = Run(state).pass_(0)
    assert len(run.players[1].hand) == 3


def test_fanjian_hurts_whoever_names_the_wrong_suit() -> None:
    state = table(4, heroes={0: "zhouyu"})
    give(state, 0, "tao-heart-3")
    run = Run(state).act(Use(seat=0, cards=(), name="fanjian", via="fanjian", targets=(1,)))
    run.choose(1, "spade")
    assert run.players[1].hand == ["tao-heart-3"] and run.players[1].hp == 3


def test_guose_uses_a_diamond_as_indulgence() -> None:
    state = table(4, heroes={0: "daqiao"})
    give(state, 0, "shan-diamond-3")
    run = Run(state).use(0, "shan-diamond-3", 1, name="lebu", via="guose")
    assert run.players[1].judging == ["shan-diamond-3"]
    assert run.players[1].judging_as == {"shan-diamond-3": "lebu"}


def test_liuli_passes_a_slash_on_for_a_card() -> None:
    state = table(4, heroes={1: "daqiao"})
    give(state, 0, "sha-spade-7")
    give(state, 1, "tao-heart-3")
    run = Run(state).use(0, "sha-spade-7", 1)
    prompt = run.prompt(1)
    assert prompt.params["skill"] == "liuli"
    run.choose(1, "tao-heart-3>2").pass_(2)
    assert run.players[2].hp == 3 and run.players[1].hp == run.players[1].max_hp


def test_qianxun_cannot_be_snatched_or_indulged() -> None:
    state = table(4, heroes={1: "luxun"})
    give(state, 0, "shunshou-spade-3", "lebu-spade-6")
    give(state, 1, "tao-heart-3")
    run = Run(state)
    assert all(1 not in u.targets for u in _uses(run, 0) if u.name in ("shunshou", "lebu"))


def test_lianying_draws_when_the_last_hand_card_goes() -> None:
    state = table(4, heroes={1: "luxun"})
    give(state, 0, "sha-spade-7")
    give(state, 1, "shan-heart-2a")
    run = Run(state).use(0, "sha-spade-7", 1).respond(1, "shan-heart-2a")
    assert len(run.players[1].hand) == 1


def test_xiaoji_draws_two_for_each_equipment_lost() -> None:
    state = table(4, heroes={0: "sunshangxiang"})
    wield(state, 0, "qinggang-spade-6")
    give(state, 0, "qinglong-spade-5")
    run = Run(state).use(0, "qinglong-spade-5", 0)
    assert len(run.players[0].hand) == 2


def test_jieyin_heals_her_and_a_wounded_man() -> None:
    state = table(4, heroes={0: "sunshangxiang", 1: "ganning"})
    state.players[0].hp = 2
    state.players[1].hp = 2
    give(state, 0, "sha-spade-7", "shan-heart-2a")
    run = Run(state).act(Use(seat=0, cards=(), name="jieyin", via="jieyin", targets=(1,)))
    prompt = run.prompt(0)
    assert prompt.pick is not None
    run.act(prompt.pick.build(["sha-spade-7", "shan-heart-2a"]))
    assert run.players[0].hp == 3 and run.players[1].hp == 3
