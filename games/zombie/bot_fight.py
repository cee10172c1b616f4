"""The bots' fight plan. Every bot works it out from public facts alone, so the whole team
reaches the same plan without a word: it tries every group of fighters (players alike in
health and arms counted once), with the chainsaw revved and with the zombies burnt where it
can, against fleeing together, and keeps the outcome worth most to the team. Easy bots
(``bot_level``) weigh only everyone fighting but the badly hurt against fleeing together.

An outcome is worth the health left, a life beyond its health, and what the round was for:
a search or a burial lost costs its round again (and the walk back, if the team fled), a
burial that lifts the curse wins the game, and fleeing costs the card of the event at the
tile fled to and the way back. Rounds are weighed in health by ``stakes``: a card is worth a
cower's healing while there is time to spare, and more and more as midnight comes, so the
last card before midnight is fought for when it wins.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any, NamedTuple

from games.core.memo import Beside, Memo
from games.zombie.bot_map import BotMap, chart_of
from games.zombie.bot_time import cards_left, next_card, slack
from games.zombie.cards import GASOLINE_REFUEL, ITEMS, MAX_HEALTH, SODA_HEALS
from games.zombie.tiles import CARVING_ROOMS
from games.zombie.views import PlayerView, PublicView

CHAINSAW = ITEMS["chainsaw"].attack
GOLF_CLUB = ITEMS["golf_club"].attack
ALIVE = 16.0  # a life beyond its health: its attack and its healing in the fights to come
KNEE = 2.0  # health above a horde's share and this margin is worth less...
ABOVE_KNEE = 0.5  # ...this much a point
WIPE = 1_000.0  # everyone dead: the game is lost
WIN = 1_000.0  # the curse lifted this round
CARD = 0.7  # a card, per player standing, while there is time to spare (a cower heals 1)
PRESSURE = 6.0  # how much more a card is worth as the cards to spare run out
FLEE_CARDS = 1.5  # fleeing together: the event at the tile fled to, and the way back
FUEL = 2.0  # a chainsaw charge kept for a later fight
BURN = 4.0  # the Oil or the Gasoline kept for a later horde


@dataclass(frozen=True)
class Plan:
    fighters: frozenset[int]
    value: float
    damage: int
    burn: bool = False
    rev: bool = False


@dataclass(frozen=True)
class Stakes:
    """What the round is worth beyond the team's health, in health points."""

    card: float  # one card drawn (a round)
    searching: bool  # the round is a search of the temple or a burial
    wins: bool  # the round's burial lifts the curse
    last_chance: bool  # a search or burial lost now cannot be made again in time


NOTHING = Stakes(card=0.0, searching=False, wins=False, last_chance=False)


_WEAPONS = {item.id: item.attack for item in ITEMS.values() if item.kind == "weapon"}


def weapon_attack(player: PlayerView) -> int:
    return _weapons(player.items)


def _weapons(items: list[str]) -> int:
    weapons = _WEAPONS
    return sum([weapons[i] for i in items if i in weapons])


def can_burn(view: PublicView) -> bool:
    items = [i for p in map(vars, view.players) if p["alive"] for i in p["items"]]
    return "candle" in items and ("oil" in items or "gasoline" in items)


def standing(view: PublicView) -> list[PlayerView]:
    return [p for p in view.players if p.alive and p.health > 0]


def _standing_rows(view: PublicView) -> list[Mapping[str, Any]]:
    """``standing``, each player's fields as a dict: read by the few functions that read
    several fields of every player, a read of a view's field costing five of a dict's."""
    return [p for p in map(vars, view.__dict__["players"]) if p["alive"] and p["health"] > 0]


def card_value(players: int, spare: float) -> float:
    """A card in health points: a cower's healing of everyone standing, more as the cards to
    spare run out (beyond them, a card lost is the game)."""
    # Rounded, so that plans worked out for nearly the same stakes are shared.
    return round(4 * CARD * players * (1 + PRESSURE / max(0.5, spare + 1))) / 4


