"""The running bot: settings, storage, the service and the Discord client, wired together."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import importlib
import json
import logging
import sys
from collections.abc import Awaitable, Callable
from typing import Any

import discord
import yarl
from discord import app_commands
from discord.ext import commands

from bot import event_loop, startup
from bot.collector import Collector
from bot.components import DYNAMIC_ITEMS
from bot.edit_budget import request_gate
from bot.guild_config import GuildConfig, load_config, save_config
from bot.in_flight import ClicksInFlight
from bot.interactions import InteractionHandler
from bot.panels import PanelFollower
from bot.scheduler import Scheduler
from bot.settings import Settings, checked_settings
from bot.switching import SwitchInterval
from bot.table import Desk
from bot.translator import CatalogTranslator, command_catalogs
from games import registry
from storage import Repository, StorageUnavailable
from tables import metrics
from tables.service import MatchService
from web.links import Links, load_secret
from web.port_in_use import PortInUse

log = logging.getLogger("parlor")

# Long enough for a click's answer and its board edit, short of a deployment's stop timeout.
CLICKS_FINISH_SECONDS = 5.0

# Parlor's own commands, then one command group per registered game, found by its name.
COGS = ("bot.cogs.parlor", *(f"bot.games.{game}.cog" for game in registry.names()))


class Parlor:
    """Everything the cogs and components reach through ``client.parlor``."""

    def __init__(self, settings: Settings, repo: Repository, client: ParlorClient) -> None:
        self.settings = settings
        self.repo = repo
        self.client = client
        self.service = MatchService(repo)
        self.desk = Desk(self)
        self.timers = Scheduler(self)
        self.interactions = InteractionHandler(self)
        self.clicks = ClicksInFlight()
        self.panels = PanelFollower(self)
        self._configs: dict[int, GuildConfig] = {}
        # Tokens and addresses of the web pages: set once the database is open.
        self.links: Links | None = None
        self.service.subscribe(self.desk.on_change)
        self.service.subscribe(self.panels.on_change)
        self.service.set_planner(self.timers)
        metrics.watch(open_matches=self.service.open_count, timers_armed=self.timers.pending,
                      timers_due=self.timers.due,
                      budget_waiting=lambda: self.desk.budget.waiting,
                      pictures_waiting=lambda: self.desk.pictures.drawer.waiting)
        metrics.watch_storage(repo.outage)

    async def config_for(self, guild_id: int) -> GuildConfig:
        config = self._configs.get(guild_id)
        if config is None:
            config = self._configs[guild_id] = await load_config(self.repo, guild_id)
        return config

    async def save_config(self, guild_id: int, config: GuildConfig) -> None:
        await save_config(self.repo, guild_id, config)
        self._configs[guild_id] = config

    async def table_locale(self, guild: discord.Guild | None) -> str | None:
        if guild is None:
            return None
        config = await self.config_for(guild.id)
        return config.locale or str(guild.preferred_locale)

    def owns_guild(self, guild_id: int) -> bool:
        """Whether this process runs the shard of ``guild_id`` (several processes may share one
        database, each with its own shards; a guild's tables belong to its shard's process)."""
        shard_ids = self.settings.shard_ids
        if shard_ids is None:
            return True
        count = self.settings.shard_count or 1
        return (guild_id >> 22) % count in shard_ids

    @staticmethod
    def is_moderator(interaction: discord.Interaction[Any]) -> bool:
        permissions = interaction.permissions
        return bool(permissions.manage_guild or permissions.administrator)


class ParlorClient(commands.AutoShardedBot):
    """discord.py client: no privileged intents, slash commands only."""

    parlor: Parlor

    def __init__(self, settings: Settings, repo: Repository, *,
                 collector: Collector | None = None, **options: Any) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # channel and permission data for the tables' channels
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            max_ratelimit_timeout=30.0,
            shard_count=settings.shard_count,
            shard_ids=settings.shard_ids,  # type: ignore[arg-type]  # None: all shards
            # Every bot-token request takes from the process's one budget (bot/edit_budget.py).
            http_trace=request_gate(lambda: self.parlor.desk.budget),
            **options,
        )
        self.settings = settings
        self.parlor = Parlor(settings, repo, self)
        self._collector = collector or Collector()
        self._switching = SwitchInterval()
        self.tree.on_error = self._on_app_command_error  # type: ignore[method-assign]
        self._prepared = self._begun = False
        self._closers: list[Callable[[], Awaitable[None]]] = []

    def close_before_the_repository(self, closer: Callable[[], Awaitable[None]]) -> None:
        """``closer`` runs as the client closes, once no change can come any more and while
        the repository is still open: what listens to the service (the pages, whose replays
        are built and kept in the background as tables end) stops there, rather than writing
        to a closed database."""
        self._closers.append(closer)

    async def setup_hook(self) -> None:
        # A login that failed after this hook began (the command sync could not reach Discord)
        # is tried again, and this hook with it: what is done stays done.
        if self._prepared:
            await self.sync_commands_if_changed()
            await self._begin()
            return
        await self.parlor.repo.open()
        self.parlor.links = Links(await load_secret(self.parlor.repo),
                                  self.settings.public_base())
        for cog in COGS:
            # Each module once a process, not once a start as load_extension would execute it
            # (a test process starts hundreds of clients); every client adds its own cogs.
            await importlib.import_module(cog).setup(self)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.tree.set_translator(CatalogTranslator(self.tree))
        self._prepared = True
        await self.sync_commands_if_changed()
        await self._begin()

    async def _begin(self) -> None:
        """Start the schedule and the background work (once)."""
        if self._begun:
            return
        self._begun = True
        await self.parlor.timers.start()
        self._reveals = asyncio.create_task(self.parlor.desk.post_missing_reveals())
        # Tables that ended before ratings were kept (or while they could not be written) are
        # rated now, in order: the first start after an upgrade rates every table played.
        self.parlor.service.ratings.ask()
        # A stop between a saved move and its board edit left that board behind.
        self.parlor.desk.bring_boards_up_to_date_later()
        # What is loaded by now (modules, commands, the schedule) lives as long as the process.
        self._collector.start()
        self._switching.start()

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        await self.parlor.interactions.answer_unreadable(interaction)

    async def close(self) -> None:
        # A click being handled answers through the HTTP session closed below.
        await self.parlor.clicks.finish(timeout=CLICKS_FINISH_SECONDS)
        reveals = getattr(self, "_reveals", None)
        if reveals is not None:
            reveals.cancel()
            await asyncio.gather(reveals, return_exceptions=True)
        self._collector.stop()
        self._switching.stop()
        await self.parlor.timers.stop()
        self.parlor.desk.stop()
        self.parlor.panels.stop()
        await super().close()
        # Clicks dispatched before the gateway closed may still be saving their move.
        await self.parlor.service.close()
        for closer in self._closers:
            await closer()
        await self.parlor.repo.close()

    async def sync_commands_if_changed(self) -> None:
        """Discord caps command creation at 200 a day: sync only when the tree changed."""
        dev_guild = self.settings.dev_guild_id
        guild = discord.Object(id=dev_guild) if dev_guild else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        # The untranslated tree and the catalogs' command texts decide the translated payload,
        # so a changed catalog is synced too; translating every string into each of Discord's
        # thirty-odd locales just to compare costs more than the rest of a start.
        payload = [c.to_dict(self.tree) for c in self.tree.get_commands(guild=guild)]
        digest = hashlib.sha256(
            json.dumps({"guild": guild and guild.id, "commands": payload,
                        "localizations": command_catalogs()}, sort_keys=True)
            .encode()
        ).hexdigest()
        state_file = self.settings.sync_state_path()
        if state_file.exists() and state_file.read_text().strip() == digest:
            log.info("command tree unchanged; not syncing")
            return
        await self.tree.sync(guild=guild)
        state_file.parent.mkdir(parents=True, exist_ok=True)
        state_file.write_text(digest)
        log.info("synced %d commands%s", len(payload), " to the dev guild" if guild else "")

    async def _on_app_command_error(self, interaction: discord.Interaction[Any],
                                    error: app_commands.AppCommandError) -> None:
        from bot.replies import refuse

        if isinstance(error, app_commands.MissingPermissions | app_commands.CheckFailure):
            await refuse(interaction, "command.no_permission")
            return
        if isinstance(getattr(error, "original", None), StorageUnavailable):
            with contextlib.suppress(discord.HTTPException):
                await refuse(interaction, "storage.unavailable")
            return
        log.exception("command failed", exc_info=error)
        with contextlib.suppress(discord.HTTPException):
            await refuse(interaction, "command.failed")


def point_at_api(settings: Settings) -> None:
    """Send REST and the gateway to a proxy or a test fake instead of discord.com."""
    if settings.discord_api_base:
        discord.http.Route.BASE = settings.discord_api_base.rstrip("/")
    if settings.discord_gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)


def configure_logging(level: str) -> None:
    # discord.py swallows errors in views and commands unless logging is configured.
    discord.utils.setup_logging(level=getattr(logging, level), root=True)


def make_repository(settings: Settings) -> Repository:
    """PostgreSQL when DATABASE_URL names a server, else SQLite at DATABASE_PATH."""
    url = settings.postgres_url()
    if url is not None:
        from storage.postgres import PostgresRepository

        return PostgresRepository(url, max_size=settings.database_pool_size)
    from storage.sqlite import SqliteRepository

    if settings.shard_ids is not None:
        log.warning(
            "SHARD_IDS is set but the database is SQLite: processes that share shards of one "
            "bot should share one PostgreSQL database (DATABASE_URL); see docs/deployment.md"
        )
    return SqliteRepository(settings.database_path)


def gateway_connected(client: discord.AutoShardedClient) -> bool:
    """Ready, and no shard's connection is down."""
    return client.is_ready() and not client.is_closed() and \
        all(not shard.is_closed() for shard in client.shards.values())


