"""How a game says its finished tables are rated: which seats play together, and each seat's
place when the table ended. The ratings themselves (``tables.ratings``) are worked out from
what is stored per seat — its role (``Game.role_of``) and its place (``Game.places``) — so a
game declares this once and every table it ever finished is rated the same way.

A game declares ``Game.rated`` (every seat for itself unless it says otherwise) and, when its
end orders the losers by more than their scores, overrides ``Game.places``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from games.core.model import Outcome


class Rated(BaseModel):
    """How a game's finished tables move its players' ratings.

    ``rated`` False: a cooperative game (everyone wins or loses together against the game),
    whose tables move no rating. Otherwise the seats are grouped into sides and the sides are
    ranked by their best seat's place: ``sides`` names the roles that play as one side (a
    role to its side's name: Sanguosha's lord and loyalists are one side); a seat whose role
    it does not name plays for itself (every seat of a free-for-all game, a renegade, a lone
    traitor)."""

    model_config = ConfigDict(frozen=True)

    rated: bool = True
    sides: Mapping[str, str] = Field(default_factory=dict)

    def side_of(self, seat: int, role: str | None) -> str:
        """The side a seat played on: its role's side, else its own."""
        if role is not None and role in self.sides:
            return f"side:{self.sides[role]}"
        return f"seat:{seat}"


# Every seat for itself, placed by the outcome (the default of ``Game.rated``).
EACH_FOR_ITSELF = Rated()
# Cooperative: the table rates nobody.
NOT_RATED = Rated(rated=False)


def outcome_places(outcome: Outcome) -> dict[int, int]:
    """Each seat's place by its outcome: the winners first, then by score, highest first;
    seats that did equally well share a place (1, 2, 2, 4)."""
    winners = set(outcome.winners)
    key = {seat: (seat not in winners, -score) for seat, score in outcome.scores.items()}
    for seat in winners - key.keys():
        key[seat] = (False, 0.0)
    return ranked(key)


def ranked(key: Mapping[int, Any]) -> dict[int, int]:
    """Places from sort keys (lower is better), ties sharing the better place."""
    ordered = sorted(key.values())
    return {seat: ordered.index(value) + 1 for seat, value in key.items()}
