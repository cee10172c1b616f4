"""What each reader sees: the table sees counts (cards, unplayed development cards), the
island, production, trades and every public fact; a seat sees its own cards by id, its
development cards, hidden points and rates; nobody else's ids, ever; at the end, everything."""

from __future__ import annotations

import random

from games.catan import GAME
from games.catan import actions as a
from games.catan.cards import RESOURCES
from games.catan.state import CatanState
from games.catan.views import CatanView
from games.core.conformance import bot_action
from tests.games.catan.table import (
    build,
    founded,
    give,
    give_development,
    on_turn,
    play,
)


def _mid_game():
    state = on_turn(founded(), 0, "main")
    build(state, 0, settlements=("18", "44"), roads=("18-24",))
    build(state, 1, cities=("21",))
    give(state, 0, brick=2, ore=1)
    give(state, 1, wool=3)
    give_development(state, 1, "victory")
    give_development(state, 1, "knight")
    return state


def test_the_public_view_holds_counts_and_no_card_ids() -> None:
    state = _mid_game()
    public = GAME.view(state, None)
    text = public.model_dump_json()
    for seat in range(4):
        for card in GAME.secrets(state, seat):
            assert card not in text
    assert public.me is None and public.seat is None
    assert [p.cards for p in public.players] == [3, 3, 0, 0]
    assert public.players[1].development == 2
    assert public.players[1].points == 2  # the victory card is not counted in public
    assert public.players[0].settlements == [17, 43] and public.players[1].cities == [20]
    assert public.bank == {k: 19 - {"brick": 2, "ore": 1, "wool": 3}.get(k, 0)
                           for k in RESOURCES}
    assert public.development_left == 23


def test_a_seat_sees_its_own_cards_only() -> None:
    state = _mid_game()
    mine = GAME.view(state, 1)
    assert mine.me is not None and mine.me.hand["wool"] == list(state.hands[1]["wool"])
    assert {card.kind for card in mine.me.development} == {"victory", "knight"}
    assert mine.me.hidden_points == 1 and mine.me.points == 3
    assert GAME.secrets(state, 1) == {*state.hands[1]["wool"], *state.dev_hands[1]}
    text = mine.model_dump_json()
    for card in GAME.secrets(state, 0):
        assert card not in text
    # Everything but ``me`` is the table's view.
    assert mine.model_copy(update={"seat": None, "me": None}) == GAME.view(state, None)


def test_the_end_shows_every_hand_and_card() -> None:
    rng = random.Random(3)
    state = GAME.setup(3, None, seed=3)
    while GAME.outcome(state) is None:
        state = GAME.apply(state, bot_action(GAME, state, rng)).state
    final = GAME.view(state, None).final
    assert final is not None
    for seat in range(3):
        assert final.development[seat] == state.dev_hands[seat]
        assert final.hands[seat] == {k: len(state.hands[seat][k]) for k in RESOURCES}
        assert GAME.secrets(state, seat) == set()
    assert final.points[state.winner] >= 10


def test_production_and_trades_are_public() -> None:
    state = _mid_game()
    state.production = {0: {"brick": 1}}
    assert GAME.view(state, None).production == {0: {"brick": 1}}
    pick = GAME.prompt_for(state, 0).pick
    state, _ = play(state, pick.build(["give:brick:1", "want:wool:1"]))
    trade = GAME.view(state, None).trade
    assert trade is not None and (trade.give, trade.want) == ({"brick": 1}, {"wool": 1})
    state, _ = play(state, a.AnswerTrade(seat=1, accept=True))
    assert GAME.view(state, 2).trade.answers[1].answer == "accept"


def _afresh(state: CatanState, seat: int | None) -> CatanView:
    """``seat``'s view with every row built again: no rows kept with the island's pieces."""
    board = state.board()
    kept = board.viewed, dict(board.players)
    board.viewed = None
    board.players.clear()
    private = state.__pydantic_private__
    public = private["_public"]
    private["_public"] = None
    try:
        return GAME.view(state, seat)
    finally:
        board.viewed = kept[0]
        board.players.update(kept[1])
        private["_public"] = public


def test_rows_kept_from_the_last_state_viewed_are_those_built_afresh() -> None:
    reused = 0
    for seed in range(3):
        state = GAME.setup(3 + seed % 2, {}, seed)
        rng = random.Random(seed)
        for move in range(300):
            if GAME.outcome(state) is not None:
                break
            seat = move % state.seats
            viewed = state.board().viewed
            shown = GAME.view(state, seat)
            reused += viewed is not None and shown.players[0] is viewed[2][0]
            assert shown == _afresh(state, seat)
            assert GAME.view(state, None) == _afresh(state, None)
            prompt = rng.choice([p for p in GAME.pending(state) if p.blocking])
            # Mostly the bot's moves, every fourth a random one of those listed.
            action = GAME.choose(GAME.view(state, prompt.seat), prompt, rng) if move % 4 \
                else prompt.actions[rng.randrange(len(prompt.actions))]
            state = GAME.apply(state, action).state
    assert reused > 100


def test_rows_follow_a_state_changed_in_place() -> None:
    state = _mid_game()
    before = GAME.view(state, 0).players[1].cards
    give(state, 1, grain=2)
    assert GAME.view(state, 0).players[1].cards == before + 2
    after = play(state, a.EndTurn(seat=0))[0]
    assert GAME.view(after, 1).players[1].cards == before + 2
