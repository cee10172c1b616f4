"""Resisting: the target's answer to a swap or robbery, the vote on cannibalism, and fights.

A fight's window is open to every awake character: the two sides plus anyone who joins.
It resolves once every awake character has declared ready and nothing changed since.
"""

from __future__ import annotations

import random

from games.core import Event
from games.lifeboat.cards import weapon_strength
from games.lifeboat.effects import wound
from games.lifeboat.events import public
from games.lifeboat.state import Fight, LifeboatState, awake_characters, size_of
from games.lifeboat.turn import end_turn
from games.lifeboat.wishes import cannibalize, rob, swap_places


def give_in(state: LifeboatState, rng: random.Random, events: list[Event]) -> None:
    demand = state.demand
    assert demand is not None
    public(events, "gave_in", character=demand.target, attacker=demand.actor)
    _grant(state, rng, events)
    end_turn(state)


def resist(state: LifeboatState, events: list[Event]) -> None:
    demand = state.demand
    assert demand is not None
    _open_fight(state, [demand.actor], [demand.target], events)


def vote(
    state: LifeboatState, voter: str, objects: bool, rng: random.Random, events: list[Event]
) -> None:
    ballot = state.own_vote()
    demand = state.demand
    assert demand is not None
    ballot.waiting.remove(voter)
    (ballot.objectors if objects else ballot.allowers).append(voter)
    public(events, "cannibalism_objected" if objects else "cannibalism_allowed",
           character=voter)
    if ballot.waiting:
        return
    objectors = ballot.objectors.copy()
    state.vote = None
    if objectors:
        _open_fight(state, [demand.actor], objectors, events)
        return
    _grant(state, rng, events)
    end_turn(state)


def _open_fight(
    state: LifeboatState, attackers: list[str], defenders: list[str], events: list[Event]
) -> None:
    state.fight = Fight(attackers=attackers, defenders=defenders)
    state.stage = "fight"
    public(events, "fight_started", attackers=attackers.copy(), defenders=defenders.copy())


def join(state: LifeboatState, character: str, side: str, events: list[Event]) -> None:
    fight = state.own_fight()
    (fight.attackers if side == "attackers" else fight.defenders).append(character)
    # Others may want to answer a new member: only the joiner stays ready.
    fight.ready = [character]
    public(events, "fight_joined", character=character, side=side)


def declare_ready(state: LifeboatState, character: str, events: list[Event]) -> None:
    fight = state.fight
    assert fight is not None
    if character not in fight.ready:
        fight = state.own_fight()
        fight.ready.append(character)
    in_fight = character in fight.attackers or character in fight.defenders
    public(events, "fight_ready" if in_fight else "fight_stayed_out", character=character)


def card_played_during_fight(state: LifeboatState, player: str) -> None:
    """A card played face up changes the odds: everyone else may answer again."""
    if state.fight is not None:
        fight = state.own_fight()
        fight.ready = [player] if player in fight.ready else []


def everyone_ready(state: LifeboatState) -> bool:
    fight = state.fight
    assert fight is not None
    return all(c in fight.ready for c in awake_characters(state))


def side_strength(state: LifeboatState, side: list[str]) -> int:
    total = 0
    for character in side:
        total += size_of(state, character)
        total += sum(weapon_strength(card) for card in state.face_up[character])
    return total


def resolve_fight(state: LifeboatState, rng: random.Random, events: list[Event]) -> None:
    fight = state.fight
    demand = state.demand
    assert fight is not None and demand is not None
    attack = side_strength(state, fight.attackers)
    defence = side_strength(state, fight.defenders)
    attackers_win = attack > defence
    losers = fight.defenders if attackers_win else fight.attackers
    public(
        events,
        "fight_resolved",
        attackers=fight.attackers.copy(),
        defenders=fight.defenders.copy(),
        attack=attack,
        defence=defence,
        winner="attackers" if attackers_win else "defenders",
    )
    for character in fight.attackers + fight.defenders:
        if character not in state.fight_markers:
            state.own_list("fight_markers").append(character)
    for character in losers:
        wound(state, character, 1, "fight", events)
    state.fight = None
    if attackers_win:
        _grant(state, rng, events)
    # A failed act of cannibalism leaves its card face up with the user (played when proposed).
    state.demand = None
    end_turn(state)


def _grant(state: LifeboatState, rng: random.Random, events: list[Event]) -> None:
    demand = state.demand
    assert demand is not None
    state.demand = None
    if demand.kind == "swap":
        swap_places(state, demand.actor, demand.target, events)
    elif demand.kind == "rob":
        assert demand.card is not None
        rob(state, demand.actor, demand.target, demand.card, rng, events)
    else:
        assert demand.card is not None
        cannibalize(state, demand.actor, demand.target, demand.card, events)
