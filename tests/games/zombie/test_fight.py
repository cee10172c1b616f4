"""Fight or flee: secret commitments, the reveal, attack, damage, the dying."""

from __future__ import annotations

from games.zombie import GAME
from games.zombie.actions import Arm, Bequeath, Commit, Flee, Give, Move, Rescue, Settle
from games.zombie.state import ZombieState
from tests.games.zombie.builders import (
    commit_all,
    keys,
    lay,
    play,
    prompt_of,
    table,
    waiting,
)


def _horde(seats: int = 4, health: int = 3, card: str = "card-gasoline") -> ZombieState:
    """The team walks into the Family Room and meets 4 + X zombies (9 at four players)."""
    state = table(seats=seats, health=health, deck=[card, "card-oil", "card-candle"])
    lay(state, "family_room", 0, -1, 2)  # doors east, south and west
    state, _ = play(state, Move(seat=0, to="family_room"))
    assert state.stage == "fight"
    return state


def test_every_living_player_commits_and_nobody_can_tell_who_has_chosen() -> None:
    state = _horde()
    before_views = {seat: GAME.view(state, seat) for seat in (None, 0, 2, 3)}
    before_prompts = {seat: prompt_of(state, seat) for seat in range(4)}
    assert all(p.clock == "response" for p in before_prompts.values())
    state, events = play(state, Commit(seat=1, choice="fight"))
    assert [e.to for e in events] == [(1,)]  # only seat 1 hears of its own answer
    for seat, view in before_views.items():
        assert GAME.view(state, seat) == view
    for seat in (0, 2, 3):
        assert prompt_of(state, seat) == before_prompts[seat]
    assert prompt_of(state, 1).question == before_prompts[1].question
    assert sorted(waiting(state)) == [0, 1, 2, 3]
    own = GAME.view(state, 1)
    assert own.commitment == "fight"  # type: ignore[attr-defined]
    assert own.commitment_id in GAME.secrets(state, 1)  # type: ignore[attr-defined]


def test_the_question_stands_through_a_gift_so_nobody_is_asked_again_what_they_answered(
) -> None:
    """A free move puts a single seat's question anew; fight or flee stays put, for every
    seat alike: a seat that has answered could only repeat itself or turn round."""
    state = _horde()
    state.players[2].items = ["board"]
    state.forget_pending()
    state, _ = play(state, Commit(seat=1, choice="fight"))
    before = {seat: prompt_of(state, seat).question for seat in range(4)}
    state, _ = play(state, Give(seat=2, item="board", to=3))
    assert {seat: prompt_of(state, seat).question for seat in range(4)} == before
    assert sorted(waiting(state)) == [0, 1, 2, 3]


def test_a_player_may_change_their_mind_until_the_last_commitment() -> None:
    state = _horde()
    state, _ = play(state, Commit(seat=1, choice="fight"), Commit(seat=1, choice="flee"))
    state, events = commit_all(state, {0: "flee", 2: "flee", 3: "flee"})
    revealed = next(e for e in events if e.key == "zombie.revealed")
    assert revealed.params == {"fighters": [], "fled": [0, 1, 2, 3]}
    assert revealed.to is None


def test_when_all_flee_everyone_loses_one_and_the_leader_moves_the_team() -> None:
    state = _horde()
    lay(state, "kitchen", 1, -1, 0)  # its west door meets the Family Room's east door
    state, _ = commit_all(state, {s: "flee" for s in range(4)})
    assert [p.health for p in state.players] == [2, 2, 2, 2]
    assert waiting(state) == [0] and state.stage == "flee"
    places = sorted(a.to for a in prompt_of(state, 0).actions if isinstance(a, Flee))
    assert places == ["foyer", "kitchen"]
    state, events = play(state, Flee(seat=0, to="kitchen"))
    assert state.at == "kitchen"
    # Seed: "在移動後總是要解事件卡" — the flight is a move, so the next card is read.
    drawn = [e for e in events if e.key == "zombie.event"]
    assert [e.params["card"] for e in drawn] == ["card-oil"]


def test_a_search_the_team_fled_from_fails_even_if_it_holds_its_ground_after_fleeing() -> None:
    """Seed: "如果遭遇殭屍而整個隊伍都選擇逃跑的話則拿不到圖騰" — the fight at the tile the team
    fled to (drawn because it moved) does not bring the totem back."""
    from games.zombie.actions import SearchTotem
    from games.zombie.options import Options

    state = table(seats=4, health=5, deck=["card-gasoline", "card-chainsaw", "card-oil"],
                  options=Options(extra_zombies=-2))
    lay(state, "evil_temple", 0, -1, 1)  # doors north and south: back to the Foyer
    state.at = "evil_temple"
    state.forget_pending()
    state, _ = play(state, SearchTotem(seat=0))
    state, _ = commit_all(state, {s: "flee" for s in range(4)})
    assert state.at == "foyer" and state.stage == "fight"  # the flight drew the chainsaw's 3-2
    state, events = commit_all(state, {s: "fight" for s in range(4)})
    assert "zombie.totem_missed" in keys(events) and state.totem == "hidden"


def test_when_anyone_fights_those_who_fled_gain_one_and_the_team_stays() -> None:
    state = _horde(health=5)
    state, _ = commit_all(state, {0: "fight", 1: "fight", 2: "fight", 3: "flee"})
    assert state.at == "family_room"
    # 9 zombies against 3 fighters: 6 damage, 2 each.
    assert [p.health for p in state.players] == [3, 3, 3, 6]


