"""The bot's set-up settlement, weighed with its shortcuts (the room to grow weighed only for
corners that can still win, the products of each resource's weights looked up, the free
corners found from the buildings, the resources new to the seat counted once per set), is the
one the plain computation picks: every free corner scored by its worth, the resources it adds
and the best free corner two roads away, the highest score and the lowest corner among
equals. A seat's free corners, in the set-up and in play, are those the owner of every corner
leaves. And the set-up prompt's default is the corner with the most pips, the lowest among
equals."""

from __future__ import annotations

import random
from functools import cache

from games.catan import GAME
from games.catan import actions as a
from games.catan.board import CORNER_COUNT, CORNER_NEIGHBOURS
from games.catan.bot import _BEYOND, _place_settlement
from games.catan.bot_plan import PIPS, WEIGHT, Seat, seat_of
from games.catan.layout import facts
from games.catan.state import CatanState
from games.core import Prompt
from tests.games.catan.table import new_game


@cache
def _set_up_positions() -> tuple[tuple[CatanState, Prompt], ...]:
    """Settlement prompts of seeded set-ups, one in three moves played at random."""
    found = []
    for seed in range(12):
        state = new_game(3 + seed % 2, seed, board="beginner" if seed % 4 == 0 else "variable")
        rng = random.Random(seed)
        while state.phase == "setup":
            prompt = GAME.pending(state)[0]
            if prompt.kind.endswith("place_settlement"):
                found.append((state, prompt))
            if rng.random() < 0.3:
                action = rng.choice(prompt.actions)
            else:
                action = GAME.choose(GAME.view(state, prompt.seat), prompt, rng)
            state = GAME.apply(state, action).state
    return tuple(found)


@cache
def _played_positions() -> tuple[CatanState, ...]:
    """Positions of seeded all-bot games after the set-up, every tenth move."""
    found = []
    for seed in range(3):
        state = new_game(4, seed, board="variable")
        rng = random.Random(seed)
        for move in range(200):
            if GAME.outcome(state) is not None:
                break
            if move % 10 == 0 and state.phase == "turns":
                found.append(state)
            prompt = rng.choice([p for p in GAME.pending(state) if p.blocking])
            state = GAME.apply(state, GAME.choose(GAME.view(state, prompt.seat), prompt,
                                                  rng)).state
    return tuple(found)


def _plain_worth(seat: Seat, c: int, blocked: int | None) -> float:
    """A corner's worth for the seat, hex ``blocked`` yielding nothing, summed term by
    term."""
    scarce = {k: 1.35 if seat.production.get(k, 0.0) < 0.05 else 1.0 for k in WEIGHT}
    value = 0.0
    for h, kind, number in seat.facts.corner_yields[c]:
        if h != blocked:
            value += PIPS[number] * WEIGHT[kind] * scarce[kind]
    harbour = seat.facts.corner_harbour[c]
    if harbour is not None:
        value += 1.0 if harbour == "any" else 0.6 + 8 * seat.production.get(harbour, 0.0)
    return value


def _plain_free(seat: Seat) -> list[bool]:
    """Each corner free with no building next to it, from the owner of every corner."""
    owner = [-1] * CORNER_COUNT
    for at, player in enumerate(seat.view.players):
        for c in (*player.settlements, *player.cities):
            owner[c] = at
    return [owner[c] < 0 and all(owner[n] < 0 for n in CORNER_NEIGHBOURS[c])
            for c in range(CORNER_COUNT)]


def _plain_choice(seat: Seat, prompt: Prompt) -> int:
    free = _plain_free(seat)
    produced = {k for k, p in seat.production.items() if p > 0}

    def key(act: a.PlaceSettlement) -> tuple[float, int]:
        c = act.corner
        new = len(seat.facts.corner_kinds[c] - produced)
        room = max((_plain_worth(seat, g, None) for g in _BEYOND[c] if free[g]), default=0.0)
        return _plain_worth(seat, c, seat.view.robber) + 1.2 * new + 0.15 * room, -c

    options = [act for act in prompt.actions if isinstance(act, a.PlaceSettlement)]
    return max(options, key=key).corner


def test_the_set_up_settlement_is_the_plain_computations_choice() -> None:
    positions = _set_up_positions()
    second = 0
    for state, prompt in positions:
        seat = seat_of(GAME.view(state, prompt.seat))
        chosen = _place_settlement(seat, prompt, random.Random(0))
        assert isinstance(chosen, a.PlaceSettlement)
        assert chosen.corner == _plain_choice(seat, prompt)
        assert seat.free_corners() == _plain_free(seat)
        second += any(seat.production.values())
    assert len(positions) > 60 and second > 30


def test_a_seats_free_corners_are_those_the_owners_of_every_corner_leave() -> None:
    for state in _played_positions():
        for s in range(state.seats):
            seat = seat_of(GAME.view(state, s))
            assert seat.free_corners() == _plain_free(seat)


def test_the_set_up_prompts_default_has_the_most_pips() -> None:
    for state, prompt in _set_up_positions():
        pips = facts(state.island).corner_pips
        corners = [act.corner for act in prompt.actions if isinstance(act, a.PlaceSettlement)]
        assert prompt.default is not None
        assert corners[prompt.default] == max(corners, key=lambda c: (pips[c], -c))
