"""/lifeboat: every command comes from GameCog, the variants from Lifeboat's ``Options``."""

from __future__ import annotations

from bot.app import ParlorClient
from bot.cogs.game_cog import GameCog


class LifeboatCog(GameCog, game="lifeboat"):
    """The /lifeboat command group."""


async def setup(client: ParlorClient) -> None:
    await client.add_cog(LifeboatCog(client))
