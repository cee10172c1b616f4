"""What each seat may decide right now: one prompt per seat.

The seat the game waits for gets a blocking prompt (its decision, then its free moves); every
other player still standing gets a non-blocking prompt of free moves, if it has any.
"""

from __future__ import annotations

from itertools import combinations

from games.core import Action, Pick, Prompt
from games.core.construct import assembled
from games.core.memo import Memo
from games.zombie import actions as a
from games.zombie.actions import make
from games.zombie.board import turnings, walkable_neighbours
from games.zombie.fight import arms_choices, remainder_of
from games.zombie.health import dying, standing
from games.zombie.items import can_refuel, open_offer, unfound
from games.zombie.rounds import round_choices
from games.zombie.state import ZombieState, acting_leader
from games.zombie.tiles import OPPOSITE

PROMPT = "zombie.prompt."
# The fields counted as set in the prompts built here, as the constructor would count them.
_ACTIONS = frozenset(("actions",))
_FREE_MOVES_SET = frozenset(("seat", "kind", "actions", "blocking", "default"))
_GIVEN = frozenset(("seat", "kind", "actions", "default", "params", "question", "clock", "pick"))
# Those sets themselves, one of each shared by every prompt built here: a prompt is frozen, so
# nothing adds to its set (a copy of it gets a set of its own).
_GIVEN_SET = set(_GIVEN)
_FREE_MOVES_GIVEN = set(_FREE_MOVES_SET)
FREE_MOVES = PROMPT + "free_moves"
# A pick lists every subset as an action while there are at most this many.
_LISTED_SUBSETS = 30


def pending(state: ZombieState) -> list[Prompt]:
    if state.stage in ("over", "auto"):
        return []
    waiting = _blocking(state)
    offered = open_offer(state)
    prompts: list[Prompt] = []
    able = standing(state)
    players = state.players
    holder = state.totem_holder if state.totem == "held" else None
    for seat in range(state.seats):
        # A seat holding nothing (most seats, most moves) has no free move: no need to ask.
        free = free_moves(state, seat, able) if players[seat].items or seat == holder else []
        decision = waiting.get(seat)
        if seat == offered:
            # The totem offered to this seat: a question of its own (refusing is the default,
            # the seed's receiver must be willing), or part of the seat's waiting decision.
            answers: list[Action] = [make(a.RefuseTotem, seat=seat), make(a.AcceptTotem, seat=seat)]
            if decision is None:
                prompts.append(Prompt(
                    seat=seat, kind=PROMPT + "totem_offer", actions=[*answers, *free], default=0,
                    params={"holder": state.totem_holder}, clock="response",
                    question=f"totem_offer#{state.ask}",
                ))
                continue
            free = [*answers, *free]
        if decision is not None:
            # The decision made for this call is the prompt as it is when no free move joins it.
            # (``copied(decision, {"actions": ...})``: a prompt is plain data.)
            prompts.append(assembled(Prompt, {**decision.__dict__,
                                          "actions": [*decision.actions, *free]},
                                 _with_actions(decision.__pydantic_fields_set__))
                           if free else decision)
        elif free:
            # ``Prompt(seat=, kind=, actions=free, blocking=False, default=None)`` without the
            # validation, which would leave every value as it is (``free`` is a fresh list).
            prompts.append(assembled(Prompt, {
                "seat": seat, "kind": FREE_MOVES, "actions": free, "blocking": False,
                "default": None, "params": {}, "question": "", "clock": "turn", "pick": None,
            }, _FREE_MOVES_GIVEN))
    return prompts


def _with_actions(fields_set: set[str]) -> set[str]:
    """A prompt's set fields with ``actions`` among them: the set itself when it holds it
    (shared: prompts are frozen)."""
    return fields_set if fields_set >= _ACTIONS else fields_set | _ACTIONS


# A seat's free moves by what they depend on (its items, who stands, the totem, the drinkers,
# refuelling): the same few combinations come back move after move, and each action is a
# model of its own.
_FREE_MOVES: Memo[tuple[object, ...], tuple[Action, ...]] = Memo(20_000)


