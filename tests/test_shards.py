"""Several processes share one database, each running its own shards: a guild's tables (and
their timers) belong to the process of that guild's shard."""

from __future__ import annotations

from bot.app import Parlor
from bot.settings import Settings


class _Client:
    pass


def _parlor(**settings: object) -> Parlor:
    app = Parlor.__new__(Parlor)
    app.settings = Settings(_env_file=None, **settings)  # type: ignore[arg-type]
    return app


def test_one_process_owns_every_guild() -> None:
    assert _parlor().owns_guild(123 << 22)


def test_each_guild_belongs_to_exactly_one_of_the_processes() -> None:
    processes = [_parlor(shard_count=4, shard_ids=[0, 1]), _parlor(shard_count=4, shard_ids=[2, 3])]
    for guild in range(0, 4000, 7):
        guild_id = (guild << 22) | 12345
        owners = [p for p in processes if p.owns_guild(guild_id)]
        assert len(owners) == 1
        # Discord's rule: shard = (guild_id >> 22) % shard_count
        assert owners[0].settings.shard_ids is not None
        assert guild % 4 in owners[0].settings.shard_ids
