"""Tactical positions: each has one clearly right decision, and the bot must take it.

Before the haunt the bot explores (the omens that start the haunt come from new rooms) and
keeps its explorer whole: it heals when hurt, keeps a healing card it does not need, and makes
a risky roll only when its trait makes it a good bet. After the haunt the heroes pursue their
book's goal (the bell rung, the front door, a new omen room for the hymn, the traitor attacked
when the dice favour it and hunted when his death alone wins against the clock, the hounds
stunned) and stand by the weakest, exploring where the map
lacks the omen rooms or the way their book needs; the traitor pursues the tome's goal and
attacks the weakest hero in reach, and its monsters go for
the weakest prey, standing awake by a hero they would more likely lose to while the clock runs
against the traitor.
Who the traitor is, once the haunt names them, is public; each bot decides from its own view.
Positions are built small with ``builders`` (a haunt revealed, explorers and monsters set by
hand).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from games.core import Action
from games.haunt import GAME
from games.haunt.actions import (
    Attack,
    EndTurn,
    Explore,
    FaceEvent,
    MonsterAttack,
    MonsterDone,
    MonsterMove,
    Move,
    PickUp,
    RoomAction,
    Special,
    Steal,
    TakeDamage,
    UseCard,
)
from games.haunt.catalog import catalog
from games.haunt.state import DamageOwed, HauntState, MonsterPiece, MonsterTurn
from tests.games.haunt.builders import (
    act,
    haunted,
    new_game,
    place,
    set_turn,
    set_value,
    strong,
    with_seed,
)

Expected = Action | Callable[[Action], bool]


@dataclass(frozen=True)
class Position:
    name: str
    reason: str
    build: Callable[[], tuple[HauntState, int, Expected]]


def _at(state: HauntState, seat: int, room: str) -> None:
    state.seat(seat).room = room
    state.forget_pending()


def _turn(state: HauntState, seat: int, room: str) -> None:
    set_turn(state, seat)
    _at(state, seat, room)


def _weak(state: HauntState, seat: int) -> None:
    """Every trait one step above the lowest."""
    for trait in ("might", "speed", "sanity", "knowledge"):
        set_value(state, seat, trait, 1)


def _no_monsters(state: HauntState) -> None:
    state.monsters = []
    state.forget_pending()


def _not(kind: type[Action]) -> Callable[[Action], bool]:
    return lambda action: not isinstance(action, kind)


def _is(kind: type[Action]) -> Callable[[Action], bool]:
    return lambda action: isinstance(action, kind)


# -- before the haunt ----------------------------------------------------------------------
def explore_an_open_door() -> tuple[HauntState, int, Expected]:
    state = new_game(4)
    _turn(state, 0, "entrance-hall")
    return state, 0, _is(Explore)


def walk_to_new_ground() -> tuple[HauntState, int, Expected]:
    state = new_game(4)
    place(state, "four-way-passage", "ground", 0, 1, doors=("S",))  # a dead end north of the hall
    _turn(state, 0, "four-way-passage")
    return state, 0, Move(seat=0, to="entrance-hall")


def pick_up_what_lies_about() -> tuple[HauntState, int, Expected]:
    state = new_game(4)
    _turn(state, 0, "entrance-hall")
    state.piles["entrance-hall"] = ["cavalry-sabre"]
    return state, 0, PickUp(seat=0, card="cavalry-sabre")


def heal_when_hurt() -> tuple[HauntState, int, Expected]:
    state = new_game(4)
    _turn(state, 0, "entrance-hall")
    state.seat(0).cards = ["field-dressing"]
    set_value(state, 0, "might", 0)
    set_value(state, 0, "speed", 0)
    return state, 0, UseCard(seat=0, card="field-dressing")


def keep_the_dressing_when_whole() -> tuple[HauntState, int, Expected]:
    state = new_game(4)
    _turn(state, 0, "entrance-hall")
    state.seat(0).cards = ["field-dressing"]
    state.forget_pending()
    return state, 0, _not(UseCard)


def no_risky_roll_with_a_weak_trait() -> tuple[HauntState, int, Expected]:
    state = new_game(4)
    _turn(state, 0, "entrance-hall")
    state.seat(0).cards = ["bone-dice"]
    set_value(state, 0, "sanity", 0)  # two dice: a sanity lost one time in three
    return state, 0, _not(UseCard)


def risky_roll_with_a_strong_trait() -> tuple[HauntState, int, Expected]:
    state = new_game(4)
    _turn(state, 0, "entrance-hall")
    state.seat(0).cards = ["bone-dice"]
    set_value(state, 0, "sanity", 7)  # seven dice: knowledge most of the time
    return state, 0, UseCard(seat=0, card="bone-dice")


def take_the_chapels_roll() -> tuple[HauntState, int, Expected]:
    state = new_game(4)
    place(state, "chapel-of-hours", "ground", 0, 1)
    _turn(state, 0, "chapel-of-hours")
    set_value(state, 0, "sanity", 5)
    return state, 0, RoomAction(seat=0)


def wounds_on_the_sturdy_trait() -> tuple[HauntState, int, Expected]:
    state = new_game(4)
    _turn(state, 0, "entrance-hall")
    set_value(state, 0, "might", 1)
    set_value(state, 0, "speed", 6)
    state.damage.append(DamageOwed(seat=0, kind="physical", amount=1))
    state.forget_pending()
    return state, 0, TakeDamage(seat=0, trait="speed")


# -- after the haunt: the heroes -----------------------------------------------------------
def _bell(hero_room: str) -> HauntState:
    """The Bell Below: the traitor is seat 2; the bell hangs in the Fencing Hall north of the
    entrance hall, the gravediggers far below."""
    state = haunted("bell-below", 4, revealer=0)
    assert state.traitor == 2 and state.haunt_room == "fencing-hall"
    _no_monsters(state)
    _at(state, 2, "basement-landing")
    _turn(state, 3, hero_room)
    set_value(state, 3, "sanity", 7)
    return state


def ring_the_bell() -> tuple[HauntState, int, Expected]:
    state = _bell("fencing-hall")
    state.turn.used.append("room:fencing-hall")  # the hall's own roll made this turn
    state.forget_pending()
    return state, 3, Special(seat=3, action="ring-the-bell")


def walk_to_the_bell() -> tuple[HauntState, int, Expected]:
    return _bell("entrance-hall"), 3, Move(seat=3, to="fencing-hall")


def stand_by_the_weakest() -> tuple[HauntState, int, Expected]:
    state = _bell("entrance-hall")
    _weak(state, 3)  # no chance at the bell
    strong(state, 2)  # the traitor: no hunt for a weak hero
    _at(state, 2, "basement-landing")
    _weak(state, 1)
    _at(state, 1, "cellar-door")  # the weakest other hero, east of the hall
    _at(state, 0, "upper-landing")
    return state, 3, Move(seat=3, to="cellar-door")


def _dinner(hero_room: str) -> HauntState:
    state = haunted("long-dinner", 4, revealer=0)
    assert state.traitor == 1
    _no_monsters(state)
    _turn(state, 2, hero_room)
    set_value(state, 2, "speed", 7)
    return state


def escape_through_the_front_door() -> tuple[HauntState, int, Expected]:
    return _dinner("entrance-hall"), 2, Special(seat=2, action="slip-out")


def head_for_the_front_door() -> tuple[HauntState, int, Expected]:
    return _dinner("scorched-study"), 2, Move(seat=2, to="entrance-hall")


def hymn_in_a_new_omen_room() -> tuple[HauntState, int, Expected]:
    state = haunted("drowned-choir", 4, revealer=0)
    assert state.traitor == 0 and state.haunt_room == "chapel-of-hours"
    _no_monsters(state)
    place(state, "fencing-hall", "ground", -1, 0)  # an omen room west of the hall
    state.progress_rooms["heroes"] = ["chapel-of-hours"]
    state.progress["heroes"] = 1
    _turn(state, 1, "entrance-hall")
    set_value(state, 1, "sanity", 7)
    return state, 1, Move(seat=1, to="fencing-hall")


def light_a_lamp_against_the_clock() -> tuple[HauntState, int, Expected]:
    state = haunted("moth-queen", 4, revealer=0)
    assert state.traitor == 0 and state.haunt_room is not None
    _no_monsters(state)
    place(state, "fencing-hall", "ground", -1, 0)  # an unlit omen room west of the hall
    state.progress_rooms["heroes"] = [state.haunt_room]
    state.progress["heroes"] = 1
    _at(state, 0, "basement-landing")
    _turn(state, 1, "entrance-hall")
    track = catalog().explorer(state.seat(1).explorer).track("knowledge")
    set_value(state, 1, "knowledge", track.values.index(3))  # 5 or more one time in seven
    _weak(state, 2)
    _at(state, 2, "cellar-door")  # the weakest other hero, east of the hall
    _at(state, 3, "upper-landing")
    return state, 1, Move(seat=1, to="fencing-hall")


def _debt(hero: int) -> HauntState:
    """The Gardener's Debt: the heroes win when the traitor (seat 1) dies."""
    state = haunted("gardeners-debt", 4, revealer=0)
    assert state.traitor == 1
    _no_monsters(state)
    _turn(state, hero, "entrance-hall")
    _at(state, 1, "entrance-hall")
    return state


