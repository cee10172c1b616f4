"""/catan: every command comes from GameCog (the variants from Catan's ``Options``), plus
``/catan place <where>``: a settlement, city or road typed as the place a person reads on the
board (a corner ``17`` or ``J n``, an edge ``12-17`` or ``J ne``)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.app import ParlorClient
from bot.cogs.game_cog import GameCog
from bot.renderers import renderer_for
from bot.renderers.markdown import markdown
from bot.replies import user_locale
from games.catan.state import CatanState
from games.catan.typed import typed_place
from games.core import Action
from tables.i18n import t
from tables.service import LiveMatch


class CatanCog(GameCog, game="catan"):
    """The /catan command group."""

    @app_commands.command(name="place",
                          description="Build on a corner or an edge, like 17, J n or 12-17.")
    @app_commands.describe(where="A corner (17, or a hex and a corner: J n) or an edge "
                                 "(12-17, or J ne).")
    async def place(self, interaction: discord.Interaction[Any], where: str) -> None:
        def read(live: LiveMatch, state: CatanState, seat: int) -> Action:
            prompt = live.game.prompt_for(state, seat)
            return typed_place(state, seat, where,
                               list(prompt.actions) if prompt is not None else [])

        made = await self.make_typed_move(interaction, read)
        if made is None:
            return
        live, seat, action = made
        locale = user_locale(interaction)
        renderer = renderer_for(self.game_name)
        done = renderer.action_label(live, live.game.view(live.state, seat), action, locale)
        await interaction.response.send_message(
            markdown(t("catan.place.done", locale, what=done)), ephemeral=True)


async def setup(client: ParlorClient) -> None:
    await client.add_cog(CatanCog(client))
