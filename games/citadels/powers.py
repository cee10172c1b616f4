"""The characters' powers: who they may target right now, and what using them does.

Every ``*_targets`` / ``*_options`` function returns what the acting seat may choose this
moment (empty when the power is spent or does not belong to the character being played).
"""

from __future__ import annotations

from games.citadels.building import current, pay_and_build
from games.citadels.calling import (
    abbot_collect,
    crown_targets,
    crown_to,
    finish_turn,
    richest_other,
)
from games.citadels.cards import CHARACTERS, character_card, district_of
from games.citadels.context import Context
from games.citadels.state import (
    CitadelsState,
    Turn,
    city_names,
    district_value,
    is_complete,
    owner_of_district,
    owns,
)

NAVIGATOR_GOLD = 4
NAVIGATOR_CARDS = 4
ARTIST_DISTRICTS = 2


def _plays(state: CitadelsState, character: str, power: str) -> Turn | None:
    """The turn, if it is ``character``'s (played in full, not a bewitched holder's gather)
    and ``power`` is still unused."""
    turn = state.turn
    if turn is None or turn.character != character or turn.gather_only or power in turn.used:
        return None
    return turn


def _named_targets(state: CitadelsState, actor: int, above_rank: int) -> list[str]:
    """Characters above ``above_rank`` a power may name: not laid face up, not the actor's own."""
    own = set(state.picks[actor])
    return [
        name
        for name in state.characters
        if CHARACTERS[name].rank > above_rank
        and name not in state.face_up
        and character_card(name) not in own
    ]


# -- Assassin --------------------------------------------------------------------------------


def murder_targets(state: CitadelsState) -> list[str]:
    turn = _plays(state, "assassin", "murder")
    return [] if turn is None else _named_targets(state, turn.actor, 1)


def murder(ctx: Context, character: str) -> None:
    turn = current(ctx.state)
    turn.used.append("murder")
    ctx.state.murdered = character
    ctx.public("murder", seat=turn.actor, character=character)


# -- Thief -----------------------------------------------------------------------------------


def rob_targets(state: CitadelsState) -> list[str]:
    turn = _plays(state, "thief", "rob")
    if turn is None:
        return []
    spared = {state.murdered, state.bewitched}
    return [n for n in _named_targets(state, turn.actor, 2) if n not in spared]


def rob(ctx: Context, character: str) -> None:
    turn = current(ctx.state)
    turn.used.append("rob")
    ctx.state.robbed = character
    ctx.state.robber = turn.actor
    ctx.public("rob", seat=turn.actor, character=character)


# -- Magician --------------------------------------------------------------------------------


def swap_targets(state: CitadelsState) -> list[int]:
    turn = _plays(state, "magician", "magic")
    if turn is None or turn.stage not in ("gather", "main"):
        return []
    mine = state.hands[turn.actor]
    return [s for s in range(state.seats) if s != turn.actor and (mine or state.hands[s])]


def swap_hands(ctx: Context, target: int) -> None:
    state = ctx.state
    turn = current(state)
    turn.used.append("magic")
    actor = turn.actor
    state.hands[actor], state.hands[target] = state.hands[target], state.hands[actor]
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
    turn = current(state)
    if turn.stage != "redraw":
        turn.used.append("magic")
        turn.resume = turn.stage
        turn.stage = "redraw"
    state.hands[turn.actor].remove(card)
    turn.set_aside.append(card)


def redraw(ctx: Context) -> None:
    turn = current(ctx.state)
    count = len(turn.set_aside)
    ctx.bury(turn.set_aside)
    turn.set_aside = []
    turn.stage = turn.resume
    ctx.public("cards_discarded", seat=turn.actor, count=count, reason="magician")
    ctx.draw_into_hand(turn.actor, count, "magician")


# -- King / Emperor --------------------------------------------------------------------------


def give_crown_targets(state: CitadelsState) -> list[int]:
    if state.phase == "crown" and state.crown_giver is not None:
        return crown_targets(state, state.crown_giver)
    turn = _plays(state, "emperor", "crown")
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
    turn = current(state)
    turn.used.append("crown")
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
    turn = current(state)
    payer = turn.tribute_seat
    assert payer is not None
    if card is None:
        ctx.move_gold(payer, turn.actor, 1)
        ctx.public("tribute_paid", seat=payer, to=turn.actor, gold=1, cards=0)
    else:
        state.hands[payer].remove(card)
        state.hands[turn.actor].append(card)
        ctx.private((payer, turn.actor), "tribute_card", seat=payer, to=turn.actor, card=card)
        ctx.public("tribute_paid", seat=payer, to=turn.actor, gold=0, cards=1)
    turn.tribute_seat = None
    turn.stage = turn.resume


# -- Abbot -----------------------------------------------------------------------------------


def abbot_open(state: CitadelsState) -> bool:
    turn = _plays(state, "abbot", "abbot")
    return turn is not None and richest_other(state, turn.actor) is not None


def collect_from_richest(ctx: Context) -> None:
    abbot_collect(ctx)


# -- Warlord ---------------------------------------------------------------------------------


def _exposed(state: CitadelsState) -> list[int]:
    """Seats whose districts the Warlord or Diplomat may touch: no completed city and not the
    Bishop's (a murdered Bishop is never revealed, so shields nobody)."""
    return [s for s in range(state.seats) if not is_complete(state, s) and s != state.protected]


