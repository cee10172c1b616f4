"""The built-in bots: they play as a team.

The leader heads for what the curse needs next (the Evil Temple, then the Dining Room window,
the Graveyard and a carving room), cowers when someone is close to dying and the clock allows,
takes items while there is time, and gives the totem to the healthiest. In a fight every bot
follows the plan the whole team works out from the same public facts (``bot_fight``).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.core import Action, Prompt
from games.zombie import actions as a
from games.zombie.bot_fight import attack_of, can_burn, plan_fight, split_damage
from games.zombie.bot_map import BotMap
from games.zombie.tiles import CARVING_ROOMS, DIRECTIONS, HEARTHS, TILES, neighbour
from games.zombie.views import PlayerView, SeatView

COWER_AT = 1  # the leader cowers when someone is down to this health...
REST_CARDS = 4  # ...and more than this many event cards are left before midnight
TAKE_ITEMS_CARDS = 12  # items are taken while more than this many cards are left

Chooser = Callable[[SeatView, Prompt, dict[str, list[Action]]], Action | None]

ITEM_PREFERENCE = ("machete", "chainsaw", "soda", "candle", "board", "femur", "golf_club",
                   "oil", "gasoline")


def choose_action(view: SeatView, prompt: Prompt, rng: random.Random) -> Action:
    kinds: dict[str, list[Action]] = {}
    for action in prompt.actions:
        kinds.setdefault(action.kind, []).append(action)
    stage = prompt.kind.rsplit(".", 1)[-1]
    # Fight or flee is asked once (its question stands through free moves): answer it first.
    free = None if stage == "fight" else _free_move(view, kinds)
    if free is not None:
        return free
    chooser = _CHOOSERS.get(stage)
    if chooser is not None:
        chosen = chooser(view, prompt, kinds)
        if chosen is not None:
            return chosen
    if prompt.default is not None:
        return prompt.actions[prompt.default]
    return prompt.actions[0]


def _healthiest(view: SeatView, seats: list[int]) -> int:
    return max(seats, key=lambda s: (view.players[s].health, -s))


def _alive(view: SeatView) -> list[PlayerView]:
    return [p for p in view.players if p.alive and p.health > 0]


# -- at any time ---------------------------------------------------------------------------
def _free_move(view: SeatView, kinds: dict[str, list[Action]]) -> Action | None:
    me = view.players[view.seat]
    # The team offers the totem to its healthiest (below): the one asked takes it.
    if kinds.get("accept_totem"):
        return kinds["accept_totem"][0]
    # An offer made waits for its answer: offering again would replace it before the one asked
    # could take it (two healthiest players, offered in turn, forever).
    for action in kinds.get("give_totem", []) if view.totem_offer is None else []:
        assert isinstance(action, a.GiveTotem)
        if action.to in view.totem_refused:
            continue  # refused this round: not offered again before the next
        other = view.players[action.to]
        if other.health >= me.health + 2 and other.health == max(p.health for p in _alive(view)):
            return action
    if kinds.get("refuel") and view.chainsaw_fuel == 0:
        return kinds["refuel"][0]
    return None


# -- the leader's round --------------------------------------------------------------------
def _cards_left(view: SeatView) -> int:
    """Event cards left to draw before midnight."""
    total = view.deck_left + len(view.discard)
    return view.deck_left + (11 - view.hour) * total


def _lead(view: SeatView, prompt: Prompt, kinds: dict[str, list[Action]]) -> Action | None:
    alive = _alive(view)
    lowest = min(p.health for p in alive)
    cards = _cards_left(view)
    healing_spot = view.at in HEARTHS
    can_rest = cards > REST_CARDS
    if "cower" in kinds and can_rest and (lowest <= COWER_AT or (healing_spot and lowest <= 3)):
        return kinds["cower"][0]
    bot_map = BotMap(view)
    if view.totem == "hidden":
        if "search_totem" in kinds:
            if lowest <= 2 and can_rest and "cower" in kinds:
                return kinds["cower"][0]
            return kinds["search_totem"][0]
        return _go(view, bot_map, kinds, {"evil_temple"}, "house")
    if view.totem == "held":
        if "bury" in kinds:
            if lowest <= 2 and cards > 2 and "cower" in kinds:
                return kinds["cower"][0]
            return kinds["bury"][0]
        if "search_item" in kinds and cards > 10:
            return kinds["search_item"][0]
        return _go_outside(view, bot_map, kinds, {"graveyard"})
    # Buried, no carving room yet: find the Bathroom or the Gazebo.
    carving_left_in_house = any(t in CARVING_ROOMS for t in view.house_left)
    area = TILES[view.at].area
    if area == "house" and carving_left_in_house:
        return _explore(view, bot_map, kinds, "house")
    if area == "yard" and any(t in CARVING_ROOMS for t in view.yard_left):
        return _explore(view, bot_map, kinds, "yard")
    if carving_left_in_house:
        return _go(view, bot_map, kinds, set(), "house")
    return _go_outside(view, bot_map, kinds, set())


def _go_outside(view: SeatView, bot_map: BotMap, kinds: dict[str, list[Action]],
                goals: set[str]) -> Action | None:
    if TILES[view.at].area == "yard":
        return _go(view, bot_map, kinds, goals, "yard")
    if "patio" in bot_map.tiles:
        return _move_towards(view, bot_map, kinds, {"patio"})
    if "break_window" in kinds:
        return kinds["break_window"][0]
    return _go(view, bot_map, kinds, {"dining_room"}, "house")


def _go(view: SeatView, bot_map: BotMap, kinds: dict[str, list[Action]], goals: set[str],
        area: str) -> Action | None:
    """Walk to the nearest of ``goals`` if it is on the map, else explore ``area``."""
    placed = goals & set(bot_map.tiles)
    if placed:
        step = _move_towards(view, bot_map, kinds, placed)
        if step is not None:
            return step
    return _explore(view, bot_map, kinds, area)


def _move_towards(view: SeatView, bot_map: BotMap, kinds: dict[str, list[Action]],
                  goals: set[str]) -> Action | None:
    step = bot_map.step_towards(view.at, goals)
    for action in kinds.get("move", []):
        assert isinstance(action, a.Move)
        if action.to == step:
            return action
    return None


def _explore(view: SeatView, bot_map: BotMap, kinds: dict[str, list[Action]],
             area: str) -> Action | None:
    if kinds.get("explore"):
        return kinds["explore"][0]
    frontier = {
        t for t, tile in bot_map.tiles.items() if tile.area == area and bot_map.free_sides(t)
    }
    if frontier:
        step = _move_towards(view, bot_map, kinds, frontier)
        if step is not None:
            return step
    if kinds.get("break_through"):
        return kinds["break_through"][0]
    walls = {
        t for t, tile in bot_map.tiles.items()
        if tile.area == area and bot_map.free_sides(t, passable_only=False)
    }
    return _move_towards(view, bot_map, kinds, walls)


# -- the round's questions -----------------------------------------------------------------
def _turn(view: SeatView, prompt: Prompt, kinds: dict[str, list[Action]]) -> Action | None:
    """The turning that leaves the most ways on into new ground."""
    tile_id = view.drawn_tile
    if tile_id is None:
        return None
    tile = TILES[tile_id]
    origin = BotMap(view).tiles[view.at]
    assert view.drawn_from is not None
    x, y = neighbour(origin.x, origin.y, view.drawn_from)
    taken = {(t.area, t.x, t.y) for t in view.tiles}

    def openness(action: Action) -> int:
        assert isinstance(action, a.Turn)
        return sum(
            1 for d in DIRECTIONS
            if tile.passable(d, action.turns)
            and (tile.area, *neighbour(x, y, d)) not in taken
        )

    return max(kinds["turn"], key=openness)


def _victim(view: SeatView, prompt: Prompt, kinds: dict[str, list[Action]]) -> Action | None:
    def sturdiness(action: Action) -> tuple[int, bool]:
        assert isinstance(action, a.Hurt)
        p = view.players[action.target]
        return (p.health, not p.totem)

    return max(kinds["hurt"], key=sturdiness)


def _item(view: SeatView, prompt: Prompt, kinds: dict[str, list[Action]]) -> Action | None:
    if _cards_left(view) > TAKE_ITEMS_CARDS:
        return kinds["take_item"][0]
    return kinds["leave_item"][0]


def _other_item(view: SeatView, prompt: Prompt, kinds: dict[str, list[Action]]) -> Action | None:
    def rank(action: Action) -> int:
        assert isinstance(action, a.ChooseItem)
        return -ITEM_PREFERENCE.index(action.item)

    return max(kinds["choose_item"], key=rank)


def _fight(view: SeatView, prompt: Prompt, kinds: dict[str, list[Action]]) -> Action | None:
    assert view.fight is not None
    plan = plan_fight(view, view.fight.zombies)
    choice = "fight" if view.seat in plan.fighters else "flee"
    for action in kinds["commit"]:
        assert isinstance(action, a.Commit)
        if action.choice == choice:
            return action
    return None


def _arms(view: SeatView, prompt: Prompt, kinds: dict[str, list[Action]]) -> Action | None:
    fight = view.fight
    assert fight is not None
    choices = {action.choice: action for action in kinds["arm"] if isinstance(action, a.Arm)}
    fighters = frozenset(s for s in fight.fighters if view.players[s].alive)
    damage = fight.zombies - attack_of(view, fighters, rev=fight.revved)
    for burn in ("burn_oil", "burn_gasoline"):
        if burn in choices and can_burn(view):
            wounds = split_damage(view, fighters, max(0, damage - 3))
            if damage >= 3 or any(view.players[s].health <= w for s, w in wounds.items()):
                return choices[burn]
    if "rev" in choices and damage > 0:
        return choices["rev"]
    return choices.get("pass")


def _remainder(view: SeatView, prompt: Prompt, kinds: dict[str, list[Action]]) -> Action | None:
    pick = prompt.pick
    fight = view.fight
    if pick is None or fight is None:
        return None
    count = pick.min
    order = sorted(pick.options, key=lambda s: (-view.players[int(s)].health,
                                                view.players[int(s)].totem, int(s)))
    return pick.build(order[:count])


def _rescue(view: SeatView, prompt: Prompt, kinds: dict[str, list[Action]]) -> Action | None:
    for action in kinds["rescue"]:
        assert isinstance(action, a.Rescue)
        if action.target is not None:
            return action
    return kinds["rescue"][0]


def _recipient_health(view: SeatView, action: Action) -> tuple[int, int]:
    assert isinstance(action, a.Bequeath | a.NameHolder)
    return view.players[action.to].health, -action.to


def _to_healthiest(kind: str) -> Chooser:
    def choose(view: SeatView, prompt: Prompt, kinds: dict[str, list[Action]]) -> Action | None:
        options = kinds.get(kind, [])
        if not options:
            return None
        return max(options, key=lambda act: _recipient_health(view, act))

    return choose


def _flee(view: SeatView, prompt: Prompt, kinds: dict[str, list[Action]]) -> Action | None:
    options = kinds.get("flee", [])
    return options[0] if options else None


_CHOOSERS: dict[str, Chooser] = {
    "lead": _lead,
    "turn": _turn,
    "victim": _victim,
    "item": _item,
    "other_item": _other_item,
    "fight": _fight,
    "arms": _arms,
    "remainder": _remainder,
    "rescue": _rescue,
    "bequest": _to_healthiest("bequeath"),
    "totem": _to_healthiest("name_holder"),
    "flee": _flee,
}
