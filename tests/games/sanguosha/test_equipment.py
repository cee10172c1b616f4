"""Every weapon's and armour's effect."""

from __future__ import annotations

from games.sanguosha import GAME, Options
from games.sanguosha.actions import Use

from .builders import Run, give, stack, table, wield


def _slash(state, *targets: int, card: str = "sha-spade-7") -> Run:  # type: ignore[no-untyped-def]
    give(state, 0, card)
    return Run(state).use(0, card, *targets)


def test_eight_diagram_dodges_on_a_red_judgement() -> None:
    state = table(4)
    wield(state, 1, "bagua-spade-2")
    stack(state, "tao-heart-3")
    run = _slash(state, 1)
    assert run.players[1].hp == 4 and "eight_diagram_dodged" in run.said()


def test_eight_diagram_on_black_still_leaves_the_dodge_question() -> None:
    state = table(4)
    wield(state, 1, "bagua-spade-2")
    stack(state, "sha-club-2")
    run = _slash(state, 1)
    assert run.prompt(1).kind == "dodge"
    run.pass_(1)
    assert run.players[1].hp == 3


def test_qinggang_sword_ignores_armour() -> None:
    state = table(4)
    wield(state, 0, "qinggang-spade-6")
    wield(state, 1, "bagua-spade-2")
    stack(state, "tao-heart-3")
    run = _slash(state, 1)
    assert run.prompt(1).kind == "dodge" and not run.events_of("judgement")


def test_nioh_shield_stops_black_slashes_only() -> None:
    state = table(4, options=Options(heroes=False, ex_cards=True))
    wield(state, 1, "renwang-club-2")
    run = _slash(state, 1)
    assert run.players[1].hp == 4 and "nioh_shield_blocked" in run.said()
    state = table(4, options=Options(heroes=False, ex_cards=True))
    wield(state, 1, "renwang-club-2")
    run = _slash(state, 1, card="sha-heart-10a")
    assert run.prompt(1).kind == "dodge"


def test_double_swords_make_the_other_gender_discard_or_let_the_wielder_draw() -> None:
    state = table(4)
    state.players[0].gender, state.players[1].gender = "male", "female"
    wield(state, 0, "cixiong-spade-2")
    give(state, 1, "tao-heart-3")
    run = _slash(state, 1)
    assert run.prompt(1).kind == "double_swords"
    run.choose(1, "let_draw")
    assert len(run.players[0].hand) == 1


def test_blade_slashes_again_after_a_dodge() -> None:
    state = table(4)
    wield(state, 0, "qinglong-spade-5")
    give(state, 0, "sha-club-2")
    give(state, 1, "shan-heart-2a")
    run = _slash(state, 1).respond(1, "shan-heart-2a")
    assert run.prompt(0).kind == "blade"
    run.use(0, "sha-club-2", 1, via="qinglong").pass_(1)
    assert run.players[1].hp == 3


def test_spear_turns_two_hand_cards_into_a_slash() -> None:
    state = table(4)
    wield(state, 0, "zhangba-spade-Q")
    give(state, 0, "tao-heart-3", "shan-heart-2a")
    run = Run(state).act(
        Use(seat=0, cards=("tao-heart-3", "shan-heart-2a"), name="sha", via="zhangba", targets=(1,))
    )
    run.pass_(1)
    assert run.players[1].hp == 3 and not run.players[0].hand


def test_axe_makes_a_dodged_slash_hit_for_two_cards() -> None:
    state = table(4)
    wield(state, 0, "guanshi-diamond-5")
    give(state, 0, "tao-heart-3", "shan-heart-2b")
    give(state, 1, "shan-heart-2a")
    run = _slash(state, 1).respond(1, "shan-heart-2a")
    prompt = run.prompt(0)
    assert prompt.kind == "axe" and prompt.pick is not None
    run.act(prompt.pick.build(["tao-heart-3", "shan-heart-2b"]))
    assert run.players[1].hp == 3


def test_halberd_adds_up_to_two_targets_with_the_last_hand_card() -> None:
    state = table(5)
    wield(state, 0, "fangtian-diamond-Q")
    give(state, 0, "sha-spade-7")
    multi = [
        a for a in GAME.pending(state)[0].actions if isinstance(a, Use) and len(a.targets) == 3
    ]
    assert multi
    run = Run(state).act(Use(seat=0, cards=("sha-spade-7",), name="sha", targets=(1, 2, 3)))
    for seat in (1, 2, 3):
        run.pass_(seat)
    assert [p.hp for p in run.players[1:4]] == [3, 3, 3]


def test_kylin_bow_discards_a_horse_of_the_target() -> None:
    state = table(4)
    wield(state, 0, "qilin-heart-5")
    wield(state, 1, "jueying-spade-5")
    run = _slash(state, 1).pass_(1)
    assert run.prompt(0).kind == "kylin_bow"
    run.choose(0, "jueying-spade-5")
    assert not run.players[1].equips and run.players[1].hp == 3


def test_ice_sword_discards_two_cards_instead_of_damage() -> None:
    state = table(4, options=Options(heroes=False, ex_cards=True))
    wield(state, 0, "hanbing-spade-2")
    give(state, 1, "tao-heart-3", "tao-heart-4")
    run = _slash(state, 1).pass_(1)
    run.choose(0, "yes").choose(0, "hand").choose(0, "hand")
    assert run.players[1].hp == 4 and run.players[1].hand == []