def attack_the_traitor_with_the_odds() -> tuple[HauntState, int, Expected]:
    state = _debt(2)
    strong(state, 2)
    state.seat(2).cards = ["cavalry-sabre"]
    set_value(state, 1, "might", 1)
    set_value(state, 1, "speed", 1)
    return state, 2, Attack(seat=2, target="seat:1", trait="might")


def no_attack_on_a_far_stronger_traitor() -> tuple[HauntState, int, Expected]:
    state = _debt(2)
    _weak(state, 2)
    strong(state, 1)
    state.seat(1).cards = ["cavalry-sabre"]
    return state, 2, _not(Attack)


def _steal_after(state: HauntState, attacker: int, defender: int) -> HauntState:
    """``attacker`` attacks ``defender`` in Might, with dice that win by two or more."""
    attack = Attack(seat=attacker, target=f"seat:{defender}", trait="might")
    state = with_seed(state, lambda t: GAME.apply(t, attack).state.steal is not None)
    state, _ = act(state, attack)
    return state


def kill_the_traitor_rather_than_rob_him() -> tuple[HauntState, int, Expected]:
    state = _debt(2)
    strong(state, 2)
    set_value(state, 1, "might", 0)
    set_value(state, 1, "speed", 0)  # one wound kills
    state.seat(1).cards = ["hunting-knife"]
    state = _steal_after(state, 2, 1)
    return state, 2, Steal(seat=2, card=None)


