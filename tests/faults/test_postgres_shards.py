"""Two bot processes (``python -m bot``) sharing one PostgreSQL, each serving one of two shards
(``SHARD_COUNT=2``, ``SHARD_IDS``), and the server restarted under them: a Lifeboat table in a
guild of each shard (its host and three bots, 6 s turn clocks), the hosts clicking.

While the server is down: the clicks at both tables are answered within 3 s with words that
say the table's storage is not answering, and both processes' /healthz answer 503. After:
both /healthz answer 200, both tables go on by themselves, the hosts' clicks work again, both
logs replay with versions 0..n-1, and each process logged the outage's first failure, and only
that, with a traceback."""

from __future__ import annotations

import asyncio
import itertools
import random
import re
import socket
import time
from pathlib import Path

import aiohttp
import pytest

from storage import MatchStatus
from storage.postgres import PostgresRepository
from tests.e2e.parlor import Table
from tests.fakediscord import FakeDiscord, FakeUser
from tests.faults.checks import STORAGE_WORDS, Clicks, logs_replay, moved_on, wait_until
from tests.faults.postgres_server import PostgresServer
from tests.soak.botprocess import BotProcess
from tests.soak.tables import SoakTable, open_bot_table

DOWN_SECONDS = 6.0
TRACEBACK = "Traceback (most recent call last):"
# A log line's head (discord.utils.setup_logging's format), colours taken out.
COLOUR = re.compile(r"\x1b\[[0-9;]*m")
RECORD = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d ")


def logged_tracebacks(output: str) -> int:
    """Records logged with a traceback (a chained exception prints a second "Traceback" line
    inside the same record)."""
    lines = COLOUR.sub("", output).splitlines()
    return sum(1 for before, line in itertools.pairwise(lines)
               if line == TRACEBACK and RECORD.match(before))

pytestmark = pytest.mark.usefixtures("quick_bots")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def _health(session: aiohttp.ClientSession, port: int) -> int:
    async with session.get(f"http://127.0.0.1:{port}/healthz") as response:
        return response.status


def _guild_on_shard(fake: FakeDiscord, shard: int, host: FakeUser) -> SoakTable:
    """A guild whose shard (of two) is ``shard``, with a channel and ``host``."""
    for attempt in range(64):
        guild = fake.create_guild(f"G{shard}-{attempt}", members=[host])
        if (guild.id >> 22) % 2 == shard:
            return SoakTable("lifeboat", fake.text_channel(guild), host, seats=4)
        time.sleep(0.002)  # a snowflake's shard moves with its millisecond
    raise AssertionError(f"no guild id fell on shard {shard}")


async def test_two_shard_processes_on_one_postgresql_restarted(
    tmp_path: Path, soak_discord: FakeDiscord, postgres_server: PostgresServer,
) -> None:
    fake = soak_discord
    server = postgres_server
    soak = [_guild_on_shard(fake, shard, fake.create_user(f"host{shard}")) for shard in (0, 1)]
    ports = [_free_port(), _free_port()]
    processes = []
    for shard, port in enumerate(ports):
        workdir = tmp_path / f"shard{shard}"
        workdir.mkdir()
        processes.append(BotProcess(
            fake, workdir, DATABASE_URL=server.dsn, SHARD_COUNT="2", SHARD_IDS=f"[{shard}]",
            WEB_PORT=str(port), DEFAULT_TURN_SECONDS="6", BOT_MOVE_DELAY="0.05"))
    repo = PostgresRepository(server.dsn)
    rng = random.Random(38)
    try:
        for process in processes:
            await process.start(timeout=60)
        for table in soak:
            await open_bot_table(fake, table, rng)
        await repo.open()
        tables = []
        for table in soak:
            seated = Table(fake, None, table.channel)  # type: ignore[arg-type]
            seated.match_id = table.match_id
            await seated.board()
            tables.append((seated, {0: table.host}))
        ids = [table.match_id for table in soak]
        async with aiohttp.ClientSession() as web:
            # Both healthy before the fault: a process just started may still be finding its
            # feet on a loaded machine (its first checks answered late), so allow it a while.
            healthy = asyncio.get_running_loop().time() + 20
            while [await _health(web, p) for p in ports] != [200, 200]:
                assert asyncio.get_running_loop().time() < healthy, "a shard never got healthy"
                await asyncio.sleep(0.2)
            at = {m: (await repo.get_match(m)).version for m in ids}

            await server.stop_async()
            await repo.close()  # the test's own pool must not wait on the server either
            clicks = Clicks()
            loop = asyncio.get_running_loop()
            until = loop.time() + DOWN_SECONDS
            statuses: list[int] = []
            while loop.time() < until:
                statuses.extend([await _health(web, p) for p in ports])
                for seated, people in tables:
                    await clicks.try_a_move(seated, people[0], 0)
                await asyncio.sleep(0.3)
            assert set(statuses) == {503}, statuses
            assert STORAGE_WORDS & set(clicks.answers), clicks.answers
            await server.start_async()
            await repo.open()

            async def both_ready() -> bool:
                return [await _health(web, p) for p in ports] == [200, 200]

            await wait_until(both_ready, 30, "both processes' /healthz to answer 200")
            await wait_until(lambda: moved_on(repo, at), 30, "both tables to move on")
            after = Clicks()
            for seated, people in tables:
                if (await repo.get_match(seated.match_id or 0)).status == MatchStatus.ACTIVE:
                    await after.try_a_move(seated, people[0], 0)
            assert after.answers, "both games ended before a click could follow the restart"
            assert not STORAGE_WORDS & set(after.answers), after.answers
            await logs_replay(repo, ids)
    finally:
        for process in processes:
            await process.stop()
        await repo.close()
    for process in processes:
        output = "".join(process.output(run) for run in range(1, process.runs + 1))
        assert logged_tracebacks(output) == 1, output[-4000:]
        severe = process.severe_lines()
        assert len(severe) == 1 and "database is not answering" in severe[0], \
            (severe, output[-6000:])
