"""Finished tables for the web tests: played through the real service on SQLite, every seat
a bot but the host's name (which holds HTML, script and Discord markdown, so escaping and
showing names as text are tested everywhere)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from storage.sqlite import SqliteRepository
from tables.service import LiveMatch, MatchService
from tests.every_game import play_bots_to_the_end
from web.links import Links, load_secret
from web.site import Parts

GUILD = 4242
HOST = 77
EVIL_NAME = '<script>alert("x")</script><b>&amp; **b** [a](https://example.com) __c__'


async def finished_table(service: MatchService, game: str, *, channel: int, seats: int,
                         seed: int = 1, options: dict[str, Any] | None = None,
                         people: tuple[int, ...] = ()) -> LiveMatch:
    """A table of ``game`` played to its end, every seat's moves (the host's too) chosen by
    the engine's bot: the host, then ``people`` (user ids, named ``Player <id>``), then bots
    in the seats left."""
    live = await service.create_lobby(game=game, guild_id=GUILD, channel_id=channel,
                                      host_id=HOST, host_name=EVIL_NAME, host_locale=None,
                                      options=options or {})
    for user in people:
        await service.join(live.id, user, f"Player {user}", None)
    for _ in range(seats - 1 - len(people)):
        await service.add_bot(live.id, HOST, "Bot")
    live = await service.start(live.id, HOST)
    return await play_bots_to_the_end(service, live, seed)


@dataclass
class World:
    repo: SqliteRepository
    service: MatchService
    links: Links
    parts: Parts
    connected: list[bool]


async def world(tmp: Path) -> World:
    repo = SqliteRepository(tmp / "web.db")
    await repo.open()
    service = MatchService(repo)
    links = Links(await load_secret(repo), "https://parlor.example.org")
    connected = [True]
    parts = Parts(repo, lambda: links, lambda: connected[0])
    return World(repo, service, links, parts, connected)
