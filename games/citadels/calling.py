"""Calling the characters in rank order, and what happens between turns and rounds.

A character laid face up in the draft is not called: everyone knows it is out. Any other
character nobody answers for (face down, or murdered) gets the same public "no answer": the
murdered holder stays silent until the round is over.
"""

from __future__ import annotations

from games.citadels.cards import CHARACTERS, CROWN_RANK, district_of
from games.citadels.context import Context
from games.citadels.draft import start_round
from games.citadels.state import CitadelsState, Turn, holder_of, neighbours, owns

QUEEN_GOLD = 3


def crown_to(ctx: Context, seat: int) -> None:
    ctx.state.crown = seat
    ctx.public("crown_moved", seat=seat)


def crown_character(state: CitadelsState) -> str | None:
    for name in state.characters:
        if CHARACTERS[name].rank == CROWN_RANK:
            return name
    return None


def begin_calling(ctx: Context) -> None:
    state = ctx.state
    state.phase = "turns"
    state.calling = -1
    state.taxes_open = "tax_collector" in state.characters and "tax_collector" not in state.face_up
    call_next(ctx)


def call_next(ctx: Context) -> None:
    state = ctx.state
    while True:
        state.turn = None
        state.calling += 1
        if state.calling >= len(state.characters):
            end_round(ctx)
            return
        name = state.characters[state.calling]
        if name in state.face_up:
            continue
        rank = CHARACTERS[name].rank
        ctx.public("character_called", rank=rank, character=name)
        holder = holder_of(state, name)
        if holder is None or name == state.murdered:
            if holder is not None:
                ctx.private(holder, "murdered_turn_lost", seat=holder, character=name)
            ctx.public("no_answer", rank=rank, character=name)
            if name == "tax_collector":
                _close_taxes(ctx)
            continue
        _reveal(ctx, holder, name)
        return


def _close_taxes(ctx: Context) -> None:
    state = ctx.state
    state.taxes_open = False
    if state.tax_pot:
        ctx.public("tax_pot_lost", gold=state.tax_pot)
        state.tax_pot = 0


def _reveal(ctx: Context, holder: int, name: str) -> None:
    state = ctx.state
    info = CHARACTERS[name]
    state.own_list("revealed").append(name)
    ctx.public("character_revealed", seat=holder, rank=info.rank, character=name)
    bewitched = name == state.bewitched
    actor = state.witch if bewitched and state.witch is not None else holder
    if name == "king":
        crown_to(ctx, holder)
    if name == state.robbed and state.robber is not None:
        gold = ctx.move_gold(holder, state.robber, state.gold[holder])
        ctx.public("robbed", seat=holder, thief=state.robber, gold=gold)
    if name == "tax_collector":
        state.taxman = actor
        if state.tax_pot:
            ctx.give(actor, state.tax_pot)
            ctx.public("tax_pot_collected", seat=actor, gold=state.tax_pot)
            state.tax_pot = 0
    if name == "bishop":
        state.protected = actor
    if name == "queen":
        _queen(ctx, actor)
    state.turn = Turn(
        character=name,
        holder=holder,
        actor=holder,
        gather_only=bewitched,
        builds_left=0 if bewitched else info.builds,
    )
    if bewitched:
        ctx.public("bewitched_turn", seat=holder, character=name, witch=actor)


def _queen(ctx: Context, actor: int) -> None:
    state = ctx.state
    king = crown_character(state)
    if king is None:
        return
    holder = holder_of(state, king)
    if holder is None or holder not in neighbours(state, actor):
        return
    if king == state.murdered:
        # Paid when the murdered King's holder speaks up at the end of the round, so that
        # the gold tells nobody where the King sat.
        state.queen_owed = actor
        return
    ctx.give(actor, QUEEN_GOLD)
    ctx.public("queen_gold", seat=actor, gold=QUEEN_GOLD)


# -- inside a turn ---------------------------------------------------------------------------