def hunt_the_traitor_against_the_clock() -> tuple[HauntState, int, Expected]:
    state = haunted("gardeners-debt", 5, revealer=0)  # four heroes
    traitor, room = state.traitor, state.haunt_room
    assert traitor is not None and room is not None
    _no_monsters(state)
    strong(state, traitor)
    _at(state, traitor, room)  # north of the hall, far stronger than any hero alone
    hero, best, weakest, other = state.heroes()
    _turn(state, hero, "entrance-hall")
    set_value(state, hero, "might", 2)
    strong(state, best)
    state.seat(best).cards = ["cavalry-sabre"]  # the hero he fears most is far away
    _at(state, best, "upper-landing")
    _at(state, other, "upper-landing")
    _weak(state, weakest)
    _at(state, weakest, "cellar-door")  # the weakest other hero, east of the hall
    return state, hero, Move(seat=hero, to=room)


def stun_the_hound() -> tuple[HauntState, int, Expected]:
    state = haunted("salt-wife", 4, revealer=0)
    assert state.traitor == 1
    _turn(state, 2, "basement-landing")
    strong(state, 2)
    state.monsters = [MonsterPiece(id="brine-hound-1", kind="brine-hound",
                                   room="basement-landing")]
    state.forget_pending()
    return state, 2, Attack(seat=2, target="brine-hound-1", trait="might")


def keep_off_the_skull() -> tuple[HauntState, int, Expected]:
    state = _bell("entrance-hall")
    set_value(state, 3, "might", 1)
    set_value(state, 3, "speed", 5)
    state.damage.append(DamageOwed(seat=3, kind="physical", amount=1))
    state.forget_pending()
    return state, 3, TakeDamage(seat=3, trait="speed")


def end_the_turn_with_nothing_to_do() -> tuple[HauntState, int, Expected]:
    state = _bell("fencing-hall")
    state.turn.used += ["special:ring-the-bell", "room:fencing-hall"]
    state.turn.stopped = True  # moved as far as it may
    state.forget_pending()
    return state, 3, EndTurn(seat=3)


