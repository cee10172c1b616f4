"""Who plays which side: the identity table per player count and the identity cards' ids."""

from __future__ import annotations

from functools import cache
from typing import Literal

Identity = Literal["lord", "loyalist", "rebel", "renegade"]

# (loyalists, rebels, renegades) next to the one lord, by player count. The box holds ten
# identity cards, 1/3/4/2, so ten players are dealt every one of them.
_TABLE: dict[int, tuple[int, int, int]] = {
    4: (1, 1, 1),
    5: (1, 2, 1),
    6: (1, 3, 1),
    7: (2, 3, 1),
    8: (2, 4, 1),
    9: (3, 4, 1),
    10: (3, 4, 2),
}
# The double-renegade tables (option ``two_renegades``): a rebel's card becomes a renegade's.
_TWO_RENEGADES: dict[int, tuple[int, int, int]] = {
    6: (1, 2, 2),
    8: (2, 3, 2),
}


def identity_cards(players: int, two_renegades: bool = False) -> list[str]:
    """The identity cards dealt at ``players`` players, lord first: ``identity-lord``,
    ``identity-loyalist-1``…"""
    loyal, rebels, renegades = _TABLE[players]
    if two_renegades:
        loyal, rebels, renegades = _TWO_RENEGADES.get(players, (loyal, rebels, renegades))
    cards = ["identity-lord"]
    cards += [f"identity-loyalist-{i + 1}" for i in range(loyal)]
    cards += [f"identity-rebel-{i + 1}" for i in range(rebels)]
    cards += [f"identity-renegade-{i + 1}" for i in range(renegades)]
    return cards


@cache
def identity_of_card(card_id: str) -> Identity:
    # Kept by card: a view and the endings ask it of every seat, and there are ten cards.
    name = card_id.split("-")[1]
    assert name in ("lord", "loyalist", "rebel", "renegade")
    return name  # type: ignore[return-value]
