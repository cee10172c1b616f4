"""Walking the house and yard: doors, hedges, the window and breaking through."""

from __future__ import annotations

from games.zombie.actions import BreakThrough, BreakWindow, Explore, Hurt, Move, Turn
from games.zombie.board import walkable_neighbours
from games.zombie.state import Opening
from tests.games.zombie.builders import lay, next_tiles, play, prompt_of, table


def _kinds(state, seat=0):  # type: ignore[no-untyped-def]
    return [(a.kind, getattr(a, "direction", getattr(a, "to", None)))
            for a in prompt_of(state, seat).actions]


def test_indoors_the_team_passes_through_doors_only() -> None:
    state = table(seats=2)
    # The Foyer has one door (north); its other sides are walls.
    assert [d for k, d in _kinds(state) if k == "explore"] == ["N"]
    lay(state, "bedroom", 1, 0, 0)  # beside the Foyer, a wall between them
    assert walkable_neighbours(state, "foyer") == []
    assert ("move", "bedroom") not in _kinds(state)


def test_two_rooms_join_only_where_both_have_doors() -> None:
    state = table(seats=2)
    lay(state, "bathroom", 0, -1, 0)  # its only door faces north, away from the Foyer
    assert walkable_neighbours(state, "foyer") == []
    state = table(seats=2)
    lay(state, "bathroom", 0, -1, 2)  # turned: its door faces the Foyer
    assert walkable_neighbours(state, "foyer") == ["bathroom"]


def test_outdoors_the_team_never_crosses_a_hedge() -> None:
    state = table(seats=2)
    lay(state, "dining_room", 0, -1)
    lay(state, "patio", 0, 0)
    state.openings.append(Opening(kind="window", a="dining_room", b="patio"))
    lay(state, "garage", -1, 0, 0)  # west of the Patio: the Patio's west side is a hedge
    state.at = "patio"
    state.forget_pending()
    assert "garage" not in walkable_neighbours(state, "patio")
    explore = [d for k, d in _kinds(state) if k == "explore"]
    assert sorted(explore) == ["E", "S"]


def test_the_dining_room_window_opens_onto_the_patio_first_and_hurts_once() -> None:
    state = table(seats=3, health=3, deck=["card-oil", "card-candle", "card-board"])
    lay(state, "dining_room", 0, -1)
    state.at = "dining_room"
    state.forget_pending()
    state, _ = play(state, BreakWindow(seat=0))
    assert sorted(a.target for a in prompt_of(state, 0).actions if isinstance(a, Hurt)) == [
        0, 1, 2]
    state, events = play(state, Hurt(seat=0, target=2))
    assert [p.health for p in state.players] == [3, 3, 2]
    assert state.at == "patio"
    assert any(e.key == "zombie.event" for e in events)
    # Back in and out again through the open window: a plain move, nobody hurt.
    leader = state.leader
    state, _ = play(state, Move(seat=leader, to="dining_room"))
    assert state.at == "dining_room"
    assert all(a.kind != "break_window" for a in prompt_of(state, state.leader).actions)
    state, _ = play(state, Move(seat=state.leader, to="patio"))
    assert [p.health for p in state.players] == [3, 3, 2]


def test_exploring_the_yard_draws_from_the_yard_stack() -> None:
    state = table(seats=1, deck=["card-oil", "card-candle"])
    lay(state, "dining_room", 0, -1)
    state.at = "dining_room"
    state.forget_pending()
    state, _ = play(state, BreakWindow(seat=0))  # one player: they are the one hurt
    assert state.at == "patio" and state.players[0].health == state.options.doom(1).health - 1
    next_tiles(state, "graveyard")
    state, _ = play(state, Explore(seat=0, direction="S"))
    state, _ = play(state, Turn(seat=0, turns=prompt_of(state, 0).actions[0].turns))  # type: ignore[attr-defined]
    assert state.at == "graveyard"
    assert "graveyard" not in state.yard_stack


def test_a_wall_can_be_broken_only_when_the_house_has_no_way_on() -> None:
    state = table(seats=2, health=4, deck=["card-oil", "card-candle"])
    assert not [a for a in prompt_of(state, 0).actions if isinstance(a, BreakThrough)]
    lay(state, "bathroom", 0, -1, 2)  # the Foyer's door now leads to a dead end
    state.at = "bathroom"
    state.forget_pending()
    breaks = sorted(a.direction for a in prompt_of(state, 0).actions
                    if isinstance(a, BreakThrough))
    assert breaks == ["E", "N", "W"]
    next_tiles(state, "kitchen")
    state, _ = play(state, BreakThrough(seat=0, direction="E"), Hurt(seat=0, target=1))
    assert [p.health for p in state.players] == [4, 3]
    turn = [a for a in prompt_of(state, 0).actions if isinstance(a, Turn)]
    assert len(turn) == 4  # the wall stays open: any turning connects
    state, events = play(state, Turn(seat=0, turns=0))  # the Kitchen's wall faces down
    assert state.at == "kitchen"
    assert any(e.key == "zombie.event" for e in events)
    assert "kitchen" in walkable_neighbours(state, "bathroom")
    assert "bathroom" in walkable_neighbours(state, "kitchen")


def test_no_hedge_is_pushed_through_even_where_the_yard_has_no_way_on() -> None:
    """Seed: "在屋外你不能穿過樹離". The yard cannot close with its real tiles (only three have
    two neighbouring hedges; a closed layout needs four), so the position is built with one of
    them laid twice: even then the team may break nothing in the yard."""
    from games.zombie.board import breach_directions, way_on
    from games.zombie.tiles import STEP, TILES

    state = table(seats=2)
    corners = {(0, 0): ("N", "W"), (1, 0): ("N", "E"), (0, 1): ("S", "W"), (1, 1): ("S", "E")}
    tiles = {(0, 0): "patio", (1, 0): "garage", (0, 1): "graveyard", (1, 1): "garage"}
    if STEP["N"][1] > 0:  # north is down the grid: the top row is y = 1
        corners = {(x, 1 - y): sides for (x, y), sides in corners.items()}
    for (x, y), outward in corners.items():
        tile = tiles[(x, y)]
        turns = next(t for t in range(4)
                     if not any(TILES[tile].passable(d, t) for d in outward))
        lay(state, tile, x, y, turns)
    state.at = "patio"
    state.forget_pending()
    assert state.yard_stack and not way_on(state, "yard")
    assert breach_directions(state) == []
    assert not [a for a in prompt_of(state, 0).actions if isinstance(a, BreakThrough)]
