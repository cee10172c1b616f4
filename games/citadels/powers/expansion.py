"""The expansion characters with a power to use: Witch, Wizard, Emperor, Abbot, Navigator,
Diplomat and Artist. The Tax Collector, Alchemist and Queen act by themselves (``calling``)."""

from __future__ import annotations

from games.citadels.building import current, pay_and_build
from games.citadels.calling import (
    abbot_collect,
    crown_targets,
    crown_to,
    finish_turn,
    richest_other,
)
from games.citadels.cards import district_of
from games.citadels.context import Context
from games.citadels.powers.common import exposed_seats, nameable, playing
from games.citadels.state import CitadelsState, city_names, district_value

NAVIGATOR_GOLD = 4
NAVIGATOR_CARDS = 4
ARTIST_DISTRICTS = 2


# -- Emperor ---------------------------------------------------------------------------------------


def give_crown_targets(state: CitadelsState) -> list[int]:
    if state.phase == "crown" and state.crown_giver is not None:
        return crown_targets(state, state.crown_giver)
    turn = playing(state, "emperor", "crown")
    if turn is None or turn.stage not in ("gather", "main"):
        return []
    return crown_targets(state, turn.actor)


def must_give_crown(state: CitadelsState) -> bool:
    return bool(give_crown_targets(state))


def give_crown(ctx: Context, target: int) -> None:
    state = ctx.state
    if state.phase == "crown":
        # A murdered Emperor still passes the crown, but is paid nothing.
        crown_to(ctx, target)
        return
    turn = state.own_turn()
    turn.use("crown")
    crown_to(ctx, target)
    if state.gold[target] > 0 or state.hands[target]:
        turn.tribute_seat = target
        turn.resume = turn.stage
        turn.stage = "tribute"


def tribute_options(state: CitadelsState) -> list[str | None]:
    turn = current(state)
    assert turn.tribute_seat is not None
    seat = turn.tribute_seat
    options: list[str | None] = [None] if state.gold[seat] > 0 else []
    options.extend(state.hands[seat])
    return options


def pay_tribute(ctx: Context, card: str | None) -> None:
    state = ctx.state
    turn = state.own_turn()
    payer = turn.tribute_seat
    assert payer is not None
    if card is None:
        ctx.move_gold(payer, turn.actor, 1)
        ctx.public("tribute_paid", seat=payer, to=turn.actor, gold=1, cards=0)
    else:
        state.own_hand(payer).remove(card)
        state.own_hand(turn.actor).append(card)
        ctx.private((payer, turn.actor), "tribute_card", seat=payer, to=turn.actor, card=card)
        ctx.public("tribute_paid", seat=payer, to=turn.actor, gold=0, cards=1)
    turn.tribute_seat = None
    turn.stage = turn.resume


# -- Abbot -----------------------------------------------------------------------------------


def abbot_open(state: CitadelsState) -> bool:
    turn = playing(state, "abbot", "abbot")
    return turn is not None and richest_other(state, turn.actor) is not None


def collect_from_richest(ctx: Context) -> None:
    abbot_collect(ctx)


# -- Witch -----------------------------------------------------------------------------------


def bewitch_targets(state: CitadelsState) -> list[str]:
    turn = playing(state, "witch", "bewitch")
    if turn is None or turn.stage != "main" or turn.built:
        return []
    return nameable(state, turn.actor, 1)


def bewitch(ctx: Context, character: str) -> None:
    """The Witch's turn stops here; she plays on when the bewitched character is called."""
    state = ctx.state
    turn = state.own_turn()
    turn.use("bewitch")
    state.bewitched = character
    state.witch = turn.actor
    ctx.public("bewitch", seat=turn.actor, character=character)
    finish_turn(ctx)


# -- Wizard ----------------------------------------------------------------------------------


def peek_targets(state: CitadelsState) -> list[int]:
    turn = playing(state, "wizard", "wizard")
    if turn is None or turn.stage not in ("gather", "main"):
        return []
    return [s for s in range(state.seats) if s != turn.actor and state.hands[s]]


def peek(ctx: Context, target: int) -> None:
    turn = ctx.state.own_turn()
    turn.use("wizard")
    turn.peek_target = target
    turn.resume = turn.stage
    turn.stage = "peek"
    ctx.public("wizard_looks", seat=turn.actor, target=target)


