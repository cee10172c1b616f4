"""Trading between players, as a Discord table drives it: the seat on turn offers (to everyone
or to some), the others answer in public (accept, decline, counter-offer) on the response
clock while the proposer is not waited for, the proposer confirms one answer; a confirmation
whose cards are gone is refused with the reason; a turn has a bounded number of offers."""

from __future__ import annotations

from games.catan import GAME
from games.catan import actions as a
from games.catan.trading import read_terms, words_for
from tests.games.catan.table import (
    build,
    event,
    founded,
    give,
    give_development,
    hand,
    keys,
    on_turn,
    play,
    prompt_of,
)


def _table():
    state = on_turn(founded(), 0, "main")
    build(state, 0, settlements=("18",), roads=("18-24",))
    give(state, 0, brick=2, lumber=1, ore=1)
    give(state, 1, wool=2)
    give(state, 2, wool=1, grain=1)
    give(state, 3, ore=1)
    return state


def _offer(state, give_: dict[str, int], want: dict[str, int], to: list[int] | None = None):
    pick = prompt_of(state, 0).pick
    assert pick is not None and pick.template.kind == "offer_trade"
    return play(state, pick.build(words_for(give_, want, to)))


def test_any_choice_of_words_is_a_trade() -> None:
    assert read_terms(("give:brick:1", "give:brick:2", "want:wool:1", "to:2")) == (
        {"brick": 2}, {"wool": 1}, [2])
    # Like for like is only given; an empty side is an open offer.
    assert read_terms(("give:ore:1", "want:ore:1", "want:wool:3", "want:wool:1")) == (
        {"ore": 1}, {"wool": 2}, [])
    assert read_terms(("want:grain:1",)) == ({}, {"grain": 1}, [])


def test_an_offer_asks_the_others_at_once_on_the_response_clock() -> None:
    state, events = _offer(_table(), {"brick": 1}, {"wool": 1})
    offered = event(events, "trade_offered").params
    assert offered == {"seat": 0, "offer": 1, "to": None, "give": {"brick": 1},
                       "want": {"wool": 1}, "left": 4}
    prompts = {p.seat: p for p in GAME.pending(state)}
    assert set(prompts) == {0, 1, 2, 3}
    assert not prompts[0].blocking  # nobody waits for the proposer meanwhile
    for seat in (1, 2, 3):
        p = prompts[seat]
        assert p.blocking and p.clock == "response" and p.question == "trade#1"
        assert p.default_action() == a.AnswerTrade(seat=seat, accept=False)
    # Every seat asked may accept, holding the wool or not: the table asks them all one
    # question, and what a seat may answer tells nothing of its hand.
    assert a.AnswerTrade(seat=1, accept=True) in prompts[1].actions
    assert a.AnswerTrade(seat=3, accept=True) in prompts[3].actions
    view = GAME.view(state, None).trade
    assert view is not None and view.waiting == [1, 2, 3] and view.to_all


def test_answers_are_public_and_the_proposer_picks_among_acceptors() -> None:
    state, _ = _offer(_table(), {"brick": 1}, {"wool": 1})
    state, events = play(state, a.AnswerTrade(seat=1, accept=True))
    assert event(events, "trade_answered").to is None
    state, _ = play(state, a.AnswerTrade(seat=3, accept=False))
    # Seat 2 counters: its grain for two bricks.
    counter = prompt_of(state, 2).pick
    assert counter is not None
    state, events = play(state, counter.build(words_for({"grain": 1}, {"brick": 2})))
    assert event(events, "trade_answered").params["give"] == {"brick": 2}
    proposer = prompt_of(state, 0)
    assert proposer.blocking  # every answer is in
    # Each answer was a new question for the proposer: its open panel shows it.
    assert proposer.question == f"offer#1@{state.step}"
    assert {act.partner for act in proposer.actions if act.kind == "confirm_trade"} == {1, 2}
    view = GAME.view(state, None).trade
    assert view.answers[1].answer == "accept" and view.answers[3].answer == "decline"
    assert view.answers[2].answer == "counter" and view.answers[2].want == {"grain": 1}
    state, events = play(state, a.ConfirmTrade(seat=0, partner=2))
    assert event(events, "traded").params == {"seat": 0, "partner": 2, "offer": 1,
                                               "give": {"brick": 2}, "get": {"grain": 1}}
    assert hand(state, 0) == {"lumber": 1, "grain": 1, "ore": 1}
    assert hand(state, 2) == {"brick": 2, "wool": 1}
    assert state.offer is None


def test_the_proposer_may_confirm_the_first_acceptance_at_once() -> None:
    state, _ = _offer(_table(), {"brick": 1}, {"wool": 1})
    state, _ = play(state, a.AnswerTrade(seat=1, accept=True))
    assert a.ConfirmTrade(seat=0, partner=1) in prompt_of(state, 0).actions
    state, _ = play(state, a.ConfirmTrade(seat=0, partner=1))
    assert hand(state, 1) == {"brick": 1, "wool": 1}
    assert GAME.pending(state) == [prompt_of(state, 0)]  # the others are asked no more


