"""Tactical positions: each has one clearly right decision, and the bot must take it.

The bots are the people's teammates, so the suite asks what a capable teammate does: fight for
the burial that wins on the last card, explore the house while the Evil Temple is in it, let
the chainsaw's holder fight alone when that costs nobody anything, cower when badly hurt with
time to spare, head for the temple and then the Graveyard, fight a small horde with a strong
weapon, flee a large one at 1 health, pour the Concoction for the dying, burn a horde when it
saves lives. Every bot decides from its own seat's view (``GAME.choose``); positions are built
small with ``builders`` (a house of a few rooms, the clock and the deck set by hand).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from games.core import Action
from games.zombie import GAME
from games.zombie.actions import (
    AcceptTotem,
    Arm,
    BreakThrough,
    BreakWindow,
    Bury,
    Commit,
    Cower,
    Explore,
    Flee,
    GiveTotem,
    Hurt,
    LeaveItem,
    Move,
    NameHolder,
    Refuel,
    Rescue,
    SearchItem,
    SearchTotem,
    Settle,
    TakeItem,
    Turn,
)
from games.zombie.options import Options
from games.zombie.state import ZombieState
from tests.games.zombie.builders import (
    at_hour,
    commit_all,
    lay,
    open_window,
    play,
    prompt_of,
    standing_at,
    table,
)

Expected = Action | Callable[[Action], bool]


@dataclass(frozen=True)
class Position:
    name: str
    reason: str
    build: Callable[[], tuple[ZombieState, int, Expected]]


def _healths(state: ZombieState, *healths: int) -> None:
    for player, health in zip(state.players, healths, strict=True):
        player.health = health
    state.forget_pending()


def _house(state: ZombieState) -> None:
    """The Foyer, the Dining Room north of it and the Evil Temple north of that."""
    lay(state, "dining_room", 0, -1)
    lay(state, "evil_temple", 0, -2, 1)


def _graveyard(state: ZombieState, holder: int = 0) -> None:
    """The team at the Graveyard, south of the Patio, with the totem; the Bathroom found."""
    _house(state)
    lay(state, "bathroom", 0, -3, 2)
    open_window(state)
    lay(state, "graveyard", 0, 1, 2)
    state.totem, state.totem_holder = "held", holder
    standing_at(state, "graveyard")


def _enter_dining_room(state: ZombieState) -> ZombieState:
    state, _ = play(state, Move(seat=state.leader, to="dining_room"))
    return state


def _commit(choice: str) -> Callable[[Action], bool]:
    def right(action: Action) -> bool:
        return isinstance(action, Commit) and action.choice == choice

    return right


# -- the positions -----------------------------------------------------------------
def last_card_burial() -> tuple[ZombieState, int, Expected]:
    state = table(seats=2, health=3)
    _graveyard(state)
    at_hour(state, 11, "card-oil")  # six zombies and X = 1 at the last card
    state, _ = play(state, Bury(seat=0))
    assert state.stage == "fight" and state.fight is not None and state.fight.zombies == 7
    return state, 1, _commit("fight")


def temple_still_in_the_house() -> tuple[ZombieState, int, Expected]:
    state = table(seats=3, health=3)
    lay(state, "dining_room", 0, -1)
    open_window(state)
    standing_at(state, "patio")
    return state, 0, Move(seat=0, to="dining_room")


def _chainsaw_team() -> ZombieState:
    state = table(seats=4, health=1, options=Options(extra_zombies=1),
                  deck=["card-chainsaw"])  # three zombies and one: four
    state.players[2].items = ["chainsaw"]
    state.chainsaw_fuel = 2
    _house(state)
    return _enter_dining_room(state)


def chainsaw_holder_fights_alone() -> tuple[ZombieState, int, Expected]:
    return _chainsaw_team(), 2, _commit("fight")


def the_others_let_the_chainsaw_fight() -> tuple[ZombieState, int, Expected]:
    return _chainsaw_team(), 0, _commit("flee")


def cower_when_badly_hurt() -> tuple[ZombieState, int, Expected]:
    state = table(seats=4, health=3)
    _healths(state, 1, 2, 1, 1)
    lay(state, "dining_room", 0, -1)
    return state, 0, Cower(seat=0)


def head_for_the_temple() -> tuple[ZombieState, int, Expected]:
    state = table(seats=3, health=3)
    _house(state)
    return state, 0, Move(seat=0, to="dining_room")


def search_the_temple() -> tuple[ZombieState, int, Expected]:
    state = table(seats=3, health=3)
    _house(state)
    standing_at(state, "evil_temple")
    return state, 0, SearchTotem(seat=0)


def head_for_the_graveyard() -> tuple[ZombieState, int, Expected]:
    state = table(seats=3, health=3)
    _graveyard(state)
    standing_at(state, "patio")
    return state, 0, Move(seat=0, to="graveyard")


def bury_the_totem() -> tuple[ZombieState, int, Expected]:
    state = table(seats=3, health=3)
    _graveyard(state)
    return state, 0, Bury(seat=0)


def _small_horde() -> ZombieState:
    state = table(seats=3, health=3, options=Options(extra_zombies=0),
                  deck=["card-chainsaw"])  # three zombies
    state.players[1].items = ["machete"]
    _house(state)
    return _enter_dining_room(state)


def strong_weapon_fights_a_small_horde() -> tuple[ZombieState, int, Expected]:
    return _small_horde(), 1, _commit("fight")


def the_unarmed_leave_a_small_horde_to_the_machete() -> tuple[ZombieState, int, Expected]:
    return _small_horde(), 2, _commit("flee")


def _large_horde() -> ZombieState:
    state = table(seats=4, health=3, deck=["card-gasoline"])  # four zombies and X = 5: nine
    _healths(state, 3, 3, 3, 1)
    _house(state)
    return _enter_dining_room(state)


def flee_a_large_horde_at_one_health() -> tuple[ZombieState, int, Expected]:
    return _large_horde(), 3, _commit("flee")


def the_healthy_fight_the_large_horde() -> tuple[ZombieState, int, Expected]:
    return _large_horde(), 0, _commit("fight")


def concoction_for_the_dying() -> tuple[ZombieState, int, Expected]:
    state = table(seats=3, health=3, deck=["card-gasoline"])  # seven zombies
    state.players[1].items = ["soda"]
    _healths(state, 3, 3, 1)
    _house(state)
    state = _enter_dining_room(state)
    state, _ = commit_all(state, {0: "flee", 1: "flee", 2: "fight"})
    assert state.stage == "rescue"
    return state, 1, Rescue(seat=1, target=2)


def _burn_team() -> ZombieState:
    state = table(seats=3, health=2, deck=["card-oil"])
    at_hour(state, 11, "card-oil", "card-soda")  # six zombies and X = 3: nine
    state.players[0].items = ["oil"]
    state.players[1].items = ["candle"]
    _house(state)
    return _enter_dining_room(state)


def oil_and_candle_burn_a_horde() -> tuple[ZombieState, int, Expected]:
    state = _burn_team()
    state, _ = commit_all(state, {0: "fight", 1: "fight", 2: "fight"})
    assert state.stage == "arms"
    return state, 0, Arm(seat=0, choice="burn_oil")


def the_oil_holder_fights_to_burn() -> tuple[ZombieState, int, Expected]:
    return _burn_team(), 0, _commit("fight")


def the_others_flee_the_fire() -> tuple[ZombieState, int, Expected]:
    return _burn_team(), 2, _commit("flee")


# -- more of the round ---------------------------------------------------------------------
def break_the_window_with_the_totem() -> tuple[ZombieState, int, Expected]:
    state = table(seats=3, health=3)
    _house(state)
    state.totem, state.totem_holder = "held", 1
    standing_at(state, "dining_room")
    return state, 0, BreakWindow(seat=0)


def no_window_before_the_totem() -> tuple[ZombieState, int, Expected]:
    state = table(seats=3, health=3)
    _house(state)
    standing_at(state, "dining_room")
    return state, 0, Move(seat=0, to="evil_temple")


def explore_the_house_for_the_temple() -> tuple[ZombieState, int, Expected]:
    state = table(seats=3, health=3)
    lay(state, "dining_room", 0, -1)
    standing_at(state, "dining_room")
    return state, 0, lambda act: isinstance(act, Explore)


def break_through_a_closed_house() -> tuple[ZombieState, int, Expected]:
    state = table(seats=3, health=3)
    lay(state, "bathroom", 0, -1, 2)  # its only door faces the Foyer: the house is closed
    standing_at(state, "bathroom")
    return state, 0, lambda act: isinstance(act, BreakThrough)


def turn_the_room_toward_new_ground() -> tuple[ZombieState, int, Expected]:
    state = table(seats=3, health=3)
    lay(state, "dining_room", 0, -1)
    lay(state, "kitchen", 1, -2)  # takes the cell east of the room about to be laid
    state.house_stack.remove("family_room")
    state.house_stack.insert(0, "family_room")
    standing_at(state, "dining_room")
    state, _ = play(state, Explore(seat=0, direction="N"))
    assert state.stage == "turn"
    return state, 0, Turn(seat=0, turns=3)  # doors north, south and west: two ways on


def cower_in_the_kitchen() -> tuple[ZombieState, int, Expected]:
    state = table(seats=4, health=2)
    lay(state, "kitchen", 0, -1, 2)  # turned to open south onto the Foyer
    standing_at(state, "kitchen")
    return state, 0, Cower(seat=0)


def no_cower_when_time_runs_out() -> tuple[ZombieState, int, Expected]:
    state = table(seats=3, health=3)
    _graveyard(state)
    _healths(state, 1, 2, 2)
    at_hour(state, 11, "card-golf-club", "card-board")
    return state, 0, Bury(seat=0)


def search_before_cowering_at_the_temple_with_time_short() -> tuple[ZombieState, int, Expected]:
    state = table(seats=3, health=3)
    _house(state)
    _healths(state, 2, 2, 3)
    at_hour(state, 11, "card-golf-club", "card-board", "card-soda", "card-candle",
            "card-femur", "card-gasoline", "card-chainsaw", "card-oil")
    standing_at(state, "evil_temple")
    return state, 0, SearchTotem(seat=0)


def no_storage_search_when_time_is_short() -> tuple[ZombieState, int, Expected]:
    state = table(seats=3, health=3)
    _house(state)
    lay(state, "storage", -1, -1, 1)
    at_hour(state, 11, "card-golf-club", "card-board", "card-soda", "card-candle")
    standing_at(state, "storage")
    return state, 0, Move(seat=0, to="dining_room")


# -- items ---------------------------------------------------------------------------------
def take_a_weapon_early() -> tuple[ZombieState, int, Expected]:
    state = table(seats=3, health=3, deck=["card-board"])
    _house(state)
    state = _enter_dining_room(state)
    assert state.stage == "item"
    return state, 0, TakeItem(seat=0)


def leave_an_item_when_time_is_short() -> tuple[ZombieState, int, Expected]:
    state = table(seats=3, health=3)
    lay(state, "dining_room", 0, -1)
    at_hour(state, 11, "card-gasoline", "card-soda", "card-candle")
    state = _enter_dining_room(state)
    assert state.stage == "item"
    return state, 0, LeaveItem(seat=0)


def refuel_the_empty_chainsaw() -> tuple[ZombieState, int, Expected]:
    state = table(seats=3, health=3)
    state.players[0].items = ["chainsaw", "gasoline"]
    state.chainsaw_fuel = 0
    state.forget_pending()
    return state, 0, Refuel(seat=0)


def _saw_fight(zombies_card: str, extra: int) -> ZombieState:
    state = table(seats=3, health=2, options=Options(extra_zombies=extra), deck=[zombies_card])
    state.players[0].items = ["chainsaw"]
    state.chainsaw_fuel = 2
    _house(state)
    state = _enter_dining_room(state)
    state, _ = commit_all(state, {0: "fight", 1: "fight", 2: "fight"})
    assert state.stage == "arms"
    return state


def rev_when_the_horde_would_hurt() -> tuple[ZombieState, int, Expected]:
    return _saw_fight("card-gasoline", 3), 0, Arm(seat=0, choice="rev")  # 7 against 3


def keep_the_fuel_when_nobody_is_hurt() -> tuple[ZombieState, int, Expected]:
    return _saw_fight("card-chainsaw", 0), 0, Arm(seat=0, choice="pass")  # 3 against 3


def no_burning_when_nobody_is_hurt() -> tuple[ZombieState, int, Expected]:
    state = table(seats=3, health=3, options=Options(extra_zombies=0), deck=["card-chainsaw"])
    state.players[0].items = ["oil"]
    state.players[1].items = ["candle"]
    _house(state)
    state = _enter_dining_room(state)
    state, _ = commit_all(state, {0: "fight", 1: "fight", 2: "fight"})
    assert state.stage == "arms"
    return state, 0, Arm(seat=0, choice="pass")


# -- the totem and the team's choices for others --------------------------------------------
def offer_the_totem_to_the_healthiest() -> tuple[ZombieState, int, Expected]:
    state = table(seats=3, health=3)
    _healths(state, 1, 5, 3)
    state.totem, state.totem_holder = "held", 0
    state.forget_pending()
    return state, 0, GiveTotem(seat=0, to=1)


def accept_the_totem() -> tuple[ZombieState, int, Expected]:
    state = table(seats=3, health=3)
    state.totem, state.totem_holder = "held", 0
    state.forget_pending()
    state, _ = play(state, GiveTotem(seat=0, to=2))
    return state, 2, AcceptTotem(seat=2)


def name_the_healthiest_holder() -> tuple[ZombieState, int, Expected]:
    state = table(seats=3, health=3, deck=["card-golf-club", "card-oil"])  # a curse, then quiet
    _healths(state, 3, 2, 4)
    _house(state)
    standing_at(state, "evil_temple")
    at_hour(state, 9, "card-oil", "card-soda")  # a quiet moment
    state, _ = play(state, SearchTotem(seat=0))
    assert state.stage == "totem"
    return state, 0, NameHolder(seat=0, to=2)


def hurt_the_healthiest_for_the_window() -> tuple[ZombieState, int, Expected]:
    state = table(seats=3, health=3)
    _healths(state, 3, 5, 5)
    _house(state)
    state.totem, state.totem_holder = "held", 1
    standing_at(state, "dining_room")
    state, _ = play(state, BreakWindow(seat=0))
    assert state.stage == "victim"
    return state, 0, Hurt(seat=0, target=2)


def the_extra_wound_to_the_healthiest() -> tuple[ZombieState, int, Expected]:
    state = table(seats=3, health=3, deck=["card-gasoline"])  # seven zombies
    _healths(state, 3, 4, 2)
    _house(state)
    state = _enter_dining_room(state)
    state, _ = commit_all(state, {0: "fight", 1: "fight", 2: "fight"})
    assert state.stage == "remainder"
    return state, 0, Settle(seat=0, seats=("1",))


def flee_toward_the_temple() -> tuple[ZombieState, int, Expected]:
    state = table(seats=3, health=3, deck=["card-gasoline", "card-oil"])
    _house(state)
    lay(state, "kitchen", 1, -1)
    state = _enter_dining_room(state)
    state, _ = commit_all(state, {0: "flee", 1: "flee", 2: "flee"})
    assert state.stage == "flee"
    return state, 0, Flee(seat=0, to="evil_temple")


# -- alone ---------------------------------------------------------------------------------
def alone_flee_a_big_horde() -> tuple[ZombieState, int, Expected]:
    state = table(seats=1, health=6)
    _graveyard(state)
    standing_at(state, "dining_room")
    at_hour(state, 11, "card-oil", "card-soda", "card-golf-club", "card-candle", "card-board")
    state, _ = play(state, Move(seat=0, to="patio"))  # six zombies on the Patio
    return state, 0, _commit("flee")


def alone_fight_for_the_totem() -> tuple[ZombieState, int, Expected]:
    state = table(seats=1, health=6, deck=["card-gasoline"])  # four zombies
    _house(state)
    standing_at(state, "evil_temple")
    state, _ = play(state, SearchTotem(seat=0))
    assert state.stage == "fight"
    return state, 0, _commit("fight")


def search_the_storage_with_time_to_spare() -> tuple[ZombieState, int, Expected]:
    state = table(seats=1, health=6)
    lay(state, "dining_room", 0, -1)
    lay(state, "storage", -1, -1, 1)
    standing_at(state, "storage")
    return state, 0, SearchItem(seat=0)


POSITIONS = [
    Position("last_card_burial",
             "the last card before midnight: one survivor buries the totem and wins; fleeing "
             "strikes midnight", last_card_burial),
    Position("temple_still_in_the_house",
             "the Evil Temple is still in the house stack: back through the window, not into "
             "the yard", temple_still_in_the_house),
    Position("chainsaw_holder_fights_alone",
             "the chainsaw's holder alone kills four zombies unhurt, for the charge everyone "
             "fighting would spend", chainsaw_holder_fights_alone),
    Position("the_others_let_the_chainsaw_fight",
             "with the chainsaw fighting alone the others flee and heal off death's door",
             the_others_let_the_chainsaw_fight),
    Position("cower_when_badly_hurt",
             "three of four at 1 health, the night young: heal before the next horde",
             cower_when_badly_hurt),
    Position("head_for_the_temple", "the Evil Temple is on the map: walk to it",
             head_for_the_temple),
    Position("search_the_temple", "standing in the Evil Temple, healthy: search for the totem",
             search_the_temple),
    Position("head_for_the_graveyard", "the totem held and the Graveyard found: walk to it",
             head_for_the_graveyard),
    Position("bury_the_totem", "at the Graveyard with the totem and a carving found: bury it",
             bury_the_totem),
    Position("strong_weapon_fights_a_small_horde",
             "the machete kills three zombies alone, unhurt", strong_weapon_fights_a_small_horde),
    Position("the_unarmed_leave_a_small_horde_to_the_machete",
             "the machete needs no help; fleeing heals",
             the_unarmed_leave_a_small_horde_to_the_machete),
    Position("flee_a_large_horde_at_one_health",
             "at 1 health any share of nine zombies kills; the others can hold the ground",
             flee_a_large_horde_at_one_health),
    Position("the_healthy_fight_the_large_horde",
             "fleeing together would kill the wounded one: the healthy fight",
             the_healthy_fight_the_large_horde),
    Position("concoction_for_the_dying", "the Concoction saves the dying fighter",
             concoction_for_the_dying),
    Position("oil_and_candle_burn_a_horde",
             "nine zombies would kill all three fighters: burn them", oil_and_candle_burn_a_horde),
    Position("the_oil_holder_fights_to_burn",
             "someone must fight for the fire to win: the one who burns",
             the_oil_holder_fights_to_burn),
    Position("the_others_flee_the_fire",
             "the fire wins the fight alone: the others flee and heal", the_others_flee_the_fire),
    Position("break_the_window_with_the_totem",
             "the totem held, in the Dining Room: break out to the yard",
             break_the_window_with_the_totem),
    Position("no_window_before_the_totem",
             "the Evil Temple is next door and the totem not found: go there first",
             no_window_before_the_totem),
    Position("explore_the_house_for_the_temple",
             "the temple is somewhere in the house: open a door, not the window",
             explore_the_house_for_the_temple),
    Position("break_through_a_closed_house",
             "no door leads on and the temple is still to find: break a wall",
             break_through_a_closed_house),
    Position("turn_the_room_toward_new_ground",
             "turned so both its new doors face unexplored ground, the house stays open",
             turn_the_room_toward_new_ground),
    Position("cower_in_the_kitchen", "the Kitchen heals two: a hurt team cowers there",
             cower_in_the_kitchen),
    Position("no_cower_when_time_runs_out",
             "two cards before midnight at the Graveyard: bury now, however hurt",
             no_cower_when_time_runs_out),
    Position("search_before_cowering_at_the_temple_with_time_short",
             "the last hour with the whole yard ahead: no round to spare for a cower",
             search_before_cowering_at_the_temple_with_time_short),
    Position("no_storage_search_when_time_is_short",
             "four cards left and the totem not found: no round for the closet",
             no_storage_search_when_time_is_short),
    Position("take_a_weapon_early", "nine o'clock: a weapon is worth its card for the night",
             take_a_weapon_early),
    Position("leave_an_item_when_time_is_short",
             "three cards left and everything to do: no card for an item",
             leave_an_item_when_time_is_short),
    Position("refuel_the_empty_chainsaw", "an empty chainsaw and the Gasoline: pour it in",
             refuel_the_empty_chainsaw),
    Position("rev_when_the_horde_would_hurt", "seven zombies against three: rev",
             rev_when_the_horde_would_hurt),
    Position("keep_the_fuel_when_nobody_is_hurt",
             "three zombies against three fighters: keep the charge",
             keep_the_fuel_when_nobody_is_hurt),
    Position("no_burning_when_nobody_is_hurt",
             "three fighters kill three zombies: keep the Oil", no_burning_when_nobody_is_hurt),
    Position("offer_the_totem_to_the_healthiest",
             "curses hurt only the totem's holder: the one at 1 health hands it on",
             offer_the_totem_to_the_healthiest),
    Position("accept_the_totem", "the team hands the totem on: take it", accept_the_totem),
    Position("name_the_healthiest_holder", "the totem draws the curses: the healthiest carries it",
             name_the_healthiest_holder),
    Position("hurt_the_healthiest_for_the_window",
             "the window's wound to the healthiest who does not carry the totem",
             hurt_the_healthiest_for_the_window),
    Position("the_extra_wound_to_the_healthiest",
             "the wound that does not divide goes to the one at 4, not the one at 2",
             the_extra_wound_to_the_healthiest),
    Position("flee_toward_the_temple", "fleeing anyway: toward the Evil Temple, the goal",
             flee_toward_the_temple),
    Position("alone_flee_a_big_horde",
             "alone with the totem, six zombies cost five health; fleeing, on to the "
             "Graveyard, costs one", alone_flee_a_big_horde),
    Position("alone_fight_for_the_totem",
             "alone at the temple with 6 health: four zombies cost three, fleeing costs the "
             "search", alone_fight_for_the_totem),
    Position("search_the_storage_with_time_to_spare",
             "alone, at nine with the night ahead: a round without an event, for an item",
             search_the_storage_with_time_to_spare),
]


@pytest.mark.parametrize("position", POSITIONS, ids=[p.name for p in POSITIONS])
def test_the_bot_makes_the_right_decision(position: Position) -> None:
    state, seat, expected = position.build()
    prompt = prompt_of(state, seat)
    view = GAME.view(state, seat)
    for seed in range(3):
        chosen = GAME.choose(view, prompt, random.Random(seed))
        right = expected(chosen) if callable(expected) else chosen == expected
        assert right, f"{position.name}: chose {chosen!r} ({position.reason})"


def test_the_suite_has_at_least_twenty_five_positions() -> None:
    assert len(POSITIONS) >= 25
    assert len({p.name for p in POSITIONS}) == len(POSITIONS)
    assert all(p.reason for p in POSITIONS)
