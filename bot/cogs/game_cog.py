"""What every game's command group shares: start, rules, status, end, resume and config.

A game's cog is one line: ``class LifeboatCog(GameCog, game="lifeboat"): ...``. The group's
name is the game's; ``start`` and ``config`` offer one option per field of the game's
``Options`` model (``bot/cogs/options.py``), plus any presets the cog names; the group's and
the commands' English descriptions are the catalog's (``command.<game>.description``, …).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import Parlor, ParlorClient
from bot.cogs.options import (
    Preset,
    SlashOption,
    chosen_options,
    english,
    field_options,
    preset_options,
    slash_command,
)
from bot.components import lobby_view
from bot.interactions import RESPONSE_BUDGET
from bot.renderers import renderer_for
from bot.renderers.markdown import markdown
from bot.replies import refuse, user_locale
from games import registry
from games.core import Action, IllegalAction
from storage import MatchStatus
from tables.failures import read_when_done
from tables.i18n import t
from tables.service import LiveMatch, Refusal
from tables.text import channel, mention, role, words

TypedAction = TypeVar("TypedAction", bound=Action)

# What the bot needs in a table's channel, checked before a table opens there.
REQUIRED_CHANNEL_PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, embed_links=True, read_message_history=True
)


# The server settings every game's ``config`` offers beside the game's own options.
CONFIG_SETTINGS = (
    SlashOption("turn_seconds", int, "Turn timer in seconds (15–3600), 0 for none."),
    SlashOption("host_role", discord.Role, "Only members with this role may start tables."),
    SlashOption("clear_host_role", bool, "Let anyone start tables again."),
    SlashOption("bots_allowed", bool, "Whether bots may fill seats."),
)


async def _start_command(cog: GameCog, interaction: discord.Interaction[Any],
                         values: dict[str, Any]) -> None:
    await cog.start_table(interaction, chosen_options(values, cog.presets))


async def _config_command(cog: GameCog, interaction: discord.Interaction[Any],
                          values: dict[str, Any]) -> None:
    settings = {option.name: values.pop(option.name) for option in CONFIG_SETTINGS}
    await cog.save_config(interaction, variants=chosen_options(values, cog.presets),
                          **settings)


# No default member permissions on a game's group: everyone may start, join and play. Discord
# sets them per top-level command only, so ``config`` checks Manage Server itself on each call.
class GameCog(commands.GroupCog):
    game_name: str = ""
    presets: Sequence[Preset] = ()

    def __init_subclass__(cls, *, game: str = "", presets: Sequence[Preset] = (),
                          **kwargs: Any) -> None:
        """Make ``cls`` the command group of ``game``: its name, description and the
        ``start`` and ``config`` commands, read from the registry and the catalogs."""
        super().__init_subclass__(**kwargs)
        if not game:
            return
        spec = registry.get(game).spec
        cls.game_name = game
        cls.presets = tuple(presets)
        cls.__cog_group_name__ = game
        cls.__cog_group_description__ = \
            english(f"command.{game}.description") or spec.title
        variants = [*preset_options(game, cls.presets),
                    *field_options(game, registry.get(game).Options)]
        cls.start = slash_command(  # type: ignore[attr-defined]
            cls, "start",
            english(f"command.{game}.start.description")
            or f"Open a {spec.title} table in this channel.",
            variants, _start_command)
        cls.config = slash_command(  # type: ignore[attr-defined]
            cls, "config",
            english(f"command.{game}.config.description")
            or f"Server defaults for {spec.title} (Manage Server).",
            [*variants, *CONFIG_SETTINGS], _config_command)

    def __init__(self, client: ParlorClient) -> None:
        self.client = client
        super().__init__()

    @property
    def app(self) -> Parlor:
        return self.client.parlor

    async def start_table(self, interaction: discord.Interaction[Any],
                          chosen: dict[str, Any]) -> None:
        """Opens a lobby in the channel. Answered within Discord's 3 s: when the checks and the
        lobby take longer than the budget (a busy database), the command is deferred first
        ("thinking" in the channel, where the lobby will be), and answered by editing it."""
        opening = asyncio.ensure_future(self._open_lobby(interaction, chosen))
        # When the defer fails (the interaction expired on a slow machine) nothing awaits the
        # lobby here, and asyncio would log its failure as never retrieved.
        read_when_done(opening)
        done, _ = await asyncio.wait({opening}, timeout=RESPONSE_BUDGET)
        if not done:
            await interaction.response.defer(thinking=True)
        opened = await opening
        if isinstance(opened, Refusal):
            if interaction.response.is_done():
                # A refusal is private: the channel's "thinking" goes, the answer follows
                # only for the one who asked.
                await interaction.delete_original_response()
            await refuse(interaction, opened.key, **opened.params)
            return
        live, table_locale = opened
        fields: dict[str, Any] = {"embed": self.app.desk.lobby_embed(live, table_locale),
                                  "view": lobby_view(live, table_locale)}
        if interaction.response.is_done():
            message_id: int | None = (await interaction.edit_original_response(**fields)).id
        else:
            message_id = (await interaction.response.send_message(**fields)).message_id
        if message_id is not None:
            await self.app.repo.save_message(live.id, "lobby", interaction.channel_id or 0,
                                             message_id)

    async def _open_lobby(self, interaction: discord.Interaction[Any], chosen: dict[str, Any]
                          ) -> tuple[LiveMatch, str | None] | Refusal:
        """The checks and the new lobby, with the table's language; or why not. Answers
        nothing itself (``start_table`` knows whether the command was deferred)."""
        locale = user_locale(interaction)
        if interaction.guild is None or interaction.channel_id is None:
            return Refusal("command.guild_only")
        missing = [
            name for name, wanted in REQUIRED_CHANNEL_PERMISSIONS
            if wanted and not getattr(interaction.app_permissions, name)
        ]
        if missing:
            return Refusal("command.bot_missing_permissions", permissions=", ".join(missing))
        config = await self.app.config_for(interaction.guild.id)
        game_config = config.effective(self.game_name)
        moderator = self.app.is_moderator(interaction)
        if not game_config.enabled:
            return Refusal("command.game_disabled")
        if game_config.host_channel_ids and not moderator and \
                interaction.channel_id not in game_config.host_channel_ids and \
                getattr(interaction.channel, "parent_id", None) not in game_config.host_channel_ids:
            return Refusal("command.host_channel_required", channels=words(" ").join(
                channel(c) for c in game_config.host_channel_ids))
        if game_config.host_role_id is not None and not moderator:
            roles = getattr(interaction.user, "roles", [])
            if all(role.id != game_config.host_role_id for role in roles):
                return Refusal("command.host_role_required",
                               role=role(game_config.host_role_id))
        options = {**game_config.options,
                   **{name: value for name, value in chosen.items() if value is not None}}
        table_locale = await self.app.table_locale(interaction.guild)
        try:
            live = await self.app.service.create_lobby(
                game=self.game_name, guild_id=interaction.guild.id,
                channel_id=interaction.channel_id, host_id=interaction.user.id,
                host_name=interaction.user.display_name, host_locale=locale,
                options=options, locale=table_locale,
            )
        except Refusal as refusal:
            return refusal
        except ValueError as problem:  # options the game does not accept
            return Refusal("command.bad_options", reason=str(problem)[:300])
        return live, table_locale

    @app_commands.command(name="rules", description="How to play, in short.")
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        renderer = renderer_for(self.game_name)
        await interaction.response.send_message(
            embed=renderer.rules_embed(user_locale(interaction)), ephemeral=True)

    async def table_here(self, interaction: discord.Interaction[Any]) -> LiveMatch | None:
        """This game's open table in the interaction's channel; otherwise the user is told
        there is none and the answer is None."""
        if interaction.channel_id is None:
            await refuse(interaction, "command.guild_only")
            return None
        live = await self.app.service.open_in_channel(interaction.channel_id)
        if live is None or live.record.game != self.game_name:
            await refuse(interaction, "status.no_table",
                         game=t(f"{self.game_name}.title", user_locale(interaction)))
            return None
        return live

    async def make_typed_move(self, interaction: discord.Interaction[Any],
                              read: Callable[[LiveMatch, Any, int], TypedAction]
                              ) -> tuple[LiveMatch, int, TypedAction] | None:
        """A move a seat of this channel's running table typed in a command: ``read`` makes
        it from the running state and what was typed (``IllegalAction`` for what names no
        legal move) and the service makes it. Otherwise the user is told why, and the
        answer is None."""
        live = await self.table_here(interaction)
        if live is None:
            return None
        if live.state is None:
            await refuse(interaction, "match.not_running")
            return None
        seat = live.seat_of(interaction.user.id)
        if seat is None:
            await refuse(interaction, "act.not_a_player")
            return None
        try:
            action = read(live, live.state, seat)
            await self.app.service.act(live.id, version=live.record.version, seat=seat,
                                       action=action, user_id=interaction.user.id)
        except IllegalAction as problem:
            await refuse(interaction, "engine.refused", reason=str(problem),
                         engine_key=problem.key, engine_params=problem.params)
            return None
        except Refusal as refusal:
            await refuse(interaction, refusal.key, **refusal.params)
            return None
        return live, seat, action

    @app_commands.command(name="status", description="The table in this channel.")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        locale = user_locale(interaction)
        live = await self.table_here(interaction)
        if live is None:
            return
        if live.state is None:
            embed = self.app.desk.lobby_embed(live, locale)
            await interaction.response.send_message(embed=embed, ephemeral=True)
            return
        content, embeds, _ = self.app.desk.board(live, locale, components=False)
        await interaction.response.send_message(content=content, embeds=embeds, ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="end", description="End the table in this channel (host or "
                                                  "moderator).")
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        live = await self.table_here(interaction)
        if live is None:
            return
        try:
            await self.app.service.cancel(live.id, interaction.user.id,
                                          moderator=self.app.is_moderator(interaction))
        except Refusal as refusal:
            await refuse(interaction, refusal.key, **refusal.params)
            return
        await interaction.response.send_message(
            markdown(t("end.done", await self.app.table_locale(interaction.guild),
                       who=mention(interaction.user.id, interaction.user.display_name))),
            allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="resume", description="Resume the paused table in this channel "
                                                     "(host or moderator).")
    async def resume(self, interaction: discord.Interaction[Any]) -> None:
        live = await self.table_here(interaction)
        if live is None:
            return
        try:
            await self.app.service.resume(live.id, interaction.user.id,
                                          moderator=self.app.is_moderator(interaction))
        except Refusal as refusal:
            await refuse(interaction, refusal.key, **refusal.params)
            return
        await interaction.response.send_message(
            markdown(t("resume.done", user_locale(interaction))), ephemeral=True)

    async def save_config(self, interaction: discord.Interaction[Any], *,
                          variants: dict[str, Any], turn_seconds: int | None,
                          host_role: discord.Role | None, bots_allowed: bool | None,
                          clear_host_role: bool | None) -> None:
        locale = user_locale(interaction)
        if interaction.guild is None:
            await refuse(interaction, "command.guild_only")
            return
        # Discord's default permissions can be overridden per server: check again here.
        if not self.app.is_moderator(interaction):
            await refuse(interaction, "command.no_permission")
            return
        config = await self.app.config_for(interaction.guild.id)
        game_config = config.game(self.game_name).model_copy(deep=True)
        options = {**game_config.options,
                   **{k: v for k, v in variants.items() if v is not None}}
        try:
            self.app.service.game_options(self.game_name, options)
        except ValueError as problem:
            await refuse(interaction, "command.bad_options", reason=str(problem)[:300])
            return
        game_config.options = options
        if turn_seconds is not None:
            if turn_seconds != 0 and not 15 <= turn_seconds <= 3600:
                await refuse(interaction, "config.bad_timer")
                return
            game_config.turn_seconds = turn_seconds
        if host_role is not None:
            game_config.host_role_id = host_role.id
        if clear_host_role:
            game_config.host_role_id = None
        if bots_allowed is not None:
            game_config.bots_allowed = bots_allowed
        config = config.with_game(self.game_name, game_config)
        await self.app.save_config(interaction.guild.id, config)
        renderer = renderer_for(self.game_name)
        chosen = renderer.option_lines(options, locale) or [t("lobby.standard_game", locale)]
        effective = config.effective(self.game_name)
        timer = effective.turn_seconds
        await interaction.response.send_message(
            markdown(t("config.saved", locale, game=t(f"{self.game_name}.title", locale),
                       variants=words(", ").join(chosen),
                       timer=t("config.timer_off", locale) if timer == 0 else
                       t("config.timer_default", locale) if timer is None else
                       t("config.timer_seconds", locale, seconds=timer),
                       role=role(effective.host_role_id) if effective.host_role_id else
                       t("config.anyone", locale),
                       bots=t("config.yes" if effective.bots_allowed else "config.no", locale))),
            ephemeral=True)


__all__ = ["GameCog", "MatchStatus", "Preset"]
