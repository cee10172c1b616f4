"""/lifeboat: the Lifeboat table's commands. Only the variants are Lifeboat's own."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.app import ParlorClient
from bot.cogs.game_cog import GameCog

VARIANTS = {
    "sharks": "Shark variant: +1 size, the dead call the sharks.",
    "quick": "Quick game: one wound each and one bird out at the start.",
    "one_card_rowing": "Rowing draws one navigation card instead of two.",
    "cannibalism": "Cannibalism expansion: Dr. Harter and a 7th seat.",
}


@app_commands.default_permissions()
class LifeboatCog(GameCog, group_name="lifeboat", group_description="Lifeboat: survive, "
                  "love, hate — and reach land."):
    game_name = "lifeboat"

    @app_commands.command(name="start", description="Open a Lifeboat table in this channel.")
    @app_commands.describe(**VARIANTS)
    async def start(self, interaction: discord.Interaction[Any], sharks: bool | None = None,
                    quick: bool | None = None, one_card_rowing: bool | None = None,
                    cannibalism: bool | None = None) -> None:
        await self.start_table(interaction, {"sharks": sharks, "quick": quick,
                                             "one_card_rowing": one_card_rowing,
                                             "cannibalism": cannibalism})

    @app_commands.command(name="config", description="Server defaults for Lifeboat "
                                                     "(Manage Server).")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.describe(
        **VARIANTS,
        turn_seconds="Turn timer in seconds (15–3600), 0 for none.",
        host_role="Only members with this role may start tables.",
        clear_host_role="Let anyone start tables again.",
        bots_allowed="Whether bots may fill seats.",
    )
    async def config(self, interaction: discord.Interaction[Any], sharks: bool | None = None,
                     quick: bool | None = None, one_card_rowing: bool | None = None,
                     cannibalism: bool | None = None, turn_seconds: int | None = None,
                     host_role: discord.Role | None = None,
                     clear_host_role: bool | None = None,
                     bots_allowed: bool | None = None) -> None:
        await self.save_config(
            interaction,
            variants={"sharks": sharks, "quick": quick, "one_card_rowing": one_card_rowing,
                      "cannibalism": cannibalism},
            turn_seconds=turn_seconds, host_role=host_role, bots_allowed=bots_allowed,
            clear_host_role=clear_host_role,
        )


async def setup(client: ParlorClient) -> None:
    await client.add_cog(LifeboatCog(client))