def test_an_offer_to_one_player_asks_that_player_only() -> None:
    state, events = _offer(_table(), {"ore": 1}, {"grain": 1}, to=[2])
    assert event(events, "trade_offered").params["to"] == [2]
    assert {p.seat for p in GAME.pending(state)} == {0, 2}


def test_an_open_offer_is_answered_by_counter_offers() -> None:
    """"I give a brick, what will you give?": no one may accept, anyone may counter."""
    state, _ = _offer(_table(), {"brick": 1}, {})
    assert a.AnswerTrade(seat=1, accept=True) not in prompt_of(state, 1).actions
    counter = prompt_of(state, 1).pick
    assert counter is not None
    # A counter naming only what it gives takes the offer's side for the rest.
    state, _ = play(state, counter.build(words_for({"wool": 2}, {})))
    answer = state.offer.answers[1]
    assert (answer.give, answer.want) == ({"brick": 1}, {"wool": 2})
    state, _ = play(state, a.ConfirmTrade(seat=0, partner=1))
    assert hand(state, 0)["wool"] == 2


def test_a_trade_whose_cards_are_gone_is_refused_with_the_reason() -> None:
    state, _ = _offer(_table(), {"lumber": 1}, {"wool": 1})
    state, _ = play(state, a.AnswerTrade(seat=1, accept=True))
    # The proposer spends its lumber on a road before confirming.
    state, _ = play(state, a.BuildRoad(seat=0, edge=prompt_of(state, 0).actions[0].edge))
    before = (hand(state, 0), hand(state, 1))
    state, events = play(state, a.ConfirmTrade(seat=0, partner=1))
    refused = event(events, "trade_refused").params
    assert refused == {"seat": 0, "partner": 1, "offer": 1, "lacking_seat": 0,
                       "lacking": {"lumber": 1}}
    assert (hand(state, 0), hand(state, 1)) == before
    assert state.offer.answers[1].answer == "void"
    assert a.ConfirmTrade(seat=0, partner=1) not in prompt_of(state, 0).actions


def test_a_trade_refused_when_the_partner_lost_the_cards() -> None:
    state = _table()
    give_development(state, 0, "monopoly")
    state, _ = _offer(state, {"brick": 1}, {"wool": 1})
    state, _ = play(state, a.AnswerTrade(seat=1, accept=True))
    state, _ = play(state, a.PlayMonopoly(seat=0, resource="wool"))
    state, events = play(state, a.ConfirmTrade(seat=0, partner=1))
    refused = event(events, "trade_refused").params
    assert refused["lacking_seat"] == 1 and refused["lacking"] == {"wool": 1}


def test_an_acceptance_without_the_cards_is_refused_when_confirmed() -> None:
    state, _ = _offer(_table(), {"brick": 1}, {"wool": 1})
    state, _ = play(state, a.AnswerTrade(seat=3, accept=True))  # seat 3 holds no wool
    assert a.ConfirmTrade(seat=0, partner=3) in prompt_of(state, 0).actions
    before = (hand(state, 0), hand(state, 3))
    state, events = play(state, a.ConfirmTrade(seat=0, partner=3))
    refused = event(events, "trade_refused").params
    assert refused["lacking_seat"] == 3 and refused["lacking"] == {"wool": 1}
    assert (hand(state, 0), hand(state, 3)) == before
    assert state.offer.answers[3].answer == "void"


def test_a_new_offer_replaces_the_open_one_and_offers_are_bounded() -> None:
    state = _table()
    state.options = state.options.model_copy(update={"trade_offers": 2})
    state, _ = _offer(state, {"brick": 1}, {"wool": 1})
    state, events = _offer(state, {"ore": 1}, {"wool": 1})
    assert keys(events)[:2] == ["trade_closed", "trade_offered"]
    assert event(events, "trade_closed").params["reason"] == "replaced"
    assert state.offer.serial == 2 and state.offer.answers == {}
    assert prompt_of(state, 0).pick is None  # no third offer this turn
    state, events = play(state, a.EndTurn(seat=0))
    assert event(events, "trade_closed").params["reason"] == "turn_ended"
    assert state.offer is None and state.offers_made == 0


def test_withdrawing_ends_the_questions() -> None:
    state, _ = _offer(_table(), {"brick": 1}, {"wool": 1})
    state, events = play(state, a.WithdrawTrade(seat=0))
    assert event(events, "trade_closed").params["reason"] == "withdrawn"
    assert [p.seat for p in GAME.pending(state)] == [0]


def test_only_the_seat_on_turn_offers_and_only_after_its_roll() -> None:
    state = _table()
    on_turn(state, 0, "roll")
    assert prompt_of(state, 0).pick is None
    on_turn(state, 0, "main")
    assert prompt_of(state, 0).pick is not None
    assert GAME.prompt_for(state, 1) is None
