"""/renju: every command comes from GameCog (the variants from Renju's ``Options``), plus
``/renju move <point>``: a stone (or a fifth-move offer, or the offer kept) typed as a point."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.app import ParlorClient
from bot.cogs.game_cog import GameCog
from bot.renderers.markdown import markdown
from bot.replies import refuse, user_locale
from games.core import IllegalAction
from games.renju.legality import typed_move
from tables.i18n import t
from tables.service import Refusal


class RenjuCog(GameCog, game="renju"):
    """The /renju command group."""

    @app_commands.command(name="move", description="Place your stone on a point, like H8.")
    @app_commands.describe(point="A column A–O and a row 1–15, like H8.")
    async def move(self, interaction: discord.Interaction[Any], point: str) -> None:
        live = await self.table_here(interaction)
        if live is None:
            return
        if live.state is None:
            await refuse(interaction, "match.not_running")
            return
        seat = live.seat_of(interaction.user.id)
        if seat is None:
            await refuse(interaction, "act.not_a_player")
            return
        try:
            action = typed_move(live.state, seat, point)
            await self.app.service.act(live.id, version=live.record.version, seat=seat,
                                       action=action, user_id=interaction.user.id)
        except IllegalAction as problem:
            await refuse(interaction, "engine.refused", reason=str(problem),
                         engine_key=problem.key, engine_params=problem.params)
            return
        except Refusal as refusal:
            await refuse(interaction, refusal.key, **refusal.params)
            return
        await interaction.response.send_message(
            markdown(t("renju.move.done", user_locale(interaction), point=action.point)),
            ephemeral=True)


async def setup(client: ParlorClient) -> None:
    await client.add_cog(RenjuCog(client))
