"""A server's settings, as moderators set them with ``/parlor config`` (server-wide) and
``/<game> config`` (one game's defaults and overrides)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from storage import GuildSettingsRecord, Repository

# The bounds a server may set the response clock within (``/parlor config``).
RESPONSE_SECONDS_MIN, RESPONSE_SECONDS_MAX = 5, 60


class GameConfig(BaseModel):
    options: dict[str, Any] = Field(default_factory=dict)  # default variants for new tables
    enabled: bool = True
    # None: inherit the server-wide setting.
    turn_seconds: int | None = None
    host_role_id: int | None = None
    bots_allowed: bool | None = None


class Effective(BaseModel):
    """One game's settings with the server-wide ones filled in."""

    options: dict[str, Any]
    enabled: bool
    turn_seconds: int | None  # None: the bot's default
    host_role_id: int | None
    bots_allowed: bool
    afk_turns: int
    host_channel_ids: list[int]


class GuildConfig(BaseModel):
    games: dict[str, GameConfig] = Field(default_factory=dict)
    locale: str | None = None  # the table language; None: the server's preferred locale
    turn_seconds: int | None = None  # None: the bot's default; 0: no turn timer
    host_role_id: int | None = None  # only members with this role may start tables
    bots_allowed: bool = True
    # After this many turns in a row played by the timer, a bot takes the seat (0: never).
    afk_turns: int = 2
    # The clock of response windows ("Dodge?", fight or flee): short, and always running.
    response_seconds: int = Field(default=15, ge=RESPONSE_SECONDS_MIN, le=RESPONSE_SECONDS_MAX)
    host_channel_ids: list[int] = Field(default_factory=list)  # empty: any channel

    def game(self, name: str) -> GameConfig:
        return self.games.get(name) or GameConfig()

    def turn_seconds_for(self, name: str) -> int | None:
        """One game's turn timer (None: the bot's default; 0: off). Asked on every move, so
        without building the whole ``Effective``."""
        game = self.games.get(name)
        return self.turn_seconds if game is None or game.turn_seconds is None \
            else game.turn_seconds

    def effective(self, name: str) -> Effective:
        game = self.game(name)
        return Effective(
            options=dict(game.options),
            enabled=game.enabled,
            turn_seconds=self.turn_seconds_for(name),
            host_role_id=self.host_role_id if game.host_role_id is None else game.host_role_id,
            bots_allowed=self.bots_allowed if game.bots_allowed is None else game.bots_allowed,
            afk_turns=self.afk_turns,
            host_channel_ids=list(self.host_channel_ids),
        )

    def with_game(self, name: str, game: GameConfig) -> GuildConfig:
        return self.model_copy(update={"games": {**self.games, name: game}})


async def load_config(repo: Repository, guild_id: int) -> GuildConfig:
    record = await repo.guild_settings(guild_id)
    return GuildConfig.model_validate(record.data or {})


async def save_config(repo: Repository, guild_id: int, config: GuildConfig) -> None:
    await repo.save_guild_settings(
        GuildSettingsRecord(guild_id=guild_id, data=config.model_dump(mode="json"))
    )
