"""What the parts of the bot need from one another, as small interfaces.

``bot.app`` is the composition root: it builds the parts (the desk, the schedule, the click
handler, the panels, the pictures, the team threads) and hands each the one object that holds
them all, ``bot.app.Parlor``. A part names only the interfaces below for what it reaches through
that object, never ``Parlor`` itself, so that no part imports ``bot.app`` or a part above it and
each can be read, tested and changed alone (a test double needs only what the interface lists).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import discord

if TYPE_CHECKING:
    from bot.edit_budget import EditBudget
    from bot.guild_config import GuildConfig
    from bot.picking import PickChoices
    from bot.settings import Settings
    from storage import Repository
    from tables.service import LiveMatch, MatchService
    from tables.text import Text


class GuildSettings(Protocol):
    """The settings reader: a guild's configuration and what follows from it."""

    async def config_for(self, guild_id: int) -> GuildConfig: ...

    async def table_locale(self, guild: discord.Guild | None) -> str | None: ...

    def owns_guild(self, guild_id: int) -> bool: ...

    def is_moderator(self, interaction: discord.Interaction[Any]) -> bool: ...


class Messenger(Protocol):
    """What the parts that post for the desk use of it: the process's budget of bot-token
    requests, direct messages, and word that a board's picture is drawn."""

    @property
    def budget(self) -> EditBudget: ...

    async def send_dm(self, user_id: int, content: Text,
                      embed: discord.Embed | None = None) -> None: ...

    async def tell_host(self, live: LiveMatch, key: str, **params: Any) -> bool: ...

    def picture_ready(self, match_id: int) -> None: ...


class Deadlines(Protocol):
    """What the desk reads of the schedule: when a seat's turn runs out (epoch seconds)."""

    def deadline(self, match_id: int, seat: int) -> float | None: ...


class Picks(Protocol):
    """What the desk reads of the click handler: the choices a seat has ticked so far."""

    @property
    def picks(self) -> PickChoices: ...


class Ports(GuildSettings, Protocol):
    """The bot as the parts below the click handler see it."""

    @property
    def settings(self) -> Settings: ...

    @property
    def repo(self) -> Repository: ...

    @property
    def client(self) -> discord.Client: ...

    @property
    def service(self) -> MatchService: ...

    @property
    def desk(self) -> Messenger: ...

    @property
    def timers(self) -> Deadlines: ...

    @property
    def interactions(self) -> Picks: ...


class ClickHandler(Protocol):
    """What a component does with a click once it has read its ``custom_id``
    (``bot.interactions.InteractionHandler``, reached through ``client.parlor``)."""

    async def act(self, interaction: discord.Interaction[Any], match_id: int, version: int,
                  seat: int, indices: list[int], *, on_board: bool = False,
                  check: str = "") -> None: ...

    async def show_step(self, interaction: discord.Interaction[Any], match_id: int, seat: int,
                        digest: str, places: list[int]) -> None: ...

    async def board_step(self, interaction: discord.Interaction[Any], match_id: int,
                         version: int, seat: int, places: list[int], *,
                         check: str = "") -> None: ...

    async def answer(self, interaction: discord.Interaction[Any], match_id: int, version: int,
                     places: list[int], *, check: str = "") -> None: ...

    async def pick(self, interaction: discord.Interaction[Any], match_id: int, version: int,
                   seat: int, page: int, places: list[int], *, check: str = "") -> None: ...

    async def pick_step(self, interaction: discord.Interaction[Any], match_id: int,
                        version: int, seat: int, op: str, page: int, *,
                        check: str = "") -> None: ...

    async def show_panel(self, interaction: discord.Interaction[Any], match_id: int, *,
                         page: int = 0, edit: bool | None = None, notice: str | None = None,
                         step: int | None = None) -> None: ...

    async def next_table(self, interaction: discord.Interaction[Any], match_id: int) -> None: ...

    async def seat(self, interaction: discord.Interaction[Any], match_id: int, op: str) -> None: ...

    async def lobby(self, interaction: discord.Interaction[Any], match_id: int,
                    op: str) -> None: ...

    async def lobby_options(self, interaction: discord.Interaction[Any], match_id: int,
                            kind: str, values: list[str], part: int = 0) -> None: ...
