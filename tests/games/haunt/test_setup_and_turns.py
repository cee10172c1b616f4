"""Set-up and the order of turns before the haunt."""

from __future__ import annotations

from games.haunt import GAME
from games.haunt.actions import ChooseExplorer, EndTurn
from games.haunt.catalog import catalog
from games.haunt.options import Options
from games.haunt.schema import TRAITS
from tests.games.haunt.builders import act, new_game


def test_the_three_starting_tiles_are_on_the_table() -> None:
    state = GAME.setup(3, None, seed=1)
    placed = {(r.id, r.floor, r.x, r.y) for r in state.rooms}
    assert placed == {
        ("entrance-hall", "ground", 0, 0),
        ("upper-landing", "upper", 0, 0),
        ("basement-landing", "basement", 0, 0),
    }
    assert len(state.stack) == 37 and set(state.stack).isdisjoint(catalog().start_room_ids())


def test_rooms_and_decks_are_shuffled_by_the_seed() -> None:
    one, two = GAME.setup(3, None, seed=1), GAME.setup(3, None, seed=2)
    assert sorted(one.stack) == sorted(two.stack) and one.stack != two.stack
    assert one.omen_deck != two.omen_deck and one.item_deck != two.item_deck
    assert one.event_deck != two.event_deck
    assert GAME.setup(3, None, seed=1) == one


def test_each_seat_chooses_an_explorer_in_seat_order() -> None:
    state = GAME.setup(3, None, seed=0)
    prompt = GAME.pending(state)[0]
    assert prompt.seat == 0 and len(prompt.actions) == len(catalog().explorers)
    state, _ = act(state, ChooseExplorer(seat=0, explorer="osric-dunmere"))
    prompt = GAME.pending(state)[0]
    assert prompt.seat == 1
    assert ChooseExplorer(seat=1, explorer="osric-dunmere") not in prompt.actions


def test_explorers_start_in_the_entrance_hall_on_their_starting_marks() -> None:
    state = new_game(4)
    for seat in range(4):
        s = state.seat(seat)
        assert s.room == "entrance-hall"
        explorer = catalog().explorer(s.explorer)
        assert s.marks == {t: explorer.track(t).start for t in TRAITS}


def test_the_explorer_whose_birthday_comes_next_starts() -> None:
    # Birthdays: Ines 03-14, Tobias 11-02, Mei 07-21, Aurelio 01-30.
    assert new_game(4, options=Options(today="01-01")).current == 3
    assert new_game(4, options=Options(today="02-01")).current == 0
    assert new_game(4, options=Options(today="08-01")).current == 1
    assert new_game(4, options=Options(today="12-25")).current == 3


def test_turns_go_to_the_left() -> None:
    state = new_game(4, options=Options(today="02-01"))
    order = []
    for _ in range(5):
        order.append(state.current)
        state, _ = act(state, EndTurn(seat=state.current))
    assert order == [0, 1, 2, 3, 0]
