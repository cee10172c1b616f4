"""The built-in bots: they play as a team, from the public table alone.

The leader heads for what the curse needs next (the Evil Temple, then the Dining Room window,
the Graveyard and a carving room), exploring the ground of the area where it lies, and weighs
each round against cowering: a cower heals everyone but costs a card, worth more and more as
midnight comes, and the next event is read from the cards still in the deck. In a fight every
bot follows the plan the whole team works out from the same public facts (``bot_fight``).
Items are taken when they are worth their card; the totem goes to the healthiest.

Easy bots (the table's ``bot_level``, in every view) play as casual teammates: the same way to
the curse and the same care for the totem and the dying, but the leader cowers only when
someone is at 1 health and takes items by the clock alone, and a fight is everyone but the
badly hurt, or fleeing together.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.core import Action, Prompt
from games.zombie import actions as a
from games.zombie.bot_fight import (
    ALIVE,
    Stakes,
    Team,
    arms_choice,
    card_value,
    plan_fight,
    plan_for,
    stakes,
    standing,
    team_of,
)
from games.zombie.bot_map import FAR, BotMap, chart_of
from games.zombie.bot_time import Forecast, cards_left, next_card, rounds_needed
from games.zombie.cards import ITEMS, MAX_HEALTH, Happening
from games.zombie.tiles import CARVING_ROOMS, DIRECTIONS, HEARTHS, TILES, neighbour
from games.zombie.views import PlayerView, PublicView, SeatView

Chooser = Callable[[SeatView, Prompt, dict[str, list[Action]]], Action | None]

ITEM_PREFERENCE = ("machete", "chainsaw", "soda", "candle", "board", "femur", "golf_club",
                   "oil", "gasoline")
HORDE_CHANCE = 0.45  # of a card, over the night: the fights an item still has ahead of it
HORIZON = 4.0  # rounds ahead from which healing is worth all it heals
CASUAL_REST = 4  # an easy leader cowers only with more cards than this left
CASUAL_ITEMS = 12  # ...and takes items only with more than this


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


def _healthiest(players: list[PlayerView]) -> PlayerView:
    return max(players, key=lambda p: (p.health, -p.seat))


# -- at any time ---------------------------------------------------------------------------
def _free_move(view: SeatView, kinds: dict[str, list[Action]]) -> Action | None:
    me = view.players[view.seat]
    # The team offers the totem to its healthiest (below): the one asked takes it.
    if kinds.get("accept_totem"):
        return kinds["accept_totem"][0]
    # An offer made waits for its answer: offering again would replace it before the one asked
    # could take it (two healthiest players, offered in turn, forever).
    if view.totem_offer is None and kinds.get("give_totem"):
        top = max(p.health for p in standing(view))
        for action in kinds["give_totem"]:
            assert isinstance(action, a.GiveTotem)
            if action.to in view.totem_refused:
                continue  # refused this round: not offered again before the next
            other = view.players[action.to]
            if other.health >= me.health + 2 and other.health == top:
                return action
    if kinds.get("refuel") and view.chainsaw_fuel == 0:
        return kinds["refuel"][0]
    return _hand_on_arms(view, me, kinds)


def _hand_on_arms(view: SeatView, me: PlayerView, kinds: dict[str, list[Action]]
                  ) -> Action | None:
    """A bot about to fall passes the chainsaw or a weapon to the healthiest, who fights."""
    if me.health > 1 or not kinds.get("give"):
        return None
    others = [p for p in standing(view) if p.seat != me.seat]
    if not others:
        return None
    best = _healthiest(others)
    if best.health <= 2:
        return None
    for action in kinds["give"]:
        assert isinstance(action, a.Give)
        if action.to == best.seat and ITEMS[action.item].kind in ("weapon", "chainsaw"):
            return action
    return None


# -- the leader's round --------------------------------------------------------------------
def event_worth(view: PublicView, stake: Stakes, forecast: Forecast | None,
                team: Team | None = None) -> float:
    """What the next event is worth to the team, on average, against nothing happening: the
    hordes as the team would fight them, blessings, curses; an item is worth nothing here.
    ``team``, when given, is the view's team healed (``Team.healed``)."""
    if forecast is None:
        return -1_000.0  # midnight
    team = team or team_of(view)
    healths = [f.health for f in team.rows]
    base = team.worth(healths)
    total = 0.0
    # The cards left repeat a few happenings (a horde of 4, a blessing): each weighed once,
    # and still added up card by card (the same sum to the last bit).
    weighed: dict[Happening, float | None] = {}
    for happening, chance in forecast.happenings:
        if happening in weighed:
            gain = weighed[happening]
        else:
            gain = weighed[happening] = _happening_gain(view, stake, team, healths, base,
                                                        happening)
        if gain is not None:
            total += chance * gain
    return total