def free_moves(state: ZombieState, seat: int, able: list[int] | None = None) -> list[Action]:
    """Giving items and the totem, drinking the Concoction, refuelling the chainsaw.
    ``able`` is ``standing(state)`` when the caller has it already."""
    if able is None:
        able = standing(state)
    if seat not in able:
        return []
    player = state.players[seat]
    holds_totem = state.totem == "held" and state.totem_holder == seat
    if not holds_totem and not player.items:
        # Nothing to give, drink or pour: most seats, most of the time.
        return []
    offered = open_offer(state) if holds_totem else None
    drinkers = (tuple(t for t in able if state.players[t].health < 6)
                if "soda" in player.items else ())
    key = (seat, tuple(able), tuple(player.items), holds_totem, offered, drinkers,
           can_refuel(state, seat))
    found = _FREE_MOVES.get(key)
    if found is None:
        found = _FREE_MOVES.remember(key, tuple(_free_moves(*key)))
    return list(found)


def _free_moves(seat: int, able: tuple[int, ...], items: tuple[str, ...], holds_totem: bool,
                offered: int | None, drinkers: tuple[int, ...], refuel: bool) -> list[Action]:
    moves: list[Action] = []
    others = [s for s in able if s != seat]
    for item in dict.fromkeys(items):
        moves += [make(a.Give, seat=seat, item=item, to=to) for to in others]
    if holds_totem:
        moves += [make(a.GiveTotem, seat=seat, to=to) for to in others if to != offered]
    moves += [make(a.Drink, seat=seat, target=t) for t in drinkers]
    if refuel:
        moves.append(make(a.Refuel, seat=seat))
    return moves


def _prompt(state: ZombieState, seat: int, actions: list[Action], *, default: int | None = 0,
            clock: str = "turn", question: str | None = None, pick: object = None,
            asked_anew: bool = True, **params: object) -> Prompt:
    # Built without validation (``assembled``): every value is of its field's type and made for
    # this prompt, and the prompts are worked out again on every move. ``blocking`` is left
    # to its default, as the constructor would count it.
    return assembled(
        Prompt,
        {
            "seat": seat,
            "kind": PROMPT + state.stage,
            "actions": actions,
            "blocking": True,
            "default": default,
            "params": params,
            # A free move (a gift, the Concoction) counts as a new ``ask``: the seat that made
            # one is asked its question anew, so a bot that gave instead of answering answers.
            # Fight or flee is not (``asked_anew``): see ``_fight_prompts``.
            "question": (f"{question}@{state.ask}" if asked_anew else question) if question
            else f"{state.stage}#{state.ask}",
            "clock": clock,
            "pick": pick,
        },
        _GIVEN_SET,
    )


