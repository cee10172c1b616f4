"""What the table waits for: one seat decides at a time.

Sub-decisions come first, in this order: turning a drawn room, the traitor facing an event,
the attacker choosing to steal, and damage being spread (by the explorer who takes it: a
response inside someone else's turn). Then the monsters' moves or the turn's own actions.
"""

from __future__ import annotations

from games.core import Action, Prompt
from games.core.construct import built
from games.core.model import Clock
from games.haunt import board, cards, combat, explore, goals, monsters, moves
from games.haunt.actions import (
    Attack,
    ChooseExplorer,
    Drop,
    EndTurn,
    Explore,
    FaceEvent,
    Give,
    MonsterAttack,
    MonsterDone,
    MonsterMove,
    Move,
    PickUp,
    RoomAction,
    Special,
    Steal,
    TakeDamage,
    TurnRoom,
    UseCard,
    make,
)
from games.haunt.catalog import catalog
from games.haunt.schema import MENTAL, PHYSICAL, Trait
from games.haunt.state import DamageOwed, HauntState


def _prompt(
    seat: int,
    kind: str,
    actions: list[Action],
    question: str,
    *,
    clock: Clock = "turn",
) -> list[Prompt]:
    # Built without validation (``built``): every value is of its field's type and made for
    # this prompt, and the prompts are worked out again on every move.
    return [built(Prompt, {
        "seat": seat, "kind": kind, "actions": actions, "blocking": True, "default": 0,
        "params": {}, "question": question, "clock": clock, "pick": None,
    }, defaulted=("blocking", "default", "params", "pick"))]


def damage_traits(state: HauntState, owed: DamageOwed) -> list[Trait]:
    """The traits a step of damage may go to. A step onto the skull kills, and the seed lets it
    kill only when no other trait can take the step ("无可避免地"): such a step is offered only
    when nothing else is, and never before the haunt, when nobody dies."""
    kinds = PHYSICAL if owed.kind == "physical" else MENTAL
    marks = state.seat(owed.seat).marks
    safe = [t for t in kinds if marks[t] >= 1]
    if safe or state.haunt is None:
        return safe
    return [t for t in kinds if marks[t] >= 0]


def pending(state: HauntState) -> list[Prompt]:
    if state.winners is not None:
        return []
    if state.phase == "choose":
        seat = state.current
        actions: list[Action] = [
            make(ChooseExplorer, seat=seat, explorer=e) for e in _free(state)]
        return _prompt(seat, "choose_explorer", actions, f"choose_explorer:{seat}")
    seat = state.current
    if state.placement is not None:
        turns: list[Action] = [
            make(TurnRoom, seat=seat, doors=tuple(d)) for d in state.placement.choices]
        return _prompt(seat, "turn_room", turns, f"turn_room@{state.step}")
    if state.event_choice is not None:
        assert state.traitor is not None
        faces: list[Action] = [
            make(FaceEvent, seat=state.traitor, resolve=False),
            make(FaceEvent, seat=state.traitor, resolve=True),
        ]
        return _prompt(state.traitor, "face_event", faces, f"face_event@{state.step}")
    if state.steal is not None:
        attacker = state.steal.attacker
        steals: list[Action] = [make(Steal, seat=attacker, card=None)]
        steals += [
            make(Steal, seat=attacker, card=c)
            for c in state.seat(state.steal.defender).cards
            if cards.transferable(c)
        ]
        return _prompt(attacker, "steal", steals, f"steal@{state.step}")
    if state.damage:
        owed = state.damage[0]
        hits: list[Action] = [
            make(TakeDamage, seat=owed.seat, trait=t) for t in damage_traits(state, owed)
        ]
        # Damage taken in one's own turn is part of that turn; anyone else answers on the
        # response clock (an attack's defender, an explorer a monster hit).
        own = owed.seat == state.current and state.monster_turn is None
        clock: Clock = "turn" if own else "response"
        return _prompt(owed.seat, "take_damage", hits, f"take_damage@{state.step}", clock=clock)
    if state.monster_turn is not None:
        return _monster_prompt(state)
    return _turn_prompt(state, seat)


def _free(state: HauntState) -> list[str]:
    from games.haunt.setup import free_explorers

    return free_explorers(state)


def _monster_prompt(state: HauntState) -> list[Prompt]:
    turn = state.monster_turn
    seat = monsters.controller(state)
    assert turn is not None and turn.queue and seat is not None
    piece = turn.queue[0]
    actions: list[Action] = [make(MonsterDone, seat=seat, monster=piece)]
    actions += [make(MonsterMove, seat=seat, monster=piece, to=r)
                for r in monsters.destinations(state)]
    if not turn.attacked:
        room = state.monster(piece).room
        actions += [
            make(MonsterAttack, seat=seat, monster=piece, target=t)
            for t in monsters.prey(state, room)
        ]
    return _prompt(seat, "monster", actions, f"monster:{state.turn.number}:{piece}@{state.step}")


def _turn_prompt(state: HauntState, seat: int) -> list[Prompt]:
    s = state.seat(seat)
    actions: list[Action] = [make(EndTurn, seat=seat)]
    # moves.destinations and explore.explorable, with whether the explorer may leave and
    # the map read once for both.
    if moves.may_leave(state, seat):
        grid = board.cells(state)
        actions += [make(Move, seat=seat, to=r) for r in board.exits(state, s.room, grid=grid)]
        actions += [make(Explore, seat=seat, direction=d)
                    for d in explore.doors_to_explore(state, seat, grid)]
    room = catalog().room(s.room)
    if room.action is not None and _room_action_free(state, seat):
        actions.append(make(RoomAction, seat=seat))
    # Who may be given a card is the same for every card: read once, not card by card.
    takers = [] if "give" in state.turn.used else [
        other for other in range(state.seats)
        if other != seat and state.in_house(other) and state.seat(other).room == s.room]
    used_this_turn = state.turn.used
    for card in s.cards:
        usable, transferable = _card_facts(card)
        used = f"card:{card}" in used_this_turn
        if usable and not used:
            actions.append(make(UseCard, seat=seat, card=card))
        if used or not transferable:
            continue
        actions.append(make(Drop, seat=seat, card=card))
        for other in takers:
            actions.append(make(Give, seat=seat, card=card, to=other))
    actions += [
        make(PickUp, seat=seat, card=c)
        for c in state.piles.get(s.room, ()) if cards.transferable(c)
    ]
    actions += [
        make(Attack, seat=seat, target=t, trait=tr, ranged=r)
        for t, tr, r in combat.targets(state, seat)
    ]
    actions += [make(Special, seat=seat, action=a.id) for a in goals.available(state, seat)]
    return _prompt(seat, "turn", actions, f"turn:{state.turn.number}@{state.step}")


_CARD_FACTS: dict[str, tuple[bool, bool]] = {}


def _card_facts(card: str) -> tuple[bool, bool]:
    """Whether ``card`` has a use and whether it may change hands: the card's own, read from
    the catalog once rather than for every card carried on every turn prompt."""
    facts = _CARD_FACTS.get(card)
    if facts is None:
        facts = _CARD_FACTS[card] = (bool(catalog().card(card).use), cards.transferable(card))
    return facts


def _room_action_free(state: HauntState, seat: int) -> bool:
    room_id = state.seat(seat).room
    action = catalog().room(room_id).action
    assert action is not None
    if f"room:{room_id}" in state.turn.used:
        return False
    return not (action.once == "game" and room_id in state.seat(seat).used_room_actions)