async def run(settings: Settings, token: str) -> None:
    point_at_api(settings)
    client = ParlorClient(settings, make_repository(settings))
    web = None
    if settings.web_port:
        # The pages' modules (jinja2, aiohttp's server, the replays) only in a process that
        # serves them: the tests' bot processes serve none, and each start imported them.
        from web.page import BOOK
        from web.server import WebServer
        from web.site import Parts

        parts = Parts(client.parlor.repo, lambda: client.parlor.links,
                      lambda: gateway_connected(client))
        web = WebServer(parts, settings.web_host, settings.web_port)
        # A table that closes is replayed for its pages at once, not when first read.
        client.parlor.service.subscribe(web.app[BOOK].on_change)
        # A table that ends as the bot stops starts its replay's build: the pages stop (their
        # builds cancelled) before the repository closes under them.
        client.close_before_the_repository(web.stop)
        await web.start()  # before Discord: a port in use stops the start at once
    try:
        async with client:
            await startup.start(client, token)
    finally:
        if web is not None:
            await web.stop()


def main(checked: tuple[Settings, str] | None = None) -> int:
    """Run the bot with ``checked`` settings and token (``checked_settings``: read here when
    not given); the process's exit status."""
    checked = checked or checked_settings()
    if checked is None:
        return 2
    settings, token = checked
    configure_logging(settings.log_level)
    try:
        event_loop.run(run(settings, token))  # uvloop's loop (bot/event_loop.py)
    except discord.LoginFailure:
        print("parlor: Discord refused the token (401). Reset it in the Developer Portal and "
              "update DISCORD_TOKEN in .env.", file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print("parlor: Discord asked for a privileged intent; Parlor needs none.",
              file=sys.stderr)
        return 2
    except discord.HTTPException as failure:
        print(f"parlor: Discord refused to start the bot ({failure.status} {failure.code}: "
              f"{startup.reason(failure)}).", file=sys.stderr)
        return 2
    except PortInUse as problem:
        print(f"parlor: {problem}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    return 0