def wizard_take_options(state: CitadelsState) -> list[tuple[str, bool]]:
    turn = current(state)
    assert turn.peek_target is not None
    gold = state.gold[turn.actor]
    cards = state.hands[turn.peek_target]
    options = [(card, False) for card in cards]
    options.extend((card, True) for card in cards if district_of(card).cost <= gold)
    return options


def wizard_take(ctx: Context, card: str, build_now: bool) -> None:
    """The card taken may be built at once, outside the build limit, even as a duplicate."""
    state = ctx.state
    turn = state.own_turn()
    target = turn.peek_target
    assert target is not None
    state.own_hand(target).remove(card)
    turn.peek_target = None
    turn.stage = turn.resume
    if build_now:
        ctx.public("wizard_took", seat=turn.actor, target=target)
        pay_and_build(ctx, turn.actor, card)
        return
    state.own_hand(turn.actor).append(card)
    ctx.private((turn.actor, target), "wizard_card", seat=turn.actor, target=target, card=card)
    ctx.public("wizard_took", seat=turn.actor, target=target)


# -- Navigator -------------------------------------------------------------------------------


def navigator_options(state: CitadelsState) -> list[str]:
    turn = playing(state, "navigator", "navigator")
    if turn is None or turn.stage != "main":
        return []
    return ["gold", "cards"] if state.deck else ["gold"]


def navigator_bonus(ctx: Context, take: str) -> None:
    turn = ctx.state.own_turn()
    turn.use("navigator")
    if take == "gold":
        ctx.give(turn.actor, NAVIGATOR_GOLD)
        ctx.public("navigator_gold", seat=turn.actor, gold=NAVIGATOR_GOLD)
    else:
        ctx.draw_into_hand(turn.actor, NAVIGATOR_CARDS, "navigator")


# -- Diplomat --------------------------------------------------------------------------------


def exchange_price(state: CitadelsState, give: str, take: str) -> int:
    return max(0, district_value(state, take) - district_value(state, give))


def exchange_options(state: CitadelsState) -> list[tuple[str, int, str]]:
    turn = playing(state, "diplomat", "exchange")
    if turn is None or turn.stage != "main":
        return []
    actor = turn.actor
    gold = state.gold[actor]
    mine = city_names(state, actor)
    options: list[tuple[str, int, str]] = []
    for give in state.cities[actor]:
        given = district_of(give).name
        if given == "keep":
            continue
        for target in exposed_seats(state):
            if target == actor:
                continue
            theirs = city_names(state, target)
            for take in state.cities[target]:
                taken = district_of(take).name
                if taken in ("keep", given) or taken in mine or given in theirs:
                    continue
                if exchange_price(state, give, take) <= gold:
                    options.append((give, target, take))
    return options


def exchange(ctx: Context, give: str, target: int, take: str) -> None:
    """Like the Warlord's destroy, the exchange closes the Diplomat's turn."""
    state = ctx.state
    turn = state.own_turn()
    turn.use("exchange")
    price = exchange_price(state, give, take)
    ctx.move_gold(turn.actor, target, price)
    mine, theirs = state.own_city(turn.actor), state.own_city(target)
    mine[mine.index(give)] = take
    theirs[theirs.index(take)] = give
    ctx.public(
        "districts_exchanged", seat=turn.actor, target=target, gave=give, took=take, paid=price
    )
    finish_turn(ctx)


# -- Artist ----------------------------------------------------------------------------------


def beautify_options(state: CitadelsState) -> list[str]:
    turn = playing(state, "artist", "artist")
    if turn is None or turn.stage not in ("gather", "main") or turn.beautified >= ARTIST_DISTRICTS:
        return []
    if state.gold[turn.actor] < 1:
        return []
    return [card for card in state.cities[turn.actor] if card not in state.beautified]


def beautify(ctx: Context, card: str) -> None:
    state = ctx.state
    turn = state.own_turn()
    turn.beautified += 1
    ctx.pay(turn.actor, 1)
    state.own_list("beautified").append(card)
    ctx.public("district_beautified", seat=turn.actor, card=card)
