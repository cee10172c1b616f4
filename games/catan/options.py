"""The variants a Catan table may choose; ``Options()`` is the standard base game on a variable
board (docs/rules/catan.md says where each comes from)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Options(BaseModel):
    """Every combination of these is a valid game for 3 and 4 players."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    board: Literal["variable", "beginner"] = Field(
        default="variable",
        description="The island: dealt from the table's seed (terrains, numbers with no 6 or 8 "
        "side by side, harbours), or the published beginners' island.")
    points_to_win: int = Field(
        default=10, ge=8, le=15,
        description="Victory points that win on one's own turn (10 in the published game).")
    friendly_robber: bool = Field(
        default=False,
        description="The robber may not be put next to a player with 2 or fewer points.")
    trade_offers: int = Field(
        default=5, ge=1, le=10,
        description="Offers to other players a player may make in one turn (a table rule that "
        "keeps a turn from going on forever).")
