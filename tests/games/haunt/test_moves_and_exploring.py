"""Moving through doors, stairs and passages, and exploring new rooms."""

from __future__ import annotations

from games.haunt import GAME, board, explore
from games.haunt.actions import EndTurn, Explore, Move, TurnRoom
from games.haunt.catalog import catalog
from games.haunt.options import Options
from games.haunt.state import HauntState, MonsterPiece, PlacedRoom
from tests.games.haunt.builders import act, haunted, keys, new_game, place, set_value


def _moves(state, seat):  # type: ignore[no-untyped-def]
    prompt = GAME.prompt_for(state, seat)
    assert prompt is not None
    return {a.to for a in prompt.actions if isinstance(a, Move)}


def test_moving_costs_one_speed_per_room() -> None:
    state = new_game(3, options=Options(today="03-01"))  # Ines (seat 0) starts
    for i, room in enumerate(["four-way-passage", "map-room", "conservatory"]):
        place(state, room, "ground", 0, i + 1, doors=("N", "E", "S", "W"))
    set_value(state, 0, "speed", 0)  # Speed 2
    state, _ = act(state, Move(seat=0, to="four-way-passage"))
    state, _ = act(state, Move(seat=0, to="map-room"))
    assert state.turn.moves == 2
    assert _moves(state, 0) == set()


def test_only_joined_doors_lead_between_rooms() -> None:
    state = new_game(3, options=Options(today="03-01"))
    place(state, "scullery", "ground", 1, 0, doors=("N", "E"))  # no west door facing the hall
    place(state, "four-way-passage", "ground", 0, 1)
    assert _moves(state, 0) == {"four-way-passage", "upper-landing"}


def test_the_great_stair_joins_the_entrance_hall_and_the_upper_landing() -> None:
    state = new_game(3, options=Options(today="03-01"))
    state, _ = act(state, Move(seat=0, to="upper-landing"))
    assert state.seat(0).room == "upper-landing"
    assert "entrance-hall" in _moves(state, 0)


def test_the_linen_chute_goes_down_only_but_monsters_climb_it() -> None:
    state = new_game(3, options=Options(today="03-01"))
    place(state, "linen-chute", "ground", 0, 1)
    assert "basement-landing" in board.exits(state, "linen-chute")
    assert "linen-chute" not in board.exits(state, "basement-landing")
    assert "linen-chute" in board.exits(state, "basement-landing", monster=True)


def test_after_the_haunt_each_enemy_costs_one_more_speed_to_leave() -> None:
    state = haunted("long-dinner", 4, revealer=0)
    hero = state.current
    assert state.traitor is not None and hero != state.traitor
    state.seat(state.traitor).room = "upper-landing"
    for piece in state.monsters:
        piece.room = "upper-landing"
    state.seat(hero).room = "entrance-hall"
    state.monsters.append(MonsterPiece(id="extra-1", kind="the-host", room="entrance-hall"))
    state, _ = act(state, Move(seat=hero, to=state.haunt_room or ""))
    assert state.turn.moves == 2
    state, _ = act(state, Move(seat=hero, to="entrance-hall"))
    assert state.turn.moves == 3


def test_one_room_is_always_allowed_however_many_enemies() -> None:
    state = haunted("hungry-wallpaper", 4, revealer=0)
    hero = state.current
    state.seat(hero).room = "upper-landing"
    for piece in state.monsters:
        piece.room = "upper-landing"
    set_value(state, hero, "speed", 0)
    assert "entrance-hall" in _moves(state, hero)


def test_stunned_monsters_do_not_hinder() -> None:
    from games.haunt.sides import hindrance

    state = haunted("hungry-wallpaper", 4, revealer=0)
    hero = state.current
    state.seat(hero).room = "upper-landing"
    if state.traitor is not None:
        state.seat(state.traitor).room = "entrance-hall"
    for piece in state.monsters:
        piece.room = "upper-landing"
    assert hindrance(state, hero) == len(state.monsters) >= 3
    for piece in state.monsters:
        piece.stunned = True
    assert hindrance(state, hero) == 0


