"""The haunt roll, the chart, the traitor rules, choosing another haunt, and play after it."""

from __future__ import annotations

from games.core import Event, derive_rng
from games.haunt import GAME, reveal
from games.haunt.actions import EndTurn, Explore, FaceEvent, MonsterDone, MonsterMove, TurnRoom
from games.haunt.catalog import catalog
from games.haunt.options import Options
from games.haunt.schema import TraitorRule
from games.haunt.state import MONSTERS, HauntState
from tests.games.haunt.builders import (
    act,
    chart_pair,
    haunted,
    keys,
    new_game,
    place,
    set_value,
    with_seed,
)


def _omen_turn(omens: int) -> HauntState:
    state = new_game(4, options=Options(today="03-01"))  # seat 0 starts
    omen, room = chart_pair("drowned-choir")
    place(state, room, "ground", 0, 1, doors=("N", "E", "S", "W"))
    state.seat(0).cards.append(omen)
    state.omen_deck.remove(omen)
    state.last_omen, state.last_omen_room = omen, room
    state.omens_drawn = omens
    state.turn.omen_drawn = True
    state.forget_pending()
    return state


def _roll_total(events: list[Event]) -> int:
    return next(e.params["total"] for e in events if e.key == "haunt.haunt_roll")


def test_after_a_turn_with_an_omen_six_dice_below_the_omen_count_start_the_haunt() -> None:
    state = _omen_turn(omens=5)
    end = EndTurn(seat=0)
    state = with_seed(state, lambda t: _roll_total(GAME.apply(t, end).events) < 5)
    state, events = act(state, end)
    roll = next(e for e in events if e.key == "haunt.haunt_roll")
    assert len(roll.params["dice"]) == 6 and roll.params["started"]
    assert state.phase == "haunt" and state.revealer == 0
    assert state.haunt == "drowned-choir"


def test_a_haunt_roll_at_or_above_the_omen_count_changes_nothing() -> None:
    state = _omen_turn(omens=5)
    end = EndTurn(seat=0)
    state = with_seed(state, lambda t: _roll_total(GAME.apply(t, end).events) >= 5)
    state, _ = act(state, end)
    assert state.phase == "explore" and state.current == 1


def test_no_haunt_roll_after_a_turn_without_an_omen() -> None:
    state = _omen_turn(omens=12)
    state.turn.omen_drawn = False
    state, events = act(state, EndTurn(seat=0))
    assert "haunt.haunt_roll" not in keys(events)


def test_the_chart_picks_the_haunt_from_the_omen_and_its_room() -> None:
    for haunt in catalog().haunts:
        state = haunted(haunt.id, 4)
        omen, room = chart_pair(haunt.id)
        assert state.haunt == catalog().chart.table[omen][room] == haunt.id
        assert state.haunt_room == room


def _traitor(rule: TraitorRule, revealer: int = 1, seats: int = 5) -> tuple[HauntState, int | None]:
    state = new_game(seats)
    return state, reveal.choose_traitor(state, rule, revealer)


def test_a_named_traitor_at_the_table_is_the_traitor() -> None:
    explorers = ("ines-valdor", "lin-qiao", "mei-shuang", "aurelio-penn")
    state = new_game(4, explorers=explorers)
    rule = TraitorRule(rule="named", explorer="lin-qiao", fallback="revealer")
    assert reveal.choose_traitor(state, rule, 3) == 1


def test_a_named_traitor_not_at_the_table_falls_back_to_the_haunts_rule() -> None:
    state = new_game(4)
    rule = TraitorRule(rule="named", explorer="lin-qiao", fallback="left_of_revealer")
    assert reveal.choose_traitor(state, rule, 3) == 0


def test_the_revealer_or_the_revealers_left_or_nobody() -> None:
    assert _traitor(TraitorRule(rule="revealer"), revealer=2)[1] == 2
    assert _traitor(TraitorRule(rule="left_of_revealer"), revealer=4)[1] == 0
    assert _traitor(TraitorRule(rule="none"))[1] is None


def test_highest_trait_ties_go_to_the_nearest_leftward_from_the_revealer() -> None:
    state = new_game(5)
    for seat in range(5):
        set_value(state, seat, "might", 0)
    # Values at mark 7: seat 1 (Tobias) 7, seat 4 (Hattie) 5, seat 3 (Aurelio) 6...
    for seat in (0, 2):
        state.seat(seat).marks["might"] = 7
    ines, mei = (state.seat(s).explorer for s in (0, 2))
    assert catalog().explorer(ines).might.values[7] == catalog().explorer(mei).might.values[7]
    rule = TraitorRule(rule="highest", trait="might")
    assert reveal.choose_traitor(state, rule, 1) == 2
    assert reveal.choose_traitor(state, rule, 3) == 0
    assert reveal.choose_traitor(state, rule, 0) == 0


