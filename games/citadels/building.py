"""The gather, building, and the purple districts' own abilities."""

from __future__ import annotations

from games.citadels.calling import after_gather
from games.citadels.cards import district_of
from games.citadels.context import Context
from games.citadels.state import CitadelsState, Turn, city_names, is_complete, owns

SMITHY_PRICE = 3
SMITHY_CARDS = 2


def current(state: CitadelsState) -> Turn:
    turn = state.turn
    assert turn is not None, "no turn is being played"
    return turn


# -- the gather ------------------------------------------------------------------------------


def take_gold(ctx: Context) -> None:
    turn = current(ctx.state)
    ctx.give(turn.actor, 2)
    ctx.public("gold_taken", seat=turn.actor, gold=2)
    after_gather(ctx)


def draw_counts(state: CitadelsState, seat: int) -> tuple[int, int]:
    """(cards drawn, cards kept) for the gather: the Observatory draws three, the Library keeps
    two (both together: draw three, keep two)."""
    drawn = 3 if owns(state, seat, "observatory") else 2
    kept = 2 if owns(state, seat, "library") else 1
    return drawn, kept


def draw_cards(ctx: Context) -> None:
    state = ctx.state
    turn = state.own_turn()
    count, keep = draw_counts(state, turn.actor)
    cards = ctx.draw(count)
    ctx.public("gather_draw", seat=turn.actor, count=len(cards))
    if len(cards) <= keep:
        state.own_hand(turn.actor).extend(cards)
        ctx.private(turn.actor, "cards_kept", seat=turn.actor, cards=cards)
        after_gather(ctx)
        return
    ctx.private(turn.actor, "cards_seen", seat=turn.actor, cards=cards)
    turn.drawn = cards
    turn.keep_left = keep
    turn.stage = "keep"


def keep_card(ctx: Context, card: str) -> None:
    state = ctx.state
    turn = state.own_turn()
    drawn = turn.drawn.copy()
    drawn.remove(card)
    turn.drawn = drawn
    state.own_hand(turn.actor).append(card)
    turn.keep_left -= 1
    ctx.private(turn.actor, "cards_kept", seat=turn.actor, cards=[card])
    if turn.keep_left > 0 and turn.drawn:
        return
    returned, seat = turn.drawn, turn.actor
    turn.drawn = []
    turn.keep_left = 0
    if turn.gather_only:
        # A bewitched holder's cards reach the bottom of the deck only once the Witch has
        # drawn her bonus cards: she never draws what another seat has just seen.
        after_gather(ctx)
        ctx.bury(returned)
        ctx.public("cards_returned", seat=seat, count=len(returned))
        return
    ctx.bury(returned)
    ctx.public("cards_returned", seat=seat, count=len(returned))
    after_gather(ctx)


# -- building --------------------------------------------------------------------------------


def buildable(state: CitadelsState) -> list[str]:
    turn = current(state)
    if turn.stage != "main" or turn.builds_left <= 0:
        return []
    seat = turn.actor
    gold = state.gold[seat]
    have = city_names(state, seat)
    return [
        card
        for card in state.hands[seat]
        if district_of(card).cost <= gold and district_of(card).name not in have
    ]


def place_in_city(ctx: Context, seat: int, card: str) -> None:
    state = ctx.state
    state.own_city(seat).append(card)
    state.own_built_round()[card] = state.round
    if is_complete(state, seat) and seat not in state.completed:
        state.own_list("completed").append(seat)
        ctx.public("city_completed", seat=seat, first=len(state.completed) == 1)


def pay_and_build(ctx: Context, seat: int, card: str) -> None:
    """Pay for a card (already out of any hand) and put it in the seat's city."""
    turn = ctx.state.own_turn()
    cost = district_of(card).cost
    ctx.pay(seat, cost)
    turn.built += 1
    turn.spent_building += cost
    ctx.public("district_built", seat=seat, card=card, cost=cost)
    place_in_city(ctx, seat, card)


def build(ctx: Context, card: str) -> None:
    state = ctx.state
    turn = state.own_turn()
    state.own_hand(turn.actor).remove(card)
    turn.builds_left -= 1
    pay_and_build(ctx, turn.actor, card)


# -- purple districts used during a turn -----------------------------------------------------


def laboratory_cards(state: CitadelsState) -> list[str]:
    turn = current(state)
    if turn.gather_only or "laboratory" in turn.used or not owns(state, turn.actor, "laboratory"):
        return []
    return list(state.hands[turn.actor])


def use_laboratory(ctx: Context, card: str) -> None:
    state = ctx.state
    turn = state.own_turn()
    turn.use("laboratory")
    state.own_hand(turn.actor).remove(card)
    ctx.bury([card])
    ctx.give(turn.actor, 1)
    ctx.private(turn.actor, "laboratory_discard", seat=turn.actor, card=card)
    ctx.public("laboratory_used", seat=turn.actor, gold=1)


def smithy_open(state: CitadelsState) -> bool:
    turn = current(state)
    return (
        not turn.gather_only
        and "smithy" not in turn.used
        and owns(state, turn.actor, "smithy")
        and state.gold[turn.actor] >= SMITHY_PRICE
        and bool(state.deck)
    )


def use_smithy(ctx: Context) -> None:
    turn = ctx.state.own_turn()
    turn.use("smithy")
    ctx.pay(turn.actor, SMITHY_PRICE)
    ctx.public("smithy_used", seat=turn.actor, gold=SMITHY_PRICE)
    ctx.draw_into_hand(turn.actor, SMITHY_CARDS, "smithy")