def explore_for_more_omen_rooms() -> tuple[HauntState, int, Expected]:
    state = haunted("drowned-choir", 4, revealer=0)  # three heroes: four omen rooms to sing in
    assert state.traitor == 0 and state.haunt_room == "chapel-of-hours"
    _no_monsters(state)
    _at(state, 0, "basement-landing")
    _turn(state, 1, "chapel-of-hours")  # the only omen room on the map
    set_value(state, 1, "sanity", 7)
    state.turn.used += ["special:counter-hymn", "room:chapel-of-hours"]  # sung here in vain
    state.forget_pending()
    return state, 1, _is(Explore)


def explore_when_cut_off_from_the_goal() -> tuple[HauntState, int, Expected]:
    state = _bell("entrance-hall")
    place(state, "portrait-gallery", "upper", 4, 4)  # no door joins it to the rest of the map
    _turn(state, 3, "portrait-gallery")
    return state, 3, _is(Explore)


# -- after the haunt: the traitor ----------------------------------------------------------
def dig_the_grave() -> tuple[HauntState, int, Expected]:
    state = _bell("entrance-hall")
    _turn(state, 2, "basement-landing")
    strong(state, 2)
    return state, 2, Special(seat=2, action="dig-the-grave")


def walk_to_the_grave() -> tuple[HauntState, int, Expected]:
    state = _bell("entrance-hall")
    _turn(state, 2, "cellar-door")
    strong(state, 2)
    return state, 2, Move(seat=2, to="basement-landing")


def _bargain() -> HauntState:
    """The Burial Bargain: the traitor (seat 2, the highest Sanity) wins when every hero is
    dead; no monsters."""
    state = haunted("burial-bargain", 4, revealer=0)
    traitor = state.traitor
    assert traitor is not None
    _turn(state, traitor, "entrance-hall")
    strong(state, traitor)
    return state


def attack_the_weakest_hero_in_reach() -> tuple[HauntState, int, Expected]:
    state = _bargain()
    traitor = state.traitor
    assert traitor is not None
    weak, sturdy = [h for h in state.heroes()][:2]
    for hero in state.heroes():
        _at(state, hero, "upper-landing")
    _at(state, weak, "entrance-hall")
    _at(state, sturdy, "entrance-hall")
    _weak(state, weak)
    strong(state, sturdy)
    state.seat(sturdy).cards = ["cavalry-sabre"]
    return state, traitor, Attack(seat=traitor, target=f"seat:{weak}", trait="might")


def hunt_the_weakest_hero() -> tuple[HauntState, int, Expected]:
    state = _bargain()
    traitor = state.traitor
    assert traitor is not None
    weak, sturdy, other = state.heroes()
    room = state.haunt_room
    assert room is not None
    _at(state, weak, room)  # north of the hall
    _weak(state, weak)
    for hero in (sturdy, other):
        _at(state, hero, "cellar-door")  # east of the hall
        strong(state, hero)
    return state, traitor, Move(seat=traitor, to=room)


def no_attack_on_a_stronger_hero() -> tuple[HauntState, int, Expected]:
    state = _bargain()
    traitor = state.traitor
    assert traitor is not None
    _weak(state, traitor)
    hero = state.heroes()[0]
    for other in state.heroes():
        _at(state, other, "upper-landing")
    _at(state, hero, "entrance-hall")
    strong(state, hero)
    state.seat(hero).cards = ["cavalry-sabre"]
    return state, traitor, _not(Attack)


def kill_the_hero_rather_than_rob_him() -> tuple[HauntState, int, Expected]:
    state = _bargain()
    traitor = state.traitor
    assert traitor is not None
    hero = state.heroes()[0]
    for other in state.heroes():
        _at(state, other, "upper-landing")
    _at(state, hero, "entrance-hall")
    set_value(state, hero, "might", 0)
    set_value(state, hero, "speed", 0)
    state.seat(hero).cards = ["crowbar"]
    state = _steal_after(state, traitor, hero)
    return state, traitor, Steal(seat=traitor, card=None)


def _moths() -> HauntState:
    """The Moth Queen: the traitor (seat 0) moves moth swarms that attack Sanity."""
    state = _one_monster("moth-queen", 0, "moth-swarm", "entrance-hall")
    state.forget_pending()
    return state


