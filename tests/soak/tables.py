"""Opening tables on the bot process through the fake Discord, and watching its database."""

from __future__ import annotations

import random
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.every_game import seats_for, short_table, start_options
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser

LOBBY_JOIN = "pl:l:{match}:join"


@dataclass
class SoakTable:
    """One table: its game, its channel, the host who opened it, and the match number the bot
    gave it; ``short``: a short variant of the game where it has one (``SHORT_TABLES``)."""

    game: str
    channel: FakeChannel
    host: FakeUser
    seats: int
    match_id: int = 0
    short: bool = False


def make_world(fake: FakeDiscord, games: list[str], *, short: bool = False
               ) -> list[SoakTable]:
    """One guild, one channel and one host per table, a table of each game of ``games``
    (built before the bot connects); short variants, given ``short``."""
    hosts = [fake.create_user(f"host{i}") for i in range(len(games))]
    guild = fake.create_guild("Soak", members=hosts,
                              channels=tuple(f"table-{i}" for i in range(len(games))))
    return [SoakTable(game, fake.text_channel(guild, f"table-{i}"), host, seats=4, short=short)
            for i, (game, host) in enumerate(zip(games, hosts, strict=True))]


async def _accepted_click(fake: FakeDiscord, user: FakeUser, message: FakeMessage,
                          custom_id: str) -> FakeMessage:
    result = await fake.click(user, message, custom_id, timeout=10)
    callback = result.callback
    assert callback is not None and callback.accepted, f"{custom_id}: {callback}"
    original: FakeMessage = await result.wait_original(timeout=10)
    return original


async def open_bot_table(fake: FakeDiscord, table: SoakTable, rng: random.Random) -> None:
    """/<game> start (a random variant of the game), bots in every other seat, start. The host
    still holds a seat: the game waits for them (``leave_to_bots``)."""
    game = table.game
    await fake.wait_for(lambda: any(c.name == game for c in fake.world.commands.values()),
                        timeout=20, what="the bot's slash commands")
    table.seats = rng.randint(seats_for(game, 4), seats_for(game, 6))
    options = start_options(game, table.seats, rng)
    if table.short:
        options.update(short_table(game))
    started = await fake.run_slash(table.host, table.channel, f"{game} start", options,
                                   timeout=10)
    lobby = await started.wait_original(timeout=10)
    join = next(c for c in lobby.custom_ids() if c.startswith("pl:l:") and c.endswith(":join"))
    table.match_id = int(join.split(":")[2])
    for _ in range(table.seats - 1):
        await _accepted_click(fake, table.host, lobby, f"pl:l:{table.match_id}:addbot")
    await _accepted_click(fake, table.host, lobby, f"pl:l:{table.match_id}:start")


async def leave_to_bots(fake: FakeDiscord, table: SoakTable) -> None:
    """The host of an opened table leaves the game: from then on bots play every seat (the
    host's too) and no click is needed until the end."""
    hand = f"pl:h:{table.match_id}"
    board = await fake.wait_for_message(table.channel, lambda m: hand in m.custom_ids(),
                                        timeout=10)
    panel = await (await fake.click(table.host, board, hand, timeout=10)).wait_original()
    panel = await _accepted_click(fake, table.host, panel, f"pl:seat:{table.match_id}:leave")
    await _accepted_click(fake, table.host, panel, f"pl:seat:{table.match_id}:leaveyes")


@dataclass(frozen=True)
class Progress:
    status: str
    version: int


def read_only(database: Path) -> sqlite3.Connection:
    """A connection that reads the bot's database beside it (WAL lets a reader in), through
    the bot's kills and restarts; each statement (outside a transaction, as ``rows`` reads)
    sees the database as it is then. A wait that reads again and again keeps one: opening a
    connection reads the schema anew, some 1.3 ms of CPU a read."""
    return sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=5)


# The bot's database: its file (each read opens a connection of its own) or a connection.
Database = Path | sqlite3.Connection


def rows(database: Database, query: str, *params: object) -> list[tuple[Any, ...]]:
    """``query``'s rows, read beside the running bot, read-only."""
    if isinstance(database, sqlite3.Connection):
        return database.execute(query, params).fetchall()
    with closing(read_only(database)) as connection:
        return connection.execute(query, params).fetchall()


def progress(database: Database) -> dict[int, Progress]:
    """Every match's status and version."""
    found = rows(database, "SELECT id, status, version FROM matches")
    return {int(match): Progress(str(status), int(version)) for match, status, version in found}


def board_ids(database: Database) -> dict[int, int]:
    """Every match's board message id."""
    found = rows(database, "SELECT match_id, message_id FROM messages WHERE kind = 'board'")
    return {int(match): int(message) for match, message in found}


def timers(database: Database, match_id: int) -> list[tuple[int, int, str]]:
    """(seat, version, deadline) of the match's stored timers, for a stall report."""
    found = rows(database, "SELECT seat, version, deadline FROM timers WHERE match_id = ?",
                 match_id)
    return [(int(seat), int(version), str(deadline)) for seat, version, deadline in found]