def _blocking(state: ZombieState) -> dict[int, Prompt]:
    stage = state.stage
    lead = acting_leader(state)
    options: list[Action]
    if stage == "lead":
        return {lead: _prompt(state, lead, round_choices(state, lead))}
    if stage == "turn":
        assert state.drawn_tile is not None and state.drawn_from is not None
        towards = None if state.breach else OPPOSITE[state.drawn_from]
        options = [make(a.Turn, seat=lead, turns=t) for t in turnings(state.drawn_tile, towards)]
        return {lead: _prompt(state, lead, options, tile=state.drawn_tile)}
    if stage == "victim":
        options = [make(a.Hurt, seat=lead, target=t) for t in standing(state)]
        return {lead: _prompt(state, lead, options, why=state.victim_for)}
    if stage == "item":
        options = [make(a.LeaveItem, seat=lead), make(a.TakeItem, seat=lead)]
        return {lead: _prompt(state, lead, options, item=state.offered_item)}
    if stage == "other_item":
        options = [make(a.ChooseItem, seat=lead, item=i) for i in unfound(state)]
        return {lead: _prompt(state, lead, options)}
    if stage == "fight":
        return _fight_prompts(state)
    if stage == "arms":
        window = state.windows.top
        assert window is not None
        seat = window.asked()[0]
        options = [make(a.Arm, seat=seat, choice=c)
                   for c in arms_choices(state, seat)]
        return {seat: _prompt(state, seat, options, clock="response",
                              question=window.question(seat))}
    if stage == "remainder":
        return {lead: _remainder_prompt(state, lead)}
    if stage == "rescue":
        window = state.windows.top
        assert window is not None
        seat = window.asked()[0]
        has_soda = "soda" in state.players[seat].items
        options = [make(a.Rescue, seat=seat, target=t) for t in dying(state) if has_soda]
        options.append(make(a.Rescue, seat=seat, target=None))
        return {seat: _prompt(state, seat, options, clock="response",
                              question=window.question(seat), dying=dying(state))}
    if stage == "bequest":
        window = state.windows.top
        assert window is not None
        seat = window.asked()[0]
        options = [make(a.Bequeath, seat=seat, to=t) for t in standing(state)]
        return {seat: _prompt(state, seat, options, question=window.question(seat))}
    if stage == "flee":
        options = [make(a.Flee, seat=lead, to=t) for t in walkable_neighbours(state, state.at)]
        return {lead: _prompt(state, lead, options)}
    if stage == "totem":
        options = [make(a.NameHolder, seat=lead, to=t) for t in standing(state)]
        return {lead: _prompt(state, lead, options)}
    raise AssertionError(f"no prompt for stage {stage}")


# Entries are needed only while their window is open (a few seconds at a thousand moves a
# second); every entry is also a few objects the full collection walks (bot/collector.py).
_FIGHT_PROMPTS: Memo[tuple[object, ...], Prompt] = Memo(6_000)


def _fight_prompts(state: ZombieState) -> dict[int, Prompt]:
    """Every seat of the window keeps the same open question until the last one commits, so
    nobody can tell who has chosen, and a seat may change its mind. A seat's own prompt (seen
    by nobody else) defaults to its answer so far, so its clock running out keeps that answer;
    a seat that never answered flees.

    The question stands through free moves too (it is not put anew at each ``ask``): putting
    it again would ask every seat that has answered once more, and a seat's only answers are
    the one it gave and its opposite (a bot answers a named question once, so it answers
    this one before any free move)."""
    window = state.windows.top
    assert window is not None and state.fight is not None
    zombies = state.fight.zombies
    prompts: dict[int, Prompt] = {}
    for seat in window.seats:
        default = 1 if window.answers.get(seat) == "fight" else 0
        question = window.question(seat)
        # A seat's prompt is the same while its question, its answer so far and the fight
        # stand: the window's other seats answering one by one each make a new state whose
        # prompts are worked out again (prompts are frozen and shared).
        key = (seat, default, question, state.stage, zombies)
        prompt = _FIGHT_PROMPTS.get(key)
        if prompt is None:
            options: list[Action] = [make(a.Commit, seat=seat, choice="flee"),
                                     make(a.Commit, seat=seat, choice="fight")]
            prompt = _FIGHT_PROMPTS.remember(key, _prompt(
                state, seat, options, clock="response", default=default, question=question,
                asked_anew=False, zombies=zombies))
        prompts[seat] = prompt
    return prompts


def _remainder_prompt(state: ZombieState, lead: int) -> Prompt:
    fighters, share, remainder = remainder_of(state)
    ids = tuple(str(s) for s in fighters)
    template = make(a.Settle, seat=lead, seats=())
    pick = Pick(field="seats", options=ids, min=remainder, max=remainder, template=template)
    subsets = list(combinations(ids, remainder))
    listed = subsets if len(subsets) <= _LISTED_SUBSETS else subsets[:1]
    options: list[Action] = [pick.build(chosen) for chosen in listed]
    return _prompt(state, lead, options, pick=pick, share=share, remainder=remainder)
