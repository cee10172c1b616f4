"""The Shu heroes' skills."""

from __future__ import annotations

from games.sanguosha import GAME
from games.sanguosha.actions import Use
from games.sanguosha.distance import distance

from ..builders import Run, give, stack, table


def _uses(run: Run, seat: int) -> list[Use]:
    return [a for a in run.prompt(seat).actions if isinstance(a, Use)]


def test_rende_gives_cards_away_and_heals_once_two_are_given() -> None:
    state = table(4, heroes={0: "liubei"})
    state.players[0].hp = 2
    give(state, 0, "sha-spade-7", "tao-heart-3", "shan-heart-2a")
    run = Run(state).act(
        Use(seat=0, cards=("sha-spade-7",), name="rende", via="rende", targets=(2,))
    )
    assert run.players[0].hp == 2 and run.players[2].hand == ["sha-spade-7"]
    run.act(Use(seat=0, cards=("tao-heart-3",), name="rende", via="rende", targets=(3,)))
    assert run.players[0].hp == 3
    run.act(Use(seat=0, cards=("shan-heart-2a",), name="rende", via="rende", targets=(3,)))
    assert run.players[0].hp == 3  # the healing comes once a phase
    public = [e for e in run.events if e.to is None and "tao-heart-3" in str(e.params)]
    assert not public


def test_jijiang_lets_a_shu_hero_slash_for_the_lord() -> None:
    state = table(5, heroes={0: "liubei", 2: "guanyu"})
    give(state, 2, "sha-club-2")
    run = Run(state).act(Use(seat=0, cards=(), name="sha", via="jijiang", targets=(1,)))
    run.choose(0, "yes")
    assert run.prompt().seat == 2
    run.respond(2, "sha-club-2")
    run.pass_(1)
    assert run.players[1].hp == 3 and run.players[2].hand == []


def test_jijiang_unanswered_is_not_offered_again_that_turn() -> None:
    state = table(5, heroes={0: "liubei", 2: "guanyu"})
    run = Run(state).act(Use(seat=0, cards=(), name="sha", via="jijiang", targets=(1,)))
    run.choose(0, "yes").pass_(2)
    assert not [u for u in _uses(run, 0) if u.via == "jijiang"]
    assert run.players[1].hp == 4


def test_wusheng_uses_a_red_card_as_a_slash() -> None:
    state = table(4, heroes={0: "guanyu"})
    give(state, 0, "tao-heart-3")
    run = Run(state).use(0, "tao-heart-3", 1, name="sha", via="wusheng").pass_(1)
    assert run.players[1].hp == 3


def test_paoxiao_slashes_without_limit() -> None:
    state = table(4, heroes={0: "zhangfei"})
    give(state, 0, "sha-spade-7", "sha-club-2")
    run = Run(state).use(0, "sha-spade-7", 1).pass_(1).use(0, "sha-club-2", 1).pass_(1)
    assert run.players[1].hp == 2


def test_guanxing_rearranges_the_top_of_the_deck() -> None:
    state = table(4, heroes={1: "zhugeliang"})
    stack(state, "sha-spade-7", "shan-heart-2a", "tao-heart-3", "juedou-club-A")
    run = Run(state).pass_(0)
    prompt = run.prompt(1)
    assert prompt.params["skill"] == "guanxing" and len(prompt.params["seen"]) == 4
    assert GAME.view(run.state, 1).me.peek  # type: ignore[attr-defined]
    assert "tao-heart-3" not in GAME.view(run.state, 2).model_dump_json()
    run.choose(1, "top:tao-heart-3").choose(1, "top:juedou-club-A")
    run.choose(1, "bottom:sha-spade-7").choose(1, "bottom:shan-heart-2a")
    assert sorted(run.players[1].hand) == ["juedou-club-A", "tao-heart-3"]
    assert run.state.deck[0] == "shan-heart-2a"


def test_kongcheng_with_no_hand_cannot_be_slashed_or_dueled() -> None:
    state = table(4, heroes={1: "zhugeliang"})
    give(state, 0, "sha-spade-7", "juedou-spade-A")
    run = Run(state)
    assert all(1 not in u.targets for u in _uses(run, 0) if u.name in ("sha", "juedou"))


def test_longdan_swaps_slash_and_dodge() -> None:
    state = table(4, heroes={0: "zhaoyun", 1: "zhaoyun"})
    give(state, 0, "shan-heart-2a")
    give(state, 1, "sha-club-2")
    run = Run(state).use(0, "shan-heart-2a", 1, name="sha", via="longdan")
    run.respond(1, "sha-club-2", name="shan", via="longdan")
    assert run.players[1].hp == 4


def test_mashu_shortens_his_distance_to_others() -> None:
    state = table(6, heroes={0: "machao"})
    assert distance(state, 0, 2) == 1 and distance(state, 2, 0) == 2


def test_tieji_red_judgement_makes_the_slash_undodgeable() -> None:
    state = table(4, heroes={0: "machao"})
    give(state, 0, "sha-spade-7")
    give(state, 1, "shan-heart-2a")
    stack(state, "tao-heart-3")
    run = Run(state).use(0, "sha-spade-7", 1).choose(0, "yes")
    assert run.players[1].hp == 3 and "shan-heart-2a" in run.players[1].hand


def test_jizhi_draws_a_card_for_every_instant_trick() -> None:
    state = table(4, heroes={0: "huangyueying"})
    give(state, 0, "wuzhong-heart-7")
    run = Run(state).use(0, "wuzhong-heart-7", 0).pass_windows()
    assert len(run.players[0].hand) == 3


def test_qicai_snatches_at_any_distance() -> None:
    state = table(6, heroes={0: "huangyueying"})
    give(state, 0, "shunshou-spade-3")
    give(state, 3, "tao-heart-3")
    assert any(u.targets == (3,) for u in _uses(Run(state), 0) if u.name == "shunshou")
