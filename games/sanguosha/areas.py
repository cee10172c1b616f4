"""Choosing a card from another seat's areas: a face-down hand card at random, or a named
face-up one (equipment, judgement area)."""

from __future__ import annotations

from games.sanguosha.flow import Ctx
from games.sanguosha.state import SanguoshaState
from games.sanguosha.zones import remove_from_seat

HAND = "hand"


def area_options(state: SanguoshaState, seat: int, judging: bool = True) -> list[str]:
    player = state.players[seat]
    options = [HAND] if player.hand else []
    options.extend(
        player.equips[s]
        for s in ("weapon", "armor", "plus_horse", "minus_horse")
        if s in player.equips
    )
    if judging:
        options.extend(player.judging)
    return options


def take_from_area(ctx: Ctx, seat: int, option: str) -> tuple[str, str]:
    """Removes the chosen card from ``seat``; returns (card id, zone). ``hand`` takes one at
    random, as a face-down pick would."""
    state = ctx.state
    card_id = ctx.rng.choice(state.players[seat].hand) if option == HAND else option
    return card_id, remove_from_seat(state, seat, card_id)