def test_attack_counts_each_fighter_their_items_and_a_fleeing_golf_club() -> None:
    state = _horde(health=3)
    state.players[0].items = ["machete"]
    state.players[1].items = ["golf_club"]
    state.players[3].items = ["board"]  # fled: the board stays out of it
    state, events = commit_all(state, {0: "fight", 1: "flee", 2: "fight", 3: "flee"})
    struck = next(e for e in events if e.key == "zombie.struck")
    assert struck.params == {"zombies": 9, "attack": 2 + 2 + 1, "damage": 4}
    assert [p.health for p in state.players] == [1, 4, 1, 4]


def test_damage_is_spread_evenly_and_the_leader_settles_the_remainder() -> None:
    state = _horde(health=4)
    state, _ = commit_all(state, {0: "fight", 1: "fight", 2: "fight", 3: "flee"})
    # 9 - 3 = 6 damage: 2 each, nothing to settle.
    assert state.stage == "lead"
    state = _horde(health=4)
    state.players[0].items = ["board"]
    state, _ = commit_all(state, {0: "fight", 1: "fight", 2: "fight", 3: "flee"})
    # 9 - 4 = 5 damage over 3 fighters: 1 each and 2 more for the leader to place.
    prompt = prompt_of(state, 0)
    assert prompt.pick is not None and prompt.pick.min == prompt.pick.max == 2
    assert set(prompt.pick.options) == {"0", "1", "2"}
    settle = prompt.pick.build(["0", "2"])
    assert GAME.apply(state, settle)
    state, _ = play(state, settle)
    assert [p.health for p in state.players] == [2, 3, 2, 5]


def test_the_remainder_pick_refuses_the_wrong_number_of_fighters() -> None:
    state = _horde(health=4)
    state.players[0].items = ["board"]
    state, _ = commit_all(state, {0: "fight", 1: "fight", 2: "fight", 3: "flee"})
    prompt = prompt_of(state, 0)
    assert not prompt.offers(Settle(seat=0, seats=("0",)))
    assert not prompt.offers(Settle(seat=0, seats=("0", "3")))
    assert prompt.offers(Settle(seat=0, seats=("1", "2")))


def test_damage_may_exceed_a_fighters_health_and_the_dying_choose_who_takes_their_items() -> None:
    state = _horde(health=2)
    state.players[1].items = ["femur", "candle"]
    state.totem, state.totem_holder = "held", 1
    state, _ = commit_all(state, {0: "flee", 1: "fight", 2: "flee", 3: "flee"})
    # 9 - (1 + 1) = 7 damage, all on the lone fighter.
    assert not state.players[1].alive
    assert waiting(state) == [1] and state.stage == "bequest"
    heirs = sorted(a.to for a in prompt_of(state, 1).actions if isinstance(a, Bequeath))
    assert heirs == [0, 2, 3]
    state, _ = play(state, Bequeath(seat=1, to=3))
    assert state.players[3].items == ["femur", "candle"] and state.totem_holder == 3
    assert state.players[1].items == []


def test_the_concoction_saves_a_player_while_the_damage_is_being_taken() -> None:
    state = _horde(health=2)
    state.players[2].items = ["soda"]
    state, _ = commit_all(state, {0: "flee", 1: "fight", 2: "flee", 3: "flee"})
    assert state.stage == "rescue" and waiting(state) == [2]
    state, _ = play(state, Rescue(seat=2, target=1))
    # 2 - 8 damage + 2 is still below zero: the Concoction was not enough.
    assert not state.players[1].alive
    state = _horde(health=3)
    state.players[2].items = ["soda"]
    state.players[0].items = ["machete", "board"]
    state, _ = commit_all(state, {0: "fight", 1: "fight", 2: "flee", 3: "flee"})
    # 9 - (2 + 3) = 4 damage: 2 each, the leader's fighters fall to 1 and stand.
    assert [p.health for p in state.players] == [1, 1, 4, 4]


def test_a_dying_player_saved_by_the_concoction_stays_in_the_game() -> None:
    state = _horde(health=1)
    state.players[3].items = ["soda"]
    state.players[1].items = ["machete", "board"]
    state.players[2].items = ["machete", "femur"]
    state, _ = commit_all(state, {0: "flee", 1: "fight", 2: "fight", 3: "flee"})
    # 9 - (2 + 3 + 3) = 1 damage: the leader puts it on seat 1.
    state, _ = play(state, prompt_of(state, 0).pick.build(["1"]))  # type: ignore[union-attr]
    assert state.stage == "rescue"
    state, _ = play(state, Rescue(seat=3, target=1))
    assert state.players[1].alive and state.players[1].health == 2
    assert "soda" not in state.players[3].items


def test_the_candle_with_oil_wins_a_fight_outright_and_the_oil_is_discarded() -> None:
    state = _horde(health=2)
    state.players[2].items = ["candle"]
    state.players[3].items = ["oil"]
    state, _ = commit_all(state, {0: "fight", 1: "flee", 2: "flee", 3: "flee"})
    assert state.stage == "arms" and waiting(state) == [3]
    state, events = play(state, Arm(seat=3, choice="burn_oil"))
    assert "zombie.burned" in keys(events)
    assert state.players[0].health == 2  # no damage at all
    assert state.players[3].items == [] and state.players[2].items == ["candle"]


def test_the_chainsaw_adds_three_while_it_has_fuel() -> None:
    state = _horde(health=3)
    state.players[0].items = ["chainsaw"]
    state.chainsaw_fuel = 1
    state, _ = commit_all(state, {0: "fight", 1: "fight", 2: "fight", 3: "fight"})
    state, events = play(state, Arm(seat=0, choice="rev"))
    struck = next(e for e in events if e.key == "zombie.struck")
    assert struck.params["attack"] == 4 + 3 and state.chainsaw_fuel == 0
