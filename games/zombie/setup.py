"""A new game: health by the doom table, the Foyer on the table, shuffled deck and stacks, and
the leader card to the tallest player (a seat drawn at random)."""

from __future__ import annotations

import random

from games.zombie.cards import CARDS
from games.zombie.options import Options
from games.zombie.state import PlacedTile, Player, ZombieState
from games.zombie.tiles import FOYER, HOUSE_STACK, YARD_STACK


def new_state(seats: int, options: Options, seed: int, rng: random.Random) -> ZombieState:
    doom = options.doom(seats)
    deck = list(CARDS)
    rng.shuffle(deck)
    house = list(HOUSE_STACK)
    rng.shuffle(house)
    yard = list(YARD_STACK)
    rng.shuffle(yard)
    return ZombieState(
        seed=seed,
        seats=seats,
        options=options,
        extra_zombies=doom.extra,
        # Every field given, the defaults too: a player with every field set shares its
        # class's set of them in every copy (``state.clone``).
        players=[Player(health=doom.health, items=[], alive=True, death=None)
                 for _ in range(seats)],
        leader=rng.randrange(seats),
        deck=deck,
        tiles=[PlacedTile(tile=FOYER, x=0, y=0)],
        at=FOYER,
        house_stack=house,
        yard_stack=yard,
    )