# What a decision asks again and again of one view (every fight tried, every happening of the
# next card weighed): kept beside the view while the decision holds it.
_STAKES: Beside[PublicView, Stakes] = Beside()
_KNEES: Beside[PublicView, float] = Beside()


def stakes(view: PublicView, chart: BotMap | None = None) -> Stakes:
    """What the round is played for (the chart, when given, is the view's own map)."""
    known = _STAKES.get(view)
    if known is None:
        known = _STAKES.remember(view, _stakes(view, chart or chart_of(view)))
    return known


def _stakes(view: PublicView, chart: BotMap) -> Stakes:
    spare = slack(view, chart)
    searching = view.round_action in ("search_totem", "bury")
    carving = any(t.tile in CARVING_ROOMS for t in view.tiles)
    return Stakes(
        card=card_value(len(standing(view)), spare),
        searching=searching,
        wins=view.round_action == "bury" and carving,
        # The round again, and the walk back when fled: more than the cards left allow.
        last_chance=searching and cards_left(view) < 2,
    )


def attack_of(view: PublicView, fighters: frozenset[int], rev: bool) -> int:
    total = 0
    for p in view.players:
        if not p.alive:
            continue
        if p.seat in fighters:
            total += 1 + weapon_attack(p)
        elif "golf_club" in p.items:
            total += GOLF_CLUB
    if rev and any(p.seat in fighters and "chainsaw" in p.items for p in view.players):
        total += CHAINSAW
    return total


def health_worth(health: int, knee: float) -> float:
    """A standing player's worth: a life, and its health, each point above ``knee`` worth
    half (a horde rarely needs it)."""
    health = min(MAX_HEALTH, health)
    return ALIVE + min(health, knee) + ABOVE_KNEE * max(0.0, health - knee)


def knee_of(view: PublicView) -> float:
    """The health a player wants: a typical horde's share of wounds at this hour, everyone
    fighting, and a margin."""
    return _KNEES.made(view, _knee_of)


def _knee_of(view: PublicView) -> float:
    forecast = next_card(view)
    team = _standing_rows(view)
    if forecast is None or not team:
        return KNEE
    zombies = forecast.typical_horde(view.extra_zombies)
    power = sum([1 + _weapons(p["items"]) for p in team])
    return max(2.0, max(0.0, zombies - power) / len(team) + KNEE)


# ``health_worths`` by knee: a few knees come back decision after decision (a typical horde's
# share at each hour, for each size of team), and every team read works its row out.
_HEALTH_WORTHS: Memo[float, tuple[float, ...]] = Memo(4_096)


def health_worths(knee: float) -> tuple[float, ...]:
    """``health_worth`` of every health up to the most, by health: what a fight plan adds up
    for each player of every outcome it weighs."""
    found = _HEALTH_WORTHS.get(knee)
    if found is None:
        found = _HEALTH_WORTHS.remember(
            knee, tuple(health_worth(health, knee) for health in range(MAX_HEALTH + 1)))
    return found


def _worth(healths: list[int], soda: bool, stake: Stakes, held: bool,
           worths: tuple[float, ...]) -> float:
    """The team after a fight, from each standing player's health (highest first): health and
    lives, with the Concoction poured for the first dying it saves; what the round was for.
    ``worths`` is ``health_worths`` of the team's knee."""
    value, alive = _lives(healths, soda, worths)
    if not alive:
        return -WIPE
    return _staked(value, stake, held)


def _lives(healths: list[int], soda: bool, worths: tuple[float, ...]) -> tuple[float, bool]:
    """The health and lives part of ``_worth``, and whether anyone is left standing."""
    value = 0.0
    alive = False
    for health in healths:
        if health <= 0 and soda and health + SODA_HEALS > 0:
            health += SODA_HEALS
            soda = False
            value -= BURN / 2  # the Concoction is spent
        if health > 0:
            value += worths[health if health < MAX_HEALTH else MAX_HEALTH]
            alive = True
    return value, alive


