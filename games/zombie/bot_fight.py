"""The bots' fight plan. Every bot works it out from public facts alone, so the whole team
reaches the same plan without a word: it tries each number of fighters (the healthiest first)
against fleeing together and keeps the outcome that leaves the team strongest."""

from __future__ import annotations

from dataclasses import dataclass

from games.zombie.cards import ITEMS, MAX_HEALTH
from games.zombie.views import PlayerView, PublicView

DEATH_COST = 12  # how much a death weighs against health points
FAILED_SEARCH_COST = 4  # the temple or the grave given up for this round
STAY_BONUS = 2.0  # fleeing together also gives up the team's ground: fighting wins a tie


@dataclass(frozen=True)
class Plan:
    fighters: frozenset[int]
    value: float
    damage: int


def weapon_attack(player: PlayerView) -> int:
    return sum(ITEMS[i].attack for i in player.items if ITEMS[i].kind == "weapon")


def can_burn(view: PublicView) -> bool:
    items = [i for p in view.players if p.alive for i in p.items]
    return "candle" in items and ("oil" in items or "gasoline" in items)


def attack_of(view: PublicView, fighters: frozenset[int], rev: bool) -> int:
    total = 0
    for p in view.players:
        if not p.alive:
            continue
        if p.seat in fighters:
            total += 1 + weapon_attack(p)
        elif "golf_club" in p.items:
            total += ITEMS["golf_club"].attack
    if rev and any(p.seat in fighters and "chainsaw" in p.items for p in view.players):
        total += ITEMS["chainsaw"].attack
    return total


def split_damage(view: PublicView, fighters: frozenset[int], damage: int) -> dict[int, int]:
    """Even shares, the remainder to the healthiest fighters (the totem holder last)."""
    order = sorted(fighters, key=lambda s: (-view.players[s].health, view.players[s].totem, s))
    share, extra = divmod(damage, len(order))
    return {seat: share + (1 if k < extra else 0) for k, seat in enumerate(order)}


# The whole team works the same plan out, one bot after another: it is kept by the facts it
# depends on. Bounded: emptied when full (entries are tiny and rarely met twice across games).
_PLANS: dict[tuple[object, ...], Plan] = {}
_PLAN_LIMIT = 20_000


def plan_fight(view: PublicView, zombies: int) -> Plan:
    key = (
        zombies,
        view.round_action,
        view.chainsaw_fuel,
        tuple((p.health, p.alive, p.totem, tuple(p.items)) for p in view.players),
    )
    plan = _PLANS.get(key)
    if plan is None:
        if len(_PLANS) >= _PLAN_LIMIT:
            _PLANS.clear()
        plan = _PLANS[key] = _plan_fight(view, zombies)
    return plan


def _plan_fight(view: PublicView, zombies: int) -> Plan:
    alive = [p for p in view.players if p.alive]
    searching = view.round_action in ("search_totem", "bury")
    fuel = view.chainsaw_fuel > 0
    flee_deaths = sum(1 for p in alive if p.health <= 1)
    flee_value = sum(max(0, p.health - 1) for p in alive) - DEATH_COST * flee_deaths
    if searching:
        flee_value -= FAILED_SEARCH_COST
    best = Plan(frozenset(), flee_value, 0)
    ranked = sorted(alive, key=lambda p: (-p.health - weapon_attack(p), p.seat))
    burn = can_burn(view)
    for k in range(1, len(ranked) + 1):
        fighters = frozenset(p.seat for p in ranked[:k])
        damage = max(0, zombies - attack_of(view, fighters, fuel))
        if burn and damage >= 2:
            damage = 0
        wounds = split_damage(view, fighters, damage)
        value = 0.0
        survivors = 0
        for p in alive:
            if p.seat in fighters:
                left = p.health - wounds[p.seat]
                if left <= 0:
                    value -= DEATH_COST
                else:
                    value += left
                    survivors += 1
            else:
                value += min(MAX_HEALTH, p.health + 1)
        if searching and survivors == 0:
            value -= FAILED_SEARCH_COST
        value += STAY_BONUS
        if value > best.value:
            best = Plan(fighters, value, damage)
    return best
