"""Moving cards: drawing (with the reshuffle the moment the deck runs out), discarding,
taking a card out of whichever zone holds it."""

from __future__ import annotations

from games.sanguosha.cards import slot_of
from games.sanguosha.flow import Ctx
from games.sanguosha.state import Result, SanguoshaState, own_player, own_seats


def refill(ctx: Ctx) -> None:
    """Shuffles the discard pile into a new deck as soon as the deck is empty.

    With both empty (every card in hands and on the table) the game ends in a draw.
    """
    state = ctx.state
    if state.deck:
        return
    if not state.discard:
        if state.result is None:
            state.result = Result(side="draw", winners=[])
            ctx.emit("draw_game")
        return
    pile = list(state.discard)
    ctx.rng.shuffle(pile)
    state.deck = pile
    state.discard = []
    state.reshuffles += 1
    ctx.emit("reshuffled", count=len(pile))


def take_top(ctx: Ctx) -> str | None:
    """The top card of the deck, off the deck; None only when no card is left anywhere."""
    refill(ctx)
    if not ctx.state.deck:
        return None
    card_id = ctx.state.deck.pop()
    refill(ctx)
    return card_id


def draw(ctx: Ctx, seat: int, count: int, reason: str = "draw") -> list[str]:
    drawn: list[str] = []
    for _ in range(count):
        card_id = take_top(ctx)
        if card_id is None:
            break
        drawn.append(card_id)
    if drawn:
        player = own_player(ctx.state, seat)
        player.hand.extend(drawn)
        player.shown = [c for c in player.shown if c not in drawn]
        ctx.emit("drew_cards", to=(seat,), seat=seat, cards=drawn, reason=reason)
        ctx.emit("drew", seat=seat, count=len(drawn), reason=reason)
    return drawn


def to_discard(ctx: Ctx, card_ids: list[str]) -> None:
    ctx.state.discard.extend(card_ids)


def settle_processing(ctx: Ctx, card_ids: list[str]) -> None:
    """Cards that finished resolving go from the table to the discard pile (unless a skill
    already took them)."""
    state = ctx.state
    for card_id in card_ids:
        if card_id in state.processing:
            state.processing.remove(card_id)
            state.discard.append(card_id)


def locate(state: SanguoshaState, card_id: str) -> tuple[int, str] | None:
    """Which seat holds ``card_id`` and in which zone ("hand", "equip", "judging")."""
    for player in state.players:
        if card_id in player.hand:
            return player.seat, "hand"
        if card_id in player.equips.values():
            return player.seat, "equip"
        if card_id in player.judging:
            return player.seat, "judging"
    return None


def remove_from_seat(state: SanguoshaState, seat: int, card_id: str) -> str:
    """Takes ``card_id`` out of ``seat``'s zones; returns the zone it was in."""
    player = own_player(state, seat)
    if card_id in player.hand:
        player.hand.remove(card_id)
        return "hand"
    if card_id in player.judging:
        player.judging.remove(card_id)
        player.judging_as = {c: n for c, n in player.judging_as.items() if c != card_id}
        return "judging"
    slot = slot_of(card_id)
    if slot is not None and player.equips.get(slot) == card_id:
        del player.equips[slot]
        return "equip"
    raise ValueError(f"seat {seat} does not hold {card_id}")


def gain_face_up(ctx: Ctx, seat: int, card_id: str) -> None:
    """``card_id`` joins ``seat``'s hand in view of everyone (Amazing Grace, a taken weapon)."""
    player = own_player(ctx.state, seat)
    player.hand.append(card_id)
    player.shown = [*player.shown, card_id]


def forget_shown(state: SanguoshaState) -> None:
    """Face-up knowledge lasts while the card stays in that hand. Only a player a rule changed
    this move may hold a card it no longer shows: the others are those of the state before,
    which kept only what stayed."""
    players = state.players
    for seat in own_seats(state):
        player = players[seat]
        fields = player.__dict__
        shown = fields["shown"]
        if shown:
            kept = [c for c in shown if c in fields["hand"]]
            if len(kept) != len(shown):
                player.shown = kept
