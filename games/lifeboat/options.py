"""The variants a Lifeboat table may choose; ``Options()`` is the standard game."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Options(BaseModel):
    """Every combination of these switches is a valid game."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    one_card_rowing: bool = Field(
        default=False,
        description="Rowers draw one navigation card instead of two; the navigator adds the "
        "top card of the deck to the rowed pile before choosing.",
    )
    sharks: bool = Field(
        default=False,
        description="Shark variant: every size is one higher and the ghosts of the drowned may "
        "call the sharks on whoever goes overboard.",
    )
    quick: bool = Field(
        default=False,
        description="Quick game: every character starts with one wound and one bird is out.",
    )
    cannibalism: bool = Field(
        default=False,
        description="The Cannibalism expansion: Dr. Harter (7th player), four navigation cards, "
        "a fourth Medical Kit and the Cannibalism card.",
    )
    bot_level: Literal["easy", "normal"] = Field(
        default="normal",
        description="How the table's bots play: easy for new players, normal to win.",
    )
