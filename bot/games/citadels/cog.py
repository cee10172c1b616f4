"""/citadels: every command comes from GameCog, the variants from Citadels' ``Options``, plus
``characters``, a preset that sets ranks 1–8 in one go (a rank given on its own wins)."""

from __future__ import annotations

from bot.app import ParlorClient
from bot.cogs.game_cog import GameCog, Preset
from games.citadels.cards import RANK_CHOICES
from games.citadels.options import RANDOM

PRESET_RANKS = range(1, 9)  # rank 9 is not in the base game: it has its own option

CHARACTERS = Preset("characters", {
    "base": {f"rank_{rank}": RANK_CHOICES[rank][0] for rank in PRESET_RANKS},
    "expansion": {f"rank_{rank}": RANK_CHOICES[rank][1] for rank in PRESET_RANKS},
    "random": {f"rank_{rank}": RANDOM for rank in PRESET_RANKS},
})


class CitadelsCog(GameCog, game="citadels", presets=(CHARACTERS,)):
    """The /citadels command group."""


async def setup(client: ParlorClient) -> None:
    await client.add_cog(CitadelsCog(client))
