"""The bot: legal always, deciding from its seat's view alone; a tactical suite of positions
with one clearly right move; it beats random players."""

from __future__ import annotations

import random

from games.catan import GAME
from games.catan import actions as a
from games.catan.context import Context
from games.catan.layout import BEGINNER, facts
from games.catan.robber import seven
from games.core.conformance import mixed_chooser, playout
from tests.games.catan.table import (
    build,
    corner,
    founded,
    give,
    give_development,
    hex_,
    new_game,
    on_turn,
    play,
    prompt_of,
)


def _choice(state, seat: int) -> a.Action:
    prompt = prompt_of(state, seat)
    chosen = GAME.choose(GAME.view(state, seat), prompt, random.Random(0))
    assert prompt.offers(chosen)
    return chosen


def test_the_first_settlement_goes_where_the_pips_are() -> None:
    state = new_game(4)
    chosen = _choice(state, state.current)
    assert isinstance(chosen, a.PlaceSettlement)
    pips = facts(BEGINNER).corner_pips
    assert pips[chosen.corner] >= max(pips) - 2
    assert len({kind for _, kind, _ in facts(BEGINNER).corner_yields[chosen.corner]}) == 3


def test_it_takes_the_winning_build() -> None:
    state = on_turn(founded(), 0, "main")
    build(state, 0, settlements=("1", "3", "18"), cities=("21", "44", "47"),
          roads=("18-23", "23-29"))  # 9 points
    give(state, 0, brick=1, lumber=1, wool=2, grain=2, ore=1)
    assert _choice(state, 0) == a.BuildSettlement(seat=0, corner=corner("29"))


def test_the_robber_goes_to_the_leader_and_robs_the_leader() -> None:
    state = on_turn(founded(), 0, "robber")
    build(state, 1, settlements=("17",), cities=("1", "3", "44"))  # 7 points, on H (9)
    build(state, 2, settlements=("29",))  # 1 point, on H and I (11)
    build(state, 3, settlements=("40", "52"))  # Q (5)
    build(state, 0, settlements=("21",))
    for seat in (1, 2, 3):
        give(state, seat, wool=2)
    chosen = _choice(state, 0)
    # The leader's city on the forest of 8 (M) is the richest production to block.
    assert chosen == a.MoveRobber(seat=0, hex=hex_("M"), victim=1)


def test_it_never_trades_with_a_player_about_to_win() -> None:
    def asked(proposer_points: tuple[str, ...]):
        state = on_turn(founded(), 1, "main")
        build(state, 1, settlements=proposer_points, roads=("18-24",))
        build(state, 0, settlements=("21",))
        give(state, 0, wool=3, grain=1, ore=3)  # a city but for one grain
        give(state, 1, grain=2)
        pick = prompt_of(state, 1).pick
        state, _ = play(state, pick.build(["give:grain:1", "want:wool:1"]))
        return _choice(state, 0)

    assert asked(("18", "44")) == a.AnswerTrade(seat=0, accept=True)
    leader = asked(("18", "44", "1", "3", "29", "47", "50", "9"))  # 8 of 10
    assert leader == a.AnswerTrade(seat=0, accept=False)


def test_it_counters_an_offer_holding_a_card_it_needs() -> None:
    state = on_turn(founded(), 1, "main")
    build(state, 1, settlements=("18",))
    build(state, 0, settlements=("21",))
    give(state, 0, grain=2, ore=2, brick=3)  # a city but for one ore; brick to spare
    give(state, 1, ore=2)
    pick = prompt_of(state, 1).pick
    state, _ = play(state, pick.build(["give:ore:1", "want:lumber:1"]))  # 0 has no lumber
    chosen = _choice(state, 0)
    assert isinstance(chosen, a.CounterTrade)
    assert set(chosen.terms) == {"give:brick:1", "want:ore:1"}


def test_it_offers_a_spare_card_for_the_one_it_lacks() -> None:
    state = on_turn(founded(), 0, "main")
    build(state, 0, settlements=("21",))
    give(state, 0, grain=2, ore=2, brick=3)
    give(state, 1, ore=1)
    chosen = _choice(state, 0)
    assert isinstance(chosen, a.OfferTrade)
    assert set(chosen.terms) == {"give:brick:1", "want:ore:1"}


def test_it_discards_what_its_next_build_does_not_need() -> None:
    state = founded()
    build(state, 1, settlements=("21",))
    give(state, 1, grain=2, ore=3, wool=3, lumber=2)  # a city in hand, 10 cards
    seven(Context(state, random.Random(0)))
    state.forget_pending()
    chosen = _choice(state, 1)
    assert isinstance(chosen, a.Discard) and len(chosen.cards) == 5
    kept = {k: len(v) for k, v in state.hands[1].items()}
    for card in chosen.cards:
        kept[card.split("-")[0]] -= 1
    assert kept["grain"] >= 2 and kept["ore"] >= 3


def test_a_knight_that_takes_largest_army_comes_out_before_the_roll() -> None:
    state = on_turn(founded(), 0, "roll")
    state.dev_played[0] = ["knight-01", "knight-02", "knight-03"]
    state.dev_played[1] = ["knight-04", "knight-05", "knight-06"]
    state.largest_army = 1
    give_development(state, 0, "knight")
    assert _choice(state, 0) == a.PlayKnight(seat=0)
    state.dev_played[0] = ["knight-01"]
    state.forget_pending()
    assert _choice(state, 0) == a.Roll(seat=0)


def test_it_trades_a_big_hand_down_before_the_dice_pass_on() -> None:
    state = on_turn(founded(), 0, "main")
    build(state, 0, settlements=("21",))
    give(state, 0, wool=6, grain=3)  # 9 cards, nothing to build
    for seat in (1, 2, 3):
        state.hands[seat] = {k: () for k in state.hands[seat]}
    chosen = _choice(state, 0)
    assert isinstance(chosen, a.BankTrade) and chosen.give == "wool"


def test_a_bot_beats_three_random_players() -> None:
    """Four seeded tables, the bot at a different seat each time (200 in bench/catan_bench.py
    --strength)."""
    for seed in range(4):
        result = playout(GAME, 4, seed=100 + seed, chooser=mixed_chooser({seed}))
        assert GAME.outcome(result.state).winners == [seed]
