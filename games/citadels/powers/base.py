"""The base characters with a power to use: Assassin, Thief, Magician and Warlord (with the
Graveyard, which answers the Warlord). The King, Bishop, Merchant and Architect act through
the calling and the gather (``calling``)."""

from __future__ import annotations

from games.citadels.calling import finish_turn
from games.citadels.cards import district_of
from games.citadels.context import Context
from games.citadels.powers.common import exposed_seats, nameable, playing
from games.citadels.state import CitadelsState, district_value, owner_of_district, owns

# -- Assassin --------------------------------------------------------------------------------


def murder_targets(state: CitadelsState) -> list[str]:
    turn = playing(state, "assassin", "murder")
    return [] if turn is None else nameable(state, turn.actor, 1)


def murder(ctx: Context, character: str) -> None:
    turn = ctx.state.own_turn()
    turn.use("murder")
    ctx.state.murdered = character
    ctx.public("murder", seat=turn.actor, character=character)


# -- Thief -----------------------------------------------------------------------------------


def rob_targets(state: CitadelsState) -> list[str]:
    turn = playing(state, "thief", "rob")
    if turn is None:
        return []
    spared = {state.murdered, state.bewitched}
    return [n for n in nameable(state, turn.actor, 2) if n not in spared]


def rob(ctx: Context, character: str) -> None:
    turn = ctx.state.own_turn()
    turn.use("rob")
    ctx.state.robbed = character
    ctx.state.robber = turn.actor
    ctx.public("rob", seat=turn.actor, character=character)


# -- Magician --------------------------------------------------------------------------------


def swap_targets(state: CitadelsState) -> list[int]:
    turn = playing(state, "magician", "magic")
    if turn is None or turn.stage not in ("gather", "main"):
        return []
    mine = state.hands[turn.actor]
    return [s for s in range(state.seats) if s != turn.actor and (mine or state.hands[s])]


def swap_hands(ctx: Context, target: int) -> None:
    state = ctx.state
    turn = state.own_turn()
    turn.use("magic")
    actor = turn.actor
    # Both hands owned before they change places: ownership is told by a hand's place, and a
    # lent hand moved to the other place would pass for owned there.
    mine, theirs = state.own_hand(actor), state.own_hand(target)
    hands = state.own("hands")
    hands[actor], hands[target] = theirs, mine
    ctx.public(
        "hands_swapped",
        seat=actor,
        target=target,
        gave=len(state.hands[target]),
        got=len(state.hands[actor]),
    )


def magician_discards(state: CitadelsState) -> list[str]:
    turn = state.turn
    if turn is None or turn.character != "magician" or turn.gather_only:
        return []
    if turn.stage == "redraw" or ("magic" not in turn.used and turn.stage in ("gather", "main")):
        return list(state.hands[turn.actor])
    return []


def set_aside(ctx: Context, card: str) -> None:
    state = ctx.state
    turn = state.own_turn()
    if turn.stage != "redraw":
        turn.use("magic")
        turn.resume = turn.stage
        turn.stage = "redraw"
    state.own_hand(turn.actor).remove(card)
    turn.set_aside = [*turn.set_aside, card]


def redraw(ctx: Context) -> None:
    turn = ctx.state.own_turn()
    count = len(turn.set_aside)
    ctx.bury(turn.set_aside)
    turn.set_aside = []
    turn.stage = turn.resume
    ctx.public("cards_discarded", seat=turn.actor, count=count, reason="magician")
    ctx.draw_into_hand(turn.actor, count, "magician")


# -- Warlord ---------------------------------------------------------------------------------


def destroy_price(state: CitadelsState, target: int, card: str) -> int:
    price = max(0, district_value(state, card) - 1)
    if district_of(card).name != "great_wall" and owns(state, target, "great_wall"):
        price += 1
    return price


def destroy_options(state: CitadelsState) -> list[tuple[int, str]]:
    turn = playing(state, "warlord", "destroy")
    if turn is None or turn.stage != "main":
        return []
    gold = state.gold[turn.actor]
    return [
        (target, card)
        for target in exposed_seats(state)
        for card in state.cities[target]
        if district_of(card).name != "keep" and destroy_price(state, target, card) <= gold
    ]


def destroy(ctx: Context, target: int, card: str) -> None:
    """Destroying ends the Warlord's turn (it happens at the end of it), after the
    Graveyard's owner has had the chance to buy the district back."""
    state = ctx.state
    turn = state.own_turn()
    turn.use("destroy")
    price = destroy_price(state, target, card)
    ctx.pay(turn.actor, price)
    state.own_city(target).remove(card)
    if card in state.built_round:
        state.own_built_round().pop(card)
    if card in state.beautified:
        state.own_list("beautified").remove(card)
    ctx.public("district_destroyed", seat=turn.actor, target=target, card=card, paid=price)
    keeper = owner_of_district(state, "graveyard")
    if keeper is not None and keeper != turn.actor and state.gold[keeper] >= 1:
        turn.graveyard_seat = keeper
        turn.graveyard_card = card
        turn.stage = "graveyard"
        return
    ctx.bury([card])
    finish_turn(ctx)


def graveyard(ctx: Context, accept: bool) -> None:
    state = ctx.state
    turn = state.own_turn()
    keeper, card = turn.graveyard_seat, turn.graveyard_card
    assert keeper is not None and card is not None
    if accept:
        ctx.pay(keeper, 1)
        state.own_hand(keeper).append(card)
        ctx.private(keeper, "graveyard_card", seat=keeper, card=card)
    else:
        ctx.bury([card])
    ctx.public("graveyard_decision", seat=keeper, bought=accept)
    turn.graveyard_seat = turn.graveyard_card = None
    finish_turn(ctx)
