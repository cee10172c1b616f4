"""Settings from the environment and ``.env`` (pydantic-settings)."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

# A bot token is three base64url parts separated by dots.
_TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_\-]{20,}\.[A-Za-z0-9_\-]{4,}\.[A-Za-z0-9_\-]{20,}$")


def _absolute_http(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in {"http", "https"} and bool(parts.netloc) and " " not in url


class SettingsError(Exception):
    """A setting that stops the bot from starting, said in words an operator can act on."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", case_sensitive=False,
        env_ignore_empty=True,
    )

    discord_token: SecretStr = Field(default=SecretStr(""))
    database_path: Path = Path("data/parlor.db")
    # A postgresql:// URL selects PostgreSQL (for several processes); unset: SQLite at
    # database_path. Secret because it may carry a password.
    database_url: SecretStr | None = None
    # Most connections one process opens to PostgreSQL (unused with SQLite).
    database_pool_size: int = Field(default=10, ge=1)
    log_level: str = "INFO"
    # Commands are synced to this guild only (instant) instead of globally (up to an hour).
    dev_guild_id: int | None = None
    # REST base (".../api/v10") and gateway URL, for REST proxies and the test fake.
    discord_api_base: str | None = None
    discord_gateway_url: str | None = None
    # Seconds a built-in bot waits before it moves, so humans can follow the table.
    bot_move_delay: float = 1.5
    # Least seconds between two edits of a board (moves in between are folded into one edit).
    board_edit_delay: float = 1.2
    # The same while the table waits only for bots: slower than their moves, so two or so fold
    # into one edit (the board's log still lists each move).
    board_edit_delay_bots: float = 3.0
    # Board edits and other messages the bot posts for tables, per second for the whole process
    # (Discord's global limit is 50 requests/s per bot; interaction answers do not count).
    board_edits_per_second: float = Field(default=40.0, gt=0)
    # Turn timer default when a server has not configured one; 0 turns timers off.
    default_turn_seconds: int = 120
    # Where the hash of the last synced command tree is kept (sync only when it changes).
    command_sync_state: Path | None = None
    shard_count: int | None = None
    shard_ids: list[int] | None = None
    # The web pages (replays, history, /healthz, /metrics): address and port; port 0: none.
    web_host: str = "127.0.0.1"
    web_port: int = Field(default=8080, ge=0, le=65535)
    # Where players reach the web pages (``https://parlor.example.org``): the bot links to them
    # only when this is set, since 127.0.0.1 is nobody's address but the machine's own.
    public_url: str | None = None

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.upper()
        if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
            raise ValueError(f"unknown log level {value!r}")
        return level

    @field_validator("database_url")
    @classmethod
    def _postgres_url(cls, value: SecretStr | None) -> SecretStr | None:
        if value is None or not value.get_secret_value().strip():
            return None
        url = value.get_secret_value().strip()
        if not url.startswith(("postgresql://", "postgres://")):
            # Refused rather than ignored: falling back to a local SQLite file would split
            # the data of processes that were meant to share one database.
            raise ValueError(
                "DATABASE_URL must be a postgresql:// URL; leave it empty to use SQLite at "
                "DATABASE_PATH"
            )
        return SecretStr(url)

    def postgres_url(self) -> str | None:
        """The PostgreSQL URL when one is configured, else None (SQLite)."""
        return None if self.database_url is None else self.database_url.get_secret_value()

    def checked_token(self) -> str:
        token = self.discord_token.get_secret_value().strip()
        if not token:
            raise SettingsError(
                "DISCORD_TOKEN is not set. Copy .env.example to .env and paste your bot's token "
                "(Discord Developer Portal → your application → Bot → Reset Token)."
            )
        if not _TOKEN_SHAPE.match(token):
            raise SettingsError(
                "DISCORD_TOKEN does not look like a bot token (three dot-separated parts). "
                "Copy it again from the Developer Portal → Bot → Reset Token."
            )
        return token

    def check(self) -> None:
        """Settings that are each valid alone but cannot work: said in one line."""
        if self.shard_ids is not None:
            if not self.shard_ids:
                raise SettingsError(
                    "SHARD_IDS is an empty list: this process would run no shard. Leave it "
                    "unset to run every shard, or list this process's shards, e.g. [0, 1].")
            count = self.shard_count
            if count is None:
                raise SettingsError("SHARD_IDS is set without SHARD_COUNT: set SHARD_COUNT to "
                                    "the number of shards all processes run together.")
            outside = sorted({i for i in self.shard_ids if not 0 <= i < count})
            if outside:
                raise SettingsError(
                    f"SHARD_IDS {outside} are outside SHARD_COUNT={count} (shards are "
                    f"numbered 0 to {count - 1}).")
        if self.public_url is not None and not _absolute_http(self.public_url):
            raise SettingsError(
                f"PUBLIC_URL {self.public_url!r} is not an absolute http(s) URL such as "
                "https://parlor.example.org; leave it empty to link no web pages.")

    def public_base(self) -> str | None:
        """``PUBLIC_URL`` without its trailing slash, or None when links are off."""
        return None if self.public_url is None else self.public_url.rstrip("/")

    def sync_state_path(self) -> Path:
        return self.command_sync_state or self.database_path.with_suffix(".commands.sha256")


def checked_settings() -> tuple[Settings, str] | None:
    """The settings and the bot's token, read and checked; None once a bad setting was said
    in one line on stderr (the process then ends with status 2). It needs none of the bot's
    other modules: ``python -m bot`` calls it before importing them (discord.py and every
    game, a second or two), so a bad setting is told at once."""
    try:
        settings = Settings()
        token = settings.checked_token()
        settings.check()
    except SettingsError as problem:
        print(f"parlor: {problem}", file=sys.stderr)
        return None
    except ValueError as problem:  # pydantic's ValidationError is a ValueError
        print(f"parlor: bad setting: {problem}", file=sys.stderr)
        return None
    return settings, token
