"""Attacks after the haunt: opposed rolls, damage to the loser, stealing, ranged shots,
monsters stunned rather than killed."""

from __future__ import annotations

import random

from games.core import Event
from games.haunt import board, cards, traits
from games.haunt.catalog import catalog
from games.haunt.effects import owe_damage
from games.haunt.events import new_event
from games.haunt.schema import DamageKind, Trait
from games.haunt.sides import enemies, monster_enemy
from games.haunt.state import HauntState, Roll, StealChoice


def damage_kind(trait: Trait) -> DamageKind:
    return "physical" if trait in ("might", "speed") else "mental"


def weapon_dice(state: HauntState, seat: int) -> int:
    return max((catalog().card(c).attack_dice for c in state.seat(seat).cards), default=0)


def attack_traits(state: HauntState, seat: int) -> list[Trait]:
    found: list[Trait] = ["might"]
    for card in state.seat(seat).cards:
        mental = catalog().card(card).mental_attack
        if mental is not None and mental not in found:
            found.append(mental)
    return found


def has_ranged(state: HauntState, seat: int) -> bool:
    return any(catalog().card(c).ranged for c in state.seat(seat).cards)


def monster_value(state: HauntState, piece_id: str, trait: Trait) -> int | None:
    piece = state.monster(piece_id)
    haunt = state.haunt_rules()
    assert haunt is not None
    kind = next(m for m in haunt.monsters if m.id == piece.kind)
    return kind.value(trait)


def targets(state: HauntState, seat: int) -> list[tuple[str, Trait, bool]]:
    """(target, trait, ranged) for every attack the explorer may make now."""
    if state.haunt is None or "attack" in state.turn.used:
        return []
    room = state.seat(seat).room
    out: list[tuple[str, Trait, bool]] = []
    for trait in attack_traits(state, seat):
        for other in range(state.seats):
            if (
                state.in_house(other)
                and state.seat(other).room == room
                and enemies(state, seat, other)
            ):
                out.append((f"seat:{other}", trait, False))
        if monster_enemy(state, seat):
            for piece in state.monsters:
                if (
                    piece.room == room
                    and not piece.stunned
                    and monster_value(state, piece.id, trait) is not None
                ):
                    out.append((piece.id, trait, False))
    if has_ranged(state, seat):
        line = set(board.in_line(state, room))
        for other in range(state.seats):
            if (
                state.in_house(other)
                and state.seat(other).room in line
                and enemies(state, seat, other)
            ):
                out.append((f"seat:{other}", "speed", True))
        if monster_enemy(state, seat):
            for piece in state.monsters:
                if piece.room in line and not piece.stunned:
                    out.append((piece.id, "speed", True))
    return out


def _roll(
    state: HauntState, who: str, trait: Trait, count: int, rng: random.Random, events: list[Event]
) -> int:
    dice = traits.roll_dice(count, rng)
    total = sum(dice)
    state.log_roll(Roll(who=who, trait=trait, dice=dice, total=total))
    events.append(
        new_event(
            key="haunt.attack_roll",
            params={"who": who, "trait": trait, "dice": dice, "total": total},
        )
    )
    return total


def attack(
    state: HauntState,
    seat: int,
    target: str,
    trait: Trait,
    ranged: bool,
    rng: random.Random,
    events: list[Event],
) -> None:
    state.own_turn().used.append("attack")
    events.append(
        new_event(
            key="haunt.attack",
            params={"seat": seat, "target": target, "trait": trait, "ranged": ranged},
        )
    )
    bonus = weapon_dice(state, seat) if trait == "might" and not ranged else 0
    mine = _roll(
        state, f"seat:{seat}", trait, traits.value(state, seat, trait) + bonus, rng, events
    )
    if target.startswith("seat:"):
        other = int(target.split(":")[1])
        theirs = _roll(state, target, trait, traits.value(state, other, trait), rng, events)
    else:
        theirs = _roll(state, target, trait, monster_value(state, target, trait) or 0, rng, events)
    difference = mine - theirs
    kind = damage_kind(trait)
    if difference > 0:
        if not target.startswith("seat:"):
            stun(state, target, events)
            return
        other = int(target.split(":")[1])
        stealable = [c for c in state.seat(other).cards if cards.transferable(c)]
        if not ranged and difference >= 2 and stealable:
            state.steal = StealChoice(attacker=seat, defender=other, kind=kind, amount=difference)
            return
        owe_damage(state, other, kind, difference, events)
    elif difference < 0 and not ranged:
        owe_damage(state, seat, kind, -difference, events)
    elif difference == 0:
        events.append(new_event(key="haunt.attack_tie", params={"seat": seat, "target": target}))


def steal(state: HauntState, card: str | None, rng: random.Random, events: list[Event]) -> None:
    choice = state.steal
    assert choice is not None
    state.steal = None
    if card is None:
        owe_damage(state, choice.defender, choice.kind, choice.amount, events)
        return
    cards.give_up(state, choice.defender, card, rng, events)
    cards.take(state, choice.attacker, card, rng, events)
    events.append(
        new_event(
            key="haunt.stolen",
            params={"seat": choice.attacker, "from": choice.defender, "card": card},
        )
    )


def stun(state: HauntState, piece_id: str, events: list[Event]) -> None:
    state.own_monster(piece_id).stunned = True
    events.append(new_event(key="haunt.monster_stunned", params={"monster": piece_id}))


def monster_attack(
    state: HauntState, piece_id: str, seat: int, rng: random.Random, events: list[Event]
) -> None:
    haunt = state.haunt_rules()
    assert haunt is not None and state.monster_turn is not None
    state.own_monster_turn().attacked = True
    kind = next(m for m in haunt.monsters if m.id == state.monster(piece_id).kind)
    trait = kind.attack
    events.append(
        new_event(
            key="haunt.monster_attack", params={"monster": piece_id, "target": seat, "trait": trait}
        )
    )
    mine = _roll(state, piece_id, trait, kind.value(trait) or 0, rng, events)
    theirs = _roll(state, f"seat:{seat}", trait, traits.value(state, seat, trait), rng, events)
    if mine > theirs:
        owe_damage(state, seat, damage_kind(trait), mine - theirs, events)
    elif theirs > mine:
        stun(state, piece_id, events)
