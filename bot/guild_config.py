"""A server's settings, as moderators set them with ``/<game> config`` and ``/parlor config``."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from storage import GuildSettingsRecord, Repository


class GameConfig(BaseModel):
    options: dict[str, Any] = Field(default_factory=dict)  # default variants for new tables
    turn_seconds: int | None = None  # None: the bot's default; 0: no turn timer
    host_role_id: int | None = None  # only members with this role may start tables
    bots_allowed: bool = True
    enabled: bool = True


class GuildConfig(BaseModel):
    games: dict[str, GameConfig] = Field(default_factory=dict)
    locale: str | None = None  # the table language; None: the server's preferred locale

    def game(self, name: str) -> GameConfig:
        return self.games.get(name) or GameConfig()


async def load_config(repo: Repository, guild_id: int) -> GuildConfig:
    record = await repo.guild_settings(guild_id)
    return GuildConfig.model_validate(record.data or {})


async def save_config(repo: Repository, guild_id: int, config: GuildConfig) -> None:
    await repo.save_guild_settings(
        GuildSettingsRecord(guild_id=guild_id, data=config.model_dump(mode="json"))
    )
