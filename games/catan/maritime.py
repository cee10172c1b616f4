"""Maritime trade with the bank, on one's turn after the roll: 4 cards of one resource for 1 of
another; 3 for 1 with a settlement or city at a 3:1 harbour; 2 for 1 of the harbour's own
resource at a 2:1 harbour."""

from __future__ import annotations

from functools import lru_cache

from games.catan.cards import (
    BANK_RATE,
    GENERIC,
    GENERIC_HARBOUR_RATE,
    RESOURCES,
    SPECIAL_HARBOUR_RATE,
)
from games.catan.context import Context
from games.catan.state import CatanState


def harbours_of(state: CatanState, seat: int) -> set[str]:
    """The harbour kinds ``seat`` reaches (``"any"`` for 3:1)."""
    return set(state.pieces()[seat][3])


def rates(state: CatanState, seat: int) -> dict[str, int]:
    """What one card from the bank costs ``seat`` in each resource."""
    return rates_at(state.pieces()[seat][3])


def rates_at(reached: tuple[str, ...]) -> dict[str, int]:
    """What one card from the bank costs, in each resource, a seat reaching the harbour kinds
    ``reached`` (in ``HARBOUR_ORDER``)."""
    return dict(zip(RESOURCES, _rates(reached), strict=True))


@lru_cache(maxsize=64)
def _rates(reached: tuple[str, ...]) -> tuple[int, ...]:
    generic = GENERIC_HARBOUR_RATE if GENERIC in reached else BANK_RATE
    return tuple(SPECIAL_HARBOUR_RATE if kind in reached else generic for kind in RESOURCES)


def bank_trades(state: CatanState, seat: int) -> tuple[tuple[str, str], ...]:
    """Every (give, get) the seat can afford and the bank can pay."""
    hand, bank = state.hands[seat], state.bank
    return _trades(tuple(len(hand[k]) for k in RESOURCES),
                   _rates(state.pieces()[seat][3]),
                   tuple(bool(bank[k]) for k in RESOURCES))


@lru_cache(maxsize=4096)
def _trades(held: tuple[int, ...], own: tuple[int, ...],
            stocked: tuple[bool, ...]) -> tuple[tuple[str, str], ...]:
    trades: list[tuple[str, str]] = []
    for give, n, rate in zip(RESOURCES, held, own, strict=True):
        if n >= rate:
            trades.extend((give, get) for get, there in zip(RESOURCES, stocked, strict=True)
                          if get != give and there)
    return tuple(trades)


def trade_with_bank(ctx: Context, seat: int, give: str, get: str) -> None:
    rate = rates(ctx.state, seat)[give]
    ctx.to_bank(seat, give, rate)
    ctx.from_bank(seat, get, 1)
    ctx.public("bank_trade", seat=seat, give=give, given=rate, get=get)