def _staked(value: float, stake: Stakes, held: bool) -> float:
    """``value`` with what the round was for: a search or burial held or lost."""
    if stake.searching:
        if held and stake.wins:
            value += WIN
        elif not held:
            value -= WIPE / 2 if stake.last_chance else stake.card
    return value


class Fighter(NamedTuple):
    """A standing player as a fight reads them."""

    seat: int
    health: int
    attack: int  # fighting: 1 and their weapons
    chainsaw: bool
    golf_club: bool  # counts even when they flee
    totem: bool


# What a plan is kept by beside the zombies, the stakes and the knee: the bots' level, the
# chainsaw's charge, and each player's health, life, totem and items.
PlanFacts = tuple[str, int, tuple[tuple[int, bool, bool, tuple[str, ...]], ...]]


# What a team makes of one group of fighters, whatever the stakes and the zombies: the health
# and lives part of the outcome's worth, whether anyone is left standing and whether a fighter
# is (the search or burial held), by the group and the damage it takes.
Outcome = tuple[float, bool, bool]
# A group of fighters as a plan tries it: the group, its power unrevved, whether it holds the
# chainsaw, its healths (in the team's order) and the healths of the others after fleeing.
Try = tuple[frozenset[int], int, bool, list[int], list[int]]


class Team:
    """The standing players of a view, read once for every fight tried, with every fact of
    the view a fight plan depends on."""

    def __init__(self, view: PublicView) -> None:
        players = _standing_rows(view)
        # The remainder goes to the healthiest fighters, the totem's holder last.
        self.rows = _ordered(
            Fighter(p["seat"], p["health"], 1 + _weapons(p["items"]), "chainsaw" in p["items"],
                    "golf_club" in p["items"], p["totem"]) for p in players)
        self.soda = any("soda" in p["items"] for p in players)
        self.burnable = can_burn(view)
        self.knee = knee_of(view)
        self.worths = health_worths(self.knee)
        fields = view.__dict__
        # A chainsaw can be revved: charged, or a Gasoline to pour in that no fire needs.
        self.fuel = fields["chainsaw_fuel"] > 0 or (
            any("gasoline" in p["items"] for p in players) and not self.burnable)
        self.casual = fields["options"].bot_level == "easy"
        self.facts = plan_facts(view)
        self._table: Outcomes | None = None

    def healed(self, amount: int) -> Team:
        """The team as the view with every standing player healed by ``amount`` reads (up to
        their most health): a cower's outcome weighed without building that view. Its knee
        is this one's, which reads neither health nor who stands beyond this team's seats."""
        twin = Team.__new__(Team)
        twin.__dict__.update(self.__dict__)
        twin.rows = _ordered(
            Fighter(f.seat, min(MAX_HEALTH, f.health + amount), f.attack, f.chainsaw,
                    f.golf_club, f.totem) for f in self.rows)
        level, fuel, players = self.facts
        twin.facts = (level, fuel, tuple(
            (min(MAX_HEALTH, health + amount) if alive and health > 0 else health, alive,
             totem, items) for health, alive, totem, items in players))
        twin._table = None
        return twin

    def worth(self, healths: list[int]) -> float:
        """The team as it stands with these healths (highest first), nothing at stake."""
        return _worth(healths, False, NOTHING, True, self.worths)

    def flee(self, stake: Stakes) -> float:
        value = _worth([f.health - 1 for f in self.rows], self.soda, stake, False, self.worths)
        if value <= -WIPE:
            return value
        # The event at the tile fled to, and the way back (a search lost also walks back).
        return value - stake.card * (FLEE_CARDS + (1 if stake.searching else 0))

    def fight(self, stake: Stakes, fighters: frozenset[int], zombies: int, rev: bool,
              burn: bool) -> tuple[float, int]:
        """The team's worth after ``fighters`` fight (and the rest flee), and the damage."""
        if burn:
            damage = 0
        else:
            _, power, saw, _, _ = self.table().try_of(fighters)
            if rev and saw:
                power += CHAINSAW
            damage = max(0, zombies - power)
        value = self.staked(stake, fighters, damage, burn)
        if rev:
            value -= FUEL
        if burn:
            value -= BURN
        return value, damage

    def staked(self, stake: Stakes, fighters: frozenset[int], damage: int, burn: bool
               ) -> float:
        """The team's worth after ``fighters`` take ``damage`` (the zombies burnt or not),
        the rest flee, before any fuel spent."""
        value, alive, held = self.outcome(fighters, damage)
        return _staked(value, stake, held or burn) if alive else -WIPE

    def table(self) -> Outcomes:
        """What each group of fighters makes of each damage (``outcomes_of``)."""
        table = self._table
        if table is None:
            table = self._table = outcomes_of(self)
        return table

    def outcome(self, fighters: frozenset[int], damage: int) -> Outcome:
        return self.table().outcome(fighters, damage)


