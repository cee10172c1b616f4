"""The older edition's rules (the seed's 真三国无双 part and its FAQ), each a table option whose
default is the standard edition's rule: both settings are checked."""

from __future__ import annotations

import pytest

from games.core.conformance import mixed_chooser, playout
from games.sanguosha import GAME, Options
from games.sanguosha.actions import Choose, Use
from games.sanguosha.state import SanguoshaState

from .builders import Run, give, lay, stack, table, wield

FOUR = ["lord", "rebel", "loyalist", "renegade"]


def _uses(state: SanguoshaState, name: str) -> list[Use]:
    return [
        a for a in GAME.pending(state)[0].actions if isinstance(a, Use) and a.name == name
    ]


def _old(**rule: bool) -> Options:
    return Options(heroes=False, **rule)


@pytest.mark.parametrize("spares", [False, True])
def test_indulgence_never_on_the_lord_only_with_the_older_rule(spares: bool) -> None:
    """"玩家鈈能对主公使用乐不思蜀": with ``indulgence_spares_lord`` the lord is no target."""
    run = Run(table(4, options=_old(indulgence_spares_lord=spares))).pass_(0)
    assert run.state.current == 1 and run.prompt().kind == "play"
    give(run.state, 1, "lebu-spade-6")
    targets = {u.targets[0] for u in _uses(run.state, "lebu")}
    assert targets == ({2, 3} if spares else {0, 2, 3})


def _two_left(options: Options) -> SanguoshaState:
    state = table(4, identities=FOUR, options=options)
    for seat in (2, 3):
        state.players[seat].alive = False
        state.players[seat].revealed = True
    state.forget_pending()
    return state


@pytest.mark.parametrize("barred", [False, True])
def test_no_peach_to_save_when_two_are_left(barred: bool) -> None:
    """"只剩下两名玩家单挑的时候两方都不能使用桃": the dying one of the last two is not saved."""
    state = _two_left(_old(no_peach_one_on_one=barred))
    state.players[1].hp = 1
    give(state, 0, "sha-spade-7")
    give(state, 1, "tao-heart-3")
    run = Run(state).use(0, "sha-spade-7", 1).pass_(1)
    if barred:
        assert not run.players[1].alive and GAME.outcome(run.state) is not None
        assert not any(e.key == "sanguosha.saved" for e in run.events)
        return
    run.pass_(0)
    prompt = run.prompt(1)
    assert prompt.kind == "peach"
    run.respond(1, "tao-heart-3")
    assert run.players[1].alive and run.players[1].hp == 1


@pytest.mark.parametrize("barred", [False, True])
def test_no_peach_to_heal_when_two_are_left(barred: bool) -> None:
    state = _two_left(_old(no_peach_one_on_one=barred))
    state.players[0].hp = 2
    give(state, 0, "tao-heart-3")
    assert bool(_uses(state, "tao")) is not barred


def test_peaches_still_save_with_three_left_under_the_older_rule() -> None:
    state = table(4, identities=FOUR, options=_old(no_peach_one_on_one=True))
    state.players[3].alive = False
    state.players[1].hp = 1
    state.forget_pending()
    give(state, 0, "sha-spade-7")
    give(state, 2, "tao-heart-3")
    run = Run(state).use(0, "sha-spade-7", 1).pass_(1)
    run.pass_(0).pass_(1)
    run.respond(2, "tao-heart-3")
    assert run.players[1].alive


@pytest.mark.parametrize("at_will", [False, True])
def test_discarding_more_than_the_excess_only_at_will(at_will: bool) -> None:
    """"当然也可以弃多张牌", "也可以随意弃牌": the discard phase takes any number from the
    excess up to the whole hand; the standard phase takes exactly the excess."""
    state = table(4, options=_old(discard_at_will=at_will))
    state.players[0].hp = 2
    give(state, 0, "shan-heart-2a", "shan-heart-2b", "tao-heart-3", "sha-spade-7")
    run = Run(state).pass_(0)
    pick = run.prompt(0).pick
    assert pick is not None and (pick.min, pick.max) == (2, 4 if at_will else 2)
    if at_will:
        run.act(pick.build(run.players[0].hand))
        assert run.players[0].hand == [] and run.state.current == 1


