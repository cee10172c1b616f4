"""Sanguosha's twins (``Game.twin``): the same table with its secrets dealt again.

Hidden from the table: the identities not yet face up, the heroes offered and chosen in
secret, the draw pile (and its order), every hand card nobody saw arrive, and the deck cards a
Guanxing is looking at. A kept seat keeps its identity, its offers and choice, its hand and
what it is looking at. A card the resolution under way names (in
a frame's data or a window's) stays where it lies: the rules will look for it there.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from games.core.twins import redeal
from games.sanguosha.heroes import HEROES, LORD_CHOICES
from games.sanguosha.state import SanguoshaState, own_players


def make_twin(state: SanguoshaState, rng: random.Random, keep: frozenset[int]) -> None:
    if state.result is not None:
        return  # every identity is face up and the table is over
    own_players(state)  # a copy shares them with the state copied (``state.own_player``)
    _swap_identities(state, rng, keep)
    _offer_other_heroes(state, rng, keep)
    cards = _every_card(state)
    named = set(_strings(([f.d for f in state.frames], [w.data for w in state.windows.stack])))
    pinned = cards & named
    places = [state.deck]
    for player in state.players:
        if player.seat in keep:
            continue
        pinned.update(player.shown)
        player.peek = list(player.peek)  # shared with the state copied (``_copy_player``)
        places += [player.hand, player.peek]
    redeal(places, rng, pinned)


def _swap_identities(state: SanguoshaState, rng: random.Random, keep: frozenset[int]) -> None:
    hidden = [p for p in state.players if not p.revealed and p.seat not in keep]
    cards = [p.identity_card for p in hidden]
    rng.shuffle(cards)
    for player, card in zip(hidden, cards, strict=True):
        player.identity_card = card


def _offer_other_heroes(state: SanguoshaState, rng: random.Random,
                        keep: frozenset[int]) -> None:
    """Heroes offered in secret go to other seats; a seat that has chosen chooses again among
    its new offers (the table sees only that it has chosen)."""
    offered = [p for p in state.players if p.offers and p.seat not in keep]
    lord = state.players[state.lord]
    if lord.offers:
        if lord in offered:  # the lord's extra heroes, beside the lords it is always offered
            extras = sorted(h for h in HEROES if h not in LORD_CHOICES)
            lord.offers = [*LORD_CHOICES, *rng.sample(extras, len(lord.offers) -
                                                      len(LORD_CHOICES))]
        return
    for player in offered:
        player.offers = list(player.offers)  # shared with the state copied (``_copy_player``)
    redeal([p.offers for p in offered], rng)
    window = state.windows.top
    for player in offered:
        if player.chosen:
            player.chosen = rng.choice(player.offers)
            if window is not None and player.seat in window.answers:
                window.answers[player.seat] = player.chosen


def _every_card(state: SanguoshaState) -> set[str]:
    cards = {*state.deck, *state.discard, *state.processing, *state.grace}
    for player in state.players:
        cards.update(player.hand, player.peek, player.judging, player.equips.values())
    return cards


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(key)
            yield from _strings(item)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from _strings(item)
