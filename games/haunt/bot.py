"""The built-in bot. It reads only its own seat's view (and the content a seat may read: the
cards on the table, and its own book by the id its view holds).

Before the haunt it explores, picks up what lies about, and keeps its traits up: it makes a
chosen roll or uses a card only when the roll is worth its risk (``bot_odds``), and heals when
hurt. Once the haunt names the traitor (a public fact), it plays its side. The heroes pursue
their book's goal: the special actions where their trait gives them a chance, the traitor
attacked when the dice favour it (and hunted by every hero when his death is their only win,
the clock runs for him and they are four or more), escape through the front door; a hero
with nothing better to do stands by the weakest hero, and one whose goal no door reaches yet,
or whose book needs more omen rooms than the map holds, explores for them. The traitor
pursues the tome's goal and hunts the weakest hero within reach, and sends its monsters after
the weakest prey (with the clock against him, a monster its prey would more likely stun stands
by it awake instead of striking). An attack is made when its wounds dealt outweigh the wounds
it risks, a kill and the side's goal weighing most.

Easy bots (the table's ``bot_level``, in every view) play as a new player would: they try
every roll and card, fight whenever their trait is not lower than the other's, walk toward the
rooms their book names and, as the traitor, toward the nearest hero; they never play against
their own side.
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
from games.haunt.bot_odds import at_least, distribution, duel
from games.haunt.catalog import catalog
from games.haunt.effects import may_hurt
from games.haunt.schema import (
    MENTAL,
    PHYSICAL,
    Damage,
    Draw,
    Effect,
    Gain,
    Heal,
    Lose,
    Roll,
    SideRules,
    SpecialAction,
    Trait,
)
from games.haunt.views import ExplorerView, SeatView

FRONT_DOOR = "entrance-hall"
TRY_SPECIAL = 0.15  # the least chance worth a walk to a special action's room, the clock ours
KILL = 6.0  # an enemy explorer killed, in trait steps
STUN = 1.5  # a monster stunned: it loses its next turn
GOAL_FOE = 2.0  # wounds on the enemy whose death is the side's goal count this much more
GANG = 4  # heroes enough to hunt a stronger traitor together


def choose_action(view: SeatView, prompt: Prompt, rng: random.Random) -> Action:
    actions = prompt.actions
    pick = (_EASY if _easy(view) else _CHOOSERS).get(prompt.kind)
    choice = pick(view, actions, rng) if pick is not None else None
    return choice if choice is not None else actions[prompt.default or 0]


def _easy(view: SeatView) -> bool:
    return view.options.bot_level == "easy"


def _of(actions: list[Action], kind: type[Action]) -> list[Action]:
    return [a for a in actions if isinstance(a, kind)]


def _me(view: SeatView) -> ExplorerView:
    return view.explorers[view.seat]


def _book(view: SeatView) -> SideRules | None:
    return None if view.book is None else catalog().book(view.book)


def _in_house(explorer: ExplorerView) -> bool:
    return explorer.alive and not explorer.escaped


def _enemies(view: SeatView) -> list[ExplorerView]:
    """Explorers on the other side: public once the haunt names the traitor."""
    me = _me(view)
    if view.phase != "haunt" or not me.side:
        return []
    return [e for e in view.explorers if e.seat != me.seat and _in_house(e)
            and (me.side == "alone" or e.side != me.side)]


def _heroes(view: SeatView) -> list[ExplorerView]:
    return [e for e in view.explorers if e.side == "heroes" and _in_house(e)]


# -- traits and what effects are worth ----------------------------------------------------
def _value(explorer: ExplorerView, trait: Trait) -> int:
    return explorer.traits[trait].value if explorer.traits[trait].mark >= 0 else 0


def _roll_bonus(explorer: ExplorerView, trait: Trait) -> int:
    return max((catalog().card(c).roll_dice.get(trait, 0) for c in explorer.cards), default=0)


def _weapon_dice(explorer: ExplorerView) -> int:
    return max((catalog().card(c).attack_dice for c in explorer.cards), default=0)


def _needed_traits(view: SeatView) -> set[str]:
    book = _book(view)
    needed = {"might"}
    if book is not None:
        needed |= {a.trait for a in book.actions}
    return needed


def _step_worth(view: SeatView, explorer: ExplorerView, trait: Trait) -> float:
    """A step of a trait: more for the traits the side's book rolls, and, once a step can
    kill, for a trait near the skull."""
    worth = 1.0
    if view.phase == "haunt":
        if trait in _needed_traits(view):
            worth += 0.5
        if explorer.traits[trait].mark <= 1:
            worth += 1.0
    return worth


def effects_worth(view: SeatView, explorer: ExplorerView, effects: tuple[Effect, ...]) -> float:
    """What ``effects`` are worth to ``explorer`` on average, in trait steps."""
    total = 0.0
    for effect in effects:
        if isinstance(effect, Gain):
            total += effect.steps * _step_worth(view, explorer, effect.trait)
        elif isinstance(effect, Lose):
            total -= effect.steps * _step_worth(view, explorer, effect.trait)
        elif isinstance(effect, Damage):
            kinds = PHYSICAL if effect.kind == "physical" else MENTAL
            worth = min(_step_worth(view, explorer, t) for t in kinds)
            total -= (effect.amount + effect.dice) * worth
        elif isinstance(effect, Heal):
            record = catalog().explorer(explorer.explorer)
            total += sum(max(0, record.track(t).start - explorer.traits[t].mark)
                         * _step_worth(view, explorer, t) for t in effect.traits)
        elif isinstance(effect, Draw):
            total += 2.0
        elif isinstance(effect, Roll):
            total += _roll_worth(view, explorer, effect)
    return total


def _roll_worth(view: SeatView, explorer: ExplorerView, roll: Roll) -> float:
    dice = _value(explorer, roll.trait) + _roll_bonus(explorer, roll.trait)
    chances = distribution(dice)
    worth = 0.0
    taken = 0.0
    for outcome in roll.outcomes:
        # The first outcome whose threshold the total reaches applies: from the highest down.
        chance = sum(chances[outcome.at_least:]) - taken
        taken += chance
        worth += chance * effects_worth(view, explorer, outcome.effects)
    return worth


# -- choosers for the questions a turn raises ----------------------------------------------
def _choose_explorer(view: SeatView, actions: list[Action], rng: random.Random) -> Action:
    return rng.choice(actions)


def _turn_room(view: SeatView, actions: list[Action], rng: random.Random) -> Action:
    # Any turning that joins the door will do: the engine keeps every floor open.
    return rng.choice(actions)


def _face_event(view: SeatView, actions: list[Action], rng: random.Random) -> Action | None:
    event = view.event_pending
    hurts = event is None or may_hurt(catalog().event(event).effects)
    return next((a for a in actions if isinstance(a, FaceEvent) and a.resolve == (not hurts)), None)


def _last_margin(view: SeatView) -> int:
    """The margin of the attack just won: the last two rolls the table saw."""
    if len(view.rolls) < 2:
        return 2
    return max(2, view.rolls[-2].total - view.rolls[-1].total)


def _steal(view: SeatView, actions: list[Action], rng: random.Random) -> Action | None:
    """A card worth more than the wounds, unless the wounds may kill."""
    target = _duel_target(view)
    margin = _last_margin(view)

    def worth(action: Action) -> float:
        assert isinstance(action, Steal)
        if action.card is None:
            kill = target is not None and margin >= _steps_to_die(target, PHYSICAL)
            return margin + (KILL if kill else 0)
        card = catalog().card(action.card)
        return 1 + 2 * card.attack_dice + (3 if card.ranged else 0) + (
            2 if card.mental_attack else 0)

    return max(actions, key=worth)


def _duel_target(view: SeatView) -> ExplorerView | None:
    """The explorer the last attack was against (the last roll is the defender's)."""
    if not view.rolls:
        return None
    who = view.rolls[-1].who
    if not who.startswith("seat:"):
        return None
    return view.explorers[int(who[5:])]


def _steps_to_die(explorer: ExplorerView, kinds: tuple[Trait, ...]) -> int:
    """Wounds of one kind that kill: every trait of the kind down to its lowest step, and one
    more."""
    return sum(max(0, explorer.traits[t].mark) for t in kinds) + 1


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


def _monster_kind(view: SeatView, piece_id: str) -> tuple[str, int | None]:
    """A monster's attack trait and its value in it."""
    assert view.haunt is not None
    kind = next(m.kind for m in view.monsters if m.id == piece_id)
    monster = next(m for m in catalog().haunt(view.haunt).monsters if m.id == kind)
    return monster.attack, monster.value(monster.attack)


def _monster(view: SeatView, actions: list[Action], rng: random.Random) -> Action | None:
    """The traitor's monsters go for the weakest prey: the one their attack trait beats most
    surely, and the nearest weak one when none is in reach."""
    attacks = [a for a in _of(actions, MonsterAttack) if isinstance(a, MonsterAttack)]
    if attacks:
        trait, strength = _monster_kind(view, attacks[0].monster)
        dice = strength or 0

        def edge(action: MonsterAttack) -> float:
            prey = view.explorers[action.target]
            win, dealt, _ = duel(dice, _value(prey, trait))  # type: ignore[arg-type]
            return dealt + win * (KILL if dealt >= _steps_to_die(prey, _kind_of(trait)) else 0)

        strike = max(attacks, key=edge)
        if not _clock_ours(view) and _stays_awake(view, strike, trait, dice):
            return _of(actions, MonsterDone)[0]
        return strike
    moves = [m for m in _of(actions, MonsterMove) if isinstance(m, MonsterMove)]
    if moves:
        prey = [e for e in view.explorers if _in_house(e) and e.side != "traitor"]
        if prey:
            trait, _ = _monster_kind(view, moves[0].monster)
            chart = ViewMap(view.rooms, monster=True)
            weakest = min(_value(e, trait) for e in prey)  # type: ignore[arg-type]
            rooms = {e.room for e in prey}
            soft = {e.room for e in prey if _value(e, trait) <= weakest + 1}  # type: ignore[arg-type]
            reach = chart.distances_to(rooms, [m.to for m in moves])
            near = min(reach.get(m.to, 10_000) for m in moves)
            soft_reach = chart.distances_to(soft, [m.to for m in moves])

            def closeness(move: MonsterMove) -> tuple[int, int]:
                return (reach.get(move.to, 10_000), soft_reach.get(move.to, 10_000))

            best = min(moves, key=closeness)
            if near < 10_000:
                return best
    return _of(actions, MonsterDone)[0]


def _stays_awake(view: SeatView, attack: MonsterAttack, trait: str, dice: int) -> bool:
    """Whether a monster does more standing by its prey than striking it: the prey more
    likely wins the roll than not, and cannot be killed by it. A lost attack stuns the
    monster: its next turn is gone and, stunned, it no longer hinders the prey leaving the
    room. Asked only when the clock runs against the traitor, whose monsters then hold the
    heroes up; with the clock his, every wound they deal brings his win nearer."""
    prey = view.explorers[attack.target]
    theirs = _value(prey, trait)  # type: ignore[arg-type]
    if _margin_at_least(dice, theirs, _steps_to_die(prey, _kind_of(trait))) > 0:
        return False
    return duel(theirs, dice)[0] > duel(dice, theirs)[0]


def _kind_of(trait: str) -> tuple[Trait, ...]:
    return PHYSICAL if trait in PHYSICAL else MENTAL


# -- a turn --------------------------------------------------------------------------------
def _turn(view: SeatView, actions: list[Action], rng: random.Random) -> Action | None:
    me = _me(view)
    for pick in _of(actions, PickUp):
        return pick
    for action in _of(actions, RoomAction):
        rule = catalog().room(me.room).action
        if rule is not None and _room_action_worth(view, me) > 0:
            return action
    for action in _of(actions, UseCard):
        assert isinstance(action, UseCard)
        if _use_worth(view, me, action.card) > 0:
            return action
    if view.phase == "haunt":
        return _haunt_turn(view, actions, rng)
    explores = _of(actions, Explore)
    if explores:
        return rng.choice(explores)
    chart = ViewMap(view.rooms)
    return _walk(view, actions, _unexplored(view, chart), chart)


def _room_action_worth(view: SeatView, me: ExplorerView) -> float:
    rule = catalog().room(me.room).action
    if rule is None:
        return 0.0
    chance = at_least(_value(me, rule.trait) + _roll_bonus(me, rule.trait), rule.at_least)
    return chance * effects_worth(view, me, rule.effects)


def _use_worth(view: SeatView, me: ExplorerView, card_id: str) -> float:
    card = catalog().card(card_id)
    worth = effects_worth(view, me, card.use)
    # A consumable is spent: kept for a moment it is worth more.
    return worth - (1.0 if card.consumable else 0.0)


def _unexplored(view: SeatView, chart: ViewMap) -> set[str]:
    """Rooms with a door into the unknown on a floor some unplaced room still fits (which
    rooms are left is public: every room not on the map)."""
    placed = {r.id for r in view.rooms}
    floors = {f for r in catalog().house.rooms if r.id not in placed for f in r.floors}
    return {r.id for r in view.rooms if r.floor in floors and chart.has_open_door(r.id)}


def _walk(view: SeatView, actions: list[Action], targets: set[str],
          chart: ViewMap | None = None, danger: _Danger | None = None) -> Action | None:
    """A step nearer the nearest of ``targets``; of the steps as near, the safest."""
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
    nearer = [m for m in moves if to_targets.get(m.to, 10_000) < best]
    if not nearer:
        return None
    return min(nearer, key=lambda m: (to_targets[m.to],
                                      danger.of(m.to) if danger is not None else 0.0))


class _Danger:
    """The wounds an explorer may expect where it ends its turn, from the awake monsters that
    can reach it (each kind moves the sum of its Speed in dice, at least one room) and the
    enemies next door who outclass it."""

    def __init__(self, view: SeatView, me: ExplorerView) -> None:
        self.view = view
        self.me = me
        self.chart = ViewMap(view.rooms, monster=True)
        self._known: dict[str, float] = {}

    def of(self, room: str) -> float:
        found = self._known.get(room)
        if found is None:
            found = self._known[room] = self._of(room)
        return found

    def _of(self, room: str) -> float:
        view, me = self.view, self.me
        total = 0.0
        if view.haunt is not None and view.monsters:
            kinds = {m.id: m for m in catalog().haunt(view.haunt).monsters}
            reach = self.chart.distances_to({room})
            for piece in view.monsters:
                if piece.stunned:
                    continue
                kind = kinds[piece.kind]
                distance = reach.get(piece.room, 10_000)
                chance = 1.0 if distance <= 1 else at_least(kind.speed, distance)
                if chance:
                    mine = _value(me, kind.attack)
                    total += chance * duel(kind.value(kind.attack) or 0, mine)[1]
        near = _near_rooms(view, room)
        for foe in _enemies(view):
            if foe.room in near and _threat(view, me, foe) >= 1:
                total += duel(_value(foe, "might") + _weapon_dice(foe),
                              _value(me, "might") + _weapon_dice(me))[1]
        return total


def _shelter(actions: list[Action], danger: _Danger) -> Action | None:
    """With nothing to do, out of harm's way: the safest room next door, if much safer."""
    moves = [a for a in _of(actions, Move) if isinstance(a, Move)]
    if not moves:
        return None
    here = danger.of(danger.me.room)
    best = min(moves, key=lambda m: danger.of(m.to))
    return best if danger.of(best.to) < here - 0.5 else None


def _haunt_turn(view: SeatView, actions: list[Action], rng: random.Random) -> Action | None:
    me = _me(view)
    book = _book(view)
    specials = [a for a in _of(actions, Special)
                if isinstance(a, Special) and _worth_trying(view, book, a)]
    if specials:
        return specials[0]
    attack = _good_attack(view, actions, book)
    if attack is not None:
        return attack
    chart = ViewMap(view.rooms)
    goals = _goal_rooms(view, book, chart)
    if me.room not in goals and _outmatched(view, me):
        away = _away(view, actions, chart, goals)
        if away is not None:
            return away
    danger = _Danger(view, me) if me.side != "traitor" else None
    walk = _walk(view, actions, goals, chart, danger)
    if walk is not None:
        return walk
    explores = _of(actions, Explore)
    if explores and me.side != "traitor" and _wants_new_rooms(view, book, chart, goals):
        return rng.choice(explores)
    if danger is not None and me.room not in goals:
        shelter = _shelter(actions, danger)
        if shelter is not None:
            return shelter
    return None


def _threat(view: SeatView, me: ExplorerView, foe: ExplorerView) -> float:
    """How much ``foe`` outclasses ``me`` in a fight of Might (weapons counted)."""
    return (_value(foe, "might") + _weapon_dice(foe)) - (_value(me, "might") + _weapon_dice(me))


def _outmatched(view: SeatView, me: ExplorerView) -> bool:
    """An enemy that beats this explorer stands in its room or next door, and it is near
    death."""
    near = _near_rooms(view, me.room)
    foes = [f for f in _enemies(view) if f.room in near and _threat(view, me, f) >= 1]
    monsters = [m for m in view.monsters if m.room == me.room and not m.stunned]
    if not foes and not monsters:
        return False
    return min(me.traits[t].mark for t in PHYSICAL) <= 1


def _near_rooms(view: SeatView, room: str) -> set[str]:
    chart = ViewMap(view.rooms)
    return {room, *chart.exits(room)} if room in chart.rooms else {room}


def _away(view: SeatView, actions: list[Action], chart: ViewMap,
          goals: set[str]) -> Action | None:
    """The move that puts most rooms between this explorer and its enemies, toward its goals
    on a tie."""
    moves = [a for a in _of(actions, Move) if isinstance(a, Move)]
    danger = {f.room for f in _enemies(view)} | {m.room for m in view.monsters
                                                   if not m.stunned}
    if not moves or not danger:
        return None
    me = _me(view)
    options = [m.to for m in moves]
    apart = chart.distances_to(danger, [me.room, *options])
    to_goal = chart.distances_to(goals, options) if goals else {}
    best = max(moves, key=lambda m: (apart.get(m.to, 10_000), -to_goal.get(m.to, 10_000)))
    if apart.get(best.to, 10_000) <= apart.get(me.room, 0):
        return None
    return best


def _rule(book: SideRules, action_id: str) -> SpecialAction:
    return next(a for a in book.actions if a.id == action_id)


def _chance(me: ExplorerView, rule: SpecialAction) -> float:
    return at_least(_value(me, rule.trait) + _roll_bonus(me, rule.trait), rule.at_least)


def _worth_trying(view: SeatView, book: SideRules | None, special: Special) -> bool:
    """A special action is tried when it can succeed; stunning only where an awake monster
    stands (the roll does nothing else)."""
    if book is None:
        return False
    rule = _rule(book, special.action)
    if _chance(_me(view), rule) <= 0:
        return False
    if rule.effect != "stun_monsters":
        return True
    here = _me(view).room
    return any(m.room == here and not m.stunned for m in view.monsters)


def _clock_ours(view: SeatView) -> bool:
    """Whether the haunt's last round wins it for this seat's side: its own book says so
    (every book with a deadline in its favour names the round)."""
    if view.haunt is None:
        return False
    winner = catalog().haunt(view.haunt).deadline_winner
    side = _me(view).side
    return (winner == "traitor" and side == "traitor") or (winner == "heroes" and side == "heroes")


def _urgency(view: SeatView) -> float:
    """How far the haunt has run toward its last round (the board shows it), 0 to 1."""
    if view.haunt is None:
        return 0.0
    return min(1.0, view.round / catalog().haunt(view.haunt).deadline)


def _goal_foes(view: SeatView, book: SideRules | None) -> set[int]:
    """The enemy explorers whose death wins the game for this seat's side."""
    if book is None:
        return set()
    kinds = {g.kind for g in book.wins}
    me = _me(view)
    if "traitor_dead" in kinds and view.traitor is not None and me.side == "heroes":
        return {view.traitor}
    if "heroes_dead" in kinds and me.side == "traitor":
        return {e.seat for e in _heroes(view)}
    return set()


def _attack_worth(view: SeatView, action: Attack, book: SideRules | None) -> float:
    me = _me(view)
    mine = _value(me, action.trait)
    if action.trait == "might" and not action.ranged:
        mine += _weapon_dice(me)
    kinds = _kind_of(action.trait)
    if action.target.startswith("seat:"):
        foe = view.explorers[int(action.target[5:])]
        theirs = _value(foe, action.trait)
        win, dealt, taken = duel(mine, theirs)
        weight = 1.0
        if foe.seat in _goal_foes(view, book):
            # The enemy whose death wins: more so as the clock runs against this side.
            weight = GOAL_FOE * (1 + (0 if _clock_ours(view) else 2 * _urgency(view)))
            # A traitor on the way to the tome's count must be stopped before the clock runs.
            weight *= 1 + view.progress.get("traitor", 0) * (me.side == "heroes")
        kill = _margin_at_least(mine, theirs, _steps_to_die(foe, kinds))
        gain = dealt * weight + kill * KILL * weight
    else:
        theirs = _monster_value(view, action.target, action.trait)
        win, _, taken = duel(mine, theirs)
        stunned_goal = book is not None and any(g.kind == "monsters_stunned" for g in book.wins)
        gain = win * STUN * (2 if stunned_goal else 1)
    if action.ranged:
        taken = 0.0  # a miss costs the shooter nothing
    risk = taken * (1 + (2 if min(me.traits[t].mark for t in kinds) <= 1 else 0))
    return gain - risk


def _margin_at_least(mine: int, theirs: int, margin: int) -> float:
    ours, others = distribution(mine), distribution(theirs)
    return sum(p * q for a, p in enumerate(ours) for b, q in enumerate(others)
               if a - b >= margin)


def _good_attack(view: SeatView, actions: list[Action], book: SideRules | None) -> Action | None:
    best: Action | None = None
    best_worth = 0.0
    for action in _of(actions, Attack):
        assert isinstance(action, Attack)
        worth = _attack_worth(view, action, book)
        if worth > best_worth:
            best, best_worth = action, worth
    return best


def _monster_value(view: SeatView, piece_id: str, trait: Trait) -> int:
    assert view.haunt is not None
    kind = next(m.kind for m in view.monsters if m.id == piece_id)
    monster = next(m for m in catalog().haunt(view.haunt).monsters if m.id == kind)
    return monster.value(trait) or 0


def _wants_new_rooms(view: SeatView, book: SideRules | None, chart: ViewMap,
                     goals: set[str]) -> bool:
    """Heroes explore on after the haunt (a hero already at its goal, or with none to walk
    to) when there is nothing better to do: no goal, no way to one on the map as it stands
    (a new room may join it), or fewer omen rooms left for their book's count than it still
    needs (each roll counts only in a new one)."""
    if book is None:
        return False
    me = _me(view)
    if not goals or me.room not in chart.distances_to(goals, [me.room]):
        return True
    return _omen_rooms_short(view, book)


def _omen_rooms_short(view: SeatView, book: SideRules) -> bool:
    """Whether the map holds fewer omen rooms not yet counted than the side's count still
    needs, for a book whose action counts once in each omen room."""
    if not any(a.where == "omen_room" and a.distinct_rooms for a in book.actions):
        return False
    me = _me(view)
    side = me.side if me.side != "alone" else f"seat:{view.seat}"
    done = set(view.progress_rooms.get(side, []))
    free = sum(1 for r in view.rooms
               if catalog().room(r.id).symbol == "omen" and r.id not in done)
    heroes = sum(1 for e in view.explorers if e.side == "heroes")
    needed = max((g.needed(heroes) for g in book.wins if g.kind == "progress"), default=0)
    return free < needed - view.progress.get(side, 0)


def _special_rooms(view: SeatView, book: SideRules, chart: ViewMap) -> set[str]:
    """Rooms where this seat can make one of its side's special actions with a fair chance;
    omen rooms another of its side already stands in are left to them."""
    me = _me(view)
    side = me.side if me.side != "alone" else f"seat:{view.seat}"
    done = set(view.progress_rooms.get(side, []))
    mates = {e.room for e in view.explorers if e.seat != me.seat and _in_house(e)
             and e.side == me.side and me.side != "alone"}
    rooms: set[str] = set()
    # With the deadline against the side, waiting loses: any chance is worth the walk.
    least = TRY_SPECIAL if _clock_ours(view) else 1e-9
    for action in book.actions:
        if action.effect == "stun_monsters":
            continue
        if _chance(me, action) < least:
            continue
        if action.where == "room" and action.room is not None:
            rooms.add(action.room)
        elif action.where == "haunt_room" and view.haunt_room is not None:
            rooms.add(view.haunt_room)
        elif action.where == "omen_room":
            omen = {r.id for r in view.rooms if catalog().room(r.id).symbol == "omen"}
            free = omen - done
            rooms |= (free - mates) or free
    return {r for r in rooms if r in chart.rooms}


def _goal_rooms(view: SeatView, book: SideRules | None, chart: ViewMap) -> set[str]:
    """Where this seat heads: its side's special actions, the enemy whose death wins, the
    monsters to stun; a hero with none of these stands by the weakest hero."""
    me = _me(view)
    if book is None:
        return set()
    targets = _special_rooms(view, book, chart)
    kinds = {g.kind for g in book.wins}
    foes = _goal_foes(view, book)
    if me.side == "traitor" and "heroes_dead" in kinds and not targets:
        targets |= _prey_rooms(view)
    elif foes and me.side == "heroes":
        traitor = view.explorers[next(iter(foes))]
        # Standing with the traitor already, the attack was made or not worth making.
        if traitor.room != me.room and _hunts(view, book, me, traitor):
            targets.add(traitor.room)
    if "monsters_stunned" in kinds:
        targets |= {m.room for m in view.monsters if not m.stunned}
    if not targets and me.side == "heroes":
        targets |= _guard_rooms(view)
    return targets


def _hunts(view: SeatView, book: SideRules, me: ExplorerView, traitor: ExplorerView) -> bool:
    """Whether a hero goes after the traitor: the traitor is making progress toward the tome's
    goal (the table's count shows it), his death is the only way to win before the clock runs
    out and the heroes are four or more (enough to wear him down together), the hero is among
    those the traitor fears most, or the traitor is wounded near death."""
    if view.progress.get("traitor", 0) > 0:
        return True
    if _gang_up(view, book):
        return True
    mine = _value(me, "might") + _weapon_dice(me)
    theirs = _value(traitor, "might")
    if mine >= theirs - 1:
        return True
    heroes = _heroes(view)
    best = max(_value(h, "might") + _weapon_dice(h) for h in heroes)
    return mine >= best - 1 or _steps_to_die(traitor, PHYSICAL) <= 3


def _gang_up(view: SeatView, book: SideRules) -> bool:
    """Whether every hero closes in on the traitor: his death is the heroes' only win, the
    deadline is his, and the side has four heroes or more: together they wear him down (at
    three, sending the weaker ones after him gained nothing against ``294830e``)."""
    heroes = sum(1 for e in view.explorers if e.side == "heroes")
    return heroes >= GANG and not _clock_ours(view) \
        and all(g.kind == "traitor_dead" for g in book.wins)


def _prey_rooms(view: SeatView) -> set[str]:
    """The traitor's prey: the weakest hero in Might (the one nearest death among equals)."""
    heroes = _heroes(view)
    if not heroes:
        return set()

    def weakness(hero: ExplorerView) -> tuple[int, int]:
        return _value(hero, "might") + _weapon_dice(hero), _steps_to_die(hero, PHYSICAL)

    weakest = min(weakness(h) for h in heroes)
    return {h.room for h in heroes if weakness(h)[0] <= weakest[0] + 1}


def _guard_rooms(view: SeatView) -> set[str]:
    """Where the weakest hero stands, if an enemy is near: the others keep close."""
    me = _me(view)
    heroes = [h for h in _heroes(view) if h.seat != me.seat]
    if not heroes:
        return set()
    weakest = min(heroes, key=lambda h: (_value(h, "might"), _steps_to_die(h, PHYSICAL)))
    return {weakest.room}


_CHOOSERS = {
    "choose_explorer": _choose_explorer,
    "turn_room": _turn_room,
    "face_event": _face_event,
    "steal": _steal,
    "take_damage": _take_damage,
    "monster": _monster,
    "turn": _turn,
}


# -- the easy level ------------------------------------------------------------------------
def _easy_turn(view: SeatView, actions: list[Action], rng: random.Random) -> Action | None:
    """A new player's turn: what lies about is picked up, every room roll and card tried, the
    side's special actions made where they are offered, a fight picked by comparing traits
    (no dice reckoned, no weapons counted), and a walk toward the side's rooms; before the
    haunt, any door explored."""
    me = _me(view)
    for pick in _of(actions, PickUp):
        return pick
    for action in [*_of(actions, RoomAction), *_of(actions, UseCard)]:
        if not (isinstance(action, UseCard) and catalog().card(action.card).consumable):
            return action
    if view.phase != "haunt":
        explores = _of(actions, Explore)
        if explores:
            return rng.choice(explores)
        chart = ViewMap(view.rooms)
        return _walk(view, actions, _unexplored(view, chart), chart)
    book = _book(view)
    specials = [a for a in _of(actions, Special)
                if isinstance(a, Special) and _worth_trying(view, book, a)]
    if specials:
        return specials[0]
    for action in _of(actions, Attack):
        assert isinstance(action, Attack)
        if action.target.startswith("seat:"):
            theirs = _value(view.explorers[int(action.target[5:])], action.trait)
        else:
            theirs = _monster_value(view, action.target, action.trait)
        if _value(me, action.trait) >= theirs:
            return action
    chart = ViewMap(view.rooms)
    return _walk(view, actions, _plain_goals(view, book, chart), chart)


def _plain_goals(view: SeatView, book: SideRules | None, chart: ViewMap) -> set[str]:
    """A new player's goals: every room of the side's special actions, the traitor for the
    heroes, the nearest hero for the traitor."""
    if book is None:
        return set()
    me = _me(view)
    targets: set[str] = set()
    for action in book.actions:
        if action.where == "room" and action.room is not None:
            targets.add(action.room)
        elif action.where == "haunt_room" and view.haunt_room is not None:
            targets.add(view.haunt_room)
        elif action.where == "omen_room":
            done = set(view.progress_rooms.get(me.side, []))
            targets |= {r.id for r in view.rooms
                        if catalog().room(r.id).symbol == "omen" and r.id not in done}
    if me.side == "heroes" and view.traitor is not None:
        traitor = view.explorers[view.traitor]
        if _in_house(traitor) and not targets:
            targets.add(traitor.room)
    if me.side == "traitor" and not targets:
        targets |= {h.room for h in _heroes(view)}
    return {r for r in targets if r in chart.rooms}


def _easy_monster(view: SeatView, actions: list[Action], rng: random.Random) -> Action | None:
    """Monsters strike whoever is at hand, or walk toward the nearest hero."""
    attacks = _of(actions, MonsterAttack)
    if attacks:
        return attacks[0]
    moves = [m for m in _of(actions, MonsterMove) if isinstance(m, MonsterMove)]
    heroes = {e.room for e in view.explorers if _in_house(e) and e.side != "traitor"}
    if moves and heroes:
        chart = ViewMap(view.rooms, monster=True)
        target = chart.step_toward([m.to for m in moves], heroes)
        if target is not None:
            return next(m for m in moves if m.to == target)
    return _of(actions, MonsterDone)[0]


def _easy_steal(view: SeatView, actions: list[Action], rng: random.Random) -> Action | None:
    """A new player takes the best weapon on offer, or the wounds."""
    def worth(action: Action) -> int:
        assert isinstance(action, Steal)
        return -1 if action.card is None else catalog().card(action.card).attack_dice

    best = max(actions, key=worth)
    return best if worth(best) > 0 else next(
        a for a in actions if isinstance(a, Steal) and a.card is None)


_EASY = {**_CHOOSERS, "turn": _easy_turn, "monster": _easy_monster, "steal": _easy_steal}
