"""Setup, the leader card and the leader's round: cower, explore, move."""

from __future__ import annotations

from games.zombie import GAME, Options
from games.zombie.actions import BreakWindow, Cower, Explore, Hurt, Move, TakeItem, Turn
from games.zombie.doom import DOOM_TABLE
from tests.games.zombie.builders import keys, lay, next_tiles, play, prompt_of, table, waiting


def test_health_starts_by_the_doom_table() -> None:
    for seats in range(1, 9):
        state = GAME.setup(seats, seed=3)
        assert [p.health for p in state.players] == [DOOM_TABLE[seats].health] * seats
        assert state.extra_zombies == DOOM_TABLE[seats].extra
    assert DOOM_TABLE[4].health == 3 and DOOM_TABLE[4].extra == 5
    custom = GAME.setup(2, Options(start_health=5, extra_zombies=1), seed=3)
    assert [p.health for p in custom.players] == [5, 5] and custom.extra_zombies == 1


def test_the_foyer_starts_the_map_with_the_team_on_it() -> None:
    state = GAME.setup(3, seed=9)
    assert [t.tile for t in state.tiles] == ["foyer"] and state.at == "foyer"
    assert "foyer" not in state.house_stack and "patio" not in state.yard_stack
    assert len(state.deck) == 9 and state.hour == 9


def test_the_leader_card_goes_to_a_seat_drawn_at_random() -> None:
    leaders = {GAME.setup(6, seed=seed).leader for seed in range(40)}
    assert len(leaders) > 3
    assert GAME.setup(6, seed=5).leader == GAME.setup(6, seed=5).leader


def test_only_the_leader_decides_the_round() -> None:
    state = table(seats=4, leader=2)
    assert waiting(state) == [2]
    assert prompt_of(state, 2).actions[0] == Cower(seat=2)


def test_the_leader_passes_clockwise_skipping_the_dead() -> None:
    state = table(seats=4, leader=0, deck=["card-oil", "card-candle", "card-board"])
    state.players[1].alive = False
    state.players[1].health = 0
    state, _ = play(state, Cower(seat=0))
    assert state.leader == 2 and waiting(state) == [2]
    state, _ = play(state, Cower(seat=2))
    assert state.leader == 3
    state, _ = play(state, Cower(seat=3))
    assert state.leader == 0


def test_cowering_heals_everyone_alive_by_one_and_discards_the_top_event_unread() -> None:
    state = table(seats=3, health=2, deck=["card-gasoline", "card-oil"])  # 4 zombies on top
    state.players[2].health = 6
    state, events = play(state, Cower(seat=0))
    assert [p.health for p in state.players] == [3, 3, 6]
    assert state.discard == ["card-gasoline"] and state.deck[0] == "card-oil"
    assert "zombie.horde" not in keys(events) and "zombie.event" not in keys(events)


def test_cowering_in_the_kitchen_or_garden_heals_two() -> None:
    for room, area_tile in (("kitchen", "kitchen"), ("garden", "garden")):
        state = table(seats=2, health=2)
        lay(state, area_tile, 0, -1 if room == "kitchen" else 0, 2)
        state.at = room
        state.forget_pending()
        state, _ = play(state, Cower(seat=0))
        assert [p.health for p in state.players] == [4, 4], room


def test_exploring_draws_the_next_tile_turned_as_the_leader_likes_then_an_event() -> None:
    state = table(seats=2, deck=["card-soda"])  # a blessing at 9
    next_tiles(state, "kitchen")
    state, events = play(state, Explore(seat=0, direction="N"))
    prompt = prompt_of(state, 0)
    turnings = [a.turns for a in prompt.actions if isinstance(a, Turn)]
    assert sorted(turnings) == [1, 2, 3]  # every turning with a door facing back (south)
    state, events = play(state, Turn(seat=0, turns=2))
    kitchen = next(t for t in state.tiles if t.tile == "kitchen")
    assert (kitchen.x, kitchen.y, kitchen.turns) == (0, -1, 2)
    assert state.at == "kitchen"
    assert "zombie.event" in keys(events)
    assert state.discard == ["card-soda"]


def test_moving_to_an_explored_neighbour_also_draws_an_event() -> None:
    state = table(seats=2, deck=["card-oil", "card-candle"])
    lay(state, "family_room", 0, -1, 2)  # doors S, W, N once turned
    state, events = play(state, Move(seat=0, to="family_room"))
    assert state.at == "family_room"
    assert "zombie.event" in keys(events)
    assert len(state.discard) == 1



def test_when_the_leader_falls_the_next_living_player_finishes_the_round() -> None:
    state = table(seats=3, health=3, deck=["card-board", "card-oil", "card-candle"])
    state.players[0].health = 1
    lay(state, "dining_room", 0, -1)
    state.at = "dining_room"
    state.forget_pending()
    state, _ = play(state, BreakWindow(seat=0), Hurt(seat=0, target=0))
    assert not state.players[0].alive
    assert state.stage == "item" and waiting(state) == [1]  # the Board is offered to seat 1
    state, _ = play(state, TakeItem(seat=1))
    assert state.players[1].items == ["board"]
    assert state.leader == 1 and waiting(state) == [1]
