"""Snowflake ids shaped like Discord's: milliseconds since the Discord epoch in the high bits."""

from __future__ import annotations

import time

DISCORD_EPOCH_MS = 1_420_070_400_000
_TIMESTAMP_SHIFT = 22


class SnowflakeFactory:
    """Hands out strictly increasing snowflakes.

    Two ids never share a timestamp: a collision moves the next id one millisecond on. Sharding
    routes a guild by ``(guild_id >> 22) % shard_count``, so distinct timestamps spread guilds made
    in one burst over every shard, as they would be spread in a real bot's guild list.
    """

    def __init__(self) -> None:
        self._last_ms = 0

    def next(self) -> int:
        now_ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        stamp = max(now_ms, self._last_ms + 1)
        self._last_ms = stamp
        return stamp << _TIMESTAMP_SHIFT


def shard_of(guild_id: int, shard_count: int) -> int:
    return (guild_id >> _TIMESTAMP_SHIFT) % shard_count