def test_lowest_trait_picks_the_weakest() -> None:
    state = new_game(5)
    state.seat(3).marks["sanity"] = 0
    rule = TraitorRule(rule="lowest", trait="sanity")
    low = min(
        range(5), key=lambda s: (GAME.view(state, None).explorers[s].traits["sanity"].value, s != 3)
    )
    assert reveal.choose_traitor(state, rule, 1) == low


def test_a_haunt_already_played_is_replaced_from_the_nearest_other_omen_room() -> None:
    omen, room = chart_pair("drowned-choir")
    others = [r.id for r in catalog().house.rooms if r.symbol == "omen" and r.id != room]
    other = next(r for r in others if catalog().chart.table[omen][r] != "drowned-choir")
    state = new_game(4, options=Options(played=("drowned-choir",)))
    place(state, room, "ground", 0, 1, doors=("N", "E", "S", "W"))
    place(state, other, "ground", 0, 2, doors=("N", "E", "S", "W"))
    state.seat(0).room = room
    state.seat(0).cards.append(omen)
    state.last_omen, state.last_omen_room = omen, room
    haunt, used = reveal.pick_haunt(state, 0, derive_rng(0, 0), [])
    assert (haunt, used) == (catalog().chart.table[omen][other], other)


def test_without_another_omen_room_new_omens_replace_the_revealers() -> None:
    omen, room = chart_pair("drowned-choir")
    state = new_game(4, options=Options(played=("drowned-choir",)))
    place(state, room, "ground", 0, 1, doors=("N", "E", "S", "W"))
    state.seat(0).room = room
    state.omen_deck.remove(omen)
    state.seat(0).cards.append(omen)
    state.last_omen, state.last_omen_room = omen, room
    haunt, used = reveal.pick_haunt(state, 0, derive_rng(0, 0), [])
    assert haunt != "drowned-choir" and used == room
    assert omen not in state.seat(0).cards and omen in state.omen_deck
    assert state.last_omen in state.seat(0).cards
    assert catalog().chart.table[state.last_omen or ""][room] == haunt


def test_after_the_haunt_heroes_play_from_the_traitors_left_then_the_traitor_then_monsters() -> (
    None
):
    state = haunted("long-dinner", 5, revealer=1)
    assert state.traitor == 2
    assert state.order == [3, 4, 0, 1, 2, MONSTERS]
    assert state.current == 3 and state.round == 1


def test_the_traitor_reads_the_tome_alone_and_the_heroes_the_secret_together() -> None:
    state = _omen_turn(omens=6)
    end = EndTurn(seat=0)
    state = with_seed(state, lambda t: _roll_total(GAME.apply(t, end).events) < 6)
    state, events = act(state, end)
    haunt = state.haunt_rules()
    assert haunt is not None and haunt.tome is not None and state.traitor is not None
    tome = next(e for e in events if e.key == "haunt.tome")
    secret = next(e for e in events if e.key == "haunt.secret")
    assert tome.to == (state.traitor,) and tome.params["book"] == haunt.tome.id
    assert set(secret.to or ()) == set(range(4)) - {state.traitor}
    for seat in range(4):
        view = GAME.view(state, seat)
        assert view.book == (haunt.tome.id if seat == state.traitor else haunt.secret.id)  # type: ignore[attr-defined]


def test_the_traitor_moves_the_monsters_with_dice_and_at_least_one_room() -> None:
    state = haunted("gardeners-debt", 4, revealer=0)
    assert state.traitor is not None
    while state.monster_turn is None:
        state, _ = act(state, EndTurn(seat=state.current))
    prompt = GAME.pending(state)[0]
    assert prompt.seat == state.traitor and prompt.kind == "monster"
    assert state.monster_turn.moves_left >= 1
    piece = state.monster_turn.queue[0]
    moves = [a for a in prompt.actions if isinstance(a, MonsterMove)]
    assert moves
    state, _ = act(state, moves[0])
    assert state.monster(piece).room == moves[0].to
    while state.monster_turn is not None:
        queue = state.monster_turn.queue
        state, _ = act(state, MonsterDone(seat=state.traitor, monster=queue[0]))
    assert state.monster_turn is None and state.round == 2