def _one_monster(haunt: str, traitor: int, kind: str, room: str) -> HauntState:
    """``haunt`` at 4 players, its traitor ``traitor`` at the basement landing moving one
    monster of ``kind`` (3 moves) from ``room``, the heroes at the upper landing."""
    state = haunted(haunt, 4, revealer=0)
    assert state.traitor == traitor
    piece = f"{kind}-1"
    state.monsters = [MonsterPiece(id=piece, kind=kind, room=room)]
    state.monster_turn = MonsterTurn(queue=[piece], kind_moves={kind: 3}, moves_left=3)
    for hero in state.heroes():
        _at(state, hero, "upper-landing")
    _at(state, traitor, "basement-landing")
    return state


def moths_go_for_the_weakest_mind() -> tuple[HauntState, int, Expected]:
    state = _moths()
    _at(state, 1, "entrance-hall")
    _at(state, 2, "entrance-hall")
    set_value(state, 1, "sanity", 0)
    set_value(state, 1, "might", 0)
    set_value(state, 2, "sanity", 7)
    set_value(state, 2, "might", 0)  # the weaker body, the stronger mind
    set_value(state, 1, "might", 7)
    return state, 0, MonsterAttack(seat=0, monster="moth-swarm-1", target=1)


def moths_fly_at_the_heroes() -> tuple[HauntState, int, Expected]:
    state = _moths()
    room = state.haunt_room
    assert room is not None
    state.monsters[0].room = room  # north of the hall
    for hero in state.heroes():
        _at(state, hero, "entrance-hall")
    return state, 0, MonsterMove(seat=0, monster="moth-swarm-1", to="entrance-hall")


def _hounds() -> HauntState:
    """The Salt Wife: the traitor (seat 1) moves a brine hound (Might 4) standing with a
    hero of Might 7; the clock is the heroes'."""
    state = _one_monster("salt-wife", 1, "brine-hound", "cellar-door")
    _at(state, 2, "cellar-door")
    strong(state, 2)
    return state


def hound_stays_awake_beside_a_stronger_hero() -> tuple[HauntState, int, Expected]:
    return _hounds(), 1, _is(MonsterDone)


def hound_strikes_a_weak_hero() -> tuple[HauntState, int, Expected]:
    state = _hounds()
    _weak(state, 2)
    return state, 1, MonsterAttack(seat=1, monster="brine-hound-1", target=2)


def _event(event_id: str) -> HauntState:
    state = _bargain()
    state.event_choice = event_id
    state.forget_pending()
    return state


def ignore_a_harmful_event() -> tuple[HauntState, int, Expected]:
    state = _event("your-own-reflection")
    assert state.traitor is not None
    return state, state.traitor, FaceEvent(seat=state.traitor, resolve=False)


def take_a_helpful_event() -> tuple[HauntState, int, Expected]:
    state = _event("a-helpful-note")
    assert state.traitor is not None
    return state, state.traitor, FaceEvent(seat=state.traitor, resolve=True)


