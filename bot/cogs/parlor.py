"""/parlor: help and the list of games."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import ParlorClient
from bot.i18n import t
from bot.interactions import user_locale
from games import registry


class ParlorCog(commands.GroupCog, group_name="parlor",
                group_description="Parlor: board games at your table."):
    def __init__(self, client: ParlorClient) -> None:
        self.client = client
        super().__init__()

    @app_commands.command(name="help", description="How Parlor works.")
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        locale = user_locale(interaction)
        embed = discord.Embed(title=t("help.title", locale), description=t("help.body", locale),
                              colour=0x2B6CB0)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="games", description="The games Parlor can host.")
    async def games(self, interaction: discord.Interaction[Any]) -> None:
        locale = user_locale(interaction)
        hosted = {cog.game_name for cog in self.client.cogs.values()
                  if hasattr(cog, "game_name")}
        lines = []
        for name in registry.names():
            if name not in hosted:
                continue
            spec = registry.get(name).spec
            lines.append(t("games.line", locale, title=t(f"{name}.title", locale), name=name,
                           min=spec.min_players, max=spec.max_players))
        embed = discord.Embed(title=t("games.title", locale), description="\n".join(lines),
                              colour=0x2B6CB0)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(client: ParlorClient) -> None:
    await client.add_cog(ParlorCog(client))
