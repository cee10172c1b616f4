"""/sanguosha: every command comes from GameCog, the variants from Sanguosha's ``Options``."""

from __future__ import annotations

from bot.app import ParlorClient
from bot.cogs.game_cog import GameCog


class SanguoshaCog(GameCog, game="sanguosha"):
    """The /sanguosha command group."""


async def setup(client: ParlorClient) -> None:
    await client.add_cog(SanguoshaCog(client))
