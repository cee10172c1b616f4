"""Citadels' twins (``Game.twin``): the same table with its secrets dealt again.

Hidden from the table: the districts in every hand, in the deck (and its order), among the
cards just drawn and the Magician's discards; the characters nobody has shown yet. A
character already called this round stays where it is — it answered, or the table heard that
nobody did — and so does every character a kept seat holds, is offered or put down.
"""

from __future__ import annotations

import random

from games.citadels.cards import character_of_card
from games.citadels.draft import in_rank_order
from games.citadels.state import CitadelsState
from games.core.twins import redeal


def make_twin(state: CitadelsState, rng: random.Random, keep: frozenset[int]) -> None:
    if state.phase == "over":
        return  # the final view shows every hand and character
    _deal_districts(state, rng, keep)
    _deal_characters(state, rng, keep)


def _deal_districts(state: CitadelsState, rng: random.Random, keep: frozenset[int]) -> None:
    turn = state.turn
    looking = turn is not None and turn.actor in keep
    peeked = turn.peek_target if looking and turn is not None and turn.stage == "peek" else None
    places = [state.own_list("deck")]
    places += [state.own_hand(seat) for seat in range(state.seats)
               if seat not in keep and seat != peeked]
    if turn is not None and not looking:
        turn = state.own_turn()
        # The turn's own lists to deal into (a turn's copy shares them: ``Turn``).
        turn.drawn, turn.set_aside = list(turn.drawn), list(turn.set_aside)
        places += [turn.drawn, turn.set_aside]
    redeal(places, rng)


def _deal_characters(state: CitadelsState, rng: random.Random, keep: frozenset[int]) -> None:
    if state.phase == "turns":
        called = set(state.characters[: state.calling + 1])
    elif state.phase == "draft":
        called = set()
    else:
        return
    pinned = {card for card in _character_cards(state)
              if character_of_card(card).name in called}
    places = [state.own_list("face_down")]
    places += [state.own_picks(seat) for seat in range(len(state.picks)) if seat not in keep]
    places += [state.own_set_down(seat) for seat in state.set_down if seat not in keep]
    drafter = state.draft_steps[0][0] if state.phase == "draft" and state.draft_steps else None
    if drafter is not None and drafter not in keep:
        places.append(state.own_list("draft_pool"))
    redeal(places, rng, pinned)
    state.draft_pool = in_rank_order(state.draft_pool)
    if state.phase == "turns" and state.face_down_log:
        # The record of this round's face-down cards, shown at the end, follows them.
        this_round = list(state.face_down)
        for cards in state.set_down.values():
            this_round.extend(cards)
        state.own_list("face_down_log")[-1] = this_round


def _character_cards(state: CitadelsState) -> list[str]:
    cards = [*state.face_down, *state.draft_pool]
    for picks in state.picks:
        cards += picks
    for put_down in state.set_down.values():
        cards += put_down
    return cards
