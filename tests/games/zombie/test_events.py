"""Events by the hour, items, zombies, and the clock."""

from __future__ import annotations

from games.zombie.actions import ChooseItem, Commit, Cower, LeaveItem, Move, TakeItem
from games.zombie.cards import CARDS
from tests.games.zombie.builders import keys, lay, play, prompt_of, table, waiting


def _walk(state):  # type: ignore[no-untyped-def]
    """A table with a room north of the Foyer to walk into (each walk draws an event)."""
    lay(state, "family_room", 0, -1, 2)
    return state


def test_events_are_read_at_the_doom_tracks_hour() -> None:
    # The Soda card blesses at 9 and offers an item at 10.
    state = _walk(table(seats=2, health=3, deck=["card-soda"]))
    state, _ = play(state, Move(seat=0, to="family_room"))
    assert [p.health for p in state.players] == [4, 4]
    state = _walk(table(seats=2, health=3, deck=["card-soda"]))
    state.hour = 10
    state, _ = play(state, Move(seat=0, to="family_room"))
    assert state.stage == "item" and state.offered_item == "soda"


def test_a_blessing_heals_everyone_alive_up_to_six() -> None:
    state = _walk(table(seats=3, health=6, deck=["card-soda"]))
    state.players[1].health = 2
    state, _ = play(state, Move(seat=0, to="family_room"))
    assert [p.health for p in state.players] == [6, 3, 6]


def test_a_curse_hurts_everyone_alive() -> None:
    state = _walk(table(seats=3, health=3, deck=["card-golf-club"]))
    state, _ = play(state, Move(seat=0, to="family_room"))
    assert [p.health for p in state.players] == [2, 2, 2]


def test_once_the_totem_is_found_a_curse_hurts_only_its_holder() -> None:
    state = _walk(table(seats=3, health=3, deck=["card-golf-club"]))
    state.totem = "held"
    state.totem_holder = 1
    state, _ = play(state, Move(seat=0, to="family_room"))
    assert [p.health for p in state.players] == [3, 2, 3]


def test_after_the_burial_a_curse_hurts_nobody() -> None:
    """Seed: "如果隊伍已經找到詛咒圖騰則只有持有圖騰者會受到這詛咒傷害" — once found, only the
    totem's holder is cursed; buried, nobody holds it."""
    state = _walk(table(seats=3, health=3, deck=["card-golf-club"]))
    state.totem = "buried"
    state, events = play(state, Move(seat=0, to="family_room"))
    assert [p.health for p in state.players] == [3, 3, 3]
    assert "zombie.wounded" not in keys(events)


def test_leaving_an_item_costs_no_time() -> None:
    state = _walk(table(seats=2, deck=["card-board", "card-oil"]))
    state, _ = play(state, Move(seat=0, to="family_room"), LeaveItem(seat=0))
    assert state.discard == ["card-board"] and state.players[0].items == []


def test_taking_an_item_discards_the_next_event_unread_and_the_leader_holds_it() -> None:
    state = _walk(table(seats=2, deck=["card-board", "card-gasoline", "card-oil"]))
    state, events = play(state, Move(seat=0, to="family_room"), TakeItem(seat=0))
    assert state.players[0].items == ["board"]
    assert state.discard == ["card-board", "card-gasoline"]  # 4 zombies, never read
    assert "zombie.horde" not in keys(events)
    assert state.leader == 1  # the round is over


def test_an_item_the_team_already_has_lets_the_leader_take_another() -> None:
    state = _walk(table(seats=2, deck=["card-board", "card-oil"]))
    state.found = ["board"]
    state.players[1].items = ["board"]
    state, _ = play(state, Move(seat=0, to="family_room"), TakeItem(seat=0))
    choices = [a.item for a in prompt_of(state, 0).actions if isinstance(a, ChooseItem)]
    assert "board" not in choices and "machete" in choices
    state, _ = play(state, ChooseItem(seat=0, item="machete"))
    assert state.players[0].items == ["machete"]


def test_an_item_found_before_but_no_longer_held_is_taken_again() -> None:
    """Seed: "如果找到的道具隊伍已經擁有了,則隊長另外選擇" — only an item the team has now sends
    the leader to another; the Concoction drunk earlier is the team's no more."""
    state = _walk(table(seats=2, deck=["card-soda", "card-oil"]))
    state.hour = 10  # the Soda card offers its item at ten
    state.found = ["soda"]
    state, _ = play(state, Move(seat=0, to="family_room"), TakeItem(seat=0))
    assert state.players[0].items == ["soda"] and state.found == ["soda"]
    assert state.stage == "lead"


def test_zombies_are_the_cards_number_plus_the_doom_tables_extra() -> None:
    state = _walk(table(seats=4, deck=["card-gasoline"]))
    state, _ = play(state, Move(seat=0, to="family_room"))
    assert CARDS["card-gasoline"].at(9).zombies == 4
    assert state.fight is not None and state.fight.zombies == 4 + 5
    assert sorted(waiting(state)) == [0, 1, 2, 3]


def test_the_dead_still_count_for_the_doom_tables_extra() -> None:
    state = _walk(table(seats=4, deck=["card-gasoline"]))
    state.players[3].alive = False
    state.players[3].health = 0
    state, _ = play(state, Move(seat=0, to="family_room"))
    assert state.fight is not None and state.fight.zombies == 9
    assert sorted(waiting(state)) == [0, 1, 2]


def test_an_empty_deck_is_reshuffled_and_moves_the_clock_one_hour() -> None:
    state = table(seats=1, health=6, deck=["card-oil"])
    state.discard = state.deck[1:]
    state.deck = state.deck[:1]
    state, _ = play(state, Cower(seat=0))
    assert state.hour == 9 and state.deck == []
    state, events = play(state, Cower(seat=0))
    assert state.hour == 10 and state.reshuffles == 1
    assert "zombie.clock" in keys(events)
    assert len(state.deck) + len(state.discard) == 9


def test_the_third_reshuffle_is_midnight_and_the_game_is_lost() -> None:
    state = table(seats=2, health=6)
    state.hour = 11
    state.reshuffles = 2
    state.discard = state.deck
    state.deck = []
    state.forget_pending()
    state, events = play(state, Cower(seat=0))
    assert state.hour == 12 and state.result == "lost"
    assert "zombie.lost" in keys(events)


def test_nobody_is_asked_anything_once_the_game_is_lost() -> None:
    state = table(seats=2, health=6)
    state.hour, state.reshuffles, state.discard, state.deck = 11, 2, state.deck, []
    state.forget_pending()
    state, _ = play(state, Cower(seat=0))
    assert waiting(state) == [] and state.stage == "over"


def test_a_commitment_is_told_only_to_its_seat() -> None:
    state = _walk(table(seats=2, deck=["card-gasoline"]))
    state, events = play(state, Move(seat=0, to="family_room"), Commit(seat=1, choice="fight"))
    committed = [e for e in events if e.key == "zombie.committed"]
    assert len(committed) == 1 and committed[0].to == (1,)