def after_gather(ctx: Context) -> None:
    """The gather is done: a bewitched holder hands the rest of the turn to the Witch."""
    state = ctx.state
    turn = state.own_turn()
    turn.gathered = True
    if turn.gather_only:
        ctx.public("turn_ended", seat=turn.holder, character=turn.character)
        witch = state.witch
        assert witch is not None
        state.turn = turn = Turn(
            character=turn.character,
            holder=turn.holder,
            actor=witch,
            stage="main",
            resume="main",
            gathered=True,
            builds_left=turn.info.builds,
        )
        ctx.public("witch_takes_over", seat=witch, character=turn.character)
    turn.stage = "main"
    turn.resume = "main"
    if turn.character == "merchant":
        ctx.give(turn.actor, 1)
        ctx.public("merchant_gold", seat=turn.actor, gold=1)
    elif turn.character == "architect":
        ctx.draw_into_hand(turn.actor, 2, "architect")


def income_for(state: CitadelsState, seat: int, character: str) -> int:
    colour = CHARACTERS[character].income
    if colour is None:
        return 0
    count = sum(1 for card in state.cities[seat] if district_of(card).colour == colour)
    if owns(state, seat, "school_of_magic"):
        count += 1
    return count


def take_income(ctx: Context) -> None:
    state = ctx.state
    turn = state.own_turn()
    gold = income_for(state, turn.actor, turn.character)
    turn.income_taken = True
    ctx.give(turn.actor, gold)
    ctx.public("income", seat=turn.actor, character=turn.character, gold=gold)


def richest_other(state: CitadelsState, seat: int) -> int | None:
    """The one seat strictly richer than every other, if it is not ``seat``."""
    top = max(state.gold)
    richest = [s for s, g in enumerate(state.gold) if g == top]
    if len(richest) != 1 or richest[0] == seat or top == 0:
        return None
    return richest[0]


def abbot_collect(ctx: Context) -> None:
    state = ctx.state
    turn = state.own_turn()
    turn.use("abbot")
    source = richest_other(state, turn.actor)
    if source is None:
        return
    ctx.move_gold(source, turn.actor, 1)
    ctx.public("abbot_gold", seat=turn.actor, source=source, gold=1)


def finish_turn(ctx: Context) -> None:
    """End the current turn: collect what is owed automatically, pay taxes, call the next."""
    state = ctx.state
    turn = state.turn
    assert turn is not None
    actor = turn.actor
    if not turn.gather_only:
        if not turn.income_taken and CHARACTERS[turn.character].income is not None:
            take_income(ctx)
        if turn.character == "abbot" and "abbot" not in turn.used:
            abbot_collect(ctx)
        if turn.character == "alchemist" and turn.spent_building:
            ctx.give(actor, turn.spent_building)
            ctx.public("alchemist_refund", seat=actor, gold=turn.spent_building)
        if turn.built and state.taxes_open and state.gold[actor] > 0 and state.taxman != actor:
            ctx.pay(actor, 1)
            if state.taxman is None:
                state.tax_pot += 1
            else:
                ctx.give(state.taxman, 1)
            ctx.public("tax_paid", seat=actor, to=state.taxman, gold=1)
    ctx.public("turn_ended", seat=actor, character=turn.character)
    call_next(ctx)


# -- the end of a round ----------------------------------------------------------------------


def end_round(ctx: Context) -> None:
    state = ctx.state
    state.turn = None
    ctx.public("round_ended", round=state.round)
    murdered = state.murdered
    holder = holder_of(state, murdered) if murdered is not None else None
    if murdered is not None and holder is not None:
        state.own_list("revealed").append(murdered)
        ctx.public(
            "murdered_revealed",
            seat=holder,
            rank=CHARACTERS[murdered].rank,
            character=murdered,
        )
        if murdered == "king":
            crown_to(ctx, holder)
        if state.queen_owed is not None:
            ctx.give(state.queen_owed, QUEEN_GOLD)
            ctx.public("queen_gold", seat=state.queen_owed, gold=QUEEN_GOLD)
            state.queen_owed = None
        if murdered == "emperor" and not state.completed and crown_targets(state, holder):
            state.phase = "crown"
            state.crown_giver = holder
            return
    close_round(ctx)


def crown_targets(state: CitadelsState, giver: int) -> list[int]:
    """Where the Emperor may put the crown: another seat, and the crown must move."""
    return [s for s in range(state.seats) if s != giver and s != state.crown]


def close_round(ctx: Context) -> None:
    state = ctx.state
    state.crown_giver = None
    if state.completed:
        state.phase = "over"
        state.turn = None
        ctx.public("game_over", face_down=state.face_down_log)
        return
    start_round(ctx)