class Outcomes:
    """What each group of fighters of a team makes of each damage it may take: a plan weighs
    every group against each horde of the next card, and against the same damage again and
    again (no wound once the group is strong enough). The same for every team alike in its
    rows (seat, health, arms and totem of each player standing), its Concoction, its knee and
    its level (``outcomes_of``)."""

    def __init__(self, team: Team) -> None:
        self.rows = team.rows
        self.soda = team.soda
        self.worths = team.worths
        self.casual = team.casual
        self.found: dict[tuple[frozenset[int], int], Outcome] = {}
        self._tries: list[Try] | None = None

    def outcome(self, fighters: frozenset[int], damage: int) -> Outcome:
        found = self.found.get((fighters, damage))
        if found is None:
            _, _, _, fighting, resting = self.try_of(fighters)
            found = self.work_out(fighters, fighting, resting, damage)
        return found

    def work_out(self, fighters: frozenset[int], fighting: list[int], resting: list[int],
                 damage: int) -> Outcome:
        """``outcome`` worked out (and kept) for a group of ``tries``."""
        if damage:
            # The wounds shared out, the remainder to the first fighters in the team's order.
            share, extra = divmod(damage, len(fighting))
            hit = [health - share - (1 if i < extra else 0)
                   for i, health in enumerate(fighting)]
        else:
            hit = fighting
        after = hit + resting
        after.sort(reverse=True)
        value, alive = _lives(after, self.soda, self.worths)
        found = self.found[(fighters, damage)] = (value, alive, max(hit) > 0)
        return found

    def try_of(self, fighters: frozenset[int]) -> Try:
        """The group as a plan tries it: its power unrevved (the resting golf clubs in), whether
        it holds the chainsaw, its healths and the others' after fleeing."""
        power = 0
        saw = False
        fighting: list[int] = []
        resting: list[int] = []
        for f in self.rows:
            if f.seat in fighters:
                power += f.attack
                saw = saw or f.chainsaw
                fighting.append(f.health)
            else:
                if f.golf_club:
                    power += GOLF_CLUB
                resting.append(min(MAX_HEALTH, f.health + 1))
        return fighters, power, saw, fighting, resting

    def tries(self) -> list[Try]:
        """Every group of fighters a plan weighs, read once for every horde and stake."""
        found = self._tries
        if found is None:
            rows = self.rows
            found = self._tries = [self.try_of(fighters) for fighters in (
                _casual_groups(rows) if self.casual else _fighter_groups(rows))]
        return found


# The outcome tables of the teams weighed lately: a team's health moves a point or two a round
# and its knee often stays where it is, so the next rounds' teams (a cower's team healed, the
# team after the fight) are often ones already weighed. Bounded (a table is a few KiB).
_OUTCOMES: Memo[tuple[object, ...], Outcomes] = Memo(1024)


def outcomes_of(team: Team) -> Outcomes:
    key = (tuple(team.rows), team.soda, team.knee, team.casual)
    found = _OUTCOMES.get(key)
    if found is None:
        found = _OUTCOMES.remember(key, Outcomes(team))
    return found


def _ordered(fighters: Iterable[Fighter]) -> list[Fighter]:
    return sorted(fighters, key=lambda f: (-f.health, f.totem, f.seat))


