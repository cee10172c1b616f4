"""/parlor: help, games, server settings, moderation, stats and history."""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import Parlor, ParlorClient
from bot.guild_config import RESPONSE_SECONDS_MAX, RESPONSE_SECONDS_MIN
from bot.history import all_events, full_replay, public_log
from bot.renderers.embeds import embed_of
from bot.renderers.markdown import markdown
from bot.replies import refuse, user_locale
from games import registry
from storage import EVERYWHERE, MatchNotFound, MatchStatus, RatingRecord
from tables import ratings
from tables.cards import Card
from tables.i18n import t
from tables.service import Refusal
from tables.standings import Played, parse_played, playable, played_name, tally
from tables.text import Text, block, channel, lines, link, mention, moment, name, role, words

COLOUR = 0x2B6CB0
LANGUAGES = [
    app_commands.Choice(name="Server default", value="server"),
    app_commands.Choice(name="English", value="en-US"),
    app_commands.Choice(name="简体中文", value="zh-CN"),
]


class ParlorCog(commands.GroupCog, group_name="parlor",
                group_description="Parlor: board games at your table."):
    def __init__(self, client: ParlorClient) -> None:
        self.client = client
        super().__init__()

    @property
    def app(self) -> Parlor:
        return self.client.parlor

    def hosted_games(self) -> list[str]:
        hosted = {getattr(cog, "game_name", None) for cog in self.client.cogs.values()}
        return [name for name in registry.names() if name in hosted]

    # -- information ---------------------------------------------------------------------------
    @app_commands.command(name="help", description="How Parlor works.")
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        locale = user_locale(interaction)
        embed = embed_of(Card(title=t("help.title", locale), description=t("help.body", locale),
                              colour=COLOUR))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="games", description="The games Parlor can host.")
    async def games(self, interaction: discord.Interaction[Any]) -> None:
        locale = user_locale(interaction)
        found = []
        for game in self.hosted_games():
            spec = registry.get(game).spec
            found.append(t("games.line", locale, title=t(f"{game}.title", locale),
                           name=words(game), min=spec.min_players, max=spec.max_players))
        embed = embed_of(Card(title=t("games.title", locale), description=lines(found),
                              colour=COLOUR))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    # -- server settings -----------------------------------------------------------------------
    @app_commands.command(name="config", description="Server settings for Parlor (Manage "
                                                     "Server).")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.describe(
        game="A game to turn on or off (with enabled).",
        enabled="Whether that game can be played here.",
        turn_seconds="Turn timer in seconds (15–3600), 0 for none.",
        afk_turns="Missed turns in a row before a bot takes the seat (0: never).",
        response_seconds="Seconds to answer a response window such as Dodge? (5–60).",
        host_role="Only members with this role may start tables.",
        clear_host_role="Let anyone start tables again.",
        host_channel="Add a channel where tables may be started.",
        clear_host_channels="Allow tables in every channel again.",
        bots_allowed="Whether bots may fill seats.",
        language="The language of the public table messages.",
    )
    @app_commands.choices(language=LANGUAGES)
    async def config(
        self, interaction: discord.Interaction[Any], game: str | None = None,
        enabled: bool | None = None, turn_seconds: int | None = None,
        afk_turns: int | None = None, response_seconds: int | None = None,
        host_role: discord.Role | None = None, clear_host_role: bool | None = None,
        host_channel: discord.TextChannel | None = None,
        clear_host_channels: bool | None = None, bots_allowed: bool | None = None,
        language: str | None = None,
    ) -> None:
        locale = user_locale(interaction)
        if interaction.guild is None:
            await refuse(interaction, "command.guild_only")
            return
        # Discord's default permissions can be overridden per server: check again here.
        if not self.app.is_moderator(interaction):
            await refuse(interaction, "command.no_permission")
            return
        config = await self.app.config_for(interaction.guild.id)
        update: dict[str, Any] = {}
        if game is not None or enabled is not None:
            if game not in self.hosted_games() or enabled is None:
                await refuse(interaction, "config.game_and_enabled")
                return
            config = config.with_game(game, config.game(game).model_copy(
                update={"enabled": enabled}))
        if turn_seconds is not None:
            if turn_seconds != 0 and not 15 <= turn_seconds <= 3600:
                await refuse(interaction, "config.bad_timer")
                return
            update["turn_seconds"] = turn_seconds
        if afk_turns is not None:
            if not 0 <= afk_turns <= 20:
                await refuse(interaction, "config.bad_afk")
                return
            update["afk_turns"] = afk_turns
        if response_seconds is not None:
            if not RESPONSE_SECONDS_MIN <= response_seconds <= RESPONSE_SECONDS_MAX:
                await refuse(interaction, "config.bad_response_timer",
                             low=RESPONSE_SECONDS_MIN, high=RESPONSE_SECONDS_MAX)
                return
            update["response_seconds"] = response_seconds
        if host_role is not None:
            update["host_role_id"] = host_role.id
        if clear_host_role:
            update["host_role_id"] = None
        if host_channel is not None:
            update["host_channel_ids"] = sorted({*config.host_channel_ids, host_channel.id})
        if clear_host_channels:
            update["host_channel_ids"] = []
        if bots_allowed is not None:
            update["bots_allowed"] = bots_allowed
        if language is not None:
            update["locale"] = None if language == "server" else language
        config = config.model_copy(update=update)
        await self.app.save_config(interaction.guild.id, config)
        await interaction.response.send_message(embed=self.config_embed(config, locale),
                                                ephemeral=True)

    def config_embed(self, config: Any, locale: str | None) -> discord.Embed:
        card = Card(title=t("config.title", locale), colour=COLOUR)
        timer = config.turn_seconds
        card.add_field(name=t("config.field.timer", locale), value=(
            t("config.timer_off", locale) if timer == 0 else
            t("config.timer_default", locale) if timer is None else
            t("config.timer_seconds", locale, seconds=timer)))
        card.add_field(name=t("config.field.response", locale),
                       value=t("config.timer_seconds", locale, seconds=config.response_seconds))
        card.add_field(name=t("config.field.afk", locale), value=str(config.afk_turns)
                       if config.afk_turns else t("config.never", locale))
        card.add_field(name=t("config.field.bots", locale),
                       value=t("config.yes" if config.bots_allowed else "config.no", locale))
        card.add_field(name=t("config.field.host_role", locale),
                       value=role(config.host_role_id) if config.host_role_id
                       else t("config.anyone", locale))
        card.add_field(name=t("config.field.channels", locale),
                       value=words(" ").join(channel(c) for c in config.host_channel_ids)
                       or t("config.everywhere", locale))
        card.add_field(name=t("config.field.language", locale),
                       value=config.locale or t("config.server_language", locale))
        games = [
            ("✅ " if config.game(game).enabled else "⛔ ") + t(f"{game}.title", locale)
            for game in self.hosted_games()
        ]
        card.add_field(name=t("config.field.games", locale), value=lines(games) or "—",
                       inline=False)
        return embed_of(card)

    @config.autocomplete("game")
    async def _game_autocomplete(self, interaction: discord.Interaction[Any], current: str
                                 ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=name, value=name) for name in self.hosted_games()
                if current.lower() in name][:25]

    # -- moderation ----------------------------------------------------------------------------
    @app_commands.command(name="kick", description="Take a player out of this channel's table; "
                                                   "a bot plays their seat (moderators).")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.describe(member="The player to remove.")
    async def kick(self, interaction: discord.Interaction[Any], member: discord.User) -> None:
        if not self.app.is_moderator(interaction):
            await refuse(interaction, "command.no_permission")
            return
        live = await self.app.service.open_in_channel(interaction.channel_id or 0)
        if live is None or live.state is None:
            await refuse(interaction, "kick.no_table")
            return
        seat = live.seat_held_by(member.id)
        if seat is None:
            await refuse(interaction, "kick.not_seated",
                         who=mention(member.id, member.display_name))
            return
        try:
            await self.app.service.hand_to_bot(live.id, seat, reason="kicked", keep_owner=False)
        except Refusal as refusal:
            await refuse(interaction, refusal.key, **refusal.params)
            return
        await interaction.response.send_message(
            markdown(t("kick.done", user_locale(interaction),
                       who=mention(member.id, member.display_name))), ephemeral=True)

    @app_commands.command(name="log", description="The public log of this channel's table.")
    async def log(self, interaction: discord.Interaction[Any]) -> None:
        locale = user_locale(interaction)
        live = await self.app.service.open_in_channel(interaction.channel_id or 0)
        if live is None or live.state is None:
            await refuse(interaction, "kick.no_table")
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        actions = [entry.action for entry in await self.app.repo.actions(live.id)]
        text = public_log(live, await all_events(live, actions), locale)
        await self._send_text(interaction, text, f"parlor-{live.id}-log.txt", spoiler=False)

    # -- history and stats -----------------------------------------------------------------------
    @app_commands.command(name="history", description="This server's recent tables.")
    async def history(self, interaction: discord.Interaction[Any]) -> None:
        locale = user_locale(interaction)
        if interaction.guild is None:
            await refuse(interaction, "command.guild_only")
            return
        found = []
        for record in await self.app.repo.recent_matches(interaction.guild.id, limit=15):
            winners: Text | str = ""
            if record.outcome:
                seats = await self.app.repo.seats(record.id)
                names = [name(seats[int(w)].display_name)
                         for w in record.outcome.get("winners", []) if int(w) < len(seats)]
                # A game nobody won (every side lost) names no winners.
                winners = t("history.winners", locale, names=words(", ").join(names)) \
                    if names else ""
            found.append(t("history.line", locale, match=record.id,
                           game=t(f"{record.game}.title", locale),
                           status=t(f"lobby.status.{record.status.value}", locale),
                           when=moment(int(record.created_at.timestamp())), winners=winners))
        card = Card(title=t("history.title", locale),
                    description=lines(found) or t("history.none", locale), colour=COLOUR)
        card.set_footer(text=t("history.footer", locale))
        links = self.app.links
        pages = None if links is None else links.server_url(interaction.guild.id)
        if pages is not None:
            card.add_field(name=t("history.web", locale), value=link(pages), inline=False)
        await interaction.response.send_message(embed=embed_of(card), ephemeral=True)

    @app_commands.command(name="replay", description="The full story of a finished table, "
                                                     "secrets included.")
    @app_commands.describe(match="The table's number (see /parlor history).")
    async def replay(self, interaction: discord.Interaction[Any], match: int) -> None:
        locale = user_locale(interaction)
        try:
            if not 0 < match < 2**63:  # beyond any stored id
                raise MatchNotFound(match)
            live = await self.app.service.get(match)
        except MatchNotFound:
            await refuse(interaction, "act.unknown_match")
            return
        if interaction.guild is None or live.record.guild_id != interaction.guild.id:
            await refuse(interaction, "act.unknown_match")
            return
        if live.record.status not in (MatchStatus.FINISHED, MatchStatus.CANCELLED):
            await refuse(interaction, "history.still_running")
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        actions = [entry.action for entry in await self.app.repo.actions(live.id)]
        text = full_replay(live, await all_events(live, actions), locale)
        await self._send_text(interaction, text, f"parlor-{live.id}-replay.txt", spoiler=True)

    async def _send_text(self, interaction: discord.Interaction[Any], text: Text,
                         filename: str, *, spoiler: bool) -> None:
        """Long text as a plain-text file (spoiler-tagged when asked), short text inline in a
        code block."""
        shown = markdown(block(text)) if text else "—"
        if len(shown) <= 1800 + 8 and not spoiler:
            await interaction.followup.send(shown, ephemeral=True)
            return
        file = discord.File(io.BytesIO(text.plain.encode()), filename=filename, spoiler=spoiler)
        await interaction.followup.send(file=file, ephemeral=True)

    @app_commands.command(name="stats", description="Games, wins and average score.")
    @app_commands.describe(user="Whose stats (default: yours).", game="Only this game.")
    async def stats(self, interaction: discord.Interaction[Any],
                    user: discord.User | None = None, game: str | None = None) -> None:
        locale = user_locale(interaction)
        if interaction.guild is None:
            await refuse(interaction, "command.guild_only")
            return
        if game is not None and game not in self.hosted_games():
            await refuse(interaction, "command.unknown_game", game=game[:50])
            return
        who = user or interaction.user
        repo = self.app.repo
        rows = await repo.stats_for_user(interaction.guild.id, who.id, game)
        overall, by_game, by_played = tally(rows)
        rated = _latest(await repo.rating_history(interaction.guild.id, who.id, game))
        card = Card(title=t("stats.title", locale, name=name(who.display_name)), colour=COLOUR)
        if not overall.games:
            card.description = t("stats.none", locale)
        else:
            card.description = t("stats.line", locale, games=overall.games, wins=overall.wins,
                                 average=f"{overall.average:.1f}")
            for game_name, part in sorted(by_game.items()):
                # Roles first ("as rebel"), then characters ("as Zhuge Liang").
                played = [
                    t("stats.played_line", locale, name=played_name(game_name, what, locale),
                      rate=f"{r.wins / r.games:.0%}", wins=r.wins, games=r.games,
                      average=f"{r.average:.1f}")
                    for (g, what), r in sorted(by_played.items(),
                                               key=lambda item: (item[0][1][0] != "role", item))
                    if g == game_name
                ]
                rating = [_rating_text("stats.rating", locale, *rated[game_name])] \
                    if game_name in rated else []
                card.add_field(name=t(f"{game_name}.title", locale), value=lines([
                    *rating, t("stats.line", locale, games=part.games, wins=part.wins,
                               average=f"{part.average:.1f}"), *played])[:1024], inline=False)
            with_bots = sum(1 for r in rows if r.with_bots)
            if with_bots:
                card.set_footer(text=t("stats.with_bots", locale, count=with_bots))
        if who.id == interaction.user.id:
            # One's own ratings across servers: the reply is private, so only they see them.
            everywhere = _latest(await repo.rating_history(EVERYWHERE, who.id, game))
            if everywhere:
                card.add_field(name=t("stats.everywhere", locale), value=lines(
                    _rating_text("stats.everywhere_line", locale, *latest,
                                 game=t(f"{game_name}.title", locale))
                    for game_name, latest in sorted(everywhere.items()))[:1024], inline=False)
        await interaction.response.send_message(embed=embed_of(card), ephemeral=True)

    @stats.autocomplete("game")
    async def _stats_game(self, interaction: discord.Interaction[Any], current: str
                          ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=name, value=name) for name in self.hosted_games()
                if current.lower() in name][:25]

    @app_commands.command(name="leaderboard", description="The server's best players.")
    @app_commands.describe(
        game="Only this game.",
        include_bot_games="Count games where bots played too.",
        playing="Only seats that played this role or character (choose the game first).",
    )
    async def leaderboard(self, interaction: discord.Interaction[Any], game: str | None = None,
                          include_bot_games: bool = False, playing: str | None = None) -> None:
        locale = user_locale(interaction)
        if interaction.guild is None:
            await refuse(interaction, "command.guild_only")
            return
        if game is not None and game not in self.hosted_games():
            await refuse(interaction, "command.unknown_game", game=game[:50])
            return
        what: Played | None = None
        if playing is not None:
            if game is None:
                await refuse(interaction, "leaderboard.playing_needs_game")
                return
            what = parse_played(game, playing)
            if what is None:
                await refuse(interaction, "leaderboard.unknown_playing",
                             game=t(f"{game}.title", locale), playing=playing[:50])
                return
        if game is not None and what is None and ratings.is_rated(game):
            await self._rating_board(interaction, game, locale)
            return
        kind, value = what if what is not None else (None, None)
        rows = await self.app.repo.leaderboard(
            interaction.guild.id, game, include_bot_games=include_bot_games, limit=10,
            role=value if kind == "role" else None,
            character=value if kind == "character" else None)
        if what is not None:
            ranked = [
                t("leaderboard.line_playing", locale, rank=i + 1, user=mention(user_id, ""),
                  rate=f"{wins / games:.0%}", wins=wins, games=games, average=f"{average:.1f}")
                for i, (user_id, games, wins, average) in enumerate(rows)
            ]
        else:
            ranked = [
                t("leaderboard.line", locale, rank=i + 1, user=mention(user_id, ""), wins=wins,
                  games=games, average=f"{average:.1f}")
                for i, (user_id, games, wins, average) in enumerate(rows)
            ]
        if game is None:
            title = t("leaderboard.title", locale)
        elif what is not None:
            title = t("leaderboard.title_playing", locale, game=t(f"{game}.title", locale),
                      name=played_name(game, what, locale))
        else:
            title = t("leaderboard.title_game", locale, game=t(f"{game}.title", locale))
        none = "leaderboard.none_with_bots" if include_bot_games else "leaderboard.none"
        card = Card(title=title, description=lines(ranked) or t(none, locale), colour=COLOUR)
        footer = [] if include_bot_games else [t("leaderboard.no_bot_games", locale)]
        if game is None:
            footer.append(t("leaderboard.pick_a_game", locale))
        if footer:
            card.set_footer(text=words(" ").join(footer))
        await interaction.response.send_message(embed=embed_of(card), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    async def _rating_board(self, interaction: discord.Interaction[Any], game: str,
                            locale: str | None) -> None:
        """A game's players by rating (``tables.ratings``), those with enough rated tables."""
        assert interaction.guild is not None
        standings = await self.app.repo.rating_leaderboard(
            interaction.guild.id, game, min_games=ratings.MIN_GAMES, limit=10)
        ranked = [
            t("leaderboard.rating_line", locale, rank=i + 1, user=mention(s.user_id, ""),
              rating=ratings.shown(s.mu, s.sigma),
              games=t("rating.games", locale, count=s.games),
              wins=t("rating.wins", locale, count=s.wins))
            for i, s in enumerate(standings)
        ]
        card = Card(
            title=t("leaderboard.title_game", locale, game=t(f"{game}.title", locale)),
            description=lines(ranked) or t("leaderboard.rating_none", locale,
                                           count=ratings.MIN_GAMES),
            colour=COLOUR)
        card.set_footer(text=t("leaderboard.rating_footer", locale, count=ratings.MIN_GAMES,
                               bots=ratings.bot_rating(game)))
        await interaction.response.send_message(embed=embed_of(card), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @leaderboard.autocomplete("game")
    async def _leaderboard_game(self, interaction: discord.Interaction[Any], current: str
                                ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=name, value=name) for name in self.hosted_games()
                if current.lower() in name][:25]

    @leaderboard.autocomplete("playing")
    async def _leaderboard_playing(self, interaction: discord.Interaction[Any], current: str
                                   ) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None)
        if game not in self.hosted_games():
            return []
        locale = user_locale(interaction)
        found = [(played_name(game, what, locale), f"{what[0]}:{what[1]}")
                 for what in playable(game)]
        return [app_commands.Choice(name=name[:100], value=value) for name, value in found
                if current.lower() in name.lower() or current.lower() in value][:25]


def _latest(history: list[RatingRecord]) -> dict[str, tuple[RatingRecord, int]]:
    """Each game's latest rating in a player's history (oldest first), with its rated
    tables."""
    latest: dict[str, tuple[RatingRecord, int]] = {}
    for record in history:
        latest[record.game] = (record, latest.get(record.game, (record, 0))[1] + 1)
    return latest


def _rating_text(key: str, locale: str | None, record: RatingRecord, games: int,
                 **params: Any) -> Text:
    return t(key, locale, rating=ratings.shown(record.mu, record.sigma),
             games=t("rating.games", locale, count=games), **params)


async def setup(client: ParlorClient) -> None:
    await client.add_cog(ParlorCog(client))