@pytest.mark.parametrize("at_will", [False, True])
def test_discard_at_will_within_the_limit(at_will: bool) -> None:
    state = table(4, options=_old(discard_at_will=at_will))
    give(state, 0, "sha-spade-7", "shan-heart-2a")
    run = Run(state).pass_(0)
    if not at_will:
        assert run.state.current == 1
        return
    pick = run.prompt(0).pick
    assert pick is not None and (pick.min, pick.max) == (0, 2)
    assert run.prompt(0).actions[0] == pick.build([])  # the clock keeps every card
    run.act(pick.build(["sha-spade-7"]))
    assert run.players[0].hand == ["shan-heart-2a"] and run.state.current == 1


@pytest.mark.parametrize("protected", [False, True])
def test_snatch_takes_only_hand_or_equipment_with_the_older_rule(protected: bool) -> None:
    """"从他的手牌或者装备牌中偷走一张": no delayed trick is taken with
    ``judgement_area_protected``."""
    state = table(4, options=_old(judgement_area_protected=protected))
    lay(state, 1, "lebu-spade-6")
    give(state, 0, "shunshou-spade-3", "guohe-spade-3")
    assert bool(_uses(state, "shunshou")) is not protected
    assert {u.targets[0] for u in _uses(state, "guohe")} == (set() if protected else {1})
    wield(state, 1, "bagua-spade-2")
    run = Run(state).use(0, "shunshou-spade-3", 1).pass_windows()
    options = {a.option for a in run.prompt(0).actions if isinstance(a, Choose)}
    assert options == ({"bagua-spade-2"} if protected else {"bagua-spade-2", "lebu-spade-6"})


def test_dismantlement_spares_the_judgement_area_with_the_older_rule() -> None:
    """"从任意距离的玩家的手牌(暗偷)或者装备牌(明偷)中偷走一张,放入弃牌堆"."""
    state = table(4, options=_old(judgement_area_protected=True))
    lay(state, 2, "shandian-spade-A")
    give(state, 2, "sha-club-2")
    give(state, 0, "guohe-spade-3")
    run = Run(state).use(0, "guohe-spade-3", 2).pass_windows()
    assert [a.option for a in run.prompt(0).actions if isinstance(a, Choose)] == ["hand"]


@pytest.mark.parametrize("hearts", [False, True])
def test_eight_diagram_passes_on_a_heart_only_with_the_older_rule(hearts: bool) -> None:
    """"若这张牌是红桃则判定通过": a red diamond dodges by default, not with
    ``eight_diagram_hearts``; a heart dodges either way."""
    for judged, dodged in (("shan-diamond-3", not hearts), ("tao-heart-3", True)):
        state = table(4, options=_old(eight_diagram_hearts=hearts))
        wield(state, 1, "bagua-spade-2")
        stack(state, judged)
        give(state, 0, "sha-spade-7")
        run = Run(state).use(0, "sha-spade-7", 1)
        assert ("eight_diagram_dodged" in run.said()) is dodged
        if not dodged:
            assert run.prompt(1).kind == "dodge"


@pytest.mark.parametrize("others", [False, True])
def test_peach_on_another_seat_in_your_own_turn_with_the_older_rule(others: bool) -> None:
    """"可以在自己的回合对别的玩家使用桃"."""
    state = table(4, options=_old(peach_on_others=others))
    state.players[2].hp = 2
    give(state, 0, "tao-heart-3")
    uses = _uses(state, "tao")
    assert [u.targets for u in uses] == ([(2,)] if others else [])
    if others:
        run = Run(state).act(uses[0])
        assert run.players[2].hp == 3


def test_peach_heals_yourself_first_when_others_are_wounded_too() -> None:
    state = table(4, options=_old(peach_on_others=True))
    state.players[0].hp = 3
    state.players[3].hp = 1
    give(state, 0, "tao-heart-3")
    assert [u.targets for u in _uses(state, "tao")] == [(0,), (3,)]


OLDER = Options(
    indulgence_spares_lord=True,
    no_peach_one_on_one=True,
    discard_at_will=True,
    judgement_area_protected=True,
    eight_diagram_hearts=True,
    peach_on_others=True,
)


@pytest.mark.parametrize("seats", range(4, 11))
@pytest.mark.parametrize("options", [OLDER, OLDER.model_copy(update={"heroes": False})])
def test_bots_play_every_older_rule_legally(seats: int, options: Options) -> None:
    result = playout(
        GAME, seats, seed=seats, options=options, chooser=mixed_chooser(set(range(seats))),
        max_steps=20_000,
    )
    assert GAME.outcome(result.state) is not None
