"""/renju: every command comes from GameCog (the variants from Renju's ``Options``), plus
``/renju move <point>``: a stone (or a fifth-move offer, or the offer kept) typed as a point."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.app import ParlorClient
from bot.cogs.game_cog import GameCog
from bot.renderers.markdown import markdown
from bot.replies import user_locale
from games.renju.legality import typed_move
from tables.i18n import t


class RenjuCog(GameCog, game="renju"):
    """The /renju command group."""

    @app_commands.command(name="move", description="Place your stone on a point, like H8.")
    @app_commands.describe(point="A column A–O and a row 1–15, like H8.")
    async def move(self, interaction: discord.Interaction[Any], point: str) -> None:
        made = await self.make_typed_move(
            interaction, lambda live, state, seat: typed_move(state, seat, point))
        if made is None:
            return
        action = made[2]
        await interaction.response.send_message(
            markdown(t("renju.move.done", user_locale(interaction), point=action.point)),
            ephemeral=True)


async def setup(client: ParlorClient) -> None:
    await client.add_cog(RenjuCog(client))