def _happening_gain(view: PublicView, stake: Stakes, team: Team, healths: list[int],
                    base: float, happening: Happening) -> float | None:
    """What one happening is worth to the team against nothing happening (None: nothing)."""
    if happening.kind == "zombies":
        zombies = max(1, happening.zombies + view.extra_zombies)
        return plan_for(team, zombies, stake).value - base
    if happening.kind == "bless":
        return team.worth([h + 1 for h in healths]) - base
    if happening.kind == "curse":
        if view.totem == "hidden":
            cursed = [f.seat for f in team.rows]
        elif view.totem == "held":
            cursed = [f.seat for f in team.rows if f.totem]
        else:
            cursed = []
        after = sorted((f.health - (f.seat in cursed) for f in team.rows), reverse=True)
        return team.worth(after) - base
    if stake.searching and stake.wins:
        return 1_000.0  # the burial made: the curse is lifted
    return None


def _search_stakes(view: PublicView, chart: BotMap, kind: str) -> Stakes:
    ready = view.model_copy(update={"round_action": kind})
    return stakes(ready, chart)


def _cower_pays(view: PublicView, chart: BotMap, kinds: dict[str, list[Action]],
                search: str | None) -> bool:
    """Whether cowering now and doing the round's work next round beats doing it now: the
    healing and the next event met healthier, against a card."""
    if "cower" not in kinds:
        return False
    team = team_of(view)
    amount = 2 if view.at in HEARTHS else 1
    healths = [f.health for f in team.rows]
    if all(h >= MAX_HEALTH for h in healths):
        return False
    left = cards_left(view)
    if left < 2:
        return False
    needed = rounds_needed(view, chart)
    # Health is for the rounds still to come: none is needed once the curse is lifted.
    ahead = needed - (1 if search else 0)
    healing = (team.worth([h + amount for h in healths]) - team.worth(healths)) * min(
        1.0, ahead / HORIZON)
    forecast = next_card(view)
    stake = _search_stakes(view, chart, search) if search else stakes(view, chart)
    now = event_worth(view, stake, forecast)
    later = event_worth(view, stake, forecast, team.healed(amount))
    card = card_value(len(healths), left - needed - 1)
    return healing + later - card > now


def _casual_lead(view: SeatView, chart: BotMap, kinds: dict[str, list[Action]]
                 ) -> Action | None:
    """An easy leader: the same way to the curse, but it cowers only when someone is at 1
    health (never in the last cards), searches and buries at once and takes no detours."""
    for kind in ("search_totem", "bury"):
        if kind in kinds:
            return kinds[kind][0]
    lowest = min(p.health for p in standing(view))
    if "cower" in kinds and lowest <= 1 and cards_left(view) > CASUAL_REST:
        return kinds["cower"][0]
    step = _progress(view, chart, kinds)
    if step is not None:
        return step
    return kinds["cower"][0] if "cower" in kinds else None


def _lead(view: SeatView, prompt: Prompt, kinds: dict[str, list[Action]]) -> Action | None:
    chart = chart_of(view)
    if view.options.bot_level == "easy":
        return _casual_lead(view, chart, kinds)
    if "search_totem" in kinds:
        if _cower_pays(view, chart, kinds, "search_totem"):
            return kinds["cower"][0]
        return kinds["search_totem"][0]
    if "bury" in kinds:
        if _cower_pays(view, chart, kinds, "bury"):
            return kinds["cower"][0]
        return kinds["bury"][0]
    if _cower_pays(view, chart, kinds, None):
        return kinds["cower"][0]
    if "search_item" in kinds and _search_item_pays(view, chart):
        return kinds["search_item"][0]
    step = _progress(view, chart, kinds)
    if step is not None:
        return step
    return kinds["cower"][0] if "cower" in kinds else None