def destroy_price(state: CitadelsState, target: int, card: str) -> int:
    price = max(0, district_value(state, card) - 1)
    if district_of(card).name != "great_wall" and owns(state, target, "great_wall"):
        price += 1
    return price


def destroy_options(state: CitadelsState) -> list[tuple[int, str]]:
    turn = _plays(state, "warlord", "destroy")
    if turn is None or turn.stage != "main":
        return []
    gold = state.gold[turn.actor]
    return [
        (target, card)
        for target in _exposed(state)
        for card in state.cities[target]
        if district_of(card).name != "keep" and destroy_price(state, target, card) <= gold
    ]


def destroy(ctx: Context, target: int, card: str) -> None:
    """Destroying ends the Warlord's turn (it happens at the end of it), after the
    Graveyard's owner has had the chance to buy the district back."""
    state = ctx.state
    turn = current(state)
    turn.used.append("destroy")
    price = destroy_price(state, target, card)
    ctx.pay(turn.actor, price)
    state.cities[target].remove(card)
    state.built_round.pop(card, None)
    if card in state.beautified:
        state.beautified.remove(card)
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
    turn = current(state)
    keeper, card = turn.graveyard_seat, turn.graveyard_card
    assert keeper is not None and card is not None
    if accept:
        ctx.pay(keeper, 1)
        state.hands[keeper].append(card)
        ctx.private(keeper, "graveyard_card", seat=keeper, card=card)
    else:
        ctx.bury([card])
    ctx.public("graveyard_decision", seat=keeper, bought=accept)
    turn.graveyard_seat = turn.graveyard_card = None
    finish_turn(ctx)


# -- Witch -----------------------------------------------------------------------------------


def bewitch_targets(state: CitadelsState) -> list[str]:
    turn = _plays(state, "witch", "bewitch")
    if turn is None or turn.stage != "main" or turn.built:
        return []
    return _named_targets(state, turn.actor, 1)


def bewitch(ctx: Context, character: str) -> None:
    """The Witch's turn stops here; she plays on when the bewitched character is called."""
    state = ctx.state
    turn = current(state)
    turn.used.append("bewitch")
    state.bewitched = character
    state.witch = turn.actor
    ctx.public("bewitch", seat=turn.actor, character=character)
    finish_turn(ctx)


# -- Wizard ----------------------------------------------------------------------------------


def peek_targets(state: CitadelsState) -> list[int]:
    turn = _plays(state, "wizard", "wizard")
    if turn is None or turn.stage not in ("gather", "main"):
        return []
    return [s for s in range(state.seats) if s != turn.actor and state.hands[s]]


def peek(ctx: Context, target: int) -> None:
    turn = current(ctx.state)
    turn.used.append("wizard")
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
    turn = current(state)
    target = turn.peek_target
    assert target is not None
    state.hands[target].remove(card)
    turn.peek_target = None
    turn.stage = turn.resume
    if build_now:
        ctx.public("wizard_took", seat=turn.actor, target=target)
        pay_and_build(ctx, turn.actor, card)
        return
    state.hands[turn.actor].append(card)
    ctx.private((turn.actor, target), "wizard_card", seat=turn.actor, target=target, card=card)
    ctx.public("wizard_took", seat=turn.actor, target=target)


# -- Navigator -------------------------------------------------------------------------------


def navigator_options(state: CitadelsState) -> list[str]:
    turn = _plays(state, "navigator", "navigator")
    if turn is None or turn.stage != "main":
        return []
    return ["gold", "cards"] if state.deck else ["gold"]


def navigator_bonus(ctx: Context, take: str) -> None:
    turn = current(ctx.state)
    turn.used.append("navigator")
    if take == "gold":
        ctx.give(turn.actor, NAVIGATOR_GOLD)
        ctx.public("navigator_gold", seat=turn.actor, gold=NAVIGATOR_GOLD)
    else:
        ctx.draw_into_hand(turn.actor, NAVIGATOR_CARDS, "navigator")


# -- Diplomat --------------------------------------------------------------------------------


def exchange_price(state: CitadelsState, give: str, take: str) -> int:
    return max(0, district_value(state, take) - district_value(state, give))


def exchange_options(state: CitadelsState) -> list[tuple[str, int, str]]:
    turn = _plays(state, "diplomat", "exchange")
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
        for target in _exposed(state):
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
    turn = current(state)
    turn.used.append("exchange")
    price = exchange_price(state, give, take)
    ctx.move_gold(turn.actor, target, price)
    mine, theirs = state.cities[turn.actor], state.cities[target]
    mine[mine.index(give)] = take
    theirs[theirs.index(take)] = give
    ctx.public(
        "districts_exchanged", seat=turn.actor, target=target, gave=give, took=take, paid=price
    )
    finish_turn(ctx)


# -- Artist ----------------------------------------------------------------------------------


def beautify_options(state: CitadelsState) -> list[str]:
    turn = _plays(state, "artist", "artist")
    if turn is None or turn.stage not in ("gather", "main") or turn.beautified >= ARTIST_DISTRICTS:
        return []
    if state.gold[turn.actor] < 1:
        return []
    return [card for card in state.cities[turn.actor] if card not in state.beautified]


def beautify(ctx: Context, card: str) -> None:
    state = ctx.state
    turn = current(state)
    turn.beautified += 1
    ctx.pay(turn.actor, 1)
    state.beautified.append(card)
    ctx.public("district_beautified", seat=turn.actor, card=card)

