"""The shortcuts a move takes for speed give what the plain way gives.

Models built without validation (``games.core.construct.assembled``: the state's copy, the
views, the events) have no private attributes or extra fields and equal their validated twins,
with the same fields counted as set. The index of the placed tiles (``layout``), shared by a
state's copies while their tiles match, answers as a scan of the tiles would after tiles and
openings are added to one copy and not to the other."""

from __future__ import annotations

import random

from games import registry
from games.core import Event, Prompt
from games.zombie.board import breach_directions, explore_directions, walkable_neighbours, way_on
from games.zombie.events import note
from games.zombie.state import Fight, Opening, PlacedTile, Player, ZombieState, clone, tile_at
from games.zombie.tiles import TILES
from games.zombie.views import FightView, PublicView, SeatView
from tests.games.zombie.builders import lay, table

GAME = registry.get("zombie")


def test_the_models_built_without_validation_are_plain_data() -> None:
    for cls in (Event, Prompt, Player, Fight, FightView, PublicView, SeatView):
        assert not cls.__private_attributes__, cls
        assert cls.model_config.get("extra") != "allow", cls


def test_an_event_equals_its_validated_twin() -> None:
    for audience in (None, (2,)):
        built = note("wounded", audience, seat=1, amount=2, why="fled", health=0)
        validated = Event(key="zombie.wounded", params={"seat": 1, "amount": 2, "why": "fled",
                                                        "health": 0}, to=audience)
        assert built == validated
        assert built.model_fields_set == validated.model_fields_set
        assert built.model_dump_json() == validated.model_dump_json()


def _played(seed: int, moves: int) -> ZombieState:
    state = GAME.setup(4, {}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if GAME.outcome(state) is not None:
            break
        prompt = rng.choice([p for p in GAME.pending(state) if p.blocking])
        state = GAME.apply(state, GAME.choose(GAME.view(state, prompt.seat), prompt, rng)).state
    return state


def test_views_prompts_and_copies_equal_their_validated_twins() -> None:
    for seed in range(6):
        state = _played(seed, 10 + 7 * seed)
        copy = clone(state)
        again = ZombieState.model_validate(state.model_dump())
        assert copy == state == again
        assert copy.model_dump_json() == state.model_dump_json()
        for seat in (None, *range(state.seats)):
            view = GAME.view(state, seat)
            twin = type(view).model_validate(view.model_dump())
            assert view == twin
            assert view.model_fields_set == twin.model_fields_set
        for prompt in GAME.pending(state):
            given = {name: getattr(prompt, name) for name in prompt.model_fields_set}
            assert prompt == Prompt(**given)
            assert prompt.model_fields_set == Prompt(**given).model_fields_set


def _scanned_exits(state: ZombieState, tile_id: str) -> list[str]:
    """The team's exits worked out by scanning the tiles, as the rules say them."""
    start = next(t for t in state.tiles if t.tile == tile_id)
    found = []
    for d, (dx, dy) in (("N", (0, -1)), ("E", (1, 0)), ("S", (0, 1)), ("W", (-1, 0))):
        other = next((t for t in state.tiles if (t.x, t.y) == (start.x + dx, start.y + dy)
                      and t.area == start.area), None)
        if other is None:
            continue
        opened = any({o.a, o.b} == {tile_id, other.tile} for o in state.openings)
        back = {"N": "S", "E": "W", "S": "N", "W": "E"}[d]
        if opened or (TILES[start.tile].passable(d, start.turns)
                      and TILES[other.tile].passable(back, other.turns)):
            found.append(other.tile)
    found += [o.b if o.a == tile_id else o.a for o in state.openings
              if o.kind == "window" and tile_id in (o.a, o.b)]
    return found


def test_the_tiles_index_follows_each_copy_of_the_map() -> None:
    state = table(seats=2)
    lay(state, "dining_room", 0, -1)
    assert walkable_neighbours(state, "foyer") == ["dining_room"]
    assert way_on(state, "house")
    copy = clone(state)
    # The copy grows a closed room north of the Dining Room and a broken wall to it; the
    # state it came from keeps its own map.
    lay(copy, "bathroom", 0, -2, 0)  # its only door faces north, away from the Dining Room
    assert walkable_neighbours(copy, "dining_room") == _scanned_exits(copy, "dining_room")
    assert "bathroom" not in walkable_neighbours(copy, "dining_room")
    copy.own_openings().append(Opening(kind="wall", a="dining_room", b="bathroom"))
    assert "bathroom" in walkable_neighbours(copy, "dining_room")
    assert walkable_neighbours(copy, "dining_room") == _scanned_exits(copy, "dining_room")
    assert walkable_neighbours(state, "dining_room") == _scanned_exits(state, "dining_room")
    assert tile_at(state, "house", 0, -2) is None
    assert tile_at(copy, "house", 0, -2) == PlacedTile(tile="bathroom", x=0, y=-2)
    for each in (state, copy):
        each.at = "dining_room"
        free = [d for d in "NESW" if tile_at(each, "house", *{
            "N": (0, -2), "E": (1, -1), "S": (0, 0), "W": (-1, -1)}[d]) is None]
        assert explore_directions(each) == [
            d for d in free if TILES["dining_room"].passable(d, 0)]
        assert breach_directions(each) == ([] if way_on(each, "house") else free)