def test_exploring_draws_the_top_room_that_fits_the_floor_and_discards_misfits() -> None:
    state = new_game(3, options=Options(today="03-01"))
    basement_only = [r for r in state.stack if catalog().room(r).floors == ("basement",)][:2]
    fits = next(
        r
        for r in state.stack
        if "ground" in catalog().room(r).floors and len(catalog().room(r).doors) == 4
    )
    for room in [*basement_only, fits]:
        state.stack.remove(room)
    state.stack += [fits, *basement_only]  # the end of the list is the top
    state, events = act(state, Explore(seat=0, direction="N"))
    assert state.placed(fits) is not None and state.seat(0).room == fits
    assert state.room_discards == list(reversed(basement_only))
    assert keys(events).count("haunt.room_discarded") == 2


def test_an_explored_room_is_turned_so_a_door_joins() -> None:
    state = new_game(3, options=Options(today="03-01"))
    state.stack.remove("scorched-study")
    state.stack.append("scorched-study")  # doors N, E: two turns join the hall's north door
    state, _ = act(state, Explore(seat=0, direction="N"))
    assert state.placement is not None
    options = GAME.pending(state)[0].actions
    assert {a.doors for a in options if isinstance(a, TurnRoom)} == {("E", "S"), ("S", "W")}
    state, _ = act(state, TurnRoom(seat=0, doors=("S", "W")))
    placed = state.placed("scorched-study")
    assert placed is not None and placed.doors == ["S", "W"] and (placed.x, placed.y) == (0, 1)


def test_a_room_that_would_close_its_floor_is_discarded() -> None:
    state = new_game(3, options=Options(today="03-01"))
    # The upper landing's only open door is north; a dead end there would close the floor.
    state.party[0].room = "upper-landing"
    state.rooms = [r for r in state.rooms if r.floor != "upper"]
    from games.haunt.state import PlacedRoom

    state.rooms.append(PlacedRoom(id="upper-landing", floor="upper", x=0, y=0, doors=["N"]))
    for room in ("observatory-dome", "four-way-passage"):
        state.stack.remove(room)
    state.stack += ["four-way-passage", "observatory-dome"]
    state.forget_pending()
    state, _ = act(state, Explore(seat=0, direction="N"))
    assert "observatory-dome" in state.room_discards
    assert state.placed("four-way-passage") is not None


def test_a_room_with_a_symbol_draws_its_card_and_ends_the_movement() -> None:
    state = new_game(3, options=Options(today="03-01"))
    state.stack.remove("map-room")
    state.stack.append("map-room")
    top_item = state.item_deck[-1]
    state, events = act(state, Explore(seat=0, direction="N"))
    if state.placement is not None:
        state, more = act(state, GAME.pending(state)[0].actions[0])
        events += more
    assert top_item in state.seat(0).cards
    assert state.turn.stopped and _moves(state, 0) == set()


def test_an_omen_room_counts_the_omen_for_the_haunt_roll() -> None:
    state = new_game(3, options=Options(today="03-01"))
    state.stack.remove("bell-room")
    state.stack.append("bell-room")
    omen = state.omen_deck[-1]
    state, _ = act(state, Explore(seat=0, direction="N"))
    assert state.omens_drawn == 1 and state.turn.omen_drawn
    assert state.last_omen == omen and state.last_omen_room == "bell-room"


def test_when_the_stack_runs_out_the_discards_are_shuffled_back() -> None:
    state = new_game(3, options=Options(today="03-01"))
    upper_only = [r for r in state.stack if catalog().room(r).floors == ("upper",)]
    ground = [r for r in state.stack if "ground" in catalog().room(r).floors]
    state.stack = upper_only
    state.room_discards = ground
    state.forget_pending()
    explores = [a for a in GAME.pending(state)[0].actions if isinstance(a, Explore)]
    assert explores
    state, events = act(state, explores[0])
    if state.placement is not None:
        state, _ = act(state, TurnRoom(seat=0, doors=tuple(state.placement.choices[0])))
    placed = state.rooms[-1].id
    assert placed in ground
    # The upper rooms were discarded, then shuffled back with the others into a new stack.
    assert set(upper_only) <= set(state.stack) | set(state.room_discards)
    assert set(state.stack) & set(ground)
    assert keys(events).count("haunt.room_discarded") >= len(upper_only)


