"""SQLite's disk full, then its file read-only, mid-game, under the real client: two Lifeboat
tables in play (two people and two bots at one, one person and three bots at the other),
people clicking, bots due and turn clocks running out while writes fail.

The disk fills through a fault-injecting connection (``SqliteRepository(connect=...)``): while
the disk is "full", every statement that writes fails as SQLite fails it then
(``SQLITE_FULL``: "database or disk is full"). The file becomes read-only through SQLite itself
(``PRAGMA query_only``: ``SQLITE_READONLY``, "attempt to write a readonly database"). Reads
still answer during both, as they do on a full disk.

The same guarantees as for PostgreSQL stopped (``test_postgres_outage``): every click answered
in time with words that say what happened, /healthz 503 from the first failed write until
writes land again and 200 after, the tables going on by themselves, a clock that ran out
meanwhile playing its default once, nothing lost or doubled, one traceback (the second fault
comes within a minute of the first: a line); and the database file passes
``PRAGMA integrity_check`` afterwards.
"""

from __future__ import annotations

import functools
import random
import sqlite3
from pathlib import Path
from typing import Any

import aiosqlite

from bot.guild_config import GuildConfig
from storage.sqlite import SqliteRepository
from tests.e2e.parlor import advance_until, parlor, start_table, wait_board_current
from tests.fakediscord import FakeDiscord, FakeUser
from tests.fakediscord.fixtures import ErrorLogCollector
from tests.faults import checks
from tests.faults.conftest import Tracebacks
from tests.shown import t

FAULT_SECONDS = 6.0
TURN_SECONDS = 3
_WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


class Disk:
    """Whether the disk is full, for the connections made by ``connect``."""

    def __init__(self) -> None:
        self.full = False

    def refuse(self, sql: str) -> None:
        if self.full and sql.lstrip().upper().startswith(_WRITES):
            error = sqlite3.OperationalError("database or disk is full")
            error.sqlite_errorcode = 13  # SQLITE_FULL, as SQLite sets it
            error.sqlite_errorname = "SQLITE_FULL"
            raise error

    def connect(self, *args: Any, **kwargs: Any) -> aiosqlite.Connection:
        disk = self

        class OnThisDisk(sqlite3.Connection):
            def execute(self, sql: str, *rest: Any) -> sqlite3.Cursor:
                disk.refuse(sql)
                return super().execute(sql, *rest)

            def executemany(self, sql: str, *rest: Any) -> sqlite3.Cursor:
                disk.refuse(sql)
                return super().executemany(sql, *rest)

        return aiosqlite.connect(*args, factory=OnThisDisk, **kwargs)


async def test_sqlite_disk_full_then_read_only_mid_game(
    tmp_path: Path, fake_discord: FakeDiscord, fail_on_logged_errors: ErrorLogCollector,
    tracebacks: Tracebacks,
) -> None:
    fake = fake_discord
    alice, bob, carol = (fake.create_user(n) for n in ("alice", "bob", "carol"))
    guild = fake.create_guild("G", members=[alice, bob, carol], channels=("a", "b"))
    rng = random.Random(38)
    disk = Disk()
    repo = SqliteRepository(tmp_path / "parlor.db", connect=functools.partial(disk.connect))
    async with parlor(tmp_path, fake, repo=repo, default_turn_seconds=TURN_SECONDS,
                      bot_move_delay=0.05) as client, checks.web_pages(client) as web:
        # Carol stays a person through both faults, however many turns a slow machine lets
        # her clock run out before them: no bot takes her seat (afk_turns 0).
        await client.parlor.save_config(guild.id, GuildConfig(afk_turns=0))
        people_a: dict[int, FakeUser] = {0: alice, 1: bob}
        people_b: dict[int, FakeUser] = {0: carol}
        tables = [
            (await start_table(fake, client, fake.text_channel(guild, "a"), [alice, bob],
                               bots=2), people_a),
            (await start_table(fake, client, fake.text_channel(guild, "b"), [carol], bots=3),
             people_b),
        ]
        ids = [table.match_id or 0 for table, _ in tables]

        async def full(on: bool) -> None:
            disk.full = on

        async def read_only(on: bool) -> None:
            await repo.connection.execute(f"PRAGMA query_only = {int(on)}")

        for fault in (full, read_only):
            # Each fault begins while the person at table b is asked and her clock runs.
            await advance_until(tables[1][0], {}, lambda lv: checks.waits_for(lv, {0}))
            at = {m: (await repo.get_match(m)).version for m in ids}
            counted = await checks.storage_errors(web)
            await fault(True)
            clicks = checks.Clicks()
            statuses = await checks.people_click_while(web, tables, clicks, FAULT_SECONDS, rng)
            # /healthz tells from the first write that failed (reads still answer).
            assert 503 in statuses, statuses
            assert set(statuses[statuses.index(503):]) == {503}, statuses
            assert t("storage.unavailable_move") in clicks.answers, clicks.answers
            assert await checks.storage_errors(web) > counted
            await fault(False)

            async def ready() -> bool:
                return await checks.health(web) == 200

            await checks.wait_until(ready, 30, "/healthz to answer 200 again")
            await checks.wait_until(lambda: checks.moved_on(repo, at),  # noqa: B023
                                    30, "both tables to move on")
            (default,) = await repo.actions_between(ids[1], at[ids[1]], at[ids[1]] + 1)
            assert (default.seat, default.source) == (0, "timer")
            await clicks.assert_none_was_logged(repo)

        await checks.clicks_work_again(tables)
        for match_id in ids:
            await checks.assert_timers_played_once(repo, match_id, TURN_SECONDS)
        await checks.logs_replay(repo, ids)
        for match_id in ids:
            await wait_board_current(fake, client, match_id)
        # The file went read-only within a minute of the disk's spell: the same fault coming
        # back, told in a line (storage.outage.RELAPSE), not a second traceback.
        checks.one_traceback_each(1, fail_on_logged_errors.take(), tracebacks.records)
        assert any("not answering again: attempt to write a readonly database" in line
                   for line in tracebacks.warnings), tracebacks.warnings
    with sqlite3.connect(tmp_path / "parlor.db") as check:
        assert check.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
