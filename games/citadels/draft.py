"""The secret character draft that opens every round.

Three to seven players: one card goes face down unseen, some go face up (never the King's
rank: it is skipped and another card is laid instead), and the crowned seat picks first from
the rest, passing the cards to the left. The last seat puts the card left over face down; at
seven players (eight characters) the last seat also gets the unseen face-down card to choose
from. Two players alternate picks and face-down discards as the seed describes; three players
who each take two characters (the published rule, an option) pick around the table twice. A
seat is always offered its cards in rank order.
"""

from __future__ import annotations

from games.citadels.cards import CROWN_RANK, character_card, character_of_card
from games.citadels.context import Context
from games.citadels.state import CitadelsState, DraftMove, left_of


def start_round(ctx: Context) -> None:
    state = ctx.state
    state.round += 1
    state.phase = "draft"
    state.picks = [[] for _ in range(state.seats)]
    state.face_up = []
    state.set_down = {}
    state.draft_seen = {}
    state.revealed = []
    state.murdered = state.robbed = state.bewitched = None
    state.witch = state.robber = state.protected = None
    state.tax_pot = 0
    state.taxes_open = False
    state.taxman = state.queen_owed = state.crown_giver = None
    state.turn = None
    state.calling = -1

    cards = [character_card(name) for name in state.characters]
    ctx.rng.shuffle(cards)
    ctx.public("round_started", round=state.round, crown=state.crown)
    if state.seats == 2:
        _two_player_draft(ctx, cards)
    elif state.options.characters_per_seat(state.seats) == 2:
        _twice_around_draft(ctx, cards)
    else:
        _table_draft(ctx, cards)
    ctx.public(
        "characters_set_aside",
        face_up=list(state.face_up),
        face_down=len(state.face_down),
    )
    _offer_next(ctx)


def _table_draft(ctx: Context, cards: list[str]) -> None:
    state = ctx.state
    state.face_down = cards[:1]
    rest = cards[1:]
    face_up_count = max(0, len(rest) - (state.seats + 1))
    # Drawing the King's rank face up means laying the next card instead: the first eligible
    # cards of the shuffled rest are exactly what that redraw produces.
    face_up = [c for c in rest if character_of_card(c).rank != CROWN_RANK][:face_up_count]
    state.face_up = [character_of_card(c).name for c in face_up]
    state.draft_pool = in_rank_order([c for c in rest if c not in face_up])
    order = _from_the_crown(state)
    steps: list[tuple[int, DraftMove]] = [(seat, "pick") for seat in order]
    if len(state.draft_pool) == state.seats:
        # Seven players with eight characters: the last seat chooses between the card passed
        # to it and the unseen face-down card.
        steps[-1] = (order[-1], "pick_with_face_down")
    state.draft_steps = steps


def _two_player_draft(ctx: Context, cards: list[str]) -> None:
    state = ctx.state
    unseen = len(cards) - 7  # one with eight characters, two with a ninth
    state.face_down = cards[:unseen]
    state.draft_pool = in_rank_order(cards[unseen:])
    first = state.crown
    second = left_of(state, first)
    state.draft_steps = [
        (first, "pick"),
        (second, "pick"),
        (second, "discard"),
        (first, "pick"),
        (first, "discard"),
        (second, "pick"),
    ]


def _twice_around_draft(ctx: Context, cards: list[str]) -> None:
    """Three players with two characters each: one card (two with a ninth character) hidden,
    none face up; the picks go around the table twice from the crown, and the last seat puts
    the card left over face down."""
    state = ctx.state
    unseen = len(cards) - 7
    state.face_down = cards[:unseen]
    state.draft_pool = in_rank_order(cards[unseen:])
    order = _from_the_crown(state)
    state.draft_steps = [(seat, "pick") for seat in order + order]


def _from_the_crown(state: CitadelsState) -> list[int]:
    order = [state.crown]
    while len(order) < state.seats:
        order.append(left_of(state, order[-1]))
    return order


def in_rank_order(cards: list[str]) -> list[str]:
    return sorted(cards, key=lambda card: character_of_card(card).rank)


def pick(ctx: Context, seat: int, card: str) -> bool:
    """Apply a pick; True once the draft is over."""
    state = ctx.state
    state.own_list("draft_steps").pop(0)
    state.own_list("draft_pool").remove(card)
    state.own_picks(seat).append(card)
    ctx.private(seat, "character_chosen", seat=seat, card=card)
    ctx.public("character_picked", seat=seat)
    return _after_move(ctx, seat)


def discard(ctx: Context, seat: int, card: str) -> bool:
    state = ctx.state
    state.own_list("draft_steps").pop(0)
    state.own_list("draft_pool").remove(card)
    state.own_set_down(seat).append(card)
    ctx.private(seat, "character_put_down", seat=seat, card=card)
    ctx.public("character_set_down", seat=seat)
    return _after_move(ctx, seat)


def _after_move(ctx: Context, seat: int) -> bool:
    state = ctx.state
    if state.draft_steps:
        _offer_next(ctx)
        return False
    if state.draft_pool:
        state.own_set_down(seat).extend(state.draft_pool)
        ctx.private(seat, "character_put_down", seat=seat, card=state.draft_pool[0])
        ctx.public("character_set_down", seat=seat)
        state.draft_pool = []
    round_face_down = list(state.face_down)
    for cards in state.set_down.values():
        round_face_down.extend(cards)
    state.own_list("face_down_log").append(round_face_down)
    return True


def _offer_next(ctx: Context) -> None:
    state = ctx.state
    seat, move = state.draft_steps[0]
    if move == "pick_with_face_down" and state.face_down:
        state.draft_pool = in_rank_order(state.draft_pool + state.face_down)
        state.face_down = []
        ctx.public("face_down_card_taken", seat=seat)
    seen = state.draft_seen.get(seat)
    # The pool holds each character once. Owned (copied) only when it grows, or made when new.
    new = [name for name in (character_of_card(card).name for card in state.draft_pool)
           if seen is None or name not in seen]
    if seen is None or new:
        state.own_draft_seen(seat).extend(new)
