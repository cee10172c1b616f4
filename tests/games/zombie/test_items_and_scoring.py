"""Items at any time, and the scores of a win and of a loss."""

from __future__ import annotations

import random

from games.zombie import GAME
from games.zombie.actions import (
    AcceptTotem,
    Commit,
    Cower,
    Drink,
    Give,
    GiveTotem,
    Move,
    Refuel,
    RefuseTotem,
)
from games.zombie.prompts import FREE_MOVES
from games.zombie.scoring import scores
from games.zombie.state import ZombieState
from tests.games.zombie.builders import keys, lay, play, prompt_of, table


def test_an_item_may_be_given_to_anyone_at_any_time() -> None:
    state = table(seats=3)
    state.players[2].items = ["machete"]
    state.forget_pending()
    free = prompt_of(state, 2)
    assert not free.blocking and free.kind == FREE_MOVES
    assert Give(seat=2, item="machete", to=0) in free.actions
    state, _ = play(state, Give(seat=2, item="machete", to=0))
    assert state.players[0].items == ["machete"] and state.stage == "lead"


def _holding(seats: int = 3, holder: int = 1) -> ZombieState:
    state = table(seats=seats)
    state.totem, state.totem_holder = "held", holder
    state.forget_pending()
    return state


def test_the_totem_may_be_offered_to_a_living_player() -> None:
    state = _holding()
    state.players[2].alive, state.players[2].health = False, 0
    state.forget_pending()
    offered = [a for a in prompt_of(state, 1).actions if isinstance(a, GiveTotem)]
    assert offered == [GiveTotem(seat=1, to=0)]


def test_the_totem_changes_hands_only_when_the_receiver_accepts() -> None:
    """Seed: "圖騰都可以給予願意接受的存活玩家" — the receiver is asked, and until it accepts
    the holder keeps the totem (and its curses)."""
    state = _holding()
    state, events = play(state, GiveTotem(seat=1, to=2))
    assert state.totem_holder == 1 and "zombie.offered_totem" in keys(events)
    asked = prompt_of(state, 2)
    assert asked.blocking and asked.kind == "zombie.prompt.totem_offer"
    assert asked.clock == "response" and asked.params == {"holder": 1}
    assert asked.default_action() == RefuseTotem(seat=2)  # nobody is made to take it
    assert AcceptTotem(seat=2) in asked.actions
    assert GAME.view(state, None).totem_offer == 2  # type: ignore[attr-defined]
    # Seat 0, the leader, still decides its round meanwhile.
    assert prompt_of(state, 0).kind == "zombie.prompt.lead"
    state, events = play(state, AcceptTotem(seat=2))
    assert state.totem_holder == 2 and "zombie.gave_totem" in keys(events)
    assert GAME.prompt_for(state, 2) is None or not any(
        isinstance(a, AcceptTotem) for a in prompt_of(state, 2).actions)


def test_a_refused_totem_stays_with_its_holder() -> None:
    state = _holding()
    state, _ = play(state, GiveTotem(seat=1, to=2))
    state, events = play(state, RefuseTotem(seat=2))
    assert state.totem_holder == 1 and "zombie.refused_totem" in keys(events)
    assert GAME.view(state, None).totem_offer is None  # type: ignore[attr-defined]


def test_an_offer_to_the_waiting_seat_joins_its_decision() -> None:
    """One prompt a seat: the leader offered the totem answers within its round's prompt."""
    state = _holding()
    state, _ = play(state, GiveTotem(seat=1, to=0))
    prompt = prompt_of(state, 0)
    assert prompt.kind == "zombie.prompt.lead" and AcceptTotem(seat=0) in prompt.actions
    state, _ = play(state, AcceptTotem(seat=0))
    assert state.totem_holder == 0 and state.stage == "lead"


def test_a_bot_offered_the_totem_takes_it() -> None:
    state = _holding()
    state, _ = play(state, GiveTotem(seat=1, to=2))
    chosen = GAME.choose(GAME.view(state, 2), prompt_of(state, 2), random.Random(0))
    assert chosen == AcceptTotem(seat=2)


def test_the_concoction_heals_anyone_by_two_at_any_time() -> None:
    state = table(seats=2, health=3)
    state.players[1].items = ["soda"]
    state.forget_pending()
    state, _ = play(state, Drink(seat=1, target=0))
    assert [p.health for p in state.players] == [5, 3] and state.players[1].items == []


def test_gasoline_refuels_the_chainsaw() -> None:
    state = table(seats=2)
    state.players[0].items = ["chainsaw"]
    state.players[1].items = ["gasoline"]
    state.chainsaw_fuel = 0
    state.forget_pending()
    state, _ = play(state, Refuel(seat=1))
    assert state.chainsaw_fuel == 2 and state.players[1].items == []


def test_the_dead_have_no_moves() -> None:
    state = table(seats=2)
    state.players[1].items = ["machete"]
    state.players[1].alive, state.players[1].health = False, 0
    state.forget_pending()
    assert GAME.prompt_for(state, 1) is None


def test_a_win_scores_three_for_survivors_four_for_the_healthiest_and_nothing_for_the_dead(
) -> None:
    state = table(seats=4)
    state.result = "won"
    state.players[0].health = 5
    state.players[1].health = 5
    state.players[2].health = 2
    state.players[3].alive, state.players[3].health = False, 0
    assert scores(state) == {0: 4.0, 1: 4.0, 2: 3.0, 3: 0.0}
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [0, 1, 2]


def test_a_loss_scores_one_for_the_last_to_die() -> None:
    state = table(seats=4)
    state.result = "lost"
    for seat, death in ((0, 1), (1, 3), (2, 3), (3, 2)):
        state.players[seat].alive, state.players[seat].health = False, 0
        state.players[seat].death = death
    assert scores(state) == {0: 0.0, 1: 1.0, 2: 1.0, 3: 0.0}
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == []


def test_players_alive_at_midnight_fall_last_and_score_one() -> None:
    state = table(seats=3, health=6)
    state.players[0].alive, state.players[0].health, state.players[0].death = False, 0, 1
    state.hour, state.reshuffles, state.discard, state.deck = 11, 2, state.deck, []
    state.forget_pending()
    state, _ = play(state, Cower(seat=1))
    assert state.result == "lost"
    assert scores(state) == {0: 0.0, 1: 1.0, 2: 1.0}


def test_the_game_is_lost_when_everyone_is_dead() -> None:
    state = table(seats=1, health=1, deck=["card-gasoline"])
    lay(state, "family_room", 0, -1, 2)
    state, _ = play(state, Move(seat=0, to="family_room"), Commit(seat=0, choice="fight"))
    assert state.result == "lost" and scores(state) == {0: 1.0}
