"""The house's content files: well-formed, complete, reachable and bilingual."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel

from games.haunt.catalog import catalog
from games.haunt.schema import FLOORS, TRAITS, Effect, MoveTo, Roll, SideRules, Text

CJK = re.compile(r"[\u4e00-\u9fff]")


def _texts(model: Any) -> Iterator[Text]:
    if isinstance(model, Text):
        yield model
    elif isinstance(model, BaseModel):
        for name in type(model).model_fields:
            yield from _texts(getattr(model, name))
    elif isinstance(model, list | tuple):
        for part in model:
            yield from _texts(part)
    elif isinstance(model, dict):
        for part in model.values():
            yield from _texts(part)


def _effects(effects: tuple[Effect, ...]) -> Iterator[Effect]:
    for effect in effects:
        yield effect
        if isinstance(effect, Roll):
            for outcome in effect.outcomes:
                yield from _effects(outcome.effects)


def _all_effects() -> Iterator[Effect]:
    c = catalog()
    for room in c.house.rooms:
        yield from _effects(room.enter)
        if room.action is not None:
            yield from _effects(room.action.effects)
    for card in (*c.omens, *c.items):
        yield from _effects(card.gain + card.lose + card.use)
    for event in c.events:
        yield from _effects(event.effects)
    for haunt in c.haunts:
        for book in (haunt.tome, haunt.secret):
            if book is not None:
                yield from _effects(book.setup)


def test_content_sizes_match_the_game() -> None:
    c = catalog()
    assert len(c.house.rooms) == 40
    assert len(c.explorers) >= 6
    assert len(c.omens) == 13
    assert len(c.items) == 20
    assert len(c.events) == 30
    assert len(c.haunts) >= 10


def test_every_id_is_unique() -> None:
    c = catalog()
    ids = [r.id for r in c.house.rooms] + [e.id for e in c.explorers]
    ids += [x.id for x in (*c.omens, *c.items)] + [x.id for x in c.events]
    ids += [x.id for x in c.haunts]
    for haunt in c.haunts:
        ids += [m.id for m in haunt.monsters]
        ids += [b.id for b in (haunt.tome, haunt.secret) if b is not None]
    assert [i for i, n in Counter(ids).items() if n > 1] == []


def test_every_text_is_in_english_and_chinese() -> None:
    c = catalog()
    texts = list(_texts(c))
    assert len(texts) > 250
    for text in texts:
        assert text.en.strip() and text.zh_CN.strip()
        assert CJK.search(text.zh_CN), text.zh_CN
        assert len(text.en) <= 320, text.en


def test_three_starting_tiles_one_per_floor() -> None:
    c = catalog()
    assert set(c.house.start_rooms) == set(FLOORS)
    for floor, room_id in c.house.start_rooms.items():
        assert c.room(room_id).floors == (floor,)
        assert c.room(room_id).symbol is None
    assert c.room(c.house.start_rooms["ground"]).front_door


def test_every_room_can_be_placed_on_a_floor_that_is_reached() -> None:
    c = catalog()
    starts = set(c.start_room_ids())
    by_floor = Counter(f for r in c.house.rooms if r.id not in starts for f in r.floors)
    assert all(by_floor[f] >= 12 for f in FLOORS), by_floor
    # The basement is reached from the ground floor by a two-way passage on a ground tile.
    assert any(
        r.passage is not None
        and not r.passage.one_way
        and r.passage.to == c.house.start_rooms["basement"]
        and "ground" in r.floors
        for r in c.house.rooms
    )
    # The upper floor is reached by the stair of the ground floor's starting tile.
    ground = c.room(c.house.start_rooms["ground"])
    assert ground.passage is not None and ground.passage.to == c.house.start_rooms["upper"]
    for room in c.house.rooms:
        if room.passage is not None:
            assert room.passage.to in starts


def test_symbols_match_the_decks() -> None:
    c = catalog()
    symbols = Counter(r.symbol for r in c.house.rooms)
    assert symbols["omen"] == len(c.omens)
    assert symbols["item"] >= 8 and symbols["event"] >= 8


def test_effects_name_rooms_that_are_always_on_the_map() -> None:
    starts = set(catalog().start_room_ids())
    moves = [e for e in _all_effects() if isinstance(e, MoveTo)]
    assert moves
    assert all(m.room in starts for m in moves)


def test_explorers_have_distinct_birthdays_and_sensible_starts() -> None:
    c = catalog()
    assert len({e.birthday[5:] for e in c.explorers}) == len(c.explorers)
    for explorer in c.explorers:
        for trait in TRAITS:
            track = explorer.track(trait)
            assert 2 <= track.start <= 4
            assert 2 <= track.values[track.start] <= 5


def test_haunt_chart_covers_every_omen_and_omen_room() -> None:
    c = catalog()
    omen_rooms = {r.id for r in c.house.rooms if r.symbol == "omen"}
    assert set(c.chart.table) == {o.id for o in c.omens}
    for row in c.chart.table.values():
        assert set(row) == omen_rooms
        for haunt_id in row.values():
            c.haunt(haunt_id)
    used = {h for row in c.chart.table.values() for h in row.values()}
    assert used == {h.id for h in c.haunts}


def _check_book(book: SideRules, starts: set[str]) -> None:
    kinds = {g.kind for g in book.wins}
    effects = {a.effect for a in book.actions}
    if "progress" in kinds:
        assert "progress" in effects, book.id
    if "escaped" in kinds:
        assert "escape" in effects, book.id
    for action in book.actions:
        assert (action.where == "room") == (action.room is not None)
        if action.room is not None:
            assert action.room in starts


def test_every_haunt_is_complete_and_playable() -> None:
    c = catalog()
    starts = set(c.start_room_ids())
    explorers = {e.id for e in c.explorers}
    rules = Counter(h.traitor.rule for h in c.haunts)
    assert {"named", "revealer", "highest", "lowest", "left_of_revealer", "none"} <= set(rules)
    for haunt in c.haunts:
        if haunt.traitor.explorer is not None:
            assert haunt.traitor.explorer in explorers
        for book in (haunt.tome, haunt.secret):
            if book is not None:
                _check_book(book, starts)
        if haunt.tome is not None:
            # Every side can always win by fighting, so no haunt needs its special actions.
            assert {g.kind for g in haunt.tome.wins} & {"heroes_dead"}
        for monster in haunt.monsters:
            assert monster.value(monster.attack) is not None
            assert any(monster.value(t) is not None for t in ("might", "sanity", "knowledge"))
        if haunt.traitor.rule == "none":
            assert haunt.deadline_winner == "most_progress"
