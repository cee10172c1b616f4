"""/zombie: every command comes from GameCog, the variants (starting health, extra zombies)
from Zombie in My Pocket's ``Options``."""

from __future__ import annotations

from bot.app import ParlorClient
from bot.cogs.game_cog import GameCog


class ZombieCog(GameCog, game="zombie"):
    """The /zombie command group."""


async def setup(client: ParlorClient) -> None:
    await client.add_cog(ZombieCog(client))