def test_a_stunned_monster_recovers_instead_of_acting() -> None:
    state = haunted("gardeners-debt", 4, revealer=0)
    state.monsters[0].stunned = True
    while state.monster_turn is None:
        state, _ = act(state, EndTurn(seat=state.current))
    assert not state.monsters[0].stunned
    assert state.monsters[0].id not in state.monster_turn.queue


def test_without_a_traitor_the_monsters_move_by_themselves() -> None:
    state = haunted("will-of-marrowgate", 4, revealer=0)
    assert state.traitor is None
    rounds = state.round
    for _ in range(4):
        state, _events = act(state, EndTurn(seat=state.current))
        while state.damage:
            state, _more = act(state, GAME.pending(state)[0].actions[0])
    assert state.round == rounds + 1 and state.monster_turn is None


def test_the_traitor_may_ignore_an_event() -> None:
    state = haunted("burial-bargain", 4, revealer=0)
    traitor = state.traitor
    assert traitor is not None
    while state.current != traitor:
        state, _ = act(state, EndTurn(seat=state.current))
    state.seat(traitor).room = "entrance-hall"
    state.stack.remove("glasshouse")
    state.stack.append("glasshouse")
    state.forget_pending()
    direction = next(a for a in GAME.pending(state)[0].actions if isinstance(a, Explore)).direction
    state, _ = act(state, Explore(seat=traitor, direction=direction))
    if state.placement is not None:
        state, _ = act(state, TurnRoom(seat=traitor, doors=tuple(state.placement.choices[0])))
    prompt = GAME.pending(state)[0]
    assert prompt.kind == "face_event" and prompt.seat == traitor
    marks = dict(state.seat(traitor).marks)
    state, events = act(state, FaceEvent(seat=traitor, resolve=False))
    assert "haunt.event_ignored" in keys(events) and state.seat(traitor).marks == marks


def test_the_haunt_places_the_cellar_stair_when_nothing_joins_the_basement() -> None:
    state = haunted("salt-wife", 4)
    assert state.placed("cellar-door") is not None
    assert "cellar-door" not in state.stack


def test_each_kind_of_monster_rolls_its_movement_once_a_turn() -> None:
    state = haunted("gardeners-debt", 4, revealer=0)
    traitor = state.traitor
    assert traitor is not None
    events: list[Event] = []
    while state.monster_turn is None:
        state, events = act(state, EndTurn(seat=state.current))
    assert keys(events).count("haunt.monster_moves") == 1
    first = state.monster_turn.moves_left
    state, events = act(state, MonsterDone(seat=traitor, monster=state.monster_turn.queue[0]))
    assert "haunt.monster_moves" not in keys(events)
    assert state.monster_turn is not None and state.monster_turn.moves_left == first


def test_heroes_hinder_a_monster_leaving_their_room() -> None:
    from games.haunt.sides import monster_hindrance

    state = haunted("gardeners-debt", 4, revealer=0)
    room = state.monsters[0].room
    heroes_there = [h for h in state.heroes() if state.seat(h).room == room]
    assert monster_hindrance(state, room) == len(heroes_there)
    if state.traitor is not None:
        state.seat(state.traitor).room = room
    assert monster_hindrance(state, room) == len(heroes_there)


def test_after_the_haunt_omens_bring_no_haunt_roll() -> None:
    state = haunted("burial-bargain", 4, revealer=0)
    state.turn.omen_drawn = True
    state.omens_drawn = 13
    state.forget_pending()
    state, events = act(state, EndTurn(seat=state.current))
    assert "haunt.haunt_roll" not in keys(events)


def test_a_special_action_is_made_once_a_turn() -> None:
    from games.haunt.actions import Special

    state = haunted("bell-below", 4, revealer=0)
    hero = state.current
    state.seat(hero).room = state.haunt_room or ""
    state.forget_pending()
    ring = Special(seat=hero, action="ring-the-bell")
    assert ring in GAME.pending(state)[0].actions
    state, _ = act(state, ring)
    assert ring not in GAME.pending(state)[0].actions


def test_the_traitor_ignores_room_rolls_that_cannot_hurt_but_not_those_that_can() -> None:
    from games.haunt import moves

    state = haunted("burial-bargain", 4, revealer=0)
    traitor = state.traitor
    assert traitor is not None
    portrait = catalog().room("portrait-gallery").enter
    boiler = catalog().room("boiler-room").enter
    assert not moves.immune(state, traitor, boiler)
    # The gallery's roll only lowers Sanity: a loss, so it counts as hurting too.
    assert not moves.immune(state, traitor, portrait)
    assert moves.immune(state, traitor, catalog().room("chapel-of-hours").enter)
    hero = state.heroes()[0]
    assert not moves.immune(state, hero, ())