_TEAMS: Beside[PublicView, Team] = Beside()
# The fight plans worked out on a map, by the facts they read besides (``plan_fight``).
_MAP_PLANS: Beside[BotMap, dict[tuple[object, ...], Plan]] = Beside()


def team_of(view: PublicView) -> Team:
    """The view's ``Team``, read once however many times a decision weighs it."""
    return _TEAMS.made(view, Team)


def _groups(rows: list[Fighter]) -> list[list[Fighter]]:
    """Standing players alike in everything a fight reads, each group in the team's order."""
    alike: dict[tuple[object, ...], list[Fighter]] = {}
    for f in rows:
        alike.setdefault((f.health, f.attack, f.chainsaw, f.golf_club, f.totem), []).append(f)
    return list(alike.values())


# The whole team works the same plan out, one bot after another: it is kept by every fact it
# depends on (the knee reads the hour and the cards still in the deck), so a plan never depends
# on what the process worked out before. Bounded, forgetting its oldest plan for each new one.
_PLANS: Memo[tuple[object, ...], Plan] = Memo(20_000)


def plan_facts(view: PublicView) -> PlanFacts:
    """What a plan is kept by, beside the zombies, the stakes and the knee."""
    fields = view.__dict__
    return (
        fields["options"].bot_level,
        fields["chainsaw_fuel"],
        tuple([(p["health"], p["alive"], p["totem"], tuple(p["items"]))
               for p in map(vars, fields["players"])]),
    )


def plan_fight(view: PublicView, zombies: int, stake: Stakes | None = None) -> Plan:
    if stake is not None:
        return _plan_of(view, zombies, stake)
    # Every seat asked in a fight works the same plan out from a view of its own: it is kept
    # on the map by every other fact its stakes, knee and team read (the rounds the curse
    # needs, the cards left and gone, the hordes' X, the players), so that the teammates find
    # it without working the stakes and the knee out again.
    chart = chart_of(view)
    fields = view.__dict__
    key = (zombies, fields["at"], fields["totem"], fields["round_action"],
           tuple(fields["house_left"]), tuple(fields["yard_left"]), fields["deck_left"],
           fields["hour"], tuple(fields["discard"]), fields["extra_zombies"], plan_facts(view))
    plans = _MAP_PLANS.get(chart)
    if plans is None:
        plans = _MAP_PLANS.remember(chart, {})
    plan = plans.get(key)
    if plan is None:
        plan = plans[key] = _plan_of(view, zombies, stakes(view, chart))
    return plan


def _plan_of(view: PublicView, zombies: int, stake: Stakes) -> Plan:
    # The view's team is read only for a plan not yet made (most fights' plans were made by
    # the leader's round or a teammate's answer).
    plan = _PLANS.get((zombies, stake, knee_of(view), plan_facts(view)))
    return plan if plan is not None else plan_for(team_of(view), zombies, stake)


def plan_for(team: Team, zombies: int, stake: Stakes) -> Plan:
    """The plan of ``team_of(view)`` (or of a team healed from it) against ``zombies``."""
    key = (zombies, stake, team.knee, team.facts)
    plan = _PLANS.get(key)
    if plan is None:
        plan = _PLANS.remember(key, _plan_fight(team, zombies, stake))
    return plan


# Every group of fighters is tried while there are at most this many; beyond, the groups
# made of the players taken in a few sensible orders (the healthiest, the best armed first).
EVERY_GROUP = 64


# Every group of fighters, by the seats of each kind of standing player (what they are made
# of, and the same for every team whose seats fall into the same kinds).
_EVERY_GROUP_OF: Memo[tuple[tuple[int, ...], ...], tuple[frozenset[int], ...]] = Memo(4_096)


