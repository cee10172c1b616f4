"""The variants a Renju table may choose; ``Options()`` is the standard game."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Options(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    opening: Literal["designated", "free"] = Field(
        default="designated",
        description="designated: black names one of the 26 openings, white may swap after "
        "the third stone, black offers two fifth moves; free: black's first stone anywhere, "
        "no swap and no offer.",
    )
    forbidden_move: Literal["refused", "loses"] = Field(
        default="refused",
        description="What a forbidden black move does: refused (black plays again) or loses.",
    )
    bot_level: Literal["easy", "normal", "strong"] = Field(
        default="strong",
        description="How well the table's bots play: easy (a beginner can beat it), normal, "
        "or strong.",
    )
