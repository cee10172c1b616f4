"""A new game: characters dealt, love and hate cards, supply and navigation decks."""

from __future__ import annotations

import random

from games.core import IllegalAction
from games.lifeboat.cards import (
    ALL_CHARACTERS,
    BASE_CHARACTERS,
    CHARACTERS,
    START_ORDER,
    navigation_cards,
    supply_cards,
)
from games.lifeboat.options import Options
from games.lifeboat.state import LifeboatState

SUPPLY_REMOVED_FOR_SMALL_TABLES = 10


def new_state(seats: int, options: Options, seed: int, rng: random.Random) -> LifeboatState:
    if seats > len(BASE_CHARACTERS) and not options.cannibalism:
        raise IllegalAction(
            f"Lifeboat seats {seats} players only with the Cannibalism expansion "
            "(option 'cannibalism').",
            key="lifeboat.needs_expansion",
            option="cannibalism",
            seats=seats,
        )
    pool = list(ALL_CHARACTERS if options.cannibalism else BASE_CHARACTERS)
    removed = set(rng.sample(pool, len(pool) - seats))
    in_game = [c for c in START_ORDER if c in pool and c not in removed]

    dealt = in_game.copy()
    rng.shuffle(dealt)
    loves = in_game.copy()
    rng.shuffle(loves)
    hates = in_game.copy()
    rng.shuffle(hates)

    supply = supply_cards(options.cannibalism)
    rng.shuffle(supply)
    set_aside: list[str] = []
    if seats < len(BASE_CHARACTERS):
        set_aside = supply[:SUPPLY_REMOVED_FOR_SMALL_TABLES]
        del supply[:SUPPLY_REMOVED_FOR_SMALL_TABLES]
    hands = {character: [supply.pop(0)] for character in dealt}

    navigation = navigation_cards(options.cannibalism)
    rng.shuffle(navigation)

    start_wounds = 1 if options.quick else 0
    return LifeboatState(
        seed=seed,
        seats=seats,
        options=options,
        characters=in_game,
        character_of=dealt,
        seat_of={character: seat for seat, character in enumerate(dealt)},
        sizes={c: CHARACTERS[c].size + (1 if options.sharks else 0) for c in in_game},
        loves=loves[:seats],
        hates=hates[:seats],
        boat=in_game.copy(),
        wounds={c: start_wounds for c in in_game},
        hand={c: hands[c] for c in in_game},
        face_up={c: [] for c in in_game},
        supply=supply,
        set_aside=set_aside,
        navigation=navigation,
        birds=1 if options.quick else 0,
        stage="round_start",
    )
