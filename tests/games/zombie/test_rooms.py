"""Room actions: the Evil Temple, the Graveyard, the Storage Closet and Garage, the carvings."""

from __future__ import annotations

from games.zombie.actions import Bury, Move, NameHolder, SearchItem, SearchTotem
from games.zombie.options import Options
from games.zombie.state import ZombieState
from tests.games.zombie.builders import commit_all, lay, play, prompt_of, table, waiting


def _at(state: ZombieState, tile: str, x: int, y: int, turns: int = 0) -> ZombieState:
    lay(state, tile, x, y, turns)
    state.at = tile
    state.forget_pending()
    return state


def _kinds(state: ZombieState) -> list[str]:
    return [a.kind for a in prompt_of(state, state.leader).actions]


def test_entering_a_room_does_not_use_its_action() -> None:
    state = table(seats=2, deck=["card-oil", "card-candle"])
    lay(state, "evil_temple", 0, -1, 1)  # doors north and south once turned
    state, _ = play(state, Move(seat=0, to="evil_temple"))
    assert state.totem == "hidden"
    assert "search_totem" in _kinds(state)


def test_searching_the_evil_temple_finds_the_totem_and_the_leader_names_its_holder() -> None:
    state = _at(table(seats=3, health=3, deck=["card-oil"]), "evil_temple", 0, -1, 1)
    state, _ = play(state, SearchTotem(seat=0))
    assert state.stage == "totem" and waiting(state) == [0]
    state, _ = play(state, NameHolder(seat=0, to=2))
    assert state.totem == "held" and state.totem_holder == 2


def test_the_totem_is_not_found_when_everyone_flees() -> None:
    state = _at(table(seats=2, health=3, deck=["card-gasoline"]), "evil_temple", 0, -1, 1)
    state, _ = play(state, SearchTotem(seat=0))
    state, _ = commit_all(state, {0: "flee", 1: "flee"})
    assert state.totem == "hidden"


def test_the_totem_is_not_found_when_every_fighter_dies() -> None:
    state = _at(table(seats=2, health=1, deck=["card-gasoline"]), "evil_temple", 0, -1, 1)
    state, _ = play(state, SearchTotem(seat=0))
    state, _ = commit_all(state, {0: "fight", 1: "flee"})
    assert not state.players[0].alive and state.totem == "hidden"


def test_the_totem_is_found_when_a_fighter_survives() -> None:
    state = _at(table(seats=2, health=6, deck=["card-gasoline"], options=Options(extra_zombies=2)),
                "evil_temple", 0, -1, 1)
    state, _ = play(state, SearchTotem(seat=0))
    state, _ = commit_all(state, {0: "fight", 1: "fight"})  # 4 + 2 zombies, 2 attack
    assert state.stage == "totem"
    state, _ = play(state, NameHolder(seat=0, to=1))
    assert state.totem_holder == 1


def test_burying_the_totem_wins_when_a_carving_room_is_found() -> None:
    state = table(seats=3, health=3, deck=["card-oil"])
    lay(state, "bathroom", 0, -1, 2)
    _at(state, "graveyard", 5, 5)
    state.totem, state.totem_holder = "held", 1
    state.players[2].alive, state.players[2].health = False, 0
    state, _ = play(state, Bury(seat=0))
    assert state.result == "won" and state.totem == "buried"


def test_a_burial_without_a_carving_room_goes_on_until_one_is_found() -> None:
    state = table(seats=2, health=3, deck=["card-oil", "card-candle"])
    _at(state, "graveyard", 5, 5)
    state.totem, state.totem_holder = "held", 0
    state, _ = play(state, Bury(seat=0))
    assert state.totem == "buried" and state.result is None
    assert "bury" not in _kinds(state)
    lay(state, "gazebo", 5, 6, 2)  # turned so an open side meets the Graveyard's south side
    state, _ = play(state, Move(seat=state.leader, to="gazebo"))
    assert state.result == "won"


def test_the_graveyard_is_of_no_use_before_the_totem_is_found() -> None:
    state = _at(table(seats=2), "graveyard", 5, 5)
    assert "bury" not in _kinds(state)


def test_the_storage_closet_and_the_garage_are_searched_once_each() -> None:
    state = _at(table(seats=2, deck=["card-machete", "card-oil"]), "storage", 0, -1, 2)
    assert "search_item" in _kinds(state)
    state, _ = play(state, SearchItem(seat=0))
    assert state.players[0].items == ["machete"]  # the item pictured; the event ignored
    assert state.fight is None
    assert "search_item" not in _kinds(state)
    state = _at(table(seats=2, deck=["card-candle"]), "garage", 5, 5)
    state.searched = ["storage"]
    state, _ = play(state, SearchItem(seat=0))
    assert state.players[0].items == ["candle"] and state.searched == ["storage", "garage"]


def test_a_carving_room_has_no_action_of_its_own() -> None:
    state = _at(table(seats=2), "bathroom", 0, -1, 2)
    assert set(_kinds(state)) <= {"cower", "move", "explore", "break_through", "give"}