def _progress(view: SeatView, chart: BotMap, kinds: dict[str, list[Action]]) -> Action | None:
    """The round's step toward what the curse needs next."""
    area = TILES[view.at].area
    if view.totem == "hidden":
        if "evil_temple" in chart.tiles:
            return _move_towards(view, chart, kinds, {"evil_temple"})
        return _explore(view, chart, kinds, "house")
    if view.totem == "held":
        if "patio" not in chart.tiles and area == "house":
            if "break_window" in kinds:
                return kinds["break_window"][0]
            if "dining_room" in chart.tiles:
                return _move_towards(view, chart, kinds, {"dining_room"})
            return _explore(view, chart, kinds, "house")
        if "graveyard" in chart.tiles:
            return _move_towards(view, chart, kinds, {"graveyard"})
        return _explore(view, chart, kinds, "yard")
    # Buried, no carving room yet: find the Bathroom or the Gazebo.
    house = [t for t in view.house_left if t in CARVING_ROOMS]
    yard = [t for t in view.yard_left if t in CARVING_ROOMS]
    if area == "house":
        if (house and chart.frontier("house")) or not yard:
            return _explore(view, chart, kinds, "house")
        return _explore(view, chart, kinds, "yard")
    if (yard and chart.frontier("yard")) or not house:
        return _explore(view, chart, kinds, "yard")
    return _explore(view, chart, kinds, "house")


def _move_towards(view: SeatView, chart: BotMap, kinds: dict[str, list[Action]],
                  goals: set[str]) -> Action | None:
    step = chart.step_towards(view.at, goals)
    for action in kinds.get("move", []):
        assert isinstance(action, a.Move)
        if action.to == step:
            return action
    return None


def _room_ahead(chart: BotMap, area: str, x: int, y: int) -> int:
    """Unexplored cells around a cell: room for the ground to go on from it."""
    return sum(1 for d in DIRECTIONS if (area, *neighbour(x, y, d)) not in chart.cells)


def _explore(view: SeatView, chart: BotMap, kinds: dict[str, list[Action]],
             area: str) -> Action | None:
    """Explore ``area``: from here if the team stands on it with a way onto new ground, else
    walk to the nearest tile that has one; break a wall when the house has none."""
    here = chart.tiles[view.at]
    if here.area == area and kinds.get("explore"):
        def room(action: Action) -> int:
            assert isinstance(action, a.Explore)
            return _room_ahead(chart, area, *neighbour(here.x, here.y, action.direction))

        return max(kinds["explore"], key=room)
    frontier = chart.frontier(area)
    if frontier:
        step = _move_towards(view, chart, kinds, frontier)
        if step is not None:
            return step
    if area == "yard" and here.area == "house":
        if "break_window" in kinds:
            return kinds["break_window"][0]
        return _move_towards(view, chart, kinds, {"patio" if "patio" in chart.tiles
                                                   else "dining_room"})
    if area == "house" and here.area == "yard":
        return _move_towards(view, chart, kinds, {"dining_room"})
    if kinds.get("break_through"):
        return kinds["break_through"][0]
    walls = {t for t, tile in chart.tiles.items()
             if tile.area == area and chart.free_sides(t, passable_only=False)}
    return _move_towards(view, chart, kinds, walls)