POSITIONS = [
    Position("explore_an_open_door",
             "before the haunt: new rooms hold the omens and items; explore", explore_an_open_door),
    Position("walk_to_new_ground", "a dead end: back to the hall, whose doors lead on",
             walk_to_new_ground),
    Position("pick_up_what_lies_about", "a sabre on the floor: pick it up",
             pick_up_what_lies_about),
    Position("heal_when_hurt", "five steps below the starting marks: the dressing heals them",
             heal_when_hurt),
    Position("keep_the_dressing_when_whole", "unhurt: the dressing would heal nothing",
             keep_the_dressing_when_whole),
    Position("no_risky_roll_with_a_weak_trait",
             "two dice of Sanity lose a step one time in three and gain one time in nine",
             no_risky_roll_with_a_weak_trait),
    Position("risky_roll_with_a_strong_trait",
             "seven dice of Sanity gain Knowledge most of the time and almost never lose",
             risky_roll_with_a_strong_trait),
    Position("take_the_chapels_roll", "the chapel's roll can only help: make it",
             take_the_chapels_roll),
    Position("wounds_on_the_sturdy_trait",
             "a wound on Speed, high up its track, not on Might one step above the lowest",
             wounds_on_the_sturdy_trait),
    Position("ring_the_bell", "a hero at the bell with strong Sanity: ring it",
             ring_the_bell),
    Position("walk_to_the_bell", "the bell is next door: go and ring it", walk_to_the_bell),
    Position("stand_by_the_weakest",
             "no chance at the bell, no match for the traitor: keep by the weakest hero",
             stand_by_the_weakest),
    Position("escape_through_the_front_door", "at the front door with strong Speed: slip out",
             escape_through_the_front_door),
    Position("head_for_the_front_door", "the heroes win by escaping: to the entrance hall",
             head_for_the_front_door),
    Position("light_a_lamp_against_the_clock",
             "the moths win at the deadline: a slim chance at a new omen room beats standing by",
             light_a_lamp_against_the_clock),
    Position("hymn_in_a_new_omen_room",
             "the chapel is sung already: the hymn counts only in a new omen room",
             hymn_in_a_new_omen_room),
    Position("attack_the_traitor_with_the_odds",
             "the traitor's death wins; he is one step from the lowest: attack",
             attack_the_traitor_with_the_odds),
    Position("no_attack_on_a_far_stronger_traitor",
             "one die against a sabre and seven: the hero only bleeds",
             no_attack_on_a_far_stronger_traitor),
    Position("kill_the_traitor_rather_than_rob_him", "the wounds kill the traitor: deal them",
             kill_the_traitor_rather_than_rob_him),
    Position("hunt_the_traitor_against_the_clock",
             "four heroes, only his death wins and the deadline is his: close in on him together",
             hunt_the_traitor_against_the_clock),
    Position("stun_the_hound", "the heroes win with every hound stunned: strike it",
             stun_the_hound),
    Position("keep_off_the_skull", "after the haunt a wound on Might at its lowest step kills",
             keep_off_the_skull),
    Position("end_the_turn_with_nothing_to_do", "the bell rung, no move left: end the turn",
             end_the_turn_with_nothing_to_do),
    Position("explore_for_more_omen_rooms",
             "sung here this turn; the hymn needs four omen rooms and the map has one: explore",
             explore_for_more_omen_rooms),
    Position("explore_when_cut_off_from_the_goal",
             "no door leads from here to the bell: a new room may open the way",
             explore_when_cut_off_from_the_goal),
    Position("dig_the_grave", "the traitor at the grave with strong Might: dig",
             dig_the_grave),
    Position("walk_to_the_grave", "the grave is down the cellar stair: go",
             walk_to_the_grave),
    Position("attack_the_weakest_hero_in_reach",
             "two heroes in reach: the weak one, not the one with the sabre",
             attack_the_weakest_hero_in_reach),
    Position("hunt_the_weakest_hero",
             "the tome wants every hero dead: after the weak one, not the strong pair",
             hunt_the_weakest_hero),
    Position("no_attack_on_a_stronger_hero",
             "one die against a sabre and seven: the traitor only bleeds",
             no_attack_on_a_stronger_hero),
    Position("kill_the_hero_rather_than_rob_him", "the wounds kill the hero: deal them",
             kill_the_hero_rather_than_rob_him),
    Position("moths_go_for_the_weakest_mind",
             "moths attack Sanity: the hero with the weakest mind, not the weakest body",
             moths_go_for_the_weakest_mind),
    Position("moths_fly_at_the_heroes", "the heroes are next door: the swarm goes to them",
             moths_fly_at_the_heroes),
    Position("hound_stays_awake_beside_a_stronger_hero",
             "a lost attack stuns the hound: awake it still hinders the hero, and the clock "
             "is not the traitor's", hound_stays_awake_beside_a_stronger_hero),
    Position("hound_strikes_a_weak_hero", "the hound beats a weak hero more often than not: "
             "strike", hound_strikes_a_weak_hero),
    Position("ignore_a_harmful_event", "an event that wounds the traitor: ignore it",
             ignore_a_harmful_event),
    Position("take_a_helpful_event", "an event that only helps: take it", take_a_helpful_event),
]


@pytest.mark.parametrize("position", POSITIONS, ids=[p.name for p in POSITIONS])
def test_the_bot_makes_the_right_decision(position: Position) -> None:
    state, seat, expected = position.build()
    prompt = GAME.prompt_for(state, seat)
    assert prompt is not None, f"{position.name}: seat {seat} is asked nothing"
    view = GAME.view(state, seat)
    for seed in range(3):
        chosen = GAME.choose(view, prompt, random.Random(seed))
        right = expected(chosen) if callable(expected) else chosen == expected
        assert right, f"{position.name}: chose {chosen!r} ({position.reason})"


def test_the_suite_has_at_least_twenty_five_positions() -> None:
    assert len(POSITIONS) >= 25
    assert len({p.name for p in POSITIONS}) == len(POSITIONS)
