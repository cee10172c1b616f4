"""The variants a Zombie in My Pocket table may choose; ``Options()`` is the standard game."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.zombie.doom import DOOM_TABLE, DoomRow


class Options(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    start_health: int | None = Field(
        default=None,
        ge=1,
        le=6,
        description="Every player's starting health instead of the doom table's.",
    )
    extra_zombies: int | None = Field(
        default=None,
        ge=-2,
        le=20,
        description="Zombies added to every horde instead of the doom table's X (below zero: "
        "fewer than the card shows).",
    )

    bot_level: Literal["easy", "normal"] = Field(
        default="normal",
        description="How the table's bots play: easy, as casual teammates; normal, to win.",
    )

    def doom(self, seats: int) -> DoomRow:
        row = DOOM_TABLE[seats]
        return DoomRow(
            health=row.health if self.start_health is None else self.start_health,
            extra=row.extra if self.extra_zombies is None else self.extra_zombies,
        )