# -- items ---------------------------------------------------------------------------------
def item_worth(view: PublicView, item: str, chart: BotMap | None = None) -> float:
    """An item's worth to the team for the rest of the night, in health points."""
    chart = chart or chart_of(view)
    rounds = max(1.0, min(cards_left(view), rounds_needed(view, chart)))
    fights = rounds * HORDE_CHANCE
    held = {i for p in standing(view) for i in p.items}
    kind = ITEMS[item].kind
    if item in held and item != "soda":
        return 0.0
    if kind == "weapon":
        return ITEMS[item].attack * fights * 0.8
    if kind == "chainsaw":
        return ITEMS[item].attack * min(2.0, fights) * 0.8
    if kind == "heal":
        return 2 + ALIVE / 2
    if kind == "light":
        return 4.0 if held & {"oil", "gasoline"} else 1.0
    if item == "gasoline" and "chainsaw" in held:
        return 4.0
    return 4.0 if "candle" in held else 1.0


def _search_item_pays(view: PublicView, chart: BotMap) -> bool:
    """A search of the Storage Closet or the Garage: a round without an event, for an item."""
    unfound = [i for i in ITEMS if i not in view.found] or list(ITEMS)
    worth = sum(item_worth(view, i, chart) for i in unfound) / len(unfound)
    team = standing(view)
    spare = cards_left(view) - rounds_needed(view, chart)
    return worth > card_value(len(team), spare - 1)


def _item(view: SeatView, prompt: Prompt, kinds: dict[str, list[Action]]) -> Action | None:
    """Taking the item costs the next card, read by nobody."""
    item = view.offered_item
    if item is None:
        return None
    if view.options.bot_level == "easy":
        key = "take_item" if cards_left(view) > CASUAL_ITEMS else "leave_item"
        return kinds[key][0]
    chart = chart_of(view)
    team = standing(view)
    spare = cards_left(view) - rounds_needed(view, chart)
    if spare >= 1 and item_worth(view, item, chart) > card_value(len(team), spare - 1):
        return kinds["take_item"][0]
    return kinds["leave_item"][0]


def _other_item(view: SeatView, prompt: Prompt, kinds: dict[str, list[Action]]) -> Action | None:
    chart = chart_of(view)

    def rank(action: Action) -> tuple[float, int]:
        assert isinstance(action, a.ChooseItem)
        return item_worth(view, action.item, chart), -ITEM_PREFERENCE.index(action.item)

    return max(kinds["choose_item"], key=rank)


# -- the round's questions -----------------------------------------------------------------
def _turn(view: SeatView, prompt: Prompt, kinds: dict[str, list[Action]]) -> Action | None:
    """The turning that leaves the most ways on into new ground."""
    tile_id = view.drawn_tile
    if tile_id is None:
        return None
    tile = TILES[tile_id]
    origin = chart_of(view).tiles[view.at]
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
    choices: dict[str, Action] = {
        action.choice: action for action in kinds["arm"] if isinstance(action, a.Arm)}
    return choices[arms_choice(view, set(choices))]


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
    """The Concoction for the dying: the totem's holder first, then whoever holds most."""
    targets = [act for act in kinds["rescue"]
               if isinstance(act, a.Rescue) and act.target is not None]
    if not targets:
        return kinds["rescue"][0]

    def claim(act: Action) -> tuple[bool, int]:
        assert isinstance(act, a.Rescue) and act.target is not None
        p = view.players[act.target]
        return p.totem, len(p.items)

    return max(targets, key=claim)


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
    """Flee toward where the team is going: the tile nearest the next goal."""
    options = [act for act in kinds.get("flee", []) if isinstance(act, a.Flee)]
    if not options:
        return None
    chart = chart_of(view)
    goals = _goals(view, chart)

    def near(act: a.Flee) -> int:
        reach = chart.distances(act.to)
        return min((reach.get(g, FAR) for g in goals), default=FAR)

    return min(options, key=near)


def _goals(view: PublicView, chart: BotMap) -> set[str]:
    """The tiles the team heads for: the next room the curse needs, or new ground."""
    if view.totem == "hidden" and "evil_temple" in chart.tiles:
        return {"evil_temple"}
    if view.totem == "held" and "graveyard" in chart.tiles:
        return {"graveyard"}
    if view.totem == "held" and "patio" not in chart.tiles and "dining_room" in chart.tiles:
        return {"dining_room"}
    area = "house" if view.totem == "hidden" or "patio" not in chart.tiles else "yard"
    return chart.frontier(area) or set(chart.tiles)


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