def test_an_explorer_shut_in_the_basement_finds_the_cellar_stair() -> None:
    state = new_game(3, options=Options(today="03-01"))
    place(state, "linen-chute", "ground", 0, 1)
    state.stack = [r for r in state.stack if "basement" not in catalog().room(r).floors]
    state.seat(1).room = "basement-landing"
    state, events = act(state, EndTurn(seat=0))
    assert state.current == 1
    assert state.placed("cellar-door") is not None
    assert "cellar-door" in board.exits(state, "basement-landing")
    assert "haunt.room_placed" in keys(events)


def test_a_finished_house_ends_every_turn_with_a_haunt_roll() -> None:
    state = new_game(3, options=Options(today="03-01"))
    place(state, "bell-room", "ground", 0, 1)
    state.stack, state.room_discards = [], []
    state.omens_drawn, state.last_omen, state.last_omen_room = 3, "black-feather", "bell-room"
    state.forget_pending()
    state, events = act(state, EndTurn(seat=0))
    assert "haunt.haunt_roll" in keys(events)


def _closed_upper_floor() -> HauntState:
    """The upper floor as a ring whose last open doors both face the one cell north of the
    landing, and a stack whose only upper room is a dead end (one door): placed there, it
    would close the floor whichever way it is turned."""
    state = new_game(3, options=Options(today="03-01"))
    state.party[0].room = "upper-landing"
    state.rooms = [r for r in state.rooms if r.floor != "upper"]
    state.rooms.append(PlacedRoom(id="upper-landing", floor="upper", x=0, y=0, doors=["N", "E"]))
    place(state, "bridal-suite", "upper", 1, 0, doors=("N", "W"))
    place(state, "sickroom", "upper", 1, 1, doors=("S", "W"))
    state.stack = [r for r in state.stack if "upper" not in catalog().room(r).floors]
    state.stack.append("observatory-dome")
    state.room_discards = []
    state.forget_pending()
    return state


def test_when_every_room_left_would_close_the_floor_another_room_is_turned_as_little_as_possible(
) -> None:
    """Seed: if every remaining room would close the floor, the other rooms may be changed
    as little as possible (here one room turned, keeping the doors it joins)."""
    state = _closed_upper_floor()
    assert "N" in explore.explorable(state, 0)
    state, events = act(state, Explore(seat=0, direction="N"))
    if state.placement is not None:
        assert state.placement.reopen and state.placement.choices == [["S"]]
        state, more = act(state, GAME.pending(state)[0].actions[0])
        events += more
    dome = state.placed("observatory-dome")
    assert dome is not None and (dome.x, dome.y, dome.doors) == (0, 1, ["S"])
    turned = state.placed("sickroom")
    assert turned is not None and turned.doors == ["E", "S"], "still joined to the south"
    assert "haunt.room_turned" in keys(events)
    grid = board.cells(state)
    assert any(board.open_doors(r, grid) for r in state.rooms if r.floor == "upper")
    kept = state.placed("bridal-suite")
    assert kept is not None and kept.doors == ["N", "W"], "the others as they were"


def test_a_floor_no_turn_can_open_is_not_explored_that_way() -> None:
    """Seed: the starting tiles stay put; with no other room to turn, the dead end cannot be
    placed and the door is not offered."""
    state = _closed_upper_floor()
    state.rooms = [r for r in state.rooms if r.floor != "upper"]
    state.rooms.append(PlacedRoom(id="upper-landing", floor="upper", x=0, y=0, doors=["N"]))
    state.forget_pending()
    assert "N" not in explore.explorable(state, 0)
