"""The built-in bot. It reads only its own seat's view (and the content a seat may read: the
cards on the table, and its own book by the id its view holds).

Before the haunt it explores: picks up what lies about, makes the chosen rolls it is likely to
pass, opens new rooms, walks toward unexplored doors. After it, it plays its side: its book's
special actions where they can be made, fights when the odds are fair, walks toward its goals.
"""

from __future__ import annotations

import random

from games.core import Action, Prompt
from games.haunt.actions import (
    Attack,
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
from games.haunt.bot_map import ViewMap
from games.haunt.catalog import catalog
from games.haunt.effects import may_hurt
from games.haunt.schema import SideRules
from games.haunt.views import ExplorerView, SeatView


def choose_action(view: SeatView, prompt: Prompt, rng: random.Random) -> Action:
    actions = prompt.actions
    pick = _CHOOSERS.get(prompt.kind)
    choice = pick(view, actions, rng) if pick is not None else None
    return choice if choice is not None else actions[prompt.default or 0]


def _of(actions: list[Action], kind: type[Action]) -> list[Action]:
    return [a for a in actions if isinstance(a, kind)]


def _me(view: SeatView) -> ExplorerView:
    return view.explorers[view.seat]


def _choose_explorer(view: SeatView, actions: list[Action], rng: random.Random) -> Action:
    return rng.choice(actions)


def _turn_room(view: SeatView, actions: list[Action], rng: random.Random) -> Action:
    # Doors that lead on into the unknown keep the floor growing; any joining turn will do.
    return rng.choice(actions)


def _face_event(view: SeatView, actions: list[Action], rng: random.Random) -> Action | None:
    event = view.event_pending
    hurts = event is None or may_hurt(catalog().event(event).effects)
    return next((a for a in actions if isinstance(a, FaceEvent) and a.resolve == (not hurts)), None)


def _steal(view: SeatView, actions: list[Action], rng: random.Random) -> Action | None:
    def worth(action: Action) -> int:
        assert isinstance(action, Steal)
        if action.card is None:
            return 2
        card = catalog().card(action.card)
        return 3 * card.attack_dice + (4 if card.ranged else 0)

    return max(actions, key=worth)


def _take_damage(view: SeatView, actions: list[Action], rng: random.Random) -> Action | None:
    me = _me(view)
    # After the haunt a trait at its lowest step kills; the traits the side's book rolls (and
    # Might, which every fight rolls) are kept clear of it longest.
    needed = _needed_traits(view) if view.phase == "haunt" else set()

    def room_left(action: Action) -> tuple[int, int]:
        assert isinstance(action, TakeDamage)
        mark = me.traits[action.trait].mark
        spare = 2 if action.trait in needed else 0
        return (mark - spare, me.traits[action.trait].value)

    return max(actions, key=room_left)


def _needed_traits(view: SeatView) -> set[str]:
    book = _book(view)
    needed = {"might"}
    if book is not None:
        needed |= {a.trait for a in book.actions}
    return needed


def _monster(view: SeatView, actions: list[Action], rng: random.Random) -> Action | None:
    attacks = _of(actions, MonsterAttack)
    if attacks:
        return min(attacks, key=lambda a: _strength(view, a))
    moves = _of(actions, MonsterMove)
    if moves:
        heroes = {
            e.room for e in view.explorers if e.alive and not e.escaped and e.side != "traitor"
        }
        chart = ViewMap(view.rooms, monster=True)
        target = chart.step_toward([m.to for m in moves if isinstance(m, MonsterMove)], heroes)
        if target is not None:
            return next(m for m in moves if isinstance(m, MonsterMove) and m.to == target)
    return _of(actions, MonsterDone)[0]


def _strength(view: SeatView, action: Action) -> int:
    assert isinstance(action, MonsterAttack)
    return view.explorers[action.target].traits["might"].value


def _turn(view: SeatView, actions: list[Action], rng: random.Random) -> Action | None:
    me = _me(view)
    for pick in _of(actions, PickUp):
        return pick
    for action in _of(actions, RoomAction):
        rule = catalog().room(me.room).action
        if rule is not None and me.traits[rule.trait].value >= rule.at_least:
            return action
    for action in _of(actions, UseCard):
        assert isinstance(action, UseCard)
        if _worth_using(me, action.card):
            return action
    if view.phase == "haunt":
        return _haunt_turn(view, actions, rng)
    explores = _of(actions, Explore)
    if explores:
        return rng.choice(explores)
    chart = ViewMap(view.rooms)  # one reading of the map for both
    return _walk(view, actions, _unexplored(view, chart), chart)


def _worth_using(me: ExplorerView, card_id: str) -> bool:
    card = catalog().card(card_id)
    if not card.consumable:
        return True
    below = [t for t, tv in me.traits.items() if tv.mark < 3]
    return bool(below)


def _unexplored(view: SeatView, chart: ViewMap) -> set[str]:
    """Rooms with a door into the unknown on a floor some unplaced room still fits (which
    rooms are left is public: every room not on the map)."""
    placed = {r.id for r in view.rooms}
    floors = {f for r in catalog().house.rooms if r.id not in placed for f in r.floors}
    return {r.id for r in view.rooms if r.floor in floors and chart.has_open_door(r.id)}


def _walk(view: SeatView, actions: list[Action], targets: set[str],
          chart: ViewMap | None = None) -> Action | None:
    me = _me(view)
    moves = [a for a in _of(actions, Move) if isinstance(a, Move)]
    if not moves or not targets or me.room in targets:
        return None
    if chart is None:
        chart = ViewMap(view.rooms)
    options = [m.to for m in moves]
    to_targets = chart.distances_to(targets, [me.room, *options])
    best = to_targets.get(me.room)
    if best is None:
        return None
    target = chart.closest(options, to_targets)
    if target is None:
        return None
    if to_targets.get(target, 10_000) >= best:
        return None
    return next(m for m in moves if m.to == target)


def _book(view: SeatView) -> SideRules | None:
    return None if view.book is None else catalog().book(view.book)


def _haunt_turn(view: SeatView, actions: list[Action], rng: random.Random) -> Action | None:
    me = _me(view)
    book = _book(view)
    specials = [
        a for a in _of(actions, Special) if isinstance(a, Special) and _worth_trying(view, book, a)
    ]
    if specials:
        return specials[0]
    attack = _good_attack(view, actions)
    if attack is not None:
        return attack
    walk = _walk(view, actions, _goal_rooms(view, book))
    if walk is not None:
        return walk
    explores = _of(actions, Explore)
    if explores and me.side != "traitor":
        return rng.choice(explores)
    return None


def _worth_trying(view: SeatView, book: SideRules | None, special: Special) -> bool:
    """Stunning is tried only where an awake monster stands (the roll does nothing else)."""
    if book is None:
        return False
    rule = next(a for a in book.actions if a.id == special.action)
    if rule.effect != "stun_monsters":
        return True
    here = _me(view).room
    return any(m.room == here and not m.stunned for m in view.monsters)


def _weapon_dice(me: ExplorerView) -> int:
    return max((catalog().card(c).attack_dice for c in me.cards), default=0)


def _good_attack(view: SeatView, actions: list[Action]) -> Action | None:
    me = _me(view)
    best: Action | None = None
    best_edge = -2
    for action in _of(actions, Attack):
        assert isinstance(action, Attack)
        mine = me.traits[action.trait].value
        if action.trait == "might" and not action.ranged:
            mine += _weapon_dice(me)
        if action.target.startswith("seat:"):
            theirs = view.explorers[int(action.target[5:])].traits[action.trait].value
        else:
            theirs = _monster_value(view, action.target, action.trait)
        edge = mine - theirs + (1 if action.ranged else 0)
        if edge > best_edge:
            best, best_edge = action, edge
    return best


def _monster_value(view: SeatView, piece_id: str, trait: str) -> int:
    assert view.haunt is not None
    kind = next(m.kind for m in view.monsters if m.id == piece_id)
    monster = next(m for m in catalog().haunt(view.haunt).monsters if m.id == kind)
    return monster.value(trait) or 0  # type: ignore[arg-type]


def _goal_rooms(view: SeatView, book: SideRules | None) -> set[str]:
    me = _me(view)
    side = me.side if me.side != "alone" else f"seat:{view.seat}"
    targets: set[str] = set()
    if book is not None:
        done = set(view.progress_rooms.get(side, []))
        for action in book.actions:
            if action.where == "room" and action.room is not None:
                targets.add(action.room)
            elif action.where == "haunt_room" and view.haunt_room is not None:
                targets.add(view.haunt_room)
            elif action.where == "omen_room":
                targets |= {
                    r.id
                    for r in view.rooms
                    if catalog().room(r.id).symbol == "omen" and r.id not in done
                }
        kinds = {g.kind for g in book.wins}
        if "traitor_dead" in kinds and view.traitor is not None:
            traitor = view.explorers[view.traitor]
            if traitor.alive:
                targets.add(traitor.room)
        if "monsters_stunned" in kinds:
            targets |= {m.room for m in view.monsters if not m.stunned}
        if "heroes_dead" in kinds and not book.actions:
            targets |= {
                e.room for e in view.explorers if e.alive and not e.escaped and e.side == "heroes"
            }
    return targets


_CHOOSERS = {
    "choose_explorer": _choose_explorer,
    "turn_room": _turn_room,
    "face_event": _face_event,
    "steal": _steal,
    "take_damage": _take_damage,
    "monster": _monster,
    "turn": _turn,
}