def _fighter_groups(rows: list[Fighter]) -> Sequence[frozenset[int]]:
    groups = _groups(rows)
    sizes = [len(g) + 1 for g in groups]
    combos = 1
    for size in sizes:
        combos *= size
    if combos <= EVERY_GROUP:
        kinds = tuple(tuple(f.seat for f in g) for g in groups)
        every = _EVERY_GROUP_OF.get(kinds)
        if every is None:
            every = _EVERY_GROUP_OF.remember(kinds, tuple(
                frozenset(seat for g, k in zip(kinds, counts, strict=True) for seat in g[:k])
                for counts in product(*(range(size) for size in sizes)) if any(counts)))
        return every
    found: dict[frozenset[int], None] = {}
    orders = (
        rows,
        sorted(rows, key=lambda f: (-f.attack - (CHAINSAW if f.chainsaw else 0),
                                         -f.health, f.seat)),
        sorted(rows, key=lambda f: (-f.health - f.attack, f.seat)),
    )
    for order in orders:
        for k in range(1, len(order) + 1):
            found[frozenset(f.seat for f in order[:k])] = None
    return list(found)


def _casual_groups(rows: list[Fighter]) -> list[frozenset[int]]:
    """An easy table's plan: everyone fights but those at 1 health (everyone, if that leaves
    nobody)."""
    able = frozenset(f.seat for f in rows if f.health > 1)
    return [able or frozenset(f.seat for f in rows)]


def _plan_fight(team: Team, zombies: int, stake: Stakes) -> Plan:
    # Every group as it is, with the chainsaw revved when it holds it and there is fuel, and
    # with the zombies burnt when the team can: the first of the best kept.
    best = Plan(frozenset(), team.flee(stake), 0)
    top = best.value
    burnable = team.burnable
    fuel = team.fuel
    table = team.table()
    outcomes = table.found
    work_out = table.work_out
    # ``_staked`` leaves a value as it is when the round is no search or burial (most
    # rounds): asked only when it is, here where every group is weighed against every horde.
    searching = stake.searching
    for fighters, power, saw, fighting, resting in table.tries():
        damage = zombies - power if zombies > power else 0
        found = outcomes.get((fighters, damage)) or work_out(fighters, fighting, resting,
                                                             damage)
        if found[1]:
            value = _staked(found[0], stake, found[2]) if searching else found[0]
        else:
            value = -WIPE
        if value > top:
            best, top = Plan(fighters, value, damage), value
        if fuel and saw:
            damage = zombies - power - CHAINSAW
            damage = damage if damage > 0 else 0
            found = outcomes.get((fighters, damage)) or work_out(fighters, fighting, resting,
                                                                 damage)
            if found[1]:
                value = (_staked(found[0], stake, found[2]) if searching else found[0]) - FUEL
            else:
                value = -WIPE - FUEL
            if value > top:
                best, top = Plan(fighters, value, damage, False, True), value
        if burnable:
            found = outcomes.get((fighters, 0)) or work_out(fighters, fighting, resting, 0)
            if found[1]:
                value = (_staked(found[0], stake, True) if searching else found[0]) - BURN
            else:
                value = -WIPE - BURN
            if value > top:
                best, top = Plan(fighters, value, 0, True, False), value
    return best


def arms_choice(view: PublicView, choices: set[str]) -> str:
    """After the reveal: rev the chainsaw, burn the zombies, or pass, whichever leaves the team
    worth most (a charge or a fuel spent is worth keeping for a later horde)."""
    fight = view.fight
    assert fight is not None
    stake = stakes(view)
    fighters = frozenset(s for s in fight.fighters if view.players[s].alive)
    options = [("pass", False, False)]
    if "rev" in choices:
        options.append(("rev", True, False))
    options += [(c, fight.revved, True) for c in ("burn_oil", "burn_gasoline") if c in choices]

    team = team_of(view)

    def worth(option: tuple[str, bool, bool]) -> float:
        name, rev, burn = option
        value, _ = team.fight(stake, fighters, fight.zombies, rev or fight.revved, burn)
        if name == "burn_gasoline":
            value -= GASOLINE_REFUEL * FUEL / 2  # it could have refuelled the chainsaw
        return value

    return max(options, key=worth)[0]
