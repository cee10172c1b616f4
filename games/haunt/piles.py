"""Cards left in a room: the piles a dead explorer or a dropped card leaves, and which cards
may change hands at all (companions follow whoever comes by instead)."""

from __future__ import annotations

from games.haunt.catalog import catalog
from games.haunt.state import HauntState


def to_pile(state: HauntState, room: str, card: str) -> None:
    state.own_or_add_entry("piles", room).append(card)


def from_pile(state: HauntState, room: str, card: str) -> None:
    pile = state.own_entry("piles", room)
    pile.remove(card)
    if not pile:
        del state.own("piles")[room]


def transferable(card: str) -> bool:
    return not catalog().card(card).companion
