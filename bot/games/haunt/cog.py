"""/haunt: every command comes from GameCog, the choices (which haunts are in play, those this
table has played, whether a repeated haunt is replaced) from Marrowgate House's ``Options``."""

from __future__ import annotations

from bot.app import ParlorClient
from bot.cogs.game_cog import GameCog


class HauntCog(GameCog, game="haunt"):
    """The /haunt command group."""


async def setup(client: ParlorClient) -> None:
    await client.add_cog(HauntCog(client))
